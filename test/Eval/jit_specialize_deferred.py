# With --entry, a .specialize(...) result is built when its PrimFunc is first
# needed: a factory returning a dict of kernels builds only the one the entry
# picks.  Building "bad"'s body fails (a division by zero), so any entry that reached it
# would report that; picking "good" shows the other was never built.
# RUN: %tirx-opt %s --entry 'KERNELS["good"]' | FileCheck %s
# CHECK: def scale(A: T.Buffer((4,), "float32")):
# CHECK-NOT: def
# CHECK: A[i] = A[i] * T.float32(2.0)
#
# The pending build runs when the entry needs it, reporting the body's error where it is.
# RUN: not %tirx-opt %s --entry 'KERNELS["bad"]' 2>&1 | FileCheck %s --check-prefix=BAD
# BAD: jit_specialize_deferred.py:[[@LINE+21]]:36: error: {{.*}}division by zero
#
# with_attr on a pending kernel builds it first; copies of the value share one build.
# RUN: %tirx-opt %s --entry 'twice()' | FileCheck %s --check-prefix=ATTR
# ATTR: def scale(A: T.Buffer((8,), "float32")):
# ATTR: T.func_attr({"b": 2})
#
# A pending device function called from a kernel body is built there; the
# kernel being built carries on (its loop, its buffer) after it.
# RUN: %tirx-opt %s --entry 'outer.specialize(N=4)' | FileCheck %s --check-prefix=NESTED
# NESTED: def outer(A: T.Buffer((4,), "float32")):
# NESTED-NEXT: for i in range(4):
# NESTED-NEXT: A[i] = scaled(A[i]) + T.float32(1.0)
#
# specialize() with a wrong name stays an error at the call, before any build.
# RUN: not %tirx-opt %s --entry 'KERNELS["good"].with_attr("k", 1) if scale.specialize(Q=1) else None' 2>&1 | FileCheck %s --check-prefix=NAME
# NAME: error: specialize(): 'Q' is not a T.constexpr parameter of 'scale'


@T.jit
def scale(A_h: T.handle, *, N: T.constexpr, F: T.constexpr = 2.0):
    A = T.match_buffer(A_h, shape=[N // (N % 4 == 0)], dtype="float32")
    for i in range(N):
        A[i] = A[i] * T.float32(F)


KERNELS = {"good": scale.specialize(N=4), "bad": scale.specialize(N=6)}


def twice():
    k = scale.specialize(N=8)
    a = k.with_attr("a", 1)
    return k.with_attr("b", 2)


@T.jit(private=True)
def scaled(x: T.float32, *, G: T.constexpr) -> T.float32:
    return x * T.float32(G)


HALF = scaled.specialize(G=0.5)


@T.jit
def outer(A_h: T.handle, *, N: T.constexpr):
    A = T.match_buffer(A_h, shape=[N], dtype="float32")
    for i in range(N):
        A[i] = HALF(A[i]) + T.float32(1.0)
