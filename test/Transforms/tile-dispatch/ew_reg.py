# Elementwise ops, reg variant: each thread applies the op to the registers
# its register layout gives it (a per-thread view of the buffer, as TVM's
# .local()), in unrolled loops over the layout's memory iters (sm_90a: the scalar form;
# ew_packed.py has sm_100's f32x2 pairs).
# RUN: %tirx-opt --mcpu=sm_90a --pass-pipeline=tile-dispatch %s | FileCheck %s
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %tirx-llc --mcpu=sm_90a --emit=ptx %s -o - | FileCheck %s --check-prefix=PTX
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_90a --emit=cubin %s -o %t.sm_90a %}
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_100a --emit=cubin %s -o %t.sm_100a %}
@T.prim_func
def ew_reg(A: T.Buffer((32, 8), "float32"), B: T.Buffer((32, 8), "float16")):
    T.device_entry()
    bx = T.cta_id([1])
    w = T.warp_id([4])
    lane = T.lane_id([32])
    R = T.alloc_buffer((32, 8), "float32", scope="local", layout=T.TileLayout(T.S[(32, 8):(1 @ Axis.laneid, 1)]))
    Q = T.alloc_buffer((32, 8), "float16", scope="local", layout=T.TileLayout(T.S[(32, 8):(1 @ Axis.laneid, 1)]))
    # a column-split layout: lane l holds columns 2l, 2l+1 of each of 4 rows
    C = T.alloc_buffer((4, 64), "float32", scope="local", layout=T.TileLayout(T.S[(4, 32, 2):(2, 1 @ Axis.laneid, 1)]))
    Rl = R.local()
    Ql = Q.local()
    for j in range(8):
        Rl[j] = A[lane, j]
    # CHECK-LABEL: def ew_reg
    # CHECK: R_local = T.decl_buffer((8,), data=R_1.data, scope="local")
    # CHECK-NEXT: for r_0 in T.unroll(8):
    # CHECK-NEXT: R_local[r_0] = T.sqrt(R_local[r_0])
    T.warp.sqrt(R[0:32, 0:8], R[0:32, 0:8])
    # a region of the registers and a scalar
    # CHECK: for r_1 in T.unroll(4):
    # CHECK-NEXT: R_local_1[r_1] = R_local_1[4 + r_1] + T.float32(1.0)
    T.warp.add(R[0:32, 0:4], R[0:32, 4:8], T.float32(1.0))
    # the packed cast f32 -> f16: pairs of registers, one cvt.rn.f16x2.f32 each (TVM's cast vec2)
    # CHECK: Q_local = T.decl_buffer((8,), "float16", data=Q.data, scope="local")
    # CHECK-NEXT: for r_2 in T.unroll(4):
    # CHECK-NEXT: Q_local[r_2 * 2:r_2 * 2 + 2] = T.Cast("float16x2", R_local_2[r_2 * 2:r_2 * 2 + 2])
    # PTX-COUNT-4: cvt.rn.f16x2.f32
    # PTX-NOT: cvt.rn.f16x2.f32
    T.warp.cast(Q[0:32, 0:8], R[0:32, 0:8])
    # CHECK: for r_3 in T.unroll(4):
    # CHECK-NEXT: for r_4 in T.unroll(2):
    # CHECK-NEXT: C_local[r_3 * 2 + r_4] = T.max(C_local[r_3 * 2 + r_4], T.float32(0.0))
    T.warp.maximum(C[0:4, 0:64], C[0:4, 0:64], T.float32(0.0))
    # CHECK: C_local_1[r_5 * 2 + r_6] = C_local_1[r_5 * 2 + r_6] / (T.float32(1.0) + T.exp(T.float32(0.0) - C_local_1[r_5 * 2 + r_6]))
    T.warp.silu(C[0:4, 0:64], C[0:4, 0:64])
    # a thread-scope op on a plain per-thread array
    P = T.alloc_local((8,), "float32")
    # CHECK: P_local[r_7] = T.exp2(P_local[r_7] * T.float32(2.0) + T.float32(1.0))
    T.tile.exp2(P[0:8], P[0:8], T.float32(1.0), T.float32(2.0))
    for j in range(8):
        B[lane, j] = Ql[j] + T.Cast("float16", P[j])
