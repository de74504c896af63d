# --entry: a factory call or a name, evaluated after the module ran; the
# PrimFunc it gives is the module's only function.  The inner prim_func sees
# the factory's parameters (and its locals) as constants.
# RUN: %tirx-opt %s --entry 'get_kernel(256, block=64)' | FileCheck %s
# RUN: %tirx-opt %s --entry='get_kernel(n=32)' | FileCheck %s --check-prefix=N32
# RUN: %tirx-opt %s --entry plain | FileCheck %s --check-prefix=NAME
# RUN: not %tirx-opt %s --entry 'nope(1)' 2>&1 | FileCheck %s --check-prefix=UNDEF
# RUN: not %tirx-opt %s --entry 'helper(2)' 2>&1 | FileCheck %s --check-prefix=NOTFUNC
# RUN: not %tirx-opt %s --entry 'get_kernel(' 2>&1 | FileCheck %s --check-prefix=SYNTAX
# CHECK-NOT: def plain
# CHECK: def add(A: T.Buffer((256,), "float32"), B: T.Buffer((256,), "float32")):
# CHECK-NEXT: T.func_attr({"global_symbol": "add_256_64"})
# CHECK-NEXT: for i in range(4):
# CHECK: B[i] = A[i] + T.float32(3.0)
# CHECK-NOT: def plain
# N32: def add(A: T.Buffer((32,), "float32"), B: T.Buffer((32,), "float32")):
# N32-NEXT: T.func_attr({"global_symbol": "add_32_128"})
# N32: for i in range(1):
# NAME: def plain(
# NAME-NOT: def add
# UNDEF: error: name 'nope' is not defined
# NOTFUNC: error: --entry: 'helper(2)' did not give a PrimFunc
# SYNTAX: error: --entry: 'get_kernel(' is not a Python expression

def helper(x):
    return x + 1

def get_kernel(n, *, block=128, dtype="float32"):
    nb = (n + block - 1) // block
    extra = helper(2)

    @T.prim_func
    def add(A: T.Buffer((n,), dtype), B: T.Buffer((n,), dtype)):
        T.func_attr({"global_symbol": f"add_{n}_{block}"})
        for i in range(nb):
            B[i] = A[i] + T.float32(extra)

    return add

@T.prim_func
def plain(A: T.Buffer((4,), "float32")):
    T.evaluate(0)
