# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# Example E23 of the grammar notes, verbatim as TVM's printer writes it: it
# parses, verifies and round-trips (printing is a fixed point after one step).
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def tiles(A: T.Buffer((128, 128), "float16"), C: T.Buffer((128, 32), "float16")):
    T.attr({"tirx.device_entry": T.bool(True)})
    bx = T.cta_id([1])
    warp_id = T.warp_id([4])
    lane_id = T.lane_id([32])
    A_smem = T.alloc_shared((128, 32), "float16")
    for k in range(4):
        T.cta.fill(A_smem[0:128, 0:32], T.float16(0.0))
        T.cta.copy(A_smem[0:128, 0:32], A[0:128, k * 32:k * 32 + 32])
    T.cta.copy(C[0:128, 0:32], A_smem[0:128, 0:32])
