# RUN: %tirx-llc %s --mcpu=sm_90a --emit=ptx -o - | FileCheck %s
# TVM's pointers are generic: a buffer declared over
# T.reinterpret(T.handle("uint64", "global").ty, T.address_of(smem[i])) holds
# a shared address, and T.cuda.cvta_generic_to_shared of its elements is that
# shared address: smem + 512 + 8 bytes through the generic space.
# CHECK: add.s32 [[S:%r[0-9]+]], %r{{[0-9]+}}, 512;
# CHECK: cvta.shared.u64
# CHECK: add.s64 {{.*}}, 8;
# CHECK: cvta.to.shared.u64
# CHECK: st.global.b32
@T.prim_func
def f(O: T.Buffer((1,), "uint32")):
    T.device_entry()
    tx = T.thread_id([32])
    smem = T.alloc_shared((1024,), "uint8")
    bar_data: T.let[T.handle("uint64", "global")] = T.reinterpret(T.handle("uint64", "global").ty, T.address_of(smem[512]))
    bars = T.decl_buffer((4,), "uint64", data=bar_data, align=8)
    O[0] = T.cuda.cvta_generic_to_shared(T.address_of(bars[1]))
