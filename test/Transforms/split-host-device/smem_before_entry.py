# RUN: %tirx-opt --pass-pipeline=default %s | FileCheck %s
# CHECK: {{^}}# launch plan deposit: kernel deposit_kernel grid=(1, 1, 1) block=(64, 1, 1) dyn_smem=0
# CHECK-LABEL: {{^}}def deposit_kernel(B_ptr: T.handle("float32", "global")):
# CHECK: {{^}}    tx = T.launch_thread("threadIdx.x", 64)
# CHECK-NEXT: {{^}}    B = T.decl_buffer((64,), data=B_ptr)
# CHECK-NEXT: {{^}}    smem = T.alloc_shared((64,))
# CHECK-NEXT: {{^}}    smem[tx] = T.float32(1.0)
# A shared-memory allocation above the device region (TVM's printer writes T.alloc_shared
# before `with T.attr({"tirx.device_entry": ...})`, apache/tvm's
# test_reg_copy_tcgen05_d_epilogue_deposit_codegen) is device memory: the kernel carries it.
@T.prim_func
def deposit(B: T.Buffer((64,), "float32")):
    smem = T.alloc_shared((64,), "float32")
    with T.attr({"tirx.device_entry": T.bool(True)}):
        tx = T.thread_id([64])
        smem[tx] = T.float32(1.0)
        T.cuda.cta_sync()
        B[tx] = smem[63 - tx]
