# RUN: %tirx-opt %s 2>/dev/null | FileCheck %s --match-full-lines
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null 2>&1
# A call of a function the module does not define takes its dtype from its context
# (`foo(n) * T.uint32(1)` is a uint32 call); when simplification drops the context the
# printer spells the dtype where the context would re-type it (the operand of T.Cast),
# T.uint32(foo(n)), which re-parses as the same typed call
# (shared/repros/roundtrip-06-extern-call-dtype.py: "expression dtypes differ").
# CHECK:    A[tx] = T.Cast("int32", T.uint32(foo(n)))
# CHECK-NEXT:    A[tx] = T.Cast("int32", T.uint32(foo(n)))
# CHECK-NEXT:    A[tx] = foo(n)
# CHECK-NEXT:    A[tx] = T.Cast("int32", bar(n) + T.float32(1.0))
# CHECK-NEXT:    A[tx] = g(tx)
@T.prim_func
def g(x: T.int32) -> T.int32:
    return x + 1

@T.prim_func
def f(A: T.Buffer((4,), "int32"), n: T.uint32):
    T.device_entry()
    tx = T.thread_id([4])
    A[tx] = T.Cast("int32", foo(n) * T.uint32(1))
    A[tx] = T.Cast("int32", foo(n) + T.uint32(0))
    A[tx] = foo(n)
    A[tx] = T.Cast("int32", bar(n) + T.float32(1))
    A[tx] = g(tx)
