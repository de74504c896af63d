#entry: k
from tvm.script import tirx as T

SIZES = [s for s in range(1, 9) if s % 2 == 0]
TABLE = {f"k{s}": s * s for s in SIZES}
PAIRS = {(a, b) for a in SIZES for b in SIZES if a <= b}
NESTED = [[i * j for j in range(3)] for i in range(3)]
assert len(PAIRS) == 10, PAIRS
assert TABLE["k4"] == 16
N = sum(x for row in NESTED for x in row) + max(SIZES) + sorted(TABLE.values())[-1]


@T.prim_func
def k(A: T.Buffer((N,), "int32")):
    for i in range(N):
        A[i] = i
