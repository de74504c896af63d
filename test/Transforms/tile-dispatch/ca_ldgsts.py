# copy_async, ldgsts variant: cp.async global -> shared, the region split
# [outer, threads, vec] with vec the widest of 16 / 8 / 4 bytes both sides hold
# contiguously and aligned; no commit or wait (the caller's).  The shapes are
# TVM's test_ldgsts.py tasks; a swizzled shared tile, a symbolic start and the
# predicate / zero-fill / direct options.
# RUN: %tirx-opt --pass-pipeline=tile-dispatch %s | FileCheck %s
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %tirx-llc --mcpu=sm_90a --emit=ptx %s | FileCheck %s --check-prefix=PTX
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_90a --emit=cubin %s -o %t.sm_90a %}
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_100a --emit=cubin %s -o %t.sm_100a %}
# PTX-LABEL: .entry ldgsts_tasks_kernel
# PTX: cp.async.cg.shared.global [%r{{[0-9]+}}], [%rd{{[0-9]+}}], 16;
# PTX: cp.async.ca.shared.global [%r{{[0-9]+}}], [%rd{{[0-9]+}}], 8;
# PTX: cp.async.ca.shared.global [%r{{[0-9]+}}], [%rd{{[0-9]+}}], 4;
# PTX: cp.async.commit_group;
# PTX-LABEL: .entry ldgsts_options_kernel
# PTX: cp.async.cg.shared.global [%r{{[0-9]+}}], [%rd{{[0-9]+}}], 16, %r{{[0-9]+}};
# PTX: cp.async.cg.shared.global.L2::128B [%r{{[0-9]+}}], [%rd{{[0-9]+}}], 16, %r{{[0-9]+}};
@T.prim_func
def ldgsts_tasks(A: T.Buffer((128, 32), "float16"), C: T.Buffer((64, 64), "float32"), D: T.Buffer((4, 32, 32), "int8"), E: T.Buffer((64, 6), "float32"), n: T.int32):
    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([128])
    A_smem = T.alloc_shared((128, 32), "float16")
    C_smem = T.alloc_shared((32, 32), "float32")
    D_smem = T.alloc_shared((32, 32), "int8")
    E_smem = T.alloc_shared((64, 6), "float32")
    S_smem = T.alloc_buffer((64, 64), "float16", scope="shared.dyn", layout=T.ComposeLayout(3, 3, 3, T.TileLayout(T.S[(64, 64):(64, 1)])))
    # CHECK-LABEL: def ldgsts_tasks
    # 128x32 float16 over 128 threads: 8-element (16-byte) vectors, 4 rounds
    # CHECK: thread_id_0 = T.thread_id()
    # CHECK-NEXT: for f_1 in T.unroll(4):
    # CHECK-NEXT: T.ptx["cp.async.cg.shared.global"](T.address_of(A_smem[(f_1 * 128 + thread_id_0) * 8 // 32, (f_1 * 128 + thread_id_0) * 8 % 32]), T.address_of(A[(f_1 * 128 + thread_id_0) * 8 // 32, (f_1 * 128 + thread_id_0) * 8 % 32]), 16)
    T.cta.copy_async(A_smem[0:128, 0:32], A[0:128, 0:32])
    # a 32x32 float32 window of a 64x64 tensor: 4-element vectors, 2 rounds
    # CHECK: thread_id_2 = T.thread_id()
    # CHECK-NEXT: for f_3 in T.unroll(2):
    # CHECK-NEXT: T.ptx["cp.async.cg.shared.global"](T.address_of(C_smem[(f_3 * 128 + thread_id_2) * 4 // 32, (f_3 * 128 + thread_id_2) * 4 % 32]), T.address_of(C[32 + (f_3 * 128 + thread_id_2) * 4 // 32, (f_3 * 128 + thread_id_2) * 4 % 32]), 16)
    T.cta.copy_async(C_smem[0:32, 0:32], C[32:64, 0:32], dispatch="ldgsts")
    # one 32x32 int8 slice of a 3-d tensor: 1024 bytes = 128 threads x 8 bytes
    # CHECK: thread_id_4 = T.thread_id()
    # CHECK-NEXT: T.ptx["cp.async.ca.shared.global"](T.address_of(D_smem[thread_id_4 * 8 // 32, thread_id_4 * 8 % 32]), T.address_of(D[0, thread_id_4 * 8 // 32, thread_id_4 * 8 % 32]), 8)
    T.cta.copy_async(D_smem[0:32, 0:32], D[0:1, 0:32, 0:32])
    # rows of 6 float32 (384 elements): 8-byte pairs would not split over 128
    # threads evenly, so 4-byte copies in 3 rounds
    # CHECK: for f_7 in T.unroll(3):
    # CHECK-NEXT: T.ptx["cp.async.ca.shared.global"](T.address_of(E_smem[(f_7 * 128 + thread_id_6) // 6, (f_7 * 128 + thread_id_6) % 6]), T.address_of(E[(f_7 * 128 + thread_id_6) // 6, (f_7 * 128 + thread_id_6) % 6]), 4)
    T.cta.copy_async(E_smem[0:64, 0:6], E[0:64, 0:6])
    # a warp fills the right half of a swizzled tile from symbolic rows: 16-byte atoms
    # CHECK: lane_id_8 = T.lane_id()
    # CHECK-NEXT: for f_9 in T.unroll(4):
    # CHECK-NEXT: T.ptx["cp.async.cg.shared.global"](T.address_of(S_smem[(f_9 * 32 + lane_id_8) * 8 // 32, 32 + (f_9 * 32 + lane_id_8) * 8 % 32]), T.address_of(A[n * 32 + (f_9 * 32 + lane_id_8) * 8 // 32, (f_9 * 32 + lane_id_8) * 8 % 32]), 16)
    if tx // 32 == 1:
        T.warp.copy_async(S_smem[0:32, 32:64], A[n * 32:n * 32 + 32, 0:32], dispatch="ldgsts")
    T.ptx.cp.async_.commit_group()
    T.ptx.cp.async_.wait_group(0)
    T.cuda.cta_sync()

