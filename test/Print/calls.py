# RUN: %tirx-opt %s | FileCheck %s --match-full-lines --strict-whitespace
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %tirx-opt %s | %tirx-opt - | FileCheck %s --match-full-lines --strict-whitespace
# Calls: the result dtype where the op needs it (first for reinterpret/call_extern/
# min_value, second for T.cuda.ldg, return_type= only for non-void func_call); T.ptx in
# the exact-text form from the chained spelling; bare void calls.
# CHECK:@T.prim_func
# CHECK-NEXT:def calls(A: T.Buffer((64,), "float32"), p: T.handle("float32", "global"), x: T.float32, u: T.uint32):
# CHECK-NEXT:    T.device_entry()
# CHECK-NEXT:    tx = T.thread_id([64])
# CHECK-NEXT:    A[tx] = T.cuda.ldg(p, "float32")
# CHECK-NEXT:    A[tx] = T.call_extern("float32", "expf", x)
# CHECK-NEXT:    A[tx] = T.call_pure_extern("float32", "sqrtf", x)
# CHECK-NEXT:    A[tx] = T.min_value("float32")
# CHECK-NEXT:    T.cuda.func_call("noop", source_code="__device__ void noop() {}")
# CHECK-NEXT:    A[tx] = T.tvm_warp_shuffle_xor(u, x, 16, 32, 32)
# CHECK-NEXT:    A[tx] = T.reinterpret("float32", u)
# CHECK-NEXT:    A[tx] = T.cuda.warp_sum(x)
# CHECK-NEXT:    T.ptx["cp.async.commit_group"]()
# CHECK-NEXT:    T.ptx["cp.async.wait_group"](0)
# CHECK-NEXT:    A[tx] = T.if_then_else(tx < 3, x, T.exp(x))
# CHECK-NEXT:    T.print_buffer(A.data, "float32", T.bool(False), T.bool(False), 1, 8)

@T.prim_func
def calls(A: T.Buffer((64,), "float32"), p: T.handle("float32", "global"), x: T.float32, u: T.uint32):
    T.device_entry()
    tx = T.thread_id([64])
    A[tx] = T.cuda.ldg(p, "float32")
    A[tx] = T.call_extern("float32", "expf", x)
    A[tx] = T.call_pure_extern("float32", "sqrtf", x)
    A[tx] = T.min_value("float32")
    T.cuda.func_call("noop", source_code="__device__ void noop() {}")
    A[tx] = T.tvm_warp_shuffle_xor(u, x, 16, 32, 32)
    A[tx] = T.reinterpret("float32", u)
    A[tx] = T.cuda.warp_sum(x)
    T.ptx.cp.async_.commit_group()
    T.ptx["cp.async.wait_group"](0)
    A[tx] = T.if_then_else(tx < 3, x, T.exp(x))
    T.print_buffer(A.data, "float32", False, False, 1, (8,))
