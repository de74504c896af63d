# The evaluator's integer and float edges where Python has an exact 64-bit answer
# (issue 25): no UB, no hang, Python's value.  The errors: Errors/numeric_edges.py.
# RUN: timeout 60 %tirx-opt %s | FileCheck %s
import math
INT64_MAX = 9223372036854775807
INT64_MIN = -INT64_MAX - 1
assert abs(-INT64_MAX) == INT64_MAX
assert int(-9223372036854775808.0) == INT64_MIN and int(9.2e18) == 9200000000000000000
assert int(-0.9) == 0 and int(2.9) == 2
assert round(INT64_MAX) == INT64_MAX and round(INT64_MIN) == INT64_MIN and round(2.5) == 2
assert math.floor(-9223372036854775808.0) == INT64_MIN and math.trunc(-1.5) == -1
assert math.gcd(INT64_MIN, 6) == 2 and math.gcd(INT64_MIN, INT64_MAX) == 1
assert math.lcm(INT64_MIN + 1, 1) == INT64_MAX and math.lcm(0, INT64_MIN) == 0 and math.lcm(4, 6) == 12
# exponentiation by squaring: 1 ** (2**62) is no 2**62-step loop
assert 1 ** 4611686018427387904 == 1 and (-1) ** INT64_MAX == -1 and 0 ** INT64_MAX == 0
assert 2 ** 62 == 4611686018427387904 and (-2) ** 63 == INT64_MIN
# ranges whose length or items overflow a naive int64 computation
assert list(range(INT64_MAX - 1, INT64_MAX, INT64_MAX)) == [INT64_MAX - 1]
assert list(range(INT64_MAX, INT64_MIN, -INT64_MAX)) == [INT64_MAX, 0, -INT64_MAX]
assert list(range(INT64_MIN, INT64_MAX, INT64_MAX)) == [INT64_MIN, -1, INT64_MAX - 1]
assert len(range(INT64_MIN, INT64_MAX, INT64_MAX)) == 3
xs = []
for i in range(INT64_MAX - 1, INT64_MAX, INT64_MAX):
    xs.append(i)
assert xs == [INT64_MAX - 1]
# repeating an empty sequence by a huge count is empty at once (hang-01)
assert "" * INT64_MAX == "" and [] * INT64_MAX == [] and () * INT64_MAX == () and INT64_MAX * [] == []
x = []
x *= INT64_MAX
assert x == [] and [1, 2] * -INT64_MAX == []
# a dict display: Python's semantics for a repeated key (first place, last value)
d = {1: "a", 2: "b", 1: "c", "x": 1, "x": 2}
assert len(d) == 3 and d[1] == "c" and d["x"] == 2 and list(d) == [1, 2, "x"]
for i in range(3):
    e = {"p": i, "q": 2}
    f = {"k": i, "k": 2 * i}
    assert e["p"] == i and f == {"k": 2 * i}

# Typed constants fold as TVM folds them: two's complement, wrapping at the
# dtype's width (TVM 0.27: T.int64(2**63-1) + 1 is T.int64(-2**63)); the IR's
# ints are machine ints, unlike Python's.
# CHECK-LABEL: def k(
# CHECK: A[0] = T.int64(-9223372036854775808)
# CHECK: A[1] = T.int64(-9223372036854775808)
# CHECK: A[2] = T.int64(-9223372036854775808)
# CHECK: A[3] = T.int64(0)
# CHECK: A[4] = T.int64(-9223372036854775808)
# CHECK: A[5] = T.int64(0)
# CHECK: A[6] = T.int64(9223372036854775807)
# CHECK: B[0] = -2147483648
# CHECK: B[1] = T.Cast("int32", T.int64(-9223372036854775808))
@T.prim_func
def k(A: T.Buffer((8,), "int64"), B: T.Buffer((8,), "int32")):
    T.device_entry()
    tx = T.thread_id([8])
    A[0] = T.int64(9223372036854775807) + 1
    A[1] = T.int64(9223372036854775807) + T.int64(1)
    A[2] = -T.int64(-9223372036854775807 - 1)
    A[3] = T.int64(4611686018427387904) * 4
    A[4] = T.int64(-9223372036854775807 - 1) // T.int64(-1)
    A[5] = T.int64(-9223372036854775807 - 1) % T.int64(-1)
    A[6] = T.int64(-9223372036854775807 - 1) - T.int64(1)
    B[0] = T.int32(2147483647) + 1
    B[1] = T.Cast("int32", -T.int64(-9223372036854775807 - 1))
