# RUN: %tirx-llc %s --mcpu=sm_90a --emit=ptx -o - | FileCheck %s
# RUN: %tirx-llc %s --mcpu=sm_100a --emit=cubin -o %t.cubin
# RUN: %tirx-llc %s --mcpu=sm_90a --emit=cubin -o %t.90.cubin
# RUN: not %tirx-llc %s --mcpu=sm_90a --emit=bundle -o %t.tirxb 2>&1 | FileCheck %s --check-prefix=BUNDLE
# A file holding only a device function (TVM prints the helper a kernel of
# another file calls this way, private, returning a value): it compiles on its
# own to a visible .func in a relocatable cubin, to link with its callers.
# CHECK: .visible .func  (.param .b32 func_retval0) main(
# CHECK: ld.acquire.sys.global.b32
# BUNDLE: error: no bundle: it needs a kernel's launch plan
# from tvm.script import tirx as T

@T.prim_func(private=True)
def main(addr_h: T.handle("int32", "global")) -> T.int32:
    addr = T.decl_scalar(T.int32, data=addr_h, elem_offset=0, scope="global")
    value: T.int32
    T.ptx.ld(value, T.address_of(addr), "", "acquire", "sys", "global", "", "", "", "", "", "b32", "")
    while value < 0:
        T.cuda.nano_sleep(40)
        T.ptx.ld(value, T.address_of(addr), "", "acquire", "sys", "global", "", "", "", "", "", "b32", "")
    return value
