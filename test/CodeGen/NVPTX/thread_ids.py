# Block and thread ids become the PTX special registers; the constant block
# size becomes .maxntid (the product of the threadIdx extents).
# RUN: %tirx-llc --emit=llvm %s | FileCheck %s --check-prefix=LLVM
# RUN: %tirx-llc --emit=ptx %s | FileCheck %s --check-prefix=PTX
# LLVM-LABEL: define ptx_kernel void @ids_kernel(ptr addrspace(1) noalias %A_ptr)
# LLVM-DAG: call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
# LLVM-DAG: call i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
# LLVM-DAG: call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
# LLVM-DAG: call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
# LLVM: attributes #{{[0-9]+}} = { "nvvm.maxntid"="128" }
# PTX: .visible .entry ids_kernel(
# PTX: .maxntid 128
# PTX-DAG: mov.u32 {{.*}}%ctaid.x;
# PTX-DAG: mov.u32 {{.*}}%ctaid.y;
# PTX-DAG: mov.u32 {{.*}}%tid.x;
# PTX-DAG: mov.u32 {{.*}}%tid.y;
@T.prim_func
def ids(A_ptr: T.handle):
    A = T.match_buffer(A_ptr, (4, 2, 4, 32), "int32")
    T.device_entry()
    bx, by = T.cta_id([4, 2])
    tx, ty = T.thread_id([32, 4])
    A[bx, by, ty, tx] = bx + by + tx + ty
