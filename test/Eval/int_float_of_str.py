# int() and float() of strings, as Python parses them: whitespace, signs,
# underscores between digits, base= and base prefixes, inf/nan; bad literals
# are located errors with Python's message.
# RUN: %tirx-opt %s | FileCheck %s
# CHECK: T.evaluate(300)
# CHECK-NEXT: T.evaluate(-1000000)
# CHECK-NEXT: T.evaluate(255)
# CHECK-NEXT: T.evaluate(255)
# CHECK-NEXT: T.evaluate(5)
# CHECK-NEXT: T.evaluate(35)
# CHECK-NEXT: T.evaluate(T.float32(1500.0))
# CHECK-NEXT: T.evaluate(T.bool(True))
# CHECK-NEXT: T.evaluate(T.bool(True))
# CHECK-NEXT: T.evaluate(T.float32(-2.5))
# CHECK-NEXT: T.evaluate(T.bool(False))
# CHECK-NEXT: T.evaluate(6)
# RUN: printf 'x = int("3.5")\n' > %t1.py
# RUN: not %tirx-opt %t1.py 2>&1 | FileCheck %s --check-prefix=INT
# INT: .py:1:5: error: invalid literal for int() with base 10: '3.5'
# RUN: printf 'x = float("0x10")\n' > %t2.py
# RUN: not %tirx-opt %t2.py 2>&1 | FileCheck %s --check-prefix=FLOAT
# FLOAT: .py:1:5: error: could not convert string to float: '0x10'
# RUN: printf 'x = int("1__0")\n' > %t3.py
# RUN: not %tirx-opt %t3.py 2>&1 | FileCheck %s --check-prefix=UNDER
# UNDER: .py:1:5: error: invalid literal for int() with base 10: '1__0'
# RUN: printf 'x = int("7", base=1)\n' > %t4.py
# RUN: not %tirx-opt %t4.py 2>&1 | FileCheck %s --check-prefix=BASE
# BASE: .py:1:5: error: int() base must be >= 2 and <= 36, or 0
# RUN: printf 'x = int("99999999999999999999")\n' > %t5.py
# RUN: not %tirx-opt %t5.py 2>&1 | FileCheck %s --check-prefix=BIG
# BIG: .py:1:5: error: int() of '99999999999999999999' does not fit in 64 bits
import math

a = int(" 300\n")
b = int("-1_000_000")
c = int("ff", 16)
d = int("0xff", base=0)
e = int("0b101", 2)
f_ = int("z", 36)
g = float("1.5e3")
h = math.isinf(float("-Infinity"))
i = math.isnan(float("nan"))
j = float(" -2.5 ")
k = bool("")
m = sum(map(int, "1 2 3".split()))


@T.prim_func
def f():
    T.evaluate(a)
    T.evaluate(b)
    T.evaluate(c)
    T.evaluate(d)
    T.evaluate(e)
    T.evaluate(f_)
    T.evaluate(g)
    T.evaluate(h)
    T.evaluate(i)
    T.evaluate(j)
    T.evaluate(k)
    T.evaluate(m)
