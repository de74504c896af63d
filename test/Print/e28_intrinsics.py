# RUN: %tirx-opt %s | FileCheck %s --match-full-lines --strict-whitespace
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %tirx-opt %s | %tirx-opt - | FileCheck %s --match-full-lines --strict-whitespace
# E28: T.cuda calls, T.ptx in the exact-text form (from both source spellings),
# T.cuda.func_call with source_code= and return_type=.
# CHECK:@T.prim_func
# CHECK-NEXT:def intrinsics(A: T.Buffer((256,), "float32"), B: T.Buffer((256,), "float32")):
# CHECK-NEXT:    T.device_entry()
# CHECK-NEXT:    bx = T.cta_id([1])
# CHECK-NEXT:    tx = T.thread_id([256])
# CHECK-NEXT:    T.cuda.cta_sync()
# CHECK-NEXT:    T.ptx["setmaxnreg.inc.sync.aligned.u32"](232)
# CHECK-NEXT:    T.ptx["mbarrier.init.shared.b64"](T.cuda.cvta_generic_to_shared(B.data), T.uint32(1))
# CHECK-NEXT:    B[tx] = T.cuda.func_call("my_relu", A[tx], source_code="__device__ float my_relu(float x) { return x > 0.f ? x : 0.f; }", return_type="float32")

@T.prim_func
def intrinsics(A: T.Buffer((256,), "float32"), B: T.Buffer((256,), "float32")):
    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([256])
    T.cuda.cta_sync()
    T.ptx.setmaxnreg.inc.sync.aligned.u32(232)
    T.ptx["mbarrier.init.shared.b64"](B.data, 1)
    B[tx] = T.cuda.func_call("my_relu", A[tx], source_code="__device__ float my_relu(float x) { return x > 0.f ? x : 0.f; }", return_type="float32")
