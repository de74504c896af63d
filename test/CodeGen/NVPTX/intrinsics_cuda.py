# The remaining T.cuda.* builtins, each as the NVVM intrinsic (or IR) its CUDA
# helper compiles to.
# RUN: %tirx-llc --emit=llvm --mcpu=sm_90a %s | FileCheck %s
# CHECK-LABEL: define ptx_kernel void @cuda_kernel(
# CHECK: call i1 @llvm.nvvm.barrier.cta.red.and.aligned.all(i32 0, i1
# CHECK: call i1 @llvm.nvvm.barrier.cta.red.or.aligned.all(i32 0, i1
# CHECK: call void @llvm.nvvm.membar.gl()
# CHECK: call void @llvm.nvvm.nanosleep(i32 100)
# CHECK: call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
# CHECK: call i1 @llvm.nvvm.vote.any.sync(i32 -1, i1
# CHECK: call i32 @llvm.nvvm.vote.ballot.sync(i32 -1, i1
# CHECK: call i32 @llvm.nvvm.redux.sync.add(i32 %{{.*}}, i32 -1)
# CHECK: call i32 @llvm.nvvm.redux.sync.umin(i32 %{{.*}}, i32 -1)
# CHECK: call i32 @llvm.cttz.i32(i32 %{{.*}}, i1 false)
# CHECK: call i32 @llvm.nvvm.shfl.sync.up.i32(i32 -1, i32 %{{.*}}, i32 1, i32 0)
# CHECK: call i32 @llvm.nvvm.activemask()
# CHECK: ptrtoint ptr addrspace(3) {{.*}} to i32
# CHECK: call i32 @llvm.nvvm.read.ptx.sreg.laneid()
# CHECK: call i64 @llvm.nvvm.read.ptx.sreg.clock64()
# CHECK: fpext half %{{.*}} to float
# CHECK: fpext bfloat %{{.*}} to float
# CHECK: call float @llvm.nvvm.div.approx.f(float
# CHECK: shl i64 %{{.*}}, 32
# CHECK: lshr i64 %{{.*}}, 32
# CHECK: call i32 @vprintf(
# CHECK: trap:
# CHECK-NEXT: call void @llvm.trap()
# CHECK: call i32 asm sideeffect "", "=r,0,~{memory}"(i32
# CHECK: store i64 %{{.*}}, ptr addrspace(1) %D_ptr, align 8
@T.prim_func
def cuda(A_ptr: T.handle, U_ptr: T.handle, H_ptr: T.handle, BF_ptr: T.handle, D_ptr: T.handle):
    A = T.match_buffer(A_ptr, (128,), "float32")
    U = T.match_buffer(U_ptr, (128,), "uint32")
    H = T.match_buffer(H_ptr, (128,), "float16")
    BF = T.match_buffer(BF_ptr, (128,), "bfloat16")
    D = T.match_buffer(D_ptr, (1,), "uint64")
    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([128])
    sm = T.alloc_shared((128,), "float32", align=128)
    acc = T.alloc_local((1,), "uint32")
    a: T.int32 = T.cuda.syncthreads_and(tx < 100)
    o: T.int32 = T.cuda.syncthreads_or(tx < 100)
    T.cuda.thread_fence()
    T.cuda.nano_sleep(100)
    r: T.int32 = T.cuda.thread_rank()
    any_: T.int32 = T.cuda.any_sync(0xFFFFFFFF, tx < 3)
    ballot: T.uint32 = T.cuda.ballot_sync(0xFFFFFFFF, tx < 3)
    s: T.uint32 = T.cuda.reduce_add_sync_u32(0xFFFFFFFF, U[tx])
    m: T.uint32 = T.cuda.reduce_min_sync_u32(0xFFFFFFFF, U[tx])
    f: T.int32 = T.cuda.ffs_u32(U[tx])
    up: T.uint32 = T.cuda.__shfl_up_sync(0xFFFFFFFF, U[tx], 1, 32)
    act: T.uint32 = T.cuda.__activemask()
    addr: T.uint32 = T.cuda.cvta_generic_to_shared(T.address_of(sm[tx]))
    lane: T.int32 = T.cuda.mov_sreg(32, "laneid")
    t0: T.uint64 = T.cuda.clock64()
    x: T.float32 = T.cuda.half2float(H[tx]) + T.cuda.bfloat162float(BF[tx])
    x = T.cuda.fdividef(x, T.float32(3)) + T.cuda.uint_as_float(T.cuda.float_as_uint(x))
    p: T.uint64 = T.cuda.make_float2(x, x)
    x = T.cuda.float2_x(p) + T.cuda.float2_y(p)
    T.cuda.printf("tx=%d x=%f\n", tx, x)
    T.cuda.trap_when_assert_failed(x == x)
    acc[0] = T.uint32(a + o + r + any_ + f + lane) + ballot + s + m + up + act + addr
    T.cuda.wgmma.noop_barrier(acc[0])
    U[tx] = acc[0]
    A[tx] = x
    if tx == 0:
        T.cuda.wgmma.encode_matrix_descriptor(D.data, sm.data, 1, 64, 3)
        D[0] = D[0] + t0
