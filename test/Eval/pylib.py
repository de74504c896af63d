# The evaluator's own modules are rows of pylib.def (a module is a V_LIBMOD, its
# functions V_BUILTIN rows; a name without a row, sys.stderr, a value without
# behaviour).  Checked against CPython.  (asdict(p) == {...} also tests dict
# equality, which was always False.)
# RUN: %tirx-opt %s | FileCheck %s
# CHECK-COUNT-6: T.evaluate(1)
# RUN: printf 'import sys\nsys.exit(1)\n' > %t.py
# RUN: not %tirx-opt %t.py 2>&1 | FileCheck %s --check-prefix=EXIT
# EXIT: .py:2:5: error: sys.exit() is not supported at parse time
import math
import functools
import os, sys
from enum import Enum, IntEnum, auto
from dataclasses import dataclass, fields, asdict, replace
from itertools import product, chain

class C(IntEnum):
    A = auto()
    B = auto()

@dataclass
class P:
    x: int
    y: int = 2

p = replace(P(1), y=5)
print("x", file=sys.stderr)
checks = [
    math.gcd(12, 18) == 6 and math.ceil(2.5) == 3 and math.pi > 3,
    isinstance(C.B, IntEnum) and isinstance(C.A, Enum) and not isinstance(3, Enum) and C.B == 2,
    asdict(p) == {"x": 1, "y": 5} and [f.name for f in fields(P)] == ["x", "y"],
    len(list(product((1, 2), repeat=2))) == 4 and list(chain((1,), [2])) == [1, 2],
    functools.reduce(lambda a, b: a * b, [1, 2, 3]) == 6 and functools.partial(max, 3)(7) == 7,
    os.getenv("NOPE", "d") == "d" and sys.stderr is sys.stderr and math.floor is math.floor,
]


@T.prim_func
def k():
    T.evaluate(int(checks[0]))
    T.evaluate(int(checks[1]))
    T.evaluate(int(checks[2]))
    T.evaluate(int(checks[3]))
    T.evaluate(int(checks[4]))
    T.evaluate(int(checks[5]))
