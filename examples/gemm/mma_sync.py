# Rung 1 of the GEMM ladder: Ampere-style tensor cores — cp.async multistage pipeline,
# ldmatrix, mma.sync.m16n8k16 (runs on sm_80 and later; built here for sm_90a).
#
#   C[M, N] = A[M, K] @ B[N, K]^T      (torch: a @ b.t()), fp32 accumulation
#
# DT selects the input/output type: -D DT='"float16"' (default) or '"bfloat16"'.
# A CTA of 8 warps computes a 128 x 128 tile; warp w owns the 64 x 32 block at rows
# 64*(w%2), columns 32*(w/2): 4 x 4 m16n8k16 tiles, 64 fp32 accumulators per thread.
# K advances 64 at a time through a 4-stage ring of shared memory filled by 16-byte
# cp.async copies (commit/wait groups); rows are 128 bytes with their 16-byte chunks
# XOR-swizzled by row % 8 so that both cp.async and ldmatrix are bank-conflict free.
# M, N and K are symbolic: out-of-range chunks are zero-filled (cp.async src-size 0)
# and the epilogue guards its stores; K must be a multiple of 8.
DT = "float16"
BM = 128
BN = 128
BK = 64
STAGES = 4
TILE = BM * BK  # halves per operand tile (A and B are both 128 x 64)


