# RUN: %tirx-llc %s --emit=tirx | FileCheck %s --match-full-lines
# E35: an unrolled body defines the same name many times in one scope: x, x_1, ... x_11
# (the first free suffix each time, two-digit ones included; each x's scope runs to the
# end of the body, so the loop's is x_12); the printer's name table
# is a hash index (lib/Print/print.c), so a kernel with thousands of them prints in
# linear time.
# CHECK:    x: T.float32 = A[0]
# CHECK-NEXT:    A[0] = x + T.float32(1.0)
# CHECK-NEXT:    x_1: T.float32 = A[1]
# CHECK:    x_9: T.float32 = A[9]
# CHECK-NEXT:    A[9] = x_9 + T.float32(1.0)
# CHECK-NEXT:    x_10: T.float32 = A[10]
# CHECK-NEXT:    A[10] = x_10 + T.float32(1.0)
# CHECK-NEXT:    x_11: T.float32 = A[11]
# CHECK-NEXT:    A[11] = x_11 + T.float32(1.0)
# CHECK-NEXT:    for i in range(4):
# CHECK-NEXT:        x_12: T.float32 = A[i]
# CHECK-NEXT:        A[i] = x_12 * T.float32(2.0)

@T.prim_func
def many(A: T.Buffer((16,), "float32")):
    T.func_attr({"global_symbol": "many"})
    for i in T.unroll(12):
        x = T.alloc_local((1,))
        x[0] = A[i]
        A[i] = x[0] + T.float32(1.0)
    for i in range(4):
        x = T.alloc_local((1,))
        x[0] = A[i]
        A[i] = x[0] * T.float32(2.0)
