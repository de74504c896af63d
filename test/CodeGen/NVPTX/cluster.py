# Thread-block clusters (sm_90): cluster dims → "nvvm.cluster_dim"
# (.explicitcluster .reqnctapercluster); cluster ids are special registers;
# cluster_sync is barrier.cluster.arrive + wait; mapa maps a shared address to
# a peer CTA's.
# RUN: %tirx-llc --emit=llvm --mcpu=sm_90a %s | FileCheck %s --check-prefix=LLVM
# RUN: %tirx-llc --emit=ptx --mcpu=sm_90a %s | FileCheck %s --check-prefix=PTX
# RUN: not %tirx-llc --emit=ptx --mcpu=sm_89 %s 2>&1 | FileCheck %s --check-prefix=SM89
# LLVM-LABEL: define ptx_kernel void @clus_kernel(
# LLVM: call i32 @llvm.nvvm.read.ptx.sreg.cluster.ctarank()
# LLVM: call void @llvm.nvvm.barrier.cluster.arrive.aligned()
# LLVM-NEXT: call void @llvm.nvvm.barrier.cluster.wait.aligned()
# LLVM: call ptr addrspace(7) @llvm.nvvm.mapa.shared.cluster(ptr addrspace(3) %{{.*}}, i32 %{{.*}})
# LLVM: "nvvm.cluster_dim"="2,1,1"
# PTX: .explicitcluster
# PTX: .reqnctapercluster 2, 1, 1
# PTX: mov.u32 %r{{[0-9]+}}, %cluster_ctarank;
# PTX: barrier.cluster.arrive.aligned;
# PTX: barrier.cluster.wait.aligned;
# PTX: mapa.shared::cluster.u{{32|64}}
# SM89: error: codegen: thread-block clusters require sm_90 or newer (target is sm_89)
@T.prim_func
def clus(A_ptr: T.handle):
    A = T.match_buffer(A_ptr, (8, 64), "uint32")
    T.device_entry()
    cid = T.cluster_id([4])
    rank = T.cta_id_in_cluster([2])
    tx = T.thread_id([64])
    sm = T.alloc_shared((64,), "uint32")
    sm[tx] = T.uint32(rank)
    T.cuda.cluster_sync()
    peer: T.uint32 = T.ptx["mapa.shared::cluster.u32"](T.cuda.cvta_generic_to_shared(T.address_of(sm[tx])), 1 - rank)
    A[cid * 2 + rank, tx] = peer
