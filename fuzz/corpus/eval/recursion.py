#entry: k
import functools
import math

from tvm.script import tirx as T


@functools.lru_cache(maxsize=None)
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)


def ack(m, n):
    if m == 0:
        return n + 1
    if n == 0:
        return ack(m - 1, 1)
    return ack(m - 1, ack(m, n - 1))


def collatz(n, *, limit=100):
    steps = 0
    while n != 1 and steps < limit:
        n = n // 2 if n % 2 == 0 else 3 * n + 1
        steps += 1
    return steps


N = fib(10) + ack(2, 2) + collatz(27, limit=50) + math.gcd(12, 18) + int(math.log2(64))


@T.prim_func
def k(A: T.Buffer((N,), "int32")):
    for i in range(N):
        A[i] = i * 2
