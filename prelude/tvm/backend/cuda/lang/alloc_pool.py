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
#     .move_base_to(col)         the next allocation starts at col
#     .commit()                  tcgen05.alloc of total_cols in warp alloc_warp
#     .dealloc()                 relinquish + tcgen05.dealloc in warp dealloc_warp
# alloc_tcgen05_mma_A / alloc_tcgen05_mma_D are not in the prelude yet.
#
# T.SMEMPool itself is native (lib/Parse/eval_pool.c); its
# alloc_tcgen05_mma_AB(shape, dtype="float16", swizzle_mode="auto", align=1024)
# asks _mma_ab_layout below for the layout, then allocates like alloc().
import tvm
from tvm.script import tirx as T
from tvm.tirx.layout import S, TCol, TileLayout, TLane
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

    def move_base_to(self, col):
        self.offset = col

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
