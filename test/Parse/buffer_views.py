# RUN: %tirx-opt %s | FileCheck %s
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %tirx-opt --pass-pipeline=default %s | FileCheck %s --check-prefix=LOWERED
# A.view(shape), A.view(dtype) and A.permute(...) become declarations over
# the same storage; permute carries a strided T.S layout; a dtype view
# re-packs the source's layout (TVM 0.27: two float16 to a float32).
# CHECK: V = T.decl_buffer((8, 8), data=As.data, scope="shared")
# CHECK-NEXT: W = T.decl_buffer((4, 16), data=As.data, scope="shared")
# CHECK-NEXT: H = T.decl_buffer((128,), "float16", data=As.data, scope="shared", layout=T.TileLayout(T.S[(64, 2):(2, 1)]))
# CHECK-NEXT: P = T.decl_buffer((8, 8), data=V.data, scope="shared", layout=T.TileLayout(T.S[(8, 8):(1, 8)]))
# LOWERED: B_flat[tx] = P[tx // 8 + tx % 8 * 8] + V[0] + W[1] + T.Cast("float32", H[3])
@T.prim_func
def f(A: T.Buffer((64,), "float32"), B: T.Buffer((8, 8), "float32")):
    T.device_entry()
    tx = T.thread_id([64])
    As = T.alloc_shared((64,))
    As[tx] = A[tx]
    T.cuda.cta_sync()
    V = As.view(8, 8)
    W = As.view(-1, 16)
    H = As.view("float16")
    P = V.permute(1, 0)
    B[tx // 8, tx % 8] = P[tx // 8, tx % 8] + V[0, 0] + W[0, 1] + T.Cast("float32", H[3])
