# Every scalar dtype in registers and memory: float16 is `half`, bfloat16
# `bfloat`, bool is i1 in registers and i8 in memory, unsigned ints convert
# with zext/uitofp, signed with sext/sitofp.
# RUN: %tirx-llc --emit=llvm %s | FileCheck %s --check-prefix=LLVM
# RUN: %tirx-llc --emit=ptx %s | FileCheck %s --check-prefix=PTX
# LLVM-LABEL: define ptx_kernel void @types_kernel(
# LLVM-SAME: ptr addrspace(1) noalias %BF_ptr, ptr addrspace(1) noalias %B_ptr, ptr addrspace(1) noalias %D_ptr, ptr addrspace(1) noalias %H_ptr
# LLVM-SAME: i8 %flag, i64 %n, float %scale, i16 %u16
# LLVM: %[[FLAG:.*]] = icmp ne i8 %flag, 0
# LLVM: load half, ptr addrspace(1)
# LLVM: fpext half %{{.*}} to float
# LLVM: load bfloat, ptr addrspace(1)
# LLVM: fpext bfloat %{{.*}} to float
# LLVM: fptrunc float %{{.*}} to half
# LLVM: load i8, ptr addrspace(1)
# LLVM: icmp ne i8 %{{.*}}, 0
# LLVM: zext i1 %{{.*}} to i8
# LLVM: store i8
# LLVM: zext i16 %u16 to i64
# LLVM: sitofp i64
# LLVM: fpext float %{{.*}} to double
# LLVM: load i64, ptr addrspace(1)
# LLVM: uitofp i64 %{{.*}} to double
# PTX: .param .u8 types_kernel_param_5,
# PTX-NEXT: .param .u64 types_kernel_param_6,
# PTX-NEXT: .param .f32 types_kernel_param_7,
# PTX-NEXT: .param .u16 types_kernel_param_8
# PTX-DAG: ld.global.b16
# PTX-DAG: cvt.f32.bf16
# PTX-DAG: cvt.rn.f16.f32
# PTX-DAG: ld.global.b8
# PTX-DAG: cvt.rn.f64.s64
# PTX-DAG: cvt.rn.f64.u64
@T.prim_func
def types(H_ptr: T.handle, BF_ptr: T.handle, B_ptr: T.handle, D_ptr: T.handle, L_ptr: T.handle,
          flag: T.bool, n: T.int64, scale: T.float32, u16: T.uint16):
    H = T.match_buffer(H_ptr, (64,), "float16")
    BF = T.match_buffer(BF_ptr, (64,), "bfloat16")
    B = T.match_buffer(B_ptr, (64,), "bool")
    D = T.match_buffer(D_ptr, (64,), "float64")
    L = T.match_buffer(L_ptr, (64,), "uint64")
    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([64])
    x: T.float32 = T.float32(H[tx]) + T.float32(BF[tx]) * scale
    H[tx] = T.float16(x)
    B[tx] = B[tx] and flag
    D[tx] = T.float64(n + T.int64(u16)) + T.float64(x) + T.float64(L[tx])
