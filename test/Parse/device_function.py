# RUN: %tirx-opt --verify-roundtrip %s | FileCheck %s
# A private function that returns a value is a device function (TVM's helpers
# called from kernels): device-only intrinsics are valid in its body without
# a T.device_entry().
# CHECK: @T.prim_func(private=True)
# CHECK-NEXT: def spin(addr_h: T.handle("int32", "global")) -> T.int32:
# CHECK: T.cuda.nano_sleep(40)
@T.prim_func(private=True)
def spin(addr_h: T.handle("int32", "global")) -> T.int32:
    addr = T.decl_scalar(T.int32, data=addr_h, elem_offset=0, scope="global")
    value: T.int32 = addr
    while value < 0:
        T.cuda.nano_sleep(40)
        value = addr
    return value
