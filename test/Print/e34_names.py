# RUN: %tirx-opt %s | FileCheck %s --match-full-lines --strict-whitespace
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %tirx-opt %s | %tirx-opt - | FileCheck %s --match-full-lines --strict-whitespace
# E34: names are unique in the scope stack (a shadowing buffer prints buf_1, a nested
# loop var i_1) and released when their scope closes (the sibling loop reuses i);
# unnamed launch vars are named after their tag.
# CHECK:@T.prim_func
# CHECK-NEXT:def names(A: T.Buffer((4, 4), "float32")):
# CHECK-NEXT:    buf = T.alloc_local((4,))
# CHECK-NEXT:    for i in range(4):
# CHECK-NEXT:        buf_1 = T.alloc_local((4,))
# CHECK-NEXT:        buf_1[i] = T.float32(1.0)
# CHECK-NEXT:        for i_1 in range(4):
# CHECK-NEXT:            A[i_1, 0] = buf_1[i_1]
# CHECK-NEXT:    for i in range(4):
# CHECK-NEXT:        A[i, 1] = buf[i]
# CHECK-NEXT:    with T.launch_thread("threadIdx.x", 4) as threadIdx_x:
# CHECK-NEXT:        A[0, 2] = T.float32(0.0)
# CHECK-NEXT:    threadIdx_x = T.launch_thread("threadIdx.x", 4)
# CHECK-NEXT:    A[0, 3] = T.float32(0.0)

@T.prim_func
def names(A: T.Buffer((4, 4), "float32")):
    buf = T.alloc_local((4,))
    for i in range(4):
        buf = T.alloc_local((4,))
        buf[i] = T.float32(1.0)
        for i in range(4):
            A[i, 0] = buf[i]
    for i in range(4):
        A[i, 1] = buf[i]
    with T.launch_thread("threadIdx.x", 4):
        A[0, 2] = T.float32(0.0)
    T.launch_thread("threadIdx.x", 4)
    A[0, 3] = T.float32(0.0)
