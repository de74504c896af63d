# Plain Python functions at parse time: positional, default, keyword-only,
# *args and **kwargs parameters, recursion, closures, module-level calls.
# RUN: %tirx-opt %s | FileCheck %s
# CHECK: T.evaluate("1/2.5/x|k=3")
# CHECK-NEXT: T.evaluate(15)
# CHECK-NEXT: T.evaluate(120)
# CHECK-NEXT: T.evaluate(7)
# CHECK-NEXT: T.evaluate(42)
# CHECK-NEXT: T.evaluate(3)

def show(*args, sep="-", **kw):
    return sep.join([str(a) for a in args]) + "|" + ",".join([f"{k}={v}" for k, v in kw.items()])

def counter(base):
    def inc(x):
        return base + x
    return inc

def fact(n):
    if n <= 1:
        return 1
    return n * fact(n - 1)

def pick(a, b=5, *, c=2):
    return a + b * c if a > 0 else a

def no_caller_locals():
    return x_module

x_module = 3
SEVEN = pick(-3) + pick(1, 2, c=2) + 5

def answer():
    x_module = 99  # a caller's local is not visible to the callee
    return no_caller_locals() * 14

@T.prim_func
def f(A: T.Buffer((4,), "float32")):
    T.evaluate(show(1, 2.5, "x", sep="/", k=3))
    T.evaluate(counter(10)(5))
    T.evaluate(fact(5))
    T.evaluate(SEVEN)
    T.evaluate(answer())
    T.evaluate(no_caller_locals())
