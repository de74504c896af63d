# A Python int beyond int32 next to a uint32 value takes uint32 (TVM: the
# literal adopts that side's type); small literals stay int32 and promote; next to
# an int32, a literal out of its range widens to int64 (TVM rejects it).
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# CHECK: A[0] = T.Cast("int32", u == T.uint32(4294967295))
# CHECK-NEXT: A[1] = T.Cast("int32", u + T.uint32(3))
# CHECK-NEXT: A[2] = T.Cast("int32", T.Cast("int32", h) + 3)
# CHECK-NEXT: A[3] = T.Cast("int32", T.Cast("int64", tx) + T.int64(4294967296))
@T.prim_func
def lit(A: T.Buffer((64,), "int32"), U: T.Buffer((64,), "uint32"), H: T.Buffer((64,), "int16")):
    T.device_entry()
    tx = T.thread_id([64])
    u = U[tx]
    h = H[tx]
    A[0] = T.Cast("int32", u == 4294967295)
    A[1] = T.Cast("int32", u + 3)
    A[2] = T.Cast("int32", h + 3)
    A[3] = T.Cast("int32", tx + 4294967296)
