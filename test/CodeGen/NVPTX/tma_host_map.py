# Host-encoded tensor maps reach the kernel as by-value grid-constant parameters: after
# split-host-device, A_map and B_map (bound by T.tvm_stack_alloca("tensormap", 1) and
# encoded before T.device_entry()) are `ptr byval([128 x i8]) align 64
# "nvvm.grid_constant"` params (.param .align 64 .b8 [128]); cp.async.bulk.tensor
# (load: the map passed as it is; store: T.address_of(map)) and prefetch.tensormap take
# the param's generic address (cvta.param).  The cubin for sm_90a / sm_100a is built by
# assemble.test.
# RUN: %tirx-llc --emit=llvm --mcpu=sm_90a %s | FileCheck %s --check-prefix=LLVM
# RUN: %tirx-llc --emit=ptx --mcpu=sm_90a %s | FileCheck %s --check-prefix=PTX
# LLVM-LABEL: define ptx_kernel void @tmap_cg_kernel(ptr byval([128 x i8]) align 64 "nvvm.grid_constant" %A_map, ptr byval([128 x i8]) align 64 "nvvm.grid_constant" %B_map)
# LLVM: call void @llvm.nvvm.prefetch.tensormap.p0(ptr %A_map)
# LLVM: call void @llvm.nvvm.cp.async.bulk.tensor.g2s.tile.2d(ptr addrspace(7) {{.*}}@tmap_cg_kernel_sm{{.*}}, ptr addrspace(3) @tmap_cg_kernel_bar, ptr %A_map, i32 0, i32 %{{[0-9]+}}, i16 0, i64 0, i1 false, i1 false, i32 0)
# LLVM: call void @llvm.nvvm.cp.async.bulk.tensor.s2g.tile.2d(ptr addrspace(3) @tmap_cg_kernel_sm, ptr %B_map, i32 0, i32 %{{[0-9]+}}, i64 0, i1 false)
# PTX: .param .align 64 .b8 tmap_cg_kernel_param_0[128],
# PTX-NEXT: .param .align 64 .b8 tmap_cg_kernel_param_1[128]
# PTX-DAG: mov.b64 %[[PA:rd[0-9]+]], tmap_cg_kernel_param_0;
# PTX-DAG: mov.b64 %[[PB:rd[0-9]+]], tmap_cg_kernel_param_1;
# PTX-DAG: cvta.param.u64 %[[GB:rd[0-9]+]], %[[PB]];
# PTX-DAG: cvta.param.u64 %[[GA:rd[0-9]+]], %[[PA]];
# PTX: prefetch.tensormap [%[[GA]]];
# PTX: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [tmap_cg_kernel_sm], [%[[GA]], {%r{{[0-9]+}}, %r{{[0-9]+}}}], [tmap_cg_kernel_bar];
# PTX: cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group [%[[GB]], {%r{{[0-9]+}}, %r{{[0-9]+}}}], [tmap_cg_kernel_sm];
@T.prim_func
def tmap_cg(A: T.Buffer((64, 128), "float16"), B: T.Buffer((64, 128), "float16")):
    A_map: T.let[T.handle("tensormap")] = T.tvm_stack_alloca("tensormap", 1)
    T.call_packed("runtime.cuTensorMapEncodeTiled", A_map, "float16", 2, A.data,
                  128, 64, 256, 64, 32, 1, 1, 0, 0, 0, 0)
    B_map: T.let[T.handle("tensormap")] = T.tvm_stack_alloca("tensormap", 1)
    T.call_packed("runtime.cuTensorMapEncodeTiled", B_map, "float16", 2, B.data,
                  128, 64, 256, 64, 32, 1, 1, 0, 0, 0, 0)
    T.device_entry()
    bx = T.cta_id([2])
    tx = T.thread_id([128])
    sm = T.alloc_shared((32, 64), "float16", align=128)
    bar = T.alloc_shared((1,), "uint64")
    if tx == 0:
        T.ptx.prefetch.tensormap(T.address_of(A_map))
        T.ptx.mbarrier.init.shared.b64(bar.data, 1)
        T.ptx.fence.mbarrier_init.release.cluster()
    T.cuda.cta_sync()
    if tx == 0:
        T.ptx.mbarrier.arrive.expect_tx.shared__cta.b64(bar.data, 4096)
        T.ptx["cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"](sm.data, A_map, 0, bx * 32, bar.data)
    T.cuda.mbarrier_wait(bar.data, 0)
    if tx == 0:
        T.ptx.fence.proxy.async_.shared__cta()
        T.ptx["cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group"](T.address_of(B_map), 0, bx * 32, sm.data)
        T.ptx.cp.async_.bulk.commit_group()
        T.ptx.cp.async_.bulk.wait_group(0)
