# tirx prelude: tvm.backend.cuda.lang.alloc_pool -- T.TMEMPool, a bump
# allocator over tensor-memory columns (T.SMEMPool is native).
#
#   T.TMEMPool(pool, total_cols=512, *, cta_group=1, alloc_warp=0,
#              dealloc_warp=None, tmem_addr=None, sync_after_alloc=True)
#       the allocated address lives in `tmem_addr` (a one-element uint32
#       buffer, or a new pool.alloc([1], "uint32", align=4))
#     .addr                      that address
#     .alloc(shape, dtype="float32", *, layout=None, cols=None)
#                                a tmem buffer at the next free column; the
#                                default layout maps rows to lanes
#     .alloc_sf(shape, dtype, *, sf_per_mma, sf_reuse=1)
#                                scale factors with sf_tmem_layout
#     .alloc_tcgen05_mma_D(shape, dtype="float32", *, M, cta_group, ws=False,
#                          sparse=False, group=None, cols=None)   (also _C)
#     .alloc_tcgen05_mma_A(shape, dtype="bfloat16", *, M, cta_group, ws=False,
#                          sparse=False, cols=None)
#                                an MMA accumulator / A operand in the layout
#                                of the datapath that instruction M, cta_group
#                                and ws select (PTX ISA tcgen05 data paths);
#                                the columns are the layout's TCol span
#     .move_base_to(col)         the next allocation starts at col
#     .commit()                  tcgen05.alloc of total_cols in warp alloc_warp
#     .dealloc()                 relinquish + tcgen05.dealloc in warp dealloc_warp
#
# T.SMEMPool itself is native (lib/Parse/eval_pool.c); its
# alloc_tcgen05_mma_AB(shape, dtype="float16", swizzle_mode="auto", align=1024)
# asks _mma_ab_layout below for the layout, then allocates like alloc().
import tvm
from tvm.script import tirx as T
from tvm.tirx.layout import Axis, R, S, TCol, TileLayout, TLane
from tvm.backend.cuda.tile_primitive.gemm_async.tcgen05 import sf_tmem_layout, sf_tmem_tcol_span
from tvm.backend.cuda.tile_primitive.tma_utils import SwizzleMode, mma_shared_layout


def _numel(shape):
    n = 1
    for s in shape:
        n = n * s
    return n


