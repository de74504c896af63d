# range(...) outside a loop header is its parse-time sequence: list(range(n)),
# xs.extend(range(a, b, s)), a comprehension over a range bound to a name,
# and a negative step (which no TIRx loop takes).  A loop with IR bounds
# cannot be iterated at parse time: a located error.
# RUN: %tirx-opt %s | FileCheck %s
# CHECK: T.evaluate("[2, 4, 6, 8]")
# CHECK-NEXT: T.evaluate("[0, 1, 2]")
# CHECK-NEXT: T.evaluate("[2, 3, 4]")
# CHECK-NEXT: T.evaluate("[5, 3, 1]")
# CHECK-NEXT: T.evaluate(15)
# CHECK: for i in range(4):
# RUN: printf '@T.prim_func\ndef g(n: T.int32):\n    xs = list(range(n))\n' > %t.py
# RUN: not %tirx-opt %t.py 2>&1 | FileCheck %s --check-prefix=ERR
# ERR: .py:3:10: error: this loop cannot be iterated at parse time (only range() with constant bounds)


def evens():
    a = []
    a.extend(range(2, 9, 2))
    return a


def named():
    r = range(2, 5)
    return [x for x in r]


down = list(range(5, 0, -2))
total = 0
for i in range(5, 0, -1):
    total += i


@T.prim_func
def f(A: T.Buffer((4,), "float32")):
    T.evaluate(str(evens()))
    T.evaluate(str(list(range(3))))
    T.evaluate(str(named()))
    T.evaluate(str(down))
    T.evaluate(total)
    for i in range(4):
        A[i] = T.float32(0)
