# RUN: %tirx-opt %s | FileCheck %s --match-full-lines --strict-whitespace
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %tirx-opt %s | %tirx-opt - | FileCheck %s --match-full-lines --strict-whitespace
# E33 (adapted): a scalar view over a shared.dyn pool and a body-level T.Buffer
# alias with data= both print as T.decl_buffer (tirx keeps the aliasing; the scalar
# sugar is for local allocations only); a warp_id needs a lane_id for a thread extent.
# CHECK:@T.prim_func
# CHECK-NEXT:def pools():
# CHECK-NEXT:    T.device_entry()
# CHECK-NEXT:    v = T.warp_id([4])
# CHECK-NEXT:    l = T.lane_id([32])
# CHECK-NEXT:    pool = T.alloc_buffer((16,), "uint8", scope="shared.dyn")
# CHECK-NEXT:    flag = T.decl_buffer((1,), "float16", data=pool.data, elem_offset=4, scope="shared.dyn")
# CHECK-NEXT:    flag[0] = flag[0] + T.float16(1.0)
# CHECK-NEXT:    for i in range(2):
# CHECK-NEXT:        alias = T.decl_buffer((16,), "uint8", data=pool.data, scope="shared.dyn")
# CHECK-NEXT:        alias[i] = T.uint8(1)

@T.prim_func
def pools():
    T.device_entry()
    v = T.warp_id([4])
    l = T.lane_id([32])
    pool = T.alloc_buffer((16,), "uint8", scope="shared.dyn")
    flag = T.decl_scalar(T.float16, data=pool.data, elem_offset=4, scope="shared.dyn")
    flag[0] = flag[0] + T.float16(1.0)
    for i in range(2):
        alias = T.Buffer((16,), "uint8", data=pool.data, scope="shared.dyn")
        alias[i] = T.uint8(1)
