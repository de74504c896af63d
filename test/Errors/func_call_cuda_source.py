# RUN: not %tirx-opt %s 2>&1 | FileCheck %s
# CHECK: {{.*}}func_call_cuda_source.py:7:20: error: T.cuda.func_call needs source_code=
@T.prim_func
def f(A: T.Buffer((4,), "float32")):
    T.device_entry()
    tx = T.thread_id([4])
    A[tx] = T.cuda.func_call("relu", A[tx], return_type="float32")
