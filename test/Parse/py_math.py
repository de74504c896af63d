# `import math` (and from-imports of it) at parse time.
# RUN: %tirx-opt %s | FileCheck %s
# CHECK: T.evaluate(28)
# CHECK-NEXT: T.evaluate(T.float32(3.0))
# CHECK-NEXT: T.evaluate(5)
import math
from math import log2 as lg, sqrt

@T.prim_func
def f(A: T.Buffer((4,), "float32")):
    T.evaluate(math.ceil(7 / 2) + math.floor(2.5) + math.prod([2, 3]) + math.gcd(12, 18) + int(lg(1024)))
    T.evaluate(T.float32(sqrt(9)))
    T.evaluate(math.isqrt(26))
