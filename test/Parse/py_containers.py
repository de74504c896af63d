# Lists, tuples and dicts at parse time: indexing, slicing, len, range,
# comprehensions (nested clauses, conditions), generator expressions,
# `in`, and for/while/if at module level.
# RUN: %tirx-opt %s | FileCheck %s
# CHECK: T.evaluate(316)
# CHECK-NEXT: T.evaluate(12)
# CHECK-NEXT: T.evaluate(4)
# CHECK-NEXT: T.evaluate(15)
# CHECK-NEXT: T.evaluate("TrueTrueFalse")
# CHECK-NEXT: T.evaluate(6)
# CHECK-NEXT: T.evaluate("cba")
# CHECK-NEXT: T.evaluate(9)
# CHECK-NEXT: T.evaluate(3)
# CHECK-NEXT: T.evaluate(15)
BIG = {"a": 1, "b": (2, 3)}
acc = []
for i in range(5):
    if i % 2 == 0:
        acc.append(i * i)
n = 0
while n < 10:
    n += 3
T1 = (1, 2, 3, 4, 5)
PAIRS = [(i, j) for i in range(3) for j in range(i) if j != 5]
total = 0
for i, (a, b) in enumerate(PAIRS):
    total += a + b
    if total > 100:
        break
D = {}
D["z"] = 9
SQ = {i: i * i for i in range(4)}
S = {x % 3 for x in range(10)}
M = {**SQ, "k": 2, 3: 5}

@T.prim_func
def f(A: T.Buffer((4,), "float32")):
    T.evaluate(len(acc) * 100 + acc[-1])
    T.evaluate(n)
    T.evaluate(T1[1:4][::-1][0])
    T.evaluate(BIG["b"][1] + sum(x for x in T1 if x > 2))
    T.evaluate(str(3 in T1) + str("b" in BIG) + str("z" not in "xyz"))
    T.evaluate(total)
    T.evaluate("abc"[::-1])
    T.evaluate(D.get("z", 0))
    T.evaluate(len(S))
    T.evaluate(SQ[2] + M["k"] + M[3] + len(M) - 1)
