# with T.If(cond): / T.Then(): / T.Else(): (TVM's IR-builder frames of an if,
# also as `with T.If(c), T.Then():`) build the if statement; the print is TVM's
# for the same source (checked with TVM 0.27).  Misplaced branches are located
# errors.
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# CHECK: x: T.int32 = 0
# CHECK-NEXT: if n > 2:
# CHECK-NEXT: x = 1
# CHECK-NEXT: if n > 4:
# CHECK-NEXT: A[0] = x
# CHECK-NEXT: else:
# CHECK-NEXT: A[1] = x
# CHECK-NEXT: if n == 7:
# CHECK-NEXT: A[2] = 3
# RUN: printf '@T.prim_func\ndef g(n: T.int32):\n    with T.Then():\n        T.evaluate(0)\n' > %t1.py
# RUN: not %tirx-opt %t1.py 2>&1 | FileCheck %s --check-prefix=THEN
# THEN: .py:3:12: error: T.Then() must be directly inside 'with T.If(...)'
# RUN: printf '@T.prim_func\ndef g(A: T.Buffer((2,), "int32"), n: T.int32):\n    with T.If(n > 1):\n        A[0] = 1\n' > %t2.py
# RUN: not %tirx-opt %t2.py 2>&1 | FileCheck %s --check-prefix=STRAY
# STRAY: .py:3:12: error: statements inside 'with T.If(...)' must be in T.Then() or T.Else()
# RUN: printf '@T.prim_func\ndef g(A: T.Buffer((2,), "int32"), n: T.int32):\n    with T.If(n > 1):\n        with T.Else():\n            A[0] = 1\n' > %t3.py
# RUN: not %tirx-opt %t3.py 2>&1 | FileCheck %s --check-prefix=ELSE
# ELSE: .py:4:16: error: T.Else() needs a T.Then() before it
# RUN: printf '@T.prim_func\ndef g(A: T.Buffer((2,), "int32"), n: T.int32):\n    with T.If(n > 1):\n        pass\n' > %t4.py
# RUN: not %tirx-opt %t4.py 2>&1 | FileCheck %s --check-prefix=NONE
# NONE: .py:3:12: error: 'with T.If(...)' needs a T.Then()
@T.prim_func
def f(A: T.Buffer((8,), "int32"), n: T.int32):
    x: T.int32 = 0
    with T.If(n > 2), T.Then():
        x = 1
    with T.If(n > 4):
        with T.Then():
            A[0] = x
        with T.Else():
            A[1] = x
            with T.If(n == 7), T.Then():
                A[2] = 3
