# RUN: not %tirx-opt %s 2>&1 | FileCheck %s
# A token no open slot of the family lists: located, with the open slots named.
# CHECK: ptx_engine_modifier.py:9:25: error: 'v3' is not a valid modifier for T.ptx.ld; open slots: {{.*}}type∈{b8,u8,s8,b16,u16,s16,b32,u32,s32,b64,u64,s64,f32,f64}
@T.prim_func
def f(A: T.Buffer((64,), "uint32")):
    T.device_entry()
    tx = T.thread_id([64])
    d: T.uint32
    T.ptx.ld.global_.v3.b32(d, d, d, T.address_of(A[0]))
