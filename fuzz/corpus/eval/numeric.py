# Numeric edges (issue 25): each one raised and caught, so that one input reaches them
# all; the fuzzer mutates the constants (fuzz/eval.dict has the extreme ints, nan/inf
# and the numeric builtins).
import math
M = 9223372036854775807
N = -M - 1
ok = 0
for f in [lambda: abs(N), lambda: int(float("nan")), lambda: int(float("inf")), lambda: int(1e19),
          lambda: round(float("-inf")), lambda: round(1e300), lambda: math.floor(float("nan")),
          lambda: math.ceil(1e30), lambda: math.trunc(-1e19), lambda: math.lcm(M, M - 1),
          lambda: math.gcd(N), lambda: len(range(N, M)), lambda: list(range(M, N, -1)),
          lambda: 3 ** M, lambda: M + 1, lambda: N - 1, lambda: M * 2, lambda: N // -1,
          lambda: -N, lambda: 1 << 63, lambda: "ab" * M, lambda: divmod(N, -1), lambda: pow(2, 64)]:
    try:
        f()
    except Exception:
        ok += 1
assert ok == 23, ok
assert 1 ** (M - 1) == 1 and (-1) ** M == -1 and "" * M == "" and [] * M == [] and () * M == ()
x = []
x *= M
assert round(M) == M and math.gcd(N, 6) == 2 and math.lcm(0, N) == 0 and N % -1 == 0
assert list(range(M - 1, M, M)) == [M - 1] and list(range(N, M, M)) == [N, -1, M - 1]
assert int(-9223372036854775808.0) == N and math.isnan(float("nan")) and math.isinf(-float("inf"))
d = {1: 0, 1.0: 1, True: 2, "k": 3, "k": 4}
assert d == {1: 2, "k": 4}
