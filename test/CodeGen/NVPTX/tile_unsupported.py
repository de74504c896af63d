# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: not %tirx-llc --emit=ptx %s 2>&1 | FileCheck %s
# Tile primitives (Tier 4) parse and print, but are not lowered yet: a
# located diagnostic with their spelling, never a crash.
# CHECK: tile_unsupported.py:[[@LINE+7]]:11: error: T.cta.copy: tile primitives are not lowered yet (write the loop with scope ids, or T.ptx)
@T.prim_func
def tiles(A: T.Buffer((128, 32), "float16")):
    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([128])
    A_smem = T.alloc_shared((128, 32), "float16")
    T.cta.copy(A_smem, A)
    T.cta.fill(A_smem[0:128, 0:32], T.float16(0.0))
