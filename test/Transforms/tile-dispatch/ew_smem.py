# Elementwise ops, smem variant: the scope's threads split the destination
# region into vec-element chunks round-robin (vec: TVM's widest 128..8-bit vector
# splitting each thread's share and every innermost extent; one T.vectorized loop per
# chunk, which LLVM turns into ld/st.shared.v*); a barrier of the scope ends each op
# (T.cuda.cta_sync / warpgroup_sync(8)), as TVM's emit_scope_sync; sources broadcast
# right-aligned; the op computes in the widest operand dtype and casts to the
# destination's.  The chunking and barriers agree with TVM 0.27's CUDA for this kernel
# (the oracle; without the T.wg op, which TVM cannot build without warpgroup ids).
# RUN: %tirx-opt --pass-pipeline=tile-dispatch %s | FileCheck %s
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_90a --emit=cubin %s -o %t.sm_90a %}
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_100a --emit=cubin %s -o %t.sm_100a %}
@T.prim_func
def ew_smem(A: T.Buffer((32, 8, 12), "float32"), B: T.Buffer((32, 8, 12), "float16")):
    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([128])
    A_smem = T.alloc_shared((32, 8, 12), "float32")
    B_smem = T.alloc_shared((32, 8, 12), "float16")
    V = T.alloc_shared((12,), "float32")
    # CHECK-LABEL: def ew_smem
    # CHECK: thread_id_0 = T.thread_id()
    # CHECK-NEXT: for it_1 in range(2):
    # CHECK-NEXT: if it_1 * 128 + thread_id_0 < 210:
    # CHECK-NEXT: B_smem[20 + (it_1 * 128 + thread_id_0) // 42, (it_1 * 128 + thread_id_0) // 7 % 6, 2 + (it_1 * 128 + thread_id_0) % 7] = T.Cast("float16", T.sqrt(A_smem[10 + (it_1 * 128 + thread_id_0) // 42, (it_1 * 128 + thread_id_0) // 7 % 6, 3 + (it_1 * 128 + thread_id_0) % 7]))
    # CHECK-NEXT: T.cuda.cta_sync()
    T.cta.sqrt(B_smem[20:25, 0:6, 2:9], A_smem[10:15, 0:6, 3:10])
    # A warpgroup-scope op indexes by T.thread_id_in_wg(); a broadcast row V.
    # CHECK: thread_id_in_wg_2 = T.thread_id_in_wg()
    # CHECK-NEXT: if thread_id_in_wg_2 < 96:
    # CHECK-NEXT: A_smem[0, thread_id_in_wg_2 // 12, thread_id_in_wg_2 % 12] = A_smem[0, thread_id_in_wg_2 // 12, thread_id_in_wg_2 % 12] * V[thread_id_in_wg_2 % 12]
    # CHECK-NEXT: T.cuda.warpgroup_sync(8)
    T.wg.mul(A_smem[0, 0:8, 0:12], A_smem[0, 0:8, 0:12], V[0:12])
    # fma with a scalar; a thread-scope op is one thread's loop (float32x4 chunks), no
    # barrier.
    # CHECK: if tx == 0:
    # CHECK-NEXT: for it_4 in range(3):
    # CHECK-NEXT: for vec_5 in T.vectorized(4):
    # CHECK-NEXT: V[it_4 * 4 + vec_5] = V[it_4 * 4 + vec_5] * V[it_4 * 4 + vec_5] + T.float32(0.5)
    # CHECK-NOT: sync
    if tx == 0:
        T.tile.fma(V[0:12], V[0:12], V[0:12], T.float32(0.5))
    # 3072 float16 over 128 threads: 24 each, innermost 12: 4-element (64-bit) chunks.
    # CHECK: thread_id_6 = T.thread_id()
    # CHECK-NEXT: for it_7 in range(6):
    # CHECK-NEXT: for vec_8 in T.vectorized(4):
    # CHECK-NEXT: B_smem[(it_7 * 512 + thread_id_6 * 4 + vec_8) // 96, (it_7 * 512 + thread_id_6 * 4 + vec_8) // 12 % 8, (it_7 * 512 + thread_id_6 * 4 + vec_8) % 12] = T.float16(0.0)
    # CHECK-NEXT: T.cuda.cta_sync()
    T.cta.zero(B_smem[0:32, 0:8, 0:12])
