# TVM's rewrite rules the canonical form of a loop extent models (lib/IR/canon.c):
# a difference with a T.min / T.max of its other side (x - T.min(y, x) ->
# T.max(x - y, 0), all eight orders: SUB_MINMAX), a T.min / T.max of scaled terms
# (T.max(x * 64, 64) -> T.max(x, 1) * 64, T.min(x * 4, y * 4) -> T.min(x, y) * 4),
# the branches of T.if_then_else in canonical form, and TVM's term order (equal
# scales: a division first, by its divisor, a modulo last).  The CHECK lines are what
# TVM 0.27 prints for this source (the oracle, ../shared/tools/tvm-oracle).
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# CHECK: for i in range(T.max(n - m, 0) // 384):
# CHECK: for i in range(T.max(0, n - m) // 384):
# CHECK: for i in range(T.min(n - m, 0) // 384):
# CHECK: for i in range(T.min(0, n - m) // 384):
# CHECK: for i in range(T.min(n - m, 0) // 384):
# CHECK: for i in range(T.min(0, n - m) // 384):
# CHECK: for i in range(T.max(n - m, 0) // 384):
# CHECK: for i in range(T.max(0, n - m) // 384):
# CHECK: for i in range(T.min(k, n), T.min(k, n) + (n - T.max(n - k, 0) // 384 - T.min(k, n))):
# CHECK: for i in range((m + 63) // 64 + T.max((n + 63) // 64, 1)):
# CHECK: for i in range(T.min(n, 3) * 8):
# CHECK: for i in range(T.min(n, m) * 4):
# CHECK: for i in range(T.max(n * 4, 6)):
# CHECK: for i in range(tx, tx + (T.if_then_else(n == 0, A[2], (m + 63) // 64) - tx)):
# CHECK: for i in range(tx, tx + (n // 16 + m // 4 + k + A[0] + n % 8 - tx)):
# CHECK: for i in range(tx, tx + (n // 4 + k + A[1] + m % 8 - tx)):
# The printed form reads back to the same extents.
# RUN: %tirx-opt --print-style=tvm %s | %tirx-opt --print-style=tvm - | FileCheck %s
from tvm.script import tirx as T

@T.prim_func
def f(A: T.Buffer((4096,), "int32"), n: T.int32, m: T.int32, k: T.int32):
    T.device_entry()
    tx = T.thread_id([128])
    for i in range((n - T.min(m, n)) // 384):
        A[i] = 1
    for i in range((n - T.min(n, m)) // 384):
        A[i] = 1
    for i in range((n - T.max(m, n)) // 384):
        A[i] = 1
    for i in range((n - T.max(n, m)) // 384):
        A[i] = 1
    for i in range((T.min(n, m) - m) // 384):
        A[i] = 1
    for i in range((T.min(m, n) - m) // 384):
        A[i] = 1
    for i in range((T.max(n, m) - m) // 384):
        A[i] = 1
    for i in range((T.max(m, n) - m) // 384):
        A[i] = 1
    for i in range(T.min(k, n), n - (n - T.min(k, n)) // 384):
        A[i] = 1
    for i in range((T.max((n + 63) // 64 * 64, 64) + (m + 63) // 64 * 64) // 64):
        A[i] = 1
    for i in range(T.min(n * 8, 24)):
        A[i] = 1
    for i in range(T.min(n * 4, m * 4)):
        A[i] = 1
    for i in range(T.max(n * 4, 6)):
        A[i] = 1
    for i in range(tx, T.if_then_else(n == 0, A[2], (m + 64 - 1) // 64 * 64 // 64)):
        A[i] = 1
    for i in range(tx, k + n % 8 + m // 4 + n // 16 + A[0]):
        A[i] = 1
    for i in range(tx, k + n // 4 + m % 8 + A[1]):
        A[i] = 1
