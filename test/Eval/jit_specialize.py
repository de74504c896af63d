# A @T.jit kernel compiled through --entry: KERNEL.specialize(**constexprs),
# called from a factory that builds the values, and with_attr on the result.
# RUN: %tirx-opt %s --entry 'get_kernel(n=8)' | FileCheck %s
# CHECK: def add(A: T.Buffer((8,), "float32")):
# CHECK: T.func_attr({"note": "x"})
# CHECK: A[i] = A[i] + T.float32(2.0)
# RUN: not %tirx-opt %s --entry 'bad()' 2>&1 | FileCheck %s --check-prefix=BAD
# BAD: error: specialize(): 'M' is not a T.constexpr parameter of 'add'


@T.jit
def add(A_h: T.handle, *, N: T.constexpr, STEP: T.constexpr = 2.0):
    A = T.match_buffer(A_h, shape=[N], dtype="float32")
    for i in range(N):
        A[i] = A[i] + T.float32(STEP)


def get_kernel(n):
    cfg = dict(N=n)
    return add.specialize(**cfg).with_attr("note", "x")


def bad():
    return add.specialize(M=1)


# An Optional handle: specialize(h=None) removes the parameter; otherwise it is a handle.
# RUN: %tirx-opt %s --entry 'opt.specialize(B_h=None)' | FileCheck %s --check-prefix=NONE
# NONE: def opt(A: T.Buffer((4,), "float32")):
# NONE-NEXT: A[0] = T.float32(1.0)
# RUN: %tirx-opt %s --entry 'opt.specialize()' | FileCheck %s --check-prefix=KEEP
# KEEP: def opt(A: T.Buffer((4,), "float32"), B_h: T.handle):
@T.jit
def opt(A: T.Buffer((4,), "float32"), B_h: T.Optional(T.handle)):
    if B_h is None:
        A[0] = T.float32(1.0)
    else:
        A[0] = T.float32(2.0)
