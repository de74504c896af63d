# A module-level @T.inline function sees its module's names, not the caller's
# locals: `nb = H // 2` in its body is a new binding (a let, as TVM's parser
# makes it) even where the caller has a Python `nb` of its own; an @T.inline
# defined inside a factory still sees the factory's names. The CHECK lines are
# what TVM 0.27 prints.
# RUN: %tirx-opt --print-style=tvm %s --entry 'get(4)' | FileCheck %s
# CHECK:      nb: T.int32 = 2
# CHECK-NEXT: if n < nb:
# CHECK-NEXT:   A[n] = T.float32(2.0)
# CHECK-NEXT: A[1] = T.float32(7.0)
from tvm.script import tirx as T

@T.inline
def inl(A, i, *, H: T.constexpr):
    nb = H // 2
    if i < nb:
        A[i] = T.float32(2)

def get(H):
    nb = 7

    @T.inline
    def inner(A):
        A[1] = T.float32(nb)

    @T.prim_func
    def f(A: T.Buffer((4,), "float32"), n: T.int32):
        inl(A, n, H=H)
        inner(A)
    return f
