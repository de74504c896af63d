# T.cuda.ldg(addr, dtype, dst=(p0, ...), vec="vN") is the vector __ldg, the
# call T.cuda.ldg(p0, ..., addr, dtype, "vN", N) (TVM 0.27's cuda_ldg). The
# CHECK lines are what TVM 0.27 prints.
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# CHECK:      r = T.alloc_local((4,))
# CHECK-NEXT: T.cuda.ldg(T.address_of(r[0]), T.address_of(r[1]), T.address_of(r[2]), T.address_of(r[3]), T.address_of(A[0]), "float32", "v4", 4)
# CHECK-NEXT: T.cuda.ldg(T.address_of(r[0]), T.address_of(r[1]), T.address_of(A[4]), "float32", "v2", 2)
# CHECK-NEXT: B[0] = r[0] + r[3]
from tvm.script import tirx as T
@T.prim_func
def f(A: T.Buffer((64,), "float32"), B: T.Buffer((8,), "float32")):
    T.device_entry()
    r = T.alloc_local((4,))
    T.cuda.ldg(A.ptr_to([0]), "float32", dst=(T.address_of(r[0]), T.address_of(r[1]), T.address_of(r[2]), T.address_of(r[3])), vec="v4")
    T.cuda.ldg(A.ptr_to([4]), "float32", dst=[T.address_of(r[0]), T.address_of(r[1])], vec="v2")
    B[0] = r[0] + r[3]