@T.meta_class
class TMEMPool:
    def __init__(self, pool, total_cols=512, *, cta_group=1, alloc_warp=0, dealloc_warp=None, tmem_addr=None,
                 sync_after_alloc=True):
        self.pool = pool
        self.total_cols = total_cols
        self.cta_group = cta_group
        self.alloc_warp = alloc_warp
        self.dealloc_warp = alloc_warp if dealloc_warp is None else dealloc_warp
        self.sync_after_alloc = sync_after_alloc
        self.offset = 0
        self.max_offset = 0
        self._committed = False
        self._deallocated = False
        if tmem_addr is None:
            self._addr_buf = pool.alloc([1], "uint32", align=4)
        else:
            self._addr_buf = tmem_addr

    @property
    def addr(self):
        return self._addr_buf[0]

    def _cols(self, shape, dtype, cols, layout):
        if cols is not None:
            return cols
        if layout is not None:
            raise ValueError("TMEMPool.alloc(layout=...) needs cols= in tirx's prelude (the layout's column span)")
        if len(shape) != 2:
            raise ValueError("TMEMPool.alloc() needs cols= for a buffer that is not 2-D")
        bits = _numel(shape) * tvm.DataType(dtype).bits
        if bits % (32 * shape[0]) != 0:
            raise ValueError(f"TMEMPool.alloc(): shape {tuple(shape)} of {dtype} is not whole columns; pass cols=")
        return bits // (32 * shape[0])

    def alloc(self, shape, dtype="float32", *, layout=None, cols=None):
        n = self._cols(shape, dtype, cols, layout)
        start = self.offset
        if start + n > self.total_cols:
            raise ValueError(f"TMEMPool: {start + n} columns exceed the pool's {self.total_cols}")
        if layout is None:
            if len(shape) != 2:
                raise ValueError("TMEMPool.alloc() needs layout= for a buffer that is not 2-D")
            layout = TileLayout(S[(shape[0], shape[1]) : (1 @ TLane, 1 @ TCol)])
        buf = T.decl_buffer(shape, dtype, scope="tmem", allocated_addr=start, layout=layout)
        self.offset = start + n
        self.max_offset = max(self.max_offset, self.offset)
        return buf

    def alloc_sf(self, shape, dtype, *, sf_per_mma, sf_reuse=1):
        if len(shape) == 2:
            depth = None
            rows = shape[0]
            last = shape[1]
        elif len(shape) == 3:
            depth = shape[0]
            rows = shape[1]
            last = shape[2]
        else:
            raise ValueError(f"TMEMPool.alloc_sf(): shape {tuple(shape)} is not (rows, K) or (depth, rows, K)")
        if last % sf_reuse != 0:
            raise ValueError(f"TMEMPool.alloc_sf(): {last} is not a multiple of sf_reuse={sf_reuse}")
        layout = sf_tmem_layout(rows, last // sf_reuse, sf_per_mma, sf_reuse=sf_reuse, pipe_depth=depth)
        span = sf_tmem_tcol_span(rows, last // sf_reuse, sf_per_mma, sf_reuse=sf_reuse, pipe_depth=depth)
        bits = span * tvm.DataType(dtype).bits
        if bits % 32 != 0:
            raise ValueError(f"TMEMPool.alloc_sf(): {span} {dtype} columns are not whole 32-bit cells")
        return self.alloc(shape, dtype, layout=layout, cols=bits // 32)

    def alloc_tcgen05_mma_D(self, shape, dtype="float32", *, M, cta_group, ws=False, sparse=False, group=None,
                            cols=None):
        ext, st, rep = _tmem_operand("D", shape, M, cta_group, ws, sparse, group)
        return self._alloc_operand(shape, dtype, ext, st, rep, cols)

    alloc_tcgen05_mma_C = alloc_tcgen05_mma_D

    def alloc_tcgen05_mma_A(self, shape, dtype="bfloat16", *, M, cta_group, ws=False, sparse=False, cols=None):
        ext, st, rep = _tmem_operand("A", shape, M, cta_group, ws, sparse, None)
        return self._alloc_operand(shape, dtype, ext, st, rep, cols)

    def _alloc_operand(self, shape, dtype, ext, st, rep, cols):
        ext, st = _fuse_dims(ext, st)
        if cols is None:
            bits = _tcol_span(ext, st) * tvm.DataType(dtype).bits
            if bits % 32 != 0:
                raise ValueError(f"TMEMPool: the {dtype} columns of shape {tuple(shape)} are not whole 32-bit cells")
            cols = bits // 32
        return self.alloc(shape, dtype, layout=_tmem_tile(ext, st, rep), cols=cols)

    def move_base_to(self, col):
        self.offset = col
        self.max_offset = max(self.max_offset, col)

    def commit(self):
        if self._committed:
            raise ValueError("TMEMPool.commit() can only be called once")
        self._alloc_in(T.warp_id(), self.alloc_warp)
        self._committed = True

    @T.inline
    def _alloc_in(self, warp, target):
        if warp == target:
            T.ptx[f"tcgen05.alloc.cta_group::{self.cta_group}.sync.aligned.shared::cta.b32"](
                T.address_of(self._addr_buf[0]), T.uint32(self.total_cols))
            if self.sync_after_alloc:
                T.evaluate(T.cuda.warp_sync())

    def dealloc(self):
        if not self._committed:
            raise ValueError("TMEMPool.dealloc() before commit()")
        if self._deallocated:
            raise ValueError("TMEMPool.dealloc() can only be called once")
        self._deallocated = True
        self._dealloc_in(T.warp_id(), self.dealloc_warp)

    @T.inline
    def _dealloc_in(self, warp, target):
        if warp == target:
            T.ptx[f"tcgen05.relinquish_alloc_permit.cta_group::{self.cta_group}.sync.aligned"]()
            T.ptx[f"tcgen05.dealloc.cta_group::{self.cta_group}.sync.aligned.b32"](
                self._addr_buf[0], T.uint32(self.total_cols))


# ---- TMEM operand layouts (TMEMPool.alloc_tcgen05_mma_A / _D) ----
#
# A layout here is a list of extents and a list of strides, each stride a
# pair (k, "TLane" | "TCol"), plus an optional replica (extent, lanes):
# R[extent : lanes @ TLane].  TVM 0.27 returns them canonicalised.

# rows per CTA of each data path (PTX ISA, tcgen05 matrix data paths)
_DATAPATH_ROWS = {"A": 128, "B": 64, "D": 128, "E": 64, "F": 64}


def _datapath(M, cta_group, ws, sparse):
    # the data path an MMA of instruction shape M uses, as TVM 0.27 picks it
    if sparse:
        raise ValueError(f"TMEMPool: a sparse A operand (data path C) is not supported (M={M}, cta_group={cta_group})")
    if ws and not (cta_group == 1 and M == 64):
        raise ValueError(f"TMEMPool: ws=True needs cta_group=1 and M=64 (data path E), got M={M}, cta_group={cta_group}")
    if cta_group == 1 and M == 128:
        return "D"
    if cta_group == 1 and M == 64:
        return "E" if ws else "F"
    if cta_group == 2 and M == 256:
        return "A"
    if cta_group == 2 and M == 128:
        return "B"
    raise ValueError(f"TMEMPool: no data path for M={M}, cta_group={cta_group}, ws={ws} "
                     f"(cta_group=1 takes M 64 or 128, cta_group=2 takes M 128 or 256)")


def _datapath_dims(dp, rows, cols):
    # the layout data path dp writes a (rows, cols) accumulator in
    if rows != _DATAPATH_ROWS[dp]:
        raise ValueError(f"TMEMPool: data path {dp} holds {_DATAPATH_ROWS[dp]} rows, got {rows}")
    if dp == "A" or dp == "D":
        return [rows, cols], [(1, "TLane"), (1, "TCol")]
    if dp == "B" or dp == "E":
        if cols % 2 != 0:
            raise ValueError(f"TMEMPool: data path {dp} splits the columns in halves; {cols} is odd")
        return [rows, 2, cols // 2], [(1, "TLane"), (64, "TLane"), (1, "TCol")]
    return [4, 16, cols], [(32, "TLane"), (1, "TLane"), (1, "TCol")]


def _tmem_operand(operand, shape, M, cta_group, ws, sparse, group):
    # (extents, strides, replica) of an A or D operand of an MMA with instruction M
    dp = _datapath(M, cta_group, ws, sparse)
    rows = M // cta_group
    ext = [int(x) for x in shape]
    name = "alloc_tcgen05_mma_" + operand
    halves = dp == "B" or dp == "E"

    def check_rows(m):
        if m != rows:
            raise ValueError(f"TMEMPool.{name}: M={M} over cta_group={cta_group} is {rows} rows per CTA, "
                             f"shape {tuple(ext)} has {m}")

    if operand == "D":
        if group is not None:
            g = [int(x) for x in group]
            if len(ext) != 2:
                raise ValueError(f"TMEMPool.{name}: group= needs a (rows, N) shape, got {tuple(ext)}")
            if len(g) != 3 or g[1] != 2:
                raise ValueError(f"TMEMPool.{name}: group= must be (s, 2, n), got {tuple(group)}")
            if g[0] * 2 * g[2] != ext[1]:
                raise ValueError(f"TMEMPool.{name}: group={tuple(g)} does not cover N={ext[1]}")
            if not halves:
                raise ValueError(f"TMEMPool.{name}: group= needs data path B or E, M={M} uses {dp}")
            check_rows(ext[0])
            return [ext[0], g[0], 2, g[2]], [(1, "TLane"), (g[2], "TCol"), (64, "TLane"), (1, "TCol")], None
        if len(ext) == 2:
            check_rows(ext[0])
            e, s = _datapath_dims(dp, ext[0], ext[1])
            return e, s, None
        if halves and len(ext) == 3 and ext[0] == 2:
            check_rows(ext[1])
            return ext, [(64, "TLane"), (1, "TLane"), (1, "TCol")], None
        if halves and len(ext) == 3 and ext[1] == 2:
            check_rows(ext[0])
            return ext, [(1, "TLane"), (64, "TLane"), (1, "TCol")], None
        if halves and len(ext) == 4 and ext[2] == 2:
            check_rows(ext[0])
            return ext, [(1, "TLane"), (ext[3], "TCol"), (64, "TLane"), (1, "TCol")], None
        raise ValueError(f"TMEMPool.{name}: shape {tuple(ext)} is not a D operand of data path {dp}")
    if dp == "A" or dp == "D" or dp == "F":
        if len(ext) != 2:
            raise ValueError(f"TMEMPool.{name}: data path {dp} takes a (rows, K) A operand, got {tuple(ext)}")
        check_rows(ext[0])
        return ext, [(1, "TLane"), (1, "TCol")], None
    if len(ext) == 3 and ext[0] == 2:
        check_rows(ext[1])
        return ext, [(64, "TLane"), (1, "TLane"), (1, "TCol")], None
    if dp == "B" and len(ext) == 2:
        # the rows mirrored into the upper 64 lanes
        check_rows(ext[0])
        return ext, [(1, "TLane"), (1, "TCol")], (2, 64)
    if dp == "B":
        raise ValueError(f"TMEMPool.{name}: data path B takes a (64, K) or (2, 64, K) A operand, got {tuple(ext)}")
    raise ValueError(f"TMEMPool.{name}: data path E takes only a (2, 64, K) A operand, got {tuple(ext)}")


def _fuse_dims(ext, st):
    # drop extent-1 dimensions; fuse a dimension into the next one when both
    # step the same axis and it steps exactly over it
    e = []
    s = []
    for i in range(len(ext)):
        if ext[i] != 1:
            e.append(ext[i])
            s.append(st[i])
    if len(e) == 0:
        return [1], [(1, st[-1][1])]
    oe = [e[-1]]
    os_ = [s[-1]]
    for i in range(len(e) - 2, -1, -1):
        if s[i][1] == os_[0][1] and s[i][0] == oe[0] * os_[0][0]:
            oe[0] = oe[0] * e[i]
        else:
            oe = [e[i]] + oe
            os_ = [s[i]] + os_
    return oe, os_


def _tcol_span(ext, st):
    span = 1
    for i in range(len(ext)):
        if st[i][1] == "TCol":
            span = span + (ext[i] - 1) * st[i][0]
    return span


def _tmem_axis(k, axis):
    return k @ TLane if axis == "TLane" else k @ TCol


def _tmem_tile(ext, st, rep):
    strides = [_tmem_axis(k, a) for (k, a) in st]
    spec = S[ext[0] : strides[0]] if len(ext) == 1 else S[tuple(ext) : tuple(strides)]
    if rep is not None:
        spec = spec + R[rep[0] : rep[1] @ TLane]
    return TileLayout(spec)


# ---- SMEMPool.alloc_tcgen05_mma_AB (called by the native pool) ----

_ATOM_BYTES = {0: 0, 1: 32, 2: 64, 3: 128}


def _fitting_swizzle(row_bytes):
    # the widest swizzle atom whose row width divides row_bytes
    for nbytes, name in ((128, "SWIZZLE_128B_ATOM"), (64, "SWIZZLE_64B_ATOM"), (32, "SWIZZLE_32B_ATOM")):
        if row_bytes >= nbytes and row_bytes % nbytes == 0:
            return name
    return "SWIZZLE_NONE"


def _check_mma_ab_shape(shape, dtype, mode):
    # as TVM 0.27, the request must tile the swizzle atom (8 rows of the
    # atom's width); the error names the mode that would fit
    if mode == SwizzleMode.SWIZZLE_NONE:
        return
    if len(shape) < 2:
        raise ValueError(f"alloc_tcgen05_mma_AB: shape {tuple(shape)} is not (..., rows, cols); "
                         f"a swizzled layout needs two dimensions (swizzle_mode='none' takes one)")
    rows = shape[-2]
    cols = shape[-1]
    if not (isinstance(rows, int) and isinstance(cols, int)):
        return
    bits = tvm.DataType(dtype).bits
    atom = _ATOM_BYTES[mode.value]
    row_bits = cols * bits
    if row_bits < atom * 8 or row_bits % (atom * 8) != 0:
        raise ValueError(f"alloc_tcgen05_mma_AB: a row of shape {tuple(shape)} is {row_bits} bits of {dtype}, "
                         f"not a multiple of the {atom}-byte atom of {mode.name} "
                         f"(the rows fit {_fitting_swizzle(row_bits // 8)})")
    if rows < 8 or rows % 8 != 0:
        raise ValueError(f"alloc_tcgen05_mma_AB: shape {tuple(shape)} has {rows} rows, "
                         f"not a positive multiple of the 8 rows of the {mode.name} atom")


def _validate_mma_alloc_shape(shape, dtype, swizzle_mode):
    # TVM main's name for the check above (kern's smem_pool calls it before mma_shared_layout)
    _check_mma_ab_shape(shape, dtype, swizzle_mode)


def _mma_ab_layout(shape, dtype, swizzle_mode):
    if swizzle_mode == "auto":
        mode = SwizzleMode.SWIZZLE_128B_ATOM  # TVM 0.27's choice for every dtype
    elif swizzle_mode == "none":
        mode = SwizzleMode.SWIZZLE_NONE
    elif isinstance(swizzle_mode, SwizzleMode):
        mode = swizzle_mode
    else:
        raise ValueError(f"alloc_tcgen05_mma_AB: swizzle_mode={swizzle_mode!r} is not 'auto', 'none' or a SwizzleMode")
    _check_mma_ab_shape(shape, dtype, mode)
    return mma_shared_layout(dtype, mode, shape)


# ---- T.alloc_tcgen05_ldst_frag (called by the native builder, eval_pool.c) ----
#
# tcgen05_atom_layout(instr_shape, (rows, cols), dtype): the register-side
# layout of a tcgen05.ld/st fragment (PTX ISA, tcgen05 data movement shapes):
# which (lane, register) of the warpgroup holds each element of the logical
# (rows, cols) tile.  Iters run from the high to the low bits of a
# coordinate; memory strides count elements of this thread's registers.

_LDST_REPS = {
    "32x32b": (1, 2, 4, 8, 16, 32, 64, 128),
    "16x64b": (1, 2, 4, 8, 16, 32, 64, 128),
    "16x128b": (1, 2, 4, 8, 16, 32, 64),
    "16x256b": (1, 2, 4, 8, 16, 32),
}
_LDST_COLS_PER_REP = {"32x32b": 1, "16x64b": 2, "16x128b": 4, "16x256b": 8}  # 32-bit columns per warp and rep


def _ldst_iters(shape, n):
    # (extent, stride, axis) rows then columns, in 32-bit register units; axis None: a register
    if shape == "16x64b":
        return [(4, 1, "wid_in_wg"), (2, 1, "laneid"), (8, 4, "laneid")], [(n, 1, None), (2, 2, "laneid")], n
    if shape == "16x128b":
        return [(4, 1, "wid_in_wg"), (2, 1, None), (8, 4, "laneid")], [(n, 2, None), (4, 1, "laneid")], 2 * n
    return ([(4, 1, "wid_in_wg"), (2, 2, None), (8, 4, "laneid")],
            [(n, 4, None), (4, 1, "laneid"), (2, 1, None)], 4 * n)


def _ldst_stride(stride, axis):
    if axis is None:
        return stride
    if axis == "laneid":
        return stride @ Axis.laneid
    if axis == "wid_in_wg":
        return stride @ Axis.wid_in_wg
    return stride @ Axis.tid_in_wg


def tcgen05_atom_layout(instr_shape, tensor_shape, dtype):
    if instr_shape not in _LDST_REPS:
        raise ValueError(f"tcgen05_atom_layout: instr_shape must be one of {list(_LDST_REPS)}, got {instr_shape!r}")
    bits = tvm.DataType(dtype).bits
    if bits != 16 and bits != 32:
        raise ValueError(f"tcgen05_atom_layout: dtype must be a 32-bit or 16-bit type, got {dtype} ({bits} bits)")
    if len(tensor_shape) != 2:
        raise ValueError(f"tcgen05_atom_layout: tensor_shape must be 2-D (rows, cols), got {tensor_shape!r}")
    rows, cols = tensor_shape
    if rows != 64 and rows != 128:
        raise ValueError(f"tcgen05_atom_layout: {instr_shape!r} takes 64 or 128 rows, got {rows}")
    if instr_shape == "32x32b" and rows == 64:
        # the datapath B image: a (128, N/2) .32x32b register file seen as (64, N)
        if bits != 32:
            raise ValueError(f"tcgen05_atom_layout: 32x32b with 64 rows (datapath B) is fp32-only, got {dtype}")
        if cols % 2 != 0 or cols // 2 not in _LDST_REPS["32x32b"]:
            raise ValueError(f"tcgen05_atom_layout: 32x32b (64, N) needs N/2 in {_LDST_REPS['32x32b']}, got N={cols}")
        return TileLayout(S[(64, 2, cols // 2) : (1 @ Axis.tid_in_wg, 64 @ Axis.tid_in_wg, 1)])
    per32 = 32 // bits
    factor = _LDST_COLS_PER_REP[instr_shape] * per32
    if cols % factor != 0:
        raise ValueError(f"tcgen05_atom_layout: cols={cols} is not a multiple of {factor} "
                         f"for {instr_shape} of {dtype}")
    rep = cols // factor
    if rep not in _LDST_REPS[instr_shape]:
        raise ValueError(f"tcgen05_atom_layout: {instr_shape} of {cols} columns needs rep={rep}, "
                         f"not one of {_LDST_REPS[instr_shape]}")
    if instr_shape == "32x32b":
        return TileLayout(S[(rows, cols) : (1 @ Axis.tid_in_wg, 1)])
    row_iters, col_iters, regs = _ldst_iters(instr_shape, rep)
    if rows == 128:
        # the second 16-row slab of each warp: the next register bit after the warp
        row_iters = [row_iters[0], (2, regs, None), row_iters[1], row_iters[2]]
    exts = []
    strides = []
    for ext, stride, axis in row_iters + col_iters:
        exts.append(ext)
        strides.append(_ldst_stride(stride * per32 if axis is None else stride, axis))
    if per32 > 1:
        exts.append(per32)
        strides.append(1)
    return TileLayout(S[tuple(exts) : tuple(strides)])


def _ldst_frag(instr_shape, tensor_shape, dtype):
    # (registers per thread, layout) of T.alloc_tcgen05_ldst_frag
    rows, cols = tensor_shape
    bits = tvm.DataType(dtype).bits
    per_thread_bits = rows * cols * bits // 128
    if per_thread_bits % bits != 0:
        raise ValueError(f"alloc_tcgen05_ldst_frag: tensor_shape={tuple(tensor_shape)} of {dtype} "
                         f"does not divide across 128 threads")
    return per_thread_bits // bits, tcgen05_atom_layout(instr_shape, tensor_shape, dtype)
