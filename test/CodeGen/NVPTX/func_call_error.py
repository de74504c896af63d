# T.cuda.func_call carries CUDA C source: rejected with a located diagnostic
# that points to inline PTX instead (spec README decision 4).
# RUN: not %tirx-llc --emit=ptx %s 2>&1 | FileCheck %s
# CHECK: func_call_error.py:[[@LINE+10]]:19: error: codegen: T.cuda.func_call carries CUDA C source, which the LLVM NVPTX backend cannot compile; write the instruction as inline PTX with T.ptx["..."] instead
# CHECK-NEXT: {{^}}    x[0] = T.cuda.func_call("my_fn", x[0], source_code="__device__ float my_fn(float v) { return v; }", return_type="float32")
# CHECK-NEXT: {{^}}                  ^
@T.prim_func
def fc(A_ptr: T.handle):
    A = T.match_buffer(A_ptr, (32,), "float32")
    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([32])
    x = T.alloc_local((1,), "float32")
    x[0] = T.cuda.func_call("my_fn", x[0], source_code="__device__ float my_fn(float v) { return v; }", return_type="float32")
    A[tx] = x[0]
