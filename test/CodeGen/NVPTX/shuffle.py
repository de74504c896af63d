# RUN: %tirx-opt --verify-roundtrip %s | FileCheck %s --check-prefix=PRINT
# RUN: %tirx-llc %s --mcpu=sm_90a --emit=llvm -o - | FileCheck %s
# T.Shuffle([vectors...], [lanes...]) picks lanes of the vectors' concatenation
# (TVM prints it for descriptor arithmetic on uint32x2 halves).
# PRINT: B[tx] = T.reinterpret("uint64", T.Shuffle([T.Shuffle([T.reinterpret("uint32x2", d)], [0]) + A[tx], T.Shuffle([T.reinterpret("uint32x2", d)], [1])], [0, 1]))
# CHECK: extractelement <2 x i32> %{{.*}}, i32 0
# CHECK: add i32
# CHECK: extractelement <2 x i32> %{{.*}}, i32 1
# CHECK: insertelement <2 x i32>
@T.prim_func
def f(A: T.Buffer((32,), "uint32"), B: T.Buffer((32,), "uint64")):
    T.device_entry()
    tx = T.thread_id([32])
    d: T.uint64 = B[tx]
    B[tx] = T.reinterpret("uint64", T.Shuffle([T.Shuffle([T.reinterpret("uint32x2", d)], [0]) + A[tx], T.Shuffle([T.reinterpret("uint32x2", d)], [1])], [0, 1]))
