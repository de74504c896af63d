# Blackwell tensor memory (sm_100a): tcgen05.alloc writes the TMEM base into a
# shared slot; fences, waits, relinquish and dealloc.
# RUN: %tirx-llc --emit=llvm --mcpu=sm_100a %s | FileCheck %s --check-prefix=LLVM
# RUN: %tirx-llc --emit=ptx --mcpu=sm_100a %s | FileCheck %s --check-prefix=PTX
# LLVM-LABEL: define ptx_kernel void @tmem_kernel(
# LLVM: call void @llvm.nvvm.tcgen05.alloc.shared.cg1(ptr addrspace(3) @tmem_kernel_slot, i32 128)
# LLVM: call void @llvm.nvvm.tcgen05.relinq.alloc.permit.cg1()
# LLVM: call void @llvm.nvvm.tcgen05.fence.before.thread.sync()
# LLVM: call void @llvm.nvvm.tcgen05.fence.after.thread.sync()
# LLVM: call void @llvm.nvvm.tcgen05.wait.ld()
# LLVM: call void @llvm.nvvm.tcgen05.wait.st()
# LLVM: call void @llvm.nvvm.tcgen05.dealloc.cg1(ptr addrspace(6) %{{.*}}, i32 128)
# PTX: tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [tmem_kernel_slot], %r{{[0-9]+}};
# PTX: tcgen05.relinquish_alloc_permit.cta_group::1.sync.aligned;
# PTX: tcgen05.fence::before_thread_sync;
# PTX: tcgen05.fence::after_thread_sync;
# PTX: tcgen05.wait::ld.sync.aligned;
# PTX: tcgen05.wait::st.sync.aligned;
# PTX: tcgen05.dealloc.cta_group::1.sync.aligned.b32
@T.prim_func
def tmem(A_ptr: T.handle):
    A = T.match_buffer(A_ptr, (128,), "uint32")
    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([128])
    slot = T.alloc_shared((1,), "uint32")
    if tx < 32:
        T.ptx["tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32"](slot.data, 128)
        T.ptx["tcgen05.relinquish_alloc_permit.cta_group::1.sync.aligned"]()
    T.ptx["tcgen05.fence::before_thread_sync"]()
    T.cuda.cta_sync()
    T.ptx["tcgen05.fence::after_thread_sync"]()
    A[tx] = slot[0]
    T.ptx["tcgen05.wait::ld.sync.aligned"]()
    T.ptx["tcgen05.wait::st.sync.aligned"]()
    if tx < 32:
        T.ptx["tcgen05.dealloc.cta_group::1.sync.aligned.b32"](slot[0], 128)
