# RUN: %tirx-opt %s | FileCheck %s --match-full-lines --strict-whitespace
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %tirx-opt %s | %tirx-opt - | FileCheck %s --match-full-lines --strict-whitespace
# T.thread_binding loops (with and without a min), a flat launch_thread, a loop
# var named v.
# CHECK:@T.prim_func
# CHECK-NEXT:def names(A: T.Buffer((4,), "float32")):
# CHECK-NEXT:    for v in range(2):
# CHECK-NEXT:        T.evaluate(v)
# CHECK-NEXT:    in_ = T.launch_thread("threadIdx.x", 4)
# CHECK-NEXT:    for i in T.thread_binding(4, thread="threadIdx.y"):
# CHECK-NEXT:        for j in T.thread_binding(1, 3, thread="blockIdx.x"):
# CHECK-NEXT:            A[i] = T.Cast("float32", j + in_)

@T.prim_func
def names(A: T.Buffer((4,), "float32")):
    for v in range(2):
        T.evaluate(v)
    in_ = T.launch_thread("threadIdx.x", 4)
    for i in T.thread_binding(4, thread="threadIdx.y"):
        for j in T.thread_binding(1, 3, thread="blockIdx.x"):
            A[i] = T.Cast("float32", j + in_)
