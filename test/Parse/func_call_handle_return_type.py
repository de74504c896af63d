# TVM prints a pointer return type of T.cuda.func_call as `T.handle().ty`
# (its kernels after LowerTIRx carry pointer-offset helpers written so):
# tirx reads it as the handle dtype.
# RUN: %tirx-opt %s | FileCheck %s
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
@T.prim_func
def k(A: T.Buffer((4,), "float32")):
    T.device_entry()
    # CHECK: p: T.let[T.handle] = T.cuda.func_call("f", T.address_of(A[0]), 1, source_code="x", return_type="handle")
    p: T.let[T.handle] = T.cuda.func_call("f", T.address_of(A[0]), 1, source_code="x", return_type=T.handle().ty)
    T.evaluate(p)
