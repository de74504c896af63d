# tirx prelude: tvm.backend.cuda.tile_primitive.layout_utils -- the layout
# helpers kernels call at trace time.
#
#   strip_swizzle_to_tile(layout, get_extents)
#       a T.ComposeLayout's tile (the swizzle taken off), else the layout.
#       TVM rebuilds an identity tile over get_extents() when a bare
#       swizzle's tile does not span the buffer; the ComposeLayouts tirx
#       makes (mma_shared_layout) always tile the whole buffer, so their
#       tile is the answer and get_extents is not called.
from tvm.tirx.layout import ComposeLayout


def strip_swizzle_to_tile(layout, get_extents):
    if isinstance(layout, ComposeLayout):
        return layout.tile_layout
    return layout
