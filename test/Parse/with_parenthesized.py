# with (a, b): Python 3.10's parenthesized context managers are the items a
# and b, as `with a, b:` (kernels write `with (T.If(c), T.Then()):`).
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# CHECK: if n > 2:
# CHECK-NEXT: A[0] = 1
# CHECK: with T.attr({"k": 1}):
# CHECK-NEXT: T.evaluate(7)


@T.prim_func
def f(A: T.Buffer((2,), "int32"), n: T.int32):
    with (
        T.If(n > 2),
        T.Then(),
    ):
        A[0] = 1
    with (T.attr({"k": 1}),):
        T.evaluate(7)
