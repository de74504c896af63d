# T.print_buffer → vprintf from thread (0,0,0) of every block, in the format of
# runtime_semantics.md §6.1: a header, the elements in nested brackets; the
# format is built at compile time for constant shapes (at most 32 values per
# vprintf call).
# RUN: %tirx-llc --emit=llvm %s | FileCheck %s --check-prefix=LLVM
# RUN: %tirx-llc --emit=ptx %s | FileCheck %s --check-prefix=PTX
# LLVM-DAG: c"(C_ptr, shape=(2,3), dtype=float32):\0A{{\[\[}}%f %f %f]\0A  [%f %f %f]]\0A\00"
# LLVM-DAG: c"(N_ptr, shape=(4), dtype=int32):\0A[%d %d %d %d]\0A\00"
# LLVM-DAG: c"Scalar (dtype: uint64): %llu\0A\0A\00"
# LLVM-LABEL: define ptx_kernel void @show_kernel(
# LLVM: %[[X:[0-9]+]] = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
# LLVM: %[[Y:[0-9]+]] = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
# LLVM: %[[Z:[0-9]+]] = call i32 @llvm.nvvm.read.ptx.sreg.tid.z()
# LLVM: %[[XY:[0-9]+]] = or i32 %[[X]], %[[Y]]
# LLVM: %[[XYZ:[0-9]+]] = or i32 %[[XY]], %[[Z]]
# LLVM: icmp eq i32 %[[XYZ]], 0
# LLVM: fpext float %{{.*}} to double
# LLVM: call i32 @vprintf(ptr addrspacecast (ptr addrspace(1) @.str to ptr), ptr %printf.args)
# LLVM: declare i32 @vprintf(ptr, ptr)
# PTX: .extern .func (.param .b32 func_retval0) vprintf
# PTX: call.uni (retval0), vprintf,
@T.prim_func
def show(C_ptr: T.handle, N_ptr: T.handle, U_ptr: T.handle):
    C = T.match_buffer(C_ptr, (6,), "float32")
    N = T.match_buffer(N_ptr, (4,), "int32")
    U = T.match_buffer(U_ptr, (1,), "uint64")
    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([32])
    T.print_buffer(C.data, "float32", False, False, 2, (2, 3))
    T.print_buffer(N.data, "int32", False, False, 1, (4,))
    T.print_buffer(U.data, "uint64", False, True, 0)
