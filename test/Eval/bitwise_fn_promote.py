# TVM's T.bitwise_and / bitwise_or / bitwise_xor / shift_left / shift_right
# are its operators: the Python int operand takes the other side's type
# (T.uint64(32)), as `s >> 32` does; the CHECK lines are what TVM 0.27 prints.
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# CHECK: A[0] = T.Cast("int32", s >> T.uint64(32))
# CHECK-NEXT: A[1] = T.Cast("int32", s >> T.uint64(32))
# CHECK-NEXT: A[2] = T.Cast("int32", s << T.uint64(3))
# CHECK-NEXT: A[3] = T.Cast("int32", s & T.uint64(3))
# CHECK-NEXT: A[4] = T.Cast("int32", s | T.uint64(3))
# CHECK-NEXT: A[5] = T.Cast("int32", s ^ T.uint64(3))
# CHECK-NEXT: A[6] = T.Cast("int32", T.uint64(4294967295) << T.uint64(32))
from tvm.script import tirx as T
@T.prim_func
def f(A: T.Buffer((8,), "int32"), B: T.Buffer((8,), "uint64")):
    s: T.uint64 = B[0]
    A[0] = T.cast(T.shift_right(s, 32), "int32")
    A[1] = T.cast(s >> 32, "int32")
    A[2] = T.cast(T.shift_left(s, 3), "int32")
    A[3] = T.cast(T.bitwise_and(s, 3), "int32")
    A[4] = T.cast(T.bitwise_or(s, 3), "int32")
    A[5] = T.cast(T.bitwise_xor(s, 3), "int32")
    A[6] = T.cast(T.shift_left(T.uint64(0xFFFFFFFF), T.uint64(32)), "int32")
