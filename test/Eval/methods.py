# Methods are rows of methods.def: x.NAME is a method bound to x, checked
# when the attribute is read (hasattr answers as CPython does), callable as a
# value; mutators reach every alias.  Checked against CPython.
# RUN: %tirx-opt %s | FileCheck %s
# CHECK: T.evaluate(1)
# CHECK-NEXT: T.evaluate(1)
# CHECK-NEXT: T.evaluate(1)
# CHECK-NEXT: T.evaluate(4)
# RUN: printf 'xs = [1]\nxs.push(2)\n' > %t.py
# RUN: not %tirx-opt %t.py 2>&1 | FileCheck %s --check-prefix=ATTR
# ATTR: .py:2:4: error: 'list' object has no attribute 'push'

xs = [3, 1]
ys = xs
push = xs.append
push(2)
xs.sort()
d = {"a": 1}
get = d.get
checks = [
    ys == [1, 2, 3] and get("a") == 1 and get("b", 5) == 5,
    not hasattr(xs, "push") and hasattr(xs, "append") and hasattr("s", "upper") and not hasattr(3, "upper"),
    "a-b".split("-") == ["a", "b"] and (1, 2, 1).count(1) == 2 and (7).bit_length() == 3,
]


@T.prim_func
def k():
    T.evaluate(int(checks[0]))
    T.evaluate(int(checks[1]))
    T.evaluate(int(checks[2]))
    T.evaluate(len(ys) + 1)