@T.prim_func
def ldgsts_options(A: T.Buffer((32, 16), "uint8"), m: T.int32):
    T.device_entry()
    bx = T.cta_id([1])
    tid = T.thread_id([32])
    A_smem = T.alloc_shared((32, 16), "uint8")
    # TVM's predicate / zero-fill test: one 16-byte copy per thread, src-size 0 past row 16
    # CHECK-LABEL: def ldgsts_options
    # CHECK: T.ptx["cp.async.cg.shared.global"](T.address_of(A_smem[tid, 0]), T.address_of(A[tid, 0]), 16, T.if_then_else(tid < 16, T.uint32(16), T.uint32(0)))
    T.tile.copy_async(A_smem[tid, 0:16], A[tid, 0:16], dispatch="ldgsts", direct=True, predicate=tid < 16, fill_mode="zero")
    # ... with TVM's prefetch_size=128: the L2::128B spelling, through the T.ptx table
    # CHECK: T.ptx["cp.async.cg.shared.global.L2::128B"](T.cuda.cvta_generic_to_shared(T.address_of(A_smem[tid, 0])), T.address_of(A[tid, 0]), 16, T.if_then_else(tid < 16, T.uint32(16), T.uint32(0)))
    T.tile.copy_async(A_smem[tid, 0:16], A[tid, 0:16], dispatch="ldgsts", direct=True, prefetch_size=128, predicate=tid < 16, fill_mode="zero")
    # a bare predicate guards the copies
    # CHECK: if tid < m:
    # CHECK-NEXT: T.ptx["cp.async.cg.shared.global"]
    T.warp.copy_async(A_smem[0:32, 0:16], A[0:32, 0:16], predicate=tid < m)

@T.prim_func
def ldgsts_dyn(A_ptr: T.handle, n: T.int32):
    A = T.match_buffer(A_ptr, (n, 64), "float16")
    T.device_entry()
    bx = T.cta_id([4])
    tx = T.thread_id([64])
    S = T.alloc_shared((32, 64), "float16")
    # a tensor of symbolic rows: its strides do not depend on them
    # CHECK-LABEL: def ldgsts_dyn
    # CHECK: for f_1 in T.unroll(4):
    # CHECK-NEXT: T.ptx["cp.async.cg.shared.global"](T.address_of(S[(f_1 * 64 + thread_id_0) * 8 // 64, (f_1 * 64 + thread_id_0) * 8 % 64]), T.address_of(A[bx * 32 + (f_1 * 64 + thread_id_0) * 8 // 64, (f_1 * 64 + thread_id_0) * 8 % 64]), 16)
    T.cta.copy_async(S[0:32, 0:64], A[bx * 32:bx * 32 + 32, 0:64])
