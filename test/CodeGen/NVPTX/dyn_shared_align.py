# The dynamic shared arena takes the largest align= of its shared.dyn buffers (the
# arena's own or a decl_buffer view's), as TVM's `extern __shared__ __align__(N)`:
# 128B-swizzled TMA and wgmma tiles need 1024-byte-aligned shared addresses.
# Without an align= the arena stays at 64 bytes (dyn_shared.py).
# RUN: %tirx-llc --emit=llvm %s --mcpu=sm_90a | FileCheck %s --check-prefix=LLVM
# RUN: %tirx-llc --emit=ptx %s --mcpu=sm_90a | FileCheck %s --check-prefix=PTX
# RUN: %tirx-llc --emit=ptx -D VIEW_ALIGN=2048 %s --mcpu=sm_90a | FileCheck %s --check-prefix=VIEW
# LLVM: @__tirx_dyn_smem = external addrspace(3) global [0 x i8], align 1024
# PTX: .extern .shared .align 1024 .b8 __tirx_dyn_smem[];
# VIEW: .extern .shared .align 2048 .b8 __tirx_dyn_smem[];
VIEW_ALIGN = 8


@T.prim_func
def dyn_align(A_ptr: T.handle, C_ptr: T.handle):
    A = T.match_buffer(A_ptr, (64,), "float32")
    C = T.match_buffer(C_ptr, (64,), "float32")
    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([64])
    arena = T.alloc_buffer((2048,), "uint8", scope="shared.dyn", align=1024)
    X = T.decl_buffer((64,), "float32", data=arena.data, elem_offset=256, scope="shared.dyn",
                      align=VIEW_ALIGN)
    X[tx] = A[tx]
    T.cuda.cta_sync()
    C[tx] = X[63 - tx]
