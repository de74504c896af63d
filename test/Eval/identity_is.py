# `is` / `is not` at parse time: None, True/False, enum members (an Enum whose
# values are strings, the str-mixin form kernels use: ModelType("V32") is
# ModelType.V32), classes, objects and modules; other values are an error
# that names the cases (use ==).
# RUN: %tirx-opt %s | FileCheck %s
# CHECK: T.evaluate(T.bool(True))
# CHECK-NEXT: T.evaluate(T.bool(True))
# CHECK-NEXT: T.evaluate(T.bool(False))
# CHECK-NEXT: T.evaluate(T.bool(True))
# CHECK-NEXT: T.evaluate(T.bool(True))
# CHECK-NEXT: T.evaluate(T.bool(False))
# CHECK-NEXT: T.evaluate(T.bool(True))
# CHECK-NEXT: T.evaluate(T.bool(True))
# CHECK-NEXT: T.evaluate(T.bool(True))
# RUN: printf 'a = 1\nb = 1\nc = a is b\n' > %t.py
# RUN: not %tirx-opt %t.py 2>&1 | FileCheck %s --check-prefix=ERR
# ERR: .py:3:5: error: 'is' is decided at parse time only for None, True/False, classes, enum members, objects and modules (use == for values)
# RUN: printf 'from enum import Enum\nclass M(Enum):\n    A = "x"\nm = M("y")\n' > %t2.py
# RUN: not %tirx-opt %t2.py 2>&1 | FileCheck %s --check-prefix=BAD
# BAD: .py:4:5: error: this value is not a valid M
import math
from enum import Enum


class ModelType(str, Enum):
    V32 = "V32"
    MODEL1 = "MODEL1"


class Plain(Enum):
    A = "a"
    B = "b"


class K:
    pass


k1 = K()
k2 = K()
flag = True


@T.prim_func
def f():
    T.evaluate(ModelType("V32") is ModelType.V32)
    T.evaluate(ModelType(ModelType.MODEL1) is ModelType.MODEL1)
    T.evaluate(Plain("b") is Plain.A)
    T.evaluate(Plain("b") is not Plain.A)
    T.evaluate(k1 is k1)
    T.evaluate(k1 is k2)
    T.evaluate(flag is True)
    T.evaluate(K is K and math is math)
    T.evaluate(None is None and k1 is not None)
