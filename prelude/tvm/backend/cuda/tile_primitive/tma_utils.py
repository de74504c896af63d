# tirx prelude: tvm.backend.cuda.tile_primitive.tma_utils -- TMA/MMA swizzle
# modes and the shared-memory layouts tcgen05 reads.
#
#   SwizzleMode                 an Enum: SWIZZLE_NONE (0), SWIZZLE_32B_ATOM (1),
#                               SWIZZLE_64B_ATOM (2), SWIZZLE_128B_ATOM (3)
#   mma_shared_layout(dtype, swizzle_mode, shape)
#                               the canonical layout TVM 0.27 gives a tile of
#                               `shape` in the swizzled MMA atom:
#                               T.ComposeLayout(per_element, swizzle, 3, T.TileLayout(...)),
#                               or a plain T.TileLayout without swizzle
import tvm
from enum import Enum
from tvm.tirx.layout import ComposeLayout, S, TileLayout


class SwizzleMode(Enum):
    SWIZZLE_NONE = 0
    SWIZZLE_32B_ATOM = 1
    SWIZZLE_64B_ATOM = 2
    SWIZZLE_128B_ATOM = 3


def _mode(swizzle_mode):
    if isinstance(swizzle_mode, int):
        return SwizzleMode(swizzle_mode)
    return swizzle_mode


def _log2(n):
    k = 0
    while (1 << (k + 1)) <= n:
        k += 1
    return k


def _canonical(extents, strides):
    # Drop extent-1 dimensions and fuse a dimension into the next one when it
    # steps exactly over it (stride[i] == extent[i+1] * stride[i+1]).
    ext = []
    st = []
    for i in range(len(extents)):
        if extents[i] != 1:
            ext.append(extents[i])
            st.append(strides[i])
    if len(ext) == 0:
        return [1], [1]
    out_e = [ext[-1]]
    out_s = [st[-1]]
    for i in range(len(ext) - 2, -1, -1):
        if st[i] == out_e[0] * out_s[0]:
            out_e[0] = out_e[0] * ext[i]
        else:
            out_e = [ext[i]] + out_e
            out_s = [st[i]] + out_s
    return out_e, out_s


def _tile(extents, strides):
    e, s = _canonical(extents, strides)
    if len(e) == 1:
        return TileLayout(S[e[0] : s[0]])
    return TileLayout(S[tuple(e) : tuple(s)])


def _atom_tiling(shape, width):
    # Rows of `width` elements, atoms of `width` columns stacked along the
    # rows first, then along K, then the leading dimensions row-major.
    m = shape[-2]
    k = shape[-1]
    lead = [shape[i] for i in range(len(shape) - 2)]
    strides = []
    step = m * k
    for i in range(len(lead)):
        strides = [step] + strides
        step = step * lead[len(lead) - 1 - i]
    return lead + [m, k // width, width], strides + [width, m * width, 1]


def mma_shared_layout(dtype, swizzle_mode, shape):
    mode = _mode(swizzle_mode)
    bits = tvm.DataType(dtype).bits
    shape = [int(x) for x in shape]
    if len(shape) < 2:
        raise ValueError(f"mma_shared_layout: shape {tuple(shape)} needs at least two dimensions")
    if mode == SwizzleMode.SWIZZLE_NONE:
        e16 = 128 // bits
        if shape[-1] % e16 != 0:
            return _tile(shape, _row_major(shape))
        ext, st = _atom_tiling(shape, e16)
        return _tile(ext, st)
    width = (128 << mode.value) // bits
    if shape[-1] % width != 0 or shape[-2] % 8 != 0:
        raise ValueError(
            f"mma_shared_layout: shape {tuple(shape)} does not tile the {mode.name} atom "
            f"(8 rows of {width} {dtype} elements)"
        )
    ext, st = _atom_tiling(shape, width)
    per_element = _log2(128 // bits)
    return ComposeLayout(per_element, mode.value, 3, _tile(ext, st))


def _row_major(shape):
    strides = [1] * len(shape)
    for i in range(len(shape) - 2, -1, -1):
        strides[i] = strides[i + 1] * shape[i + 1]
    return strides
