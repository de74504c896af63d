# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: not %tirx-llc --emit=ptx %s 2>&1 | FileCheck %s
# A tile primitive without variants yet (tile-dispatch, Transforms/Tile/variants.def)
# is a located diagnostic with its spelling, never a crash; T.cta.fill has
# variants and is lowered.
# CHECK: tile_unsupported.py:[[@LINE+8]]:11: error: T.cta.minimum: tile primitive 'minimum' is not lowered yet (tirx has variants for: zero, fill,
# CHECK-NOT: error
@T.prim_func
def tiles(A: T.Buffer((128, 32), "float16")):
    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([128])
    A_smem = T.alloc_shared((128, 32), "float16")
    T.cta.minimum(A_smem, A_smem, A_smem)
    T.cta.fill(A_smem[0:128, 0:32], T.float16(0.0))
