# RUN: %tirx-opt %s | FileCheck %s --match-full-lines --strict-whitespace
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %tirx-opt %s | %tirx-opt - | FileCheck %s --match-full-lines --strict-whitespace
# E29: legacy T.launch_thread - with ... as when followed by statements, flat
# assignment when last.
# CHECK:@T.prim_func
# CHECK-NEXT:def legacy(A: T.Buffer((128,), "float32")):
# CHECK-NEXT:    with T.launch_thread("blockIdx.x", 4) as blockIdx_x:
# CHECK-NEXT:        threadIdx_x = T.launch_thread("threadIdx.x", 32)
# CHECK-NEXT:        A[blockIdx_x * 32 + threadIdx_x] = T.float32(0.0)
# CHECK-NEXT:    A[0] = T.float32(1.0)

@T.prim_func
def legacy(A: T.Buffer((128,), "float32")):
    with T.launch_thread("blockIdx.x", 4) as blockIdx_x:
        threadIdx_x = T.launch_thread("threadIdx.x", 32)
        A[blockIdx_x * 32 + threadIdx_x] = T.float32(0.0)
    A[0] = T.float32(1.0)
