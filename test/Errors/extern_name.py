# RUN: not %tirx-llc %s -o /dev/null 2>&1 | FileCheck %s
# An extern function name that is not a PTX identifier is a located error (LLVM aborted
# with "Symbol name with unsupported characters"; found by the compile fuzzer).
# CHECK: extern_name.py:10:43: error: codegen: T.call_pure_extern: 'my fn' is not a valid PTX function name
@T.prim_func
def f(A: T.Buffer((64,), "float32"), x: T.float32):
    T.device_entry()
    tx = T.thread_id([64])
    A[tx] = T.call_extern("float32", "expf", x)
    A[tx] = T.call_pure_extern("float32", "my fn", x)
