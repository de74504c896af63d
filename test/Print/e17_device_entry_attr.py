# RUN: %tirx-opt %s | FileCheck %s --match-full-lines --strict-whitespace
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %tirx-opt %s | %tirx-opt - | FileCheck %s --match-full-lines --strict-whitespace
# E17: T.device_entry() is never merged into a node-less attribute dict.
# CHECK:@T.prim_func
# CHECK-NEXT:def bounded(A: T.Buffer((256,), "float32")):
# CHECK-NEXT:    T.device_entry()
# CHECK-NEXT:    T.attr({"tirx.launch_bounds_min_blocks_per_sm": 2})
# CHECK-NEXT:    bx = T.cta_id([1])
# CHECK-NEXT:    tx = T.thread_id([256])
# CHECK-NEXT:    A[tx] = T.float32(0.0)

@T.prim_func
def bounded(A: T.Buffer((256,), "float32")):
    T.device_entry()
    T.attr({"tirx.launch_bounds_min_blocks_per_sm": 2})
    bx = T.cta_id([1])
    tx = T.thread_id([256])
    A[tx] = T.float32(0.0)
