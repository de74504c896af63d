# range(start, stop) with a non-zero start stores the extent stop - start in the
# canonical sum form of TVM's simplifier (lib/IR/canon.c); the CHECK lines are
# what TVM 0.27 prints for this source.
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# CHECK: for i in range(n + tx, n + tx + (m - n - tx), 128):
# CHECK: for i in range(n * 2 + tx, n * 2 + tx + (4096 - tx - n * 3), 128):
# CHECK: for i in range(tx, tx + (n - tx)):
# CHECK: for i in range(n - 3, n - 3 + (tx + 3)):
# CHECK: for i in range(n // 3 + tx % 8 * 1024, n // 3 + tx % 8 * 1024 + (n * 8 + tx - n // 3 - tx % 8 * 1024)):
# CHECK: for i in range(n + tx, n + tx + (k + 7 - tx - n * 3 - m * 5)):
# CHECK: for i in range(m * 3 + tx * 2 + 1, m * 3 + tx * 2 + 1 + (k * 2 - tx * 2 - m * 3 - 10)):
# CHECK: for i in range(tx + 5, tx + 5 + (n - k - tx - m * 3 - 7)):
# CHECK: for i in range(m - k, m - k + (T.min(n, 64) + k - m)):
# CHECK: for i in range(tx, tx + (m * 2 + n * 2 - tx)):
# CHECK: for i in range(tx * 4, tx * 4 + 4):
# CHECK: for i in range(2, 2 + (n - 1)):
# CHECK: for i in range(n + 1):
# CHECK: for i in range(tx, tx + (n * m * 2 + m * n - tx)):
# The printed form reads back to the same extent.
# RUN: %tirx-opt --print-style=tvm %s | %tirx-opt --print-style=tvm - | FileCheck %s
from tvm.script import tirx as T

@T.prim_func
def f(A: T.Buffer((4096,), "float32"), n: T.int32, m: T.int32, k: T.int32):
    T.device_entry()
    tx = T.thread_id([128])
    for i in range(n + tx, m, 128):
        A[i] = T.float32(1)
    for i in T.serial(n * 2 + tx, 4096 - n, step=128):
        A[i] = T.float32(1)
    for i in range(tx, n):
        A[i] = T.float32(1)
    for i in range(n - 3, n + tx):
        A[i] = T.float32(1)
    for i in range(n // 3 + (tx % 8) * 1024, 8 * n + tx):
        A[i] = T.float32(1)
    for i in range(n + tx, k - m * 5 - n * 2 + 7):
        A[i] = T.float32(1)
    for i in range(m * 3 + tx * 2 + 1, k * 2 - 9):
        A[i] = T.float32(1)
    for i in range(tx + 5, n - 2 - m * 3 - k):
        A[i] = T.float32(1)
    for i in range(m - k, T.min(n, 64)):
        A[i] = T.float32(1)
    for i in range(tx, (m + n) * 2):
        A[i] = T.float32(1)
    for i in range(tx * 4, tx * 4 + 4):
        A[i] = T.float32(1)
    for i in range(2, n + 1):
        A[i] = T.float32(1)
    for i in range(0, n + 1):
        A[i] = T.float32(1)
    for i in range(tx, n * m * 2 + m * n):
        A[i] = T.float32(1)
