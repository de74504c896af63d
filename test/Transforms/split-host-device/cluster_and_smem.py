# RUN: %tirx-opt --pass-pipeline=default %s | FileCheck %s
# CHECK: {{^}}# launch plan clus: params A: float32[1024]
# CHECK-NEXT: {{^}}# launch plan clus: kernel clus_kernel grid=(8, 1, 1) block=(128, 1, 1) cluster=(2, 1, 1) dyn_smem=0
# CHECK-LABEL: {{^}}def clus_kernel(A_ptr: T.handle("float32", "global")):
# CHECK-NEXT: {{^}}    T.func_attr({"tirx.is_device_kernel": True})
# CHECK-NEXT: {{^}}    T.attr({"tirx.launch_bounds_min_blocks_per_sm": 1, "tirx.cluster_dims": [2, 1, 1]})
# CHECK-NEXT: {{^}}    blockIdx_x = T.launch_thread("blockIdx.x", 8)
# CHECK-NEXT: {{^}}    tx = T.launch_thread("threadIdx.x", 128)
# CHECK-NEXT: {{^}}    A = T.decl_buffer((1024,), data=A_ptr)
# CHECK-NEXT: {{^}}    c: T.let[T.int32] = T.cuda.mov_sreg(32, "clusterid.x")
# CHECK-NEXT: {{^}}    r: T.let[T.int32] = T.cuda.mov_sreg(32, "cluster_ctarank")
# CHECK-NEXT: {{^}}    A[(c * 2 + r) * 128 + tx] = T.float32(0.0)
# CHECK: {{^}}# launch plan pool: params A: float32[16]
# CHECK-NEXT: {{^}}# launch plan pool: kernel pool_kernel grid=(1, 1, 1) block=(16, 1, 1) dyn_smem=4096
# CHECK-LABEL: {{^}}def pool_kernel(A_ptr: T.handle("float32", "global")):
# CHECK-NEXT: {{^}}    T.func_attr({"tirx.is_device_kernel": True})
# CHECK-NEXT: {{^}}    T.attr({"tirx.dyn_smem_bytes": 4096})
# CHECK-NEXT: {{^}}    tx = T.launch_thread("threadIdx.x", 16)
# CHECK-NEXT: {{^}}    A = T.decl_buffer((16,), data=A_ptr)
# CHECK-NEXT: {{^}}    arena = T.alloc_buffer((0,), "uint8", scope="shared.dyn")
# CHECK-NEXT: {{^}}    A[tx] = T.float32(0.0)
# CHECK-LABEL: {{^}}def host_only(x: T.int32) -> T.int32:
# CHECK-NEXT: {{^}}    return x + 1
# Cluster dims reach the plan (cluster=(2, 1, 1)) and stay in the kernel as the
# tirx.cluster_dims attr; tirx.dyn_smem_bytes wins over the 0-size shared.dyn
# placeholder; launch bounds stay; a function with no device region is kept.
@T.prim_func
def clus(A: T.Buffer((1024,), "float32")):
    T.device_entry()
    T.attr({"tirx.launch_bounds_min_blocks_per_sm": 1})
    c = T.cluster_id([4])
    r = T.cta_id_in_cluster([2])
    tx = T.thread_id([128])
    A[(c * 2 + r) * 128 + tx] = T.float32(0.0)

@T.prim_func
def pool(A: T.Buffer((16,), "float32")):
    T.device_entry()
    T.attr({"tirx.dyn_smem_bytes": 4096})
    tx = T.thread_id([16])
    arena = T.alloc_buffer((0,), "uint8", scope="shared.dyn")
    A[tx] = T.float32(0.0)

@T.prim_func
def host_only(x: T.int32) -> T.int32:
    return x + 1
