# Every loop extent is stored in the canonical sum form (lib/IR/canon.c), also
# with a zero start: inside floor division by a constant and in T.min/T.max
# operands; divisible terms leave the division. The CHECK lines are what TVM
# 0.27 prints.
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# CHECK: for i in range((391 - n) // 128):
# CHECK: for i in range(n * 8):
# CHECK: for i in range(n + 3):
# CHECK: for i in range(n + m + 1):
# CHECK: for i in range((m * 4 + n + 127) // 128):
# CHECK: for i in range(n):
# CHECK: for i in range(T.min(n * 8, m + 3)):
# CHECK: for i in range(n // 4 * 4):
from tvm.script import tirx as T
@T.prim_func
def f(A: T.Buffer((64,), "int32"), n: T.int32, m: T.int32):
    for i in range((264 - n + 128 - 1) // 128):
        A[i] = 1
    for i in range(8 * n):
        A[i] = 1
    for i in range(3 + n):
        A[i] = 1
    for i in T.serial(0, (n + 3) - 2 + m):
        A[i] = 1
    for i in range((m * 4 + n + 127) // 128):
        A[i] = 1
    for i in range((n * 128 + 127) // 128):
        A[i] = 1
    for i in range(T.min(8 * n, 3 + m)):
        A[i] = 1
    for i in range(n // 4 * 4):
        A[i] = 1
