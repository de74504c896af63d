# A symbolic shape prints through a runtime loop: one vprintf per element with
# the separator ("[", " ", "]\n  [") chosen by the flat index.
# RUN: %tirx-llc --emit=llvm %s | FileCheck %s
# CHECK-DAG: c"(A_ptr, shape=(%lld,%lld), dtype=float16):\0A\00"
# CHECK-DAG: c"]\0A  [\00"
# CHECK-DAG: c"%s%f\00"
# CHECK-DAG: c"]]\0A\00"
# CHECK-LABEL: define ptx_kernel void @dyn_print_kernel(
# CHECK: print.head:
# CHECK: %i = phi i64
# CHECK: srem i64 %i,
# CHECK: call i32 @vprintf(
@T.prim_func
def dyn_print(A_ptr: T.handle, m: T.int32, n: T.int32):
    A = T.match_buffer(A_ptr, (m * n,), "float16")
    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([32])
    T.print_buffer(A.data, "float16", False, False, 2, (m, n))
