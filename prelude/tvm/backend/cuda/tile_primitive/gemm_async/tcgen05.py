# tirx prelude: tvm.backend.cuda.tile_primitive.gemm_async.tcgen05 -- the
# layouts of block-scaled MMA scale factors (8-bit, four to a 32-bit cell).
#
#   sf_tmem_layout(rows, SF_K, sf_per_mma, sf_reuse=1, pipe_depth=None)
#       scale factors in tensor memory: rows in 32-lane chunks replicated
#       over the 4 lane quadrants, SF_K per row, sf_per_mma read by one MMA
#       (consecutive k-steps packed into one column when they fit), an
#       optional stride-0 reuse dimension and an outer pipeline dimension
#   sf_smem_layout(rows, SF_K, sf_per_mma, sf_reuse=1, pipe_depth=None)
#       the same scale factors in shared memory as tcgen05.cp reads them:
#       128-row blocks of 32 lanes x 16 bytes
# Both give TVM 0.27's canonical layout for the same arguments.
from tvm.tirx.layout import R, S, TCol, TileLayout, TLane

_EPC = 4  # scale factors per 32-bit cell


def _at(stride, axis):
    if axis == "TCol":
        return stride @ TCol
    if axis == "TLane":
        return stride @ TLane
    return stride


def _layout(dims, replica, front=None, back=None):
    # dims: (extent, stride, axis name or None); extent-1 dims are dropped and a
    # dim fused into the next when it steps exactly over it on the same axis
    keep = [d for d in dims if d[0] != 1]
    out = []
    for d in reversed(keep):
        if out and out[0][2] == d[2] and d[1] == out[0][0] * out[0][1]:
            out[0] = (d[0] * out[0][0], out[0][1], d[2])
        else:
            out = [d] + out
    # the pipeline and reuse dimensions are added after the fusing
    if front is not None:
        out = [front] + out
    if back is not None:
        out = out + [back]
    ext = tuple(d[0] for d in out)
    strides = tuple(_at(d[1], d[2]) for d in out)
    if len(out) == 1:
        shard = S[ext[0] : strides[0]]
    else:
        shard = S[ext : strides]
    if replica:
        return TileLayout(shard + R[4 : 32 @ TLane])
    return TileLayout(shard)


def _sf_tmem_dims(rows, SF_K, sf_per_mma, sf_reuse, pipe_depth):
    # (dims, front, back) of sf_tmem_layout: dims fuse, front/back do not
    if SF_K % sf_per_mma != 0:
        raise ValueError(f"sf_tmem_layout: SF_K={SF_K} is not a multiple of sf_per_mma={sf_per_mma}")
    k = SF_K // sf_per_mma
    m = rows // 32
    dims = [(m, _EPC, "TCol"), (32, 1, "TLane")]
    if k == 1:
        dims.append((sf_per_mma, 1, "TCol"))
    else:
        pack = _EPC // sf_per_mma
        while pack > 1 and k % pack != 0:
            pack = pack // 2
        if pack > 1:
            dims.append((k // pack, m * _EPC, "TCol"))
            dims.append((pack, sf_per_mma, "TCol"))
        else:
            dims.append((k, m * _EPC, "TCol"))
        dims.append((sf_per_mma, 1, "TCol"))
    back = (sf_reuse, 0, "TCol") if sf_reuse > 1 else None
    front = (pipe_depth, m * _EPC, "TCol") if pipe_depth is not None else None
    return dims, front, back


def sf_tmem_tcol_span(rows, SF_K, sf_per_mma, sf_reuse=1, pipe_depth=None):
    # tirx's own helper (TMEMPool.alloc_sf): the elements the layout spans
    # along TCol, as TVM's layout.span("TCol")
    dims, front, back = _sf_tmem_dims(rows, SF_K, sf_per_mma, sf_reuse, pipe_depth)
    span = 1
    for d in dims + [x for x in (front, back) if x is not None]:
        if d[2] == "TCol":
            span = span + (d[0] - 1) * d[1]
    return span


def sf_tmem_layout(rows, SF_K, sf_per_mma, sf_reuse=1, pipe_depth=None):
    dims, front, back = _sf_tmem_dims(rows, SF_K, sf_per_mma, sf_reuse, pipe_depth)
    return _layout(dims, True, front, back)


def sf_smem_layout(rows, SF_K, sf_per_mma, sf_reuse=1, pipe_depth=None):
    if rows % 128 != 0:
        raise ValueError(f"sf_smem_layout: rows={rows} is not a multiple of 128")
    if _EPC % sf_per_mma != 0:
        raise ValueError(f"sf_smem_layout: sf_per_mma={sf_per_mma} does not divide {_EPC}")
    if SF_K % _EPC != 0:
        raise ValueError(f"sf_smem_layout: SF_K={SF_K} is not a multiple of {_EPC}")
    in_lane = _EPC // sf_per_mma
    k_outer = SF_K // _EPC
    blocks = rows // 128
    k_bytes = 512 * k_outer
    dims = [(blocks, k_bytes, None), (4, _EPC, None), (32, 16, None), (k_outer, 512, None),
            (sf_per_mma, in_lane, None), (in_lane, 1, None)]
    if sf_reuse > 1:
        dims.append((sf_reuse, 0, None))
    dims = [d for d in dims if d[0] != 1]
    if pipe_depth is not None:
        dims = [(pipe_depth, k_bytes * blocks, None)] + dims
    ext = tuple(d[0] for d in dims)
    strides = tuple(d[1] for d in dims)
    return TileLayout(S[ext : strides])