@T.prim_func
def mma_sync(a: T.handle, b: T.handle, c: T.handle):
    M = T.int32()
    N = T.int32()
    K = T.int32()
    A = T.match_buffer(a, (M, K), DT)
    B = T.match_buffer(b, (N, K), DT)
    C = T.match_buffer(c, (M, N), DT)
    T.device_entry()
    bn, bm = T.cta_id([T.ceildiv(N, BN), T.ceildiv(M, BM)])
    warp = T.warp_id([8])
    lane = T.lane_id([32])
    pool = T.alloc_buffer((2 * STAGES * TILE,), DT, scope="shared.dyn", align=128)
    acc = T.alloc_local((64,), "float32")
    af = T.alloc_local((16,), "uint32")
    bf = T.alloc_local((8,), "uint32")
    tid: T.let[T.int32] = warp * 32 + lane
    sbase: T.let[T.uint32] = T.cuda.cvta_generic_to_shared(pool.data)
    nk: T.let[T.int32] = T.ceildiv(K, BK)
    wm: T.let[T.int32] = warp % 2
    wn: T.let[T.int32] = warp // 2

    for i in T.unroll(64):
        acc[i] = T.float32(0)
    for kt0 in range(nk + STAGES - 1):
        if kt0 >= STAGES - 1:
            # k-tile kt = kt0 - (STAGES-1) has landed (at most STAGES-2 younger groups
            # in flight); the barrier also tells every warp that the stage the loads
            # below overwrite was consumed in the previous iteration
            T.ptx.cp.async_.wait_group(STAGES - 2)
            T.cuda.cta_sync()
        # load k-tile kt0 into stage kt0 % STAGES: 2 x 1024 16-byte chunks, 8 a thread
        if kt0 < nk:
            for i in T.unroll(4):
                q: T.let[T.int32] = tid + 256 * i
                row: T.let[T.int32] = q // 8
                ch: T.let[T.int32] = q % 8
                col: T.let[T.int32] = kt0 * BK + ch * 8
                soff: T.let[T.int32] = (kt0 % STAGES) * TILE + row * BK + T.bitwise_xor(ch, row % 8) * 8
                ra: T.let[T.int32] = bm * BM + row
                ok_a: T.let[T.bool] = ra < M and col < K
                T.ptx.cp.async_.cg.shared.global_(
                    sbase + T.uint32(2 * soff), T.address_of(A[T.min(ra, M - 1), T.min(col, K - 8)]), 16,
                    T.Select(ok_a, T.uint32(16), T.uint32(0)))
                rb: T.let[T.int32] = bn * BN + row
                ok_b: T.let[T.bool] = rb < N and col < K
                T.ptx.cp.async_.cg.shared.global_(
                    sbase + T.uint32(2 * (STAGES * TILE + soff)), T.address_of(B[T.min(rb, N - 1), T.min(col, K - 8)]), 16,
                    T.Select(ok_b, T.uint32(16), T.uint32(0)))
        T.ptx.cp.async_.commit_group()
        if kt0 >= STAGES - 1:
            st: T.let[T.int32] = (kt0 - (STAGES - 1)) % STAGES
            for ks in T.unroll(BK // 16):
                # A: 4 m16 x k16 fragments (ldmatrix.x4: lane l gives row l % 16,
                # k chunk 2*ks + l / 16)
                for mi in T.unroll(4):
                    ar: T.let[T.int32] = wm * 64 + mi * 16 + lane % 16
                    ac: T.let[T.int32] = T.bitwise_xor(ks * 2 + lane // 16, ar % 8)
                    T.ptx.ldmatrix.sync.aligned.m8n8.x4.shared.b16(
                        af[4 * mi], af[4 * mi + 1], af[4 * mi + 2], af[4 * mi + 3],
                        sbase + T.uint32(2 * (st * TILE + ar * BK + ac * 8)))
                # B: 2 x (n16 x k16) fragments: lane l gives n row (l % 8) + 8 * (l / 16),
                # k chunk 2*ks + (l / 8) % 2
                for ni in T.unroll(2):
                    br: T.let[T.int32] = wn * 32 + ni * 16 + lane % 8 + 8 * (lane // 16)
                    bc: T.let[T.int32] = T.bitwise_xor(ks * 2 + lane // 8 % 2, br % 8)
                    T.ptx.ldmatrix.sync.aligned.m8n8.x4.shared.b16(
                        bf[4 * ni], bf[4 * ni + 1], bf[4 * ni + 2], bf[4 * ni + 3],
                        sbase + T.uint32(2 * (STAGES * TILE + st * TILE + br * BK + bc * 8)))
                for mi in T.unroll(4):
                    for nj in T.unroll(4):
                        if DT == "float16":
                            T.ptx.mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32(
                                acc[16 * mi + 4 * nj], acc[16 * mi + 4 * nj + 1], acc[16 * mi + 4 * nj + 2], acc[16 * mi + 4 * nj + 3],
                                af[4 * mi], af[4 * mi + 1], af[4 * mi + 2], af[4 * mi + 3],
                                bf[2 * nj], bf[2 * nj + 1],
                                acc[16 * mi + 4 * nj], acc[16 * mi + 4 * nj + 1], acc[16 * mi + 4 * nj + 2], acc[16 * mi + 4 * nj + 3])
                        else:
                            T.ptx.mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32(
                                acc[16 * mi + 4 * nj], acc[16 * mi + 4 * nj + 1], acc[16 * mi + 4 * nj + 2], acc[16 * mi + 4 * nj + 3],
                                af[4 * mi], af[4 * mi + 1], af[4 * mi + 2], af[4 * mi + 3],
                                bf[2 * nj], bf[2 * nj + 1],
                                acc[16 * mi + 4 * nj], acc[16 * mi + 4 * nj + 1], acc[16 * mi + 4 * nj + 2], acc[16 * mi + 4 * nj + 3])
    # epilogue: the m16n8 fp32 fragment: acc[16*mi + 4*nj + 2*v + h] is row
    # 16*mi + lane/4 + 8v, column 8*nj + 2*(lane%4) + h of this warp's block
    r0: T.let[T.int32] = bm * BM + wm * 64 + lane // 4
    c0: T.let[T.int32] = bn * BN + wn * 32 + (lane % 4) * 2
    for mi in T.unroll(4):
        for nj in T.unroll(4):
            for v in T.unroll(2):
                for h in T.unroll(2):
                    if r0 + 16 * mi + 8 * v < M and c0 + 8 * nj + h < N:
                        C[r0 + 16 * mi + 8 * v, c0 + 8 * nj + h] = T.Cast(DT, acc[16 * mi + 4 * nj + 2 * v + h])
