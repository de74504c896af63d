# FP8 GEMM, warp-specialized and persistent (sm_90a): rung 3 (ws_persistent.py) for fp8.
#
#   C[M, N] = (A[M, K] @ B[N, K]^T) * scales      (torch: a @ b.t()), fp32 accumulation
#
# DT: the input type, -D DT='"float8_e4m3fn"' (default) or '"float8_e5m2"' (wgmma .e4m3 /
# .e5m2, k32); OT: the output type, '"bfloat16"' (default) or '"float16"'.
# SCALING selects how the fp8 inputs are scaled back:
#   "tensor" (default): SA and SB are float32[1], one scale per tensor (torch._scaled_mm's
#     per-tensor form); C = (A @ B^T) * SA[0] * SB[0], applied in the epilogue.
#   "block": DeepGEMM's scheme.  SA is float32[M, ceil(K / 128)], one scale per row and
#     128-deep K block of A; SB is float32[ceil(N / 128), ceil(K / 128)], one per 128 x 128
#     block of B.  C[m, n] = sum_kb SA[m, kb] * SB[n // 128, kb] * (A @ B^T over block kb).
#     Each K block goes into a temporary fp32 accumulator (the tensor cores' fp8 sums keep
#     fewer mantissa bits than fp32 over long K), which is then promoted: acc += tmp * sa *
#     sb, in fp32 FMAs on the CUDA cores.
#
# 132 CTAs (one per SM) walk the BM x BN (128 x 256) output tiles (GROUP_M tile rows at a time
# for L2 reuse); 1 + BM / 64 warpgroups per CTA:
#   warpgroup 0, the producer: setmaxnreg.dec to 40 registers; one thread streams the A
#     (128 x 128) and B (BN x 128) k-tiles into a ring of 128B-swizzled shared memory with
#     TMA (a 128-byte fp8 row is exactly one swizzle span), each stage's "full" mbarrier
#     completing on the bytes, after waiting for the stage's "empty" mbarrier;
#   warpgroups 1 and 2 (and 3), the consumers: setmaxnreg.inc to 232 registers; each owns 64 rows
#     of the tile and issues wgmma k32 from shared-memory descriptors.
#     "tensor": 4 x m64n256k32 per k-tile into 128 fp32 accumulators per thread, one wgmma
#     group in flight (a stage is released once the group after it was issued and the
#     one reading it retired).
#     "block": the same 128 x 256 tile, 128 accumulators + a 64-register temporary
#     per thread: per k-tile, each 128-column half of the tile goes through the
#     temporary (4 x m64n128k32, wait, promote: acc[half] += tmp * sa[row] * sb[block]);
#     the other consumer's wgmma runs while one promotes.  The stage is released after
#     the second half's group retired.  The scales are read from global memory (L2) one
#     k-tile ahead (4 registers), so their latency hides behind a whole k-tile; the
#     promotion's multipliers sa[row] * sb[block] are formed once per k-tile.
#     -D BN=192 -D SL=1: 128 x 192 tiles, the whole 192 columns through one 96-register
#     temporary (4 x m64n192k32, one wait and 96 FMAs per k-tile); a tile may then start
#     in the middle of a 128-column B scale block (see kmult).  Faster at 8192^3, slower
#     at 4096^3 (5.33 waves of tiles); examples/gemm/README.md has the numbers.
#   -D BM=192 (with BN <= 128): three consumer warpgroups (512 threads; the producer at 24
#     registers, the consumers at 160), so that while one promotes two others have wgmma
#     groups queued.  -D CLUSTER=2: 2-CTA clusters sharing B through TMA multicast (see
#     CLUSTER below).  Neither pays at 8192^3 (examples/gemm/README.md); BM=192 BN=128 is
#     the fastest block-scaled build at 8192 x 8192 x 1024.  -D STAGGER=1/2 (the consumers
#     a k-tile apart) and -D PAIR=1 (k-tiles in pairs, promotion overlapping the next
#     slice's wgmmas) are below: neither beats BN=192 SL=1 at 8192^3 (README.md).
#   -D BM=64 -D CTAS_PER_SM=2: two independent CTAs per SM (264 persistent CTAs), each a
#     producer and one consumer warpgroup with its own ring, so the promotions of an SM's
#     two consumers are not tied to one full barrier (CTAS_PER_SM below).  Slower than
#     BN=192 SL=1 at 8192^3 (B read from L2 once per 64 rows; README.md, round 4).
# Epilogue: each consumer scales ("tensor"), converts its 64 x BN block to OT in 64 x 64
# chunks through two 8 KiB 128B-swizzled staging buffers and TMA-stores them.
#
# M, N and K are symbolic.  TMA zero-fills out-of-bounds loads (a zero byte is +0.0 in
# both fp8 formats), so K need not be a multiple of 128: a partial last K block adds
# zeros; the TMA store clips partial tiles.  Row strides must be multiples of 16 bytes:
# K a multiple of 16 and N of 8; the runtime refuses other shapes before launching
# ("tensor map A_map: globalStrides[0] of A (... bytes) must be a multiple of 16"), and
# scale tensors of the wrong shape or dtype with its argument checks.
DT = "float8_e4m3fn"
OT = "bfloat16"
SCALING = "tensor"
NSM = 132
GROUP_M = 16
BM = 128
BN = 256
BK = 128
# STAGES: the ring's depth; 0 = the deepest ring that fits (at most 4)
STAGES = 0
# "block": each k-tile's BN columns go through the temporary in SL slices of W = BN / SL
# columns (wgmma m64nWk32).  Measured (bench/gemm): BN 256 / SL 2 (the default) and BN
# 192 / SL 1 (a 96-register temporary beside 96 accumulators)
SL = 2
assert BN in (64, 128, 192, 256) and BN % SL == 0 and BN // SL % 8 == 0, "BN must be 64, 128, 192 or 256, and BN / SL a multiple of 8"
# BM: 64 (one consumer warpgroup), 128 (two) or 192 (three); each consumer owns 64 rows of the tile
assert BM in (64, 128, 192), "BM must be 64, 128 or 192"
NC = BM // 64
# CTAS_PER_SM = 2 (with BM = 64): two independent CTAs on each SM, 2 x NSM persistent CTAs,
# each a producer and ONE consumer warpgroup with its own ring and barriers, so the two
# consumers of an SM wait on different full barriers and their promotions fall out of
# phase with no hand-over between them (what STAGGER tried within one CTA).  256 threads a
# CTA at 128 registers (.minnctapersm 2: 2 x 256 x 128 = 64 K), the producer giving 104 of
# its registers to the consumer (24 + 232); at most 113 KiB of shared memory a CTA (228 KiB
# an SM, 1 KiB of it reserved per CTA).
CTAS_PER_SM = 1
assert CTAS_PER_SM in (1, 2), "CTAS_PER_SM must be 1 or 2"
assert CTAS_PER_SM == 1 or NC == 1, "CTAS_PER_SM = 2 needs BM = 64 (one consumer warpgroup a CTA)"
# ptxas compiles a wgmma under the 128-register entry only up to n192 (an m64n256's 128
# accumulators: "C7602 Insufficient registers (128)")
assert CTAS_PER_SM == 1 or ((BN // SL if SCALING == "block" else BN) <= 192 and (SCALING != "block" or BN // 2 + BN // SL // 2 <= 192)), "CTAS_PER_SM = 2 needs wgmma widths <= 192 and, with block scales, BN / 2 + BN / SL / 2 <= 192 (accumulators and temporary in 232 registers)"
NCTA = NSM * CTAS_PER_SM
# setmaxnreg: the producer's and the consumers' registers; with three consumers 24 + 3 x 160
# (x 128 threads) fills the 64 K registers: a consumer's BN / 2 accumulators and BN / SL / 2
# temporaries must fit beside its addresses and scales (BN 128: 64 + 64; ptxas gives up on
# an m64n256 wgmma under a 128-register entry, and BN 192 SL 3 spills)
REG_P = 40 if NC == 2 or (NC == 1 and CTAS_PER_SM == 1) else 24
REG_C = 160 if NC == 3 else 232
assert NC != 3 or BN <= 128, "BM = 192 (three consumers at 160 registers) needs BN <= 128"
# CLUSTER = 2: 2-CTA clusters (rung 4's scheme): a cluster walks (2 BM) x BN pair tiles,
# CTA rank r computing the BM x BN tile at rows 2 BM p + BM r; both need the same B k-tile,
# so each CTA's producer loads its own A k-tile and one half (BN / 2 rows) of B, and
# multicasts that half into both CTAs' shared memory: a CTA reads BM + BN / 2 rows of L2
# per k-tile instead of BM + BN.  A stage is free once the consumers of both CTAs are done
# with it: the "empty" barriers count 2 NC arrivals, delivered to both CTAs.
CLUSTER = 1
assert CLUSTER in (1, 2), "CLUSTER must be 1 or 2"
assert CLUSTER == 1 or CTAS_PER_SM == 1, "CLUSTER = 2 needs CTAS_PER_SM 1"
# STAGGER = 1 ("block"): the consumers start a k-tile apart.  All consumers wait on the same
# first full barrier, so without it they issue together, share the tensor cores, finish
# together and promote together while the tensor cores idle; nothing in the loop pulls
# them apart again (the ring runs ahead of them).  With it consumer c + 1 waits, once, on
# named barrier 1 + NC + c, which consumer c arrives on as soon as its first k-tile's
# wgmmas retired: from then on one consumer promotes while the other's wgmmas run.
# STAGGER = 2: the same hand-over at every tile's first k-tile when nk > STAGES (a
# consumer is then never a whole tile ahead of the next, so no arrive can overtake the
# sync it pairs with), restoring the offset should a stall of the ring have closed it.
STAGGER = 0
assert STAGGER in (0, 1, 2), "STAGGER must be 0, 1 or 2"
assert STAGGER == 0 or SCALING == "block", "STAGGER = 1 needs SCALING block"
# PAIR = 1 ("block"): k-tiles in pairs, their 2 SL slices through two temporaries in turn:
# each slice's wgmma group is issued before the previous slice is waited for (wait_group 1)
# and promoted, so that promotion runs while the new slice's wgmmas do; after the last,
# wait_group 0 and its promotion: a consumer's queue runs dry once per two k-tiles.  (Carrying a group over the loop's back-edge, which would keep
# it fed throughout, makes ptxas serialize every wgmma, C7514, even in a one-block loop.)
# An odd last k-tile goes through the one-k-tile loop.  BN / 2 + BN / SL registers (BN 128
# SL 1 or BN 192 SL 2: 192; BN 256 SL 4 spills).
PAIR = 0
assert PAIR in (0, 1), "PAIR must be 0 or 1"
assert PAIR == 0 or (SCALING == "block" and BN <= 192 and BN // 2 + BN // SL <= 192 and STAGGER == 0), "PAIR = 1 needs SCALING block, BN <= 192, BN / 2 + BN / SL <= 192 (registers) and STAGGER 0"
# OVERLAP = 1 ("block"): a tile's first k-tile is issued before the previous tile's
# epilogue, which then runs while those wgmmas do.  The block scheme allows it where the
# per-tensor one cannot: the wgmmas write the temporary, not the accumulators the epilogue
# reads, and the accumulators are first written by that k-tile's promotion (acc = tmp *
# scales, no zeroing).  The wgmma group is issued and retired within one iteration of
# the tile loop (a group in flight over a back-edge makes ptxas serialize them, C7514);
# the last tile's epilogue follows the loop.
OVERLAP = 0
assert OVERLAP in (0, 1), "OVERLAP must be 0 or 1"
# the 128 x 256 tile (128 accumulators, a 64-register slice in flight) spills under it
assert OVERLAP == 0 or (SCALING == "block" and PAIR == 0 and STAGGER == 0 and BN <= 192), "OVERLAP = 1 needs SCALING block, BN <= 192, PAIR 0 and STAGGER 0"
# EPB: staging buffers (64 x 64 output chunks, 8 KiB) per consumer.  2 (the default): the
# chunks take turns through two buffers, each chunk behind two warpgroup barriers and a
# wait for the store that read its buffer two chunks before; BN / 64: a buffer for every
# chunk, one wait (for the previous tile's stores, long done), two barriers and BN / 64
# stores per tile.
EPB = 2
assert EPB in (2, BN // 64), "EPB must be 2 or BN / 64"
# the A/B tensor maps' L2 promotion (CUtensorMapL2promotion: 2 = 128B, 3 = 256B)
L2_PROMO = 2
ATYPE = "e5m2" if DT == "float8_e5m2" else "e4m3"
W = BN // SL
WGMMA = "wgmma.mma_async.sync.aligned.m64n%dk32.f32.%s.%s" % (BN, ATYPE, ATYPE)
WGMMA_SLICE = "wgmma.mma_async.sync.aligned.m64n%dk32.f32.%s.%s" % (W, ATYPE, ATYPE)
A_BYTES = BM * BK
B_BYTES = BN * BK
EP_BYTES = 64 * 64 * 2
NACC = BN // 2
# shared.dyn layout (bytes): A ring, B ring, NC x EPB staging buffers, 2 x STAGES mbarriers
SMEM_CTA = 227 * 1024 if CTAS_PER_SM == 1 else 113 * 1024
if STAGES == 0:
    STAGES = max(1, min(4, (SMEM_CTA - EPB * NC * EP_BYTES - 64) // (A_BYTES + B_BYTES)))
SMEM_B = STAGES * A_BYTES
SMEM_EP = SMEM_B + STAGES * B_BYTES
SMEM_BAR = SMEM_EP + EPB * NC * EP_BYTES
SMEM_TOTAL = SMEM_BAR + 2 * STAGES * 8
assert SMEM_TOTAL <= SMEM_CTA, "STAGES x (BM + BN) x 128 bytes plus the staging buffers exceed the shared memory of a CTA (227 KiB; 113 KiB with CTAS_PER_SM = 2)"


@T.macro
def release(bars, rbar, e):
    # one arrive on "empty" barrier e; with CLUSTER = 2 in each CTA of the pair (the peer
    # multicasts into our ring, and we into its): a plain remote arrive, as rung 4's
    if CLUSTER == 2:
        for r in T.unroll(2):
            T.ptx.mapa.shared__cluster.u32(rbar[0], T.cuda.cvta_generic_to_shared(T.address_of(bars[e])), T.uint32(r))
            T.ptx.mbarrier.arrive.shared__cluster.b64(rbar[0])
    else:
        T.ptx.mbarrier.arrive.shared.b64(T.address_of(bars[e]))


@T.macro
def settle(acc, n):
    # after wgmma.wait_group 0: tie the accumulators to this point so that no read of
    # them is scheduled above the wait (ptxas would serialize the wgmma pipeline, C7514)
    for i in T.unroll(n):
        T.cuda.wgmma.noop_barrier(acc[i])


@T.macro
def kscales(sn, SA, SB, row, bb, kb, M, nb):
    # k-block kb's scales: this thread's two accumulator rows (rows past M, clipped by the
    # store, read row M - 1's) and the two 128-column blocks of B the tile starts in
    # (bb = tile column start // 128; a block past N reads the last block's)
    sn[0] = SA[T.min(row, M - 1), kb]
    sn[1] = SA[T.min(row + 8, M - 1), kb]
    sn[2] = SB[bb, kb]
    sn[3] = SB[T.min(bb + 1, nb - 1), kb]


@T.macro
def kmult(mu, sn, odd):
    # the promotion's multipliers, mu[2 q + v] = sa[row v] * sb[block of 64-column chunk
    # q]: chunk q lies in block (q + odd) // 2 of the two, odd = (tile column start %
    # 128) / 64 (always 0 when BN is a multiple of 128)
    for q in T.unroll(BN // 64):
        for v in T.unroll(2):
            if BN % 128 == 0:
                mu[2 * q + v] = sn[v] * sn[2 + q // 2]
            elif q == 0:
                mu[2 * q + v] = sn[v] * sn[2]
            elif q == BN // 64 - 1:
                mu[2 * q + v] = sn[v] * sn[3]
            else:
                mu[2 * q + v] = sn[v] * T.Select(odd + q >= 2, sn[3], sn[2])


@T.macro
def slice_mma(tmp, da, db, h):
    # column slice h of the warpgroup's 64 x BN block, one k-tile: tmp = A * B (scale-d
    # false on the first k step); B rows W h .. (W h 128-byte rows into the stage)
    T.ptx.wgmma.fence.sync.aligned()
    for kk in T.unroll(BK // 32):
        T.ptx[WGMMA_SLICE](*[tmp[i] for i in range(W // 2)], da + T.uint64(2 * kk),
                           db + T.uint64(h * (W * BK // 16) + 2 * kk), kk > 0, 1, 1)
    T.ptx.wgmma.commit_group.sync.aligned()


@T.macro
def promote(acc, tmp, mu, h):
    # acc[slice h] += tmp * sa[row] * sb[block]; fragment tmp[4j + 2v + e] is column
    # W h + 8 j + 2 (lane % 4) + e, row + 8 v
    for i in T.unroll(W // 2):
        acc[W // 2 * h + i] = T.fma(tmp[i], mu[2 * ((W * h + 8 * (i // 4)) // 64) + i // 2 % 2], acc[W // 2 * h + i])


@T.macro
def promote_first(acc, tmp, mu, h):
    # a tile's first k-tile (OVERLAP = 1): acc[slice h] = tmp * sa[row] * sb[block]
    for i in T.unroll(W // 2):
        acc[W // 2 * h + i] = tmp[i] * mu[2 * ((W * h + 8 * (i // 4)) // 64) + i // 2 % 2]


@T.macro
def ep_chunk(acc, ep32, pk, sc, eb, sub, warp, lane):
    # chunk sub (64 x 64) of the warpgroup's accumulators to OT in staging buffer eb
    for jj in T.unroll(8):
        for v in T.unroll(2):
            if SCALING == "tensor":
                x0: T.let[T.float32] = acc[32 * sub + 4 * jj + 2 * v] * sc[0]
                x1: T.let[T.float32] = acc[32 * sub + 4 * jj + 2 * v + 1] * sc[0]
            else:
                x0: T.let[T.float32] = acc[32 * sub + 4 * jj + 2 * v]
                x1: T.let[T.float32] = acc[32 * sub + 4 * jj + 2 * v + 1]
            if OT == "float16":
                T.ptx.cvt.rn.f16x2.f32(pk[0], x1, x0)
            else:
                T.ptx.cvt.rn.bf16x2.f32(pk[0], x1, x0)
            r: T.let[T.int32] = warp * 16 + lane // 4 + 8 * v
            # 128-byte rows, 16-byte chunks XOR-swizzled by row % 8 (SWIZZLE_128B)
            ep32[eb + r * 32 + T.bitwise_xor(jj, r % 8) * 4 + lane % 4] = pk[0]


@T.macro
def epilogue(acc, ep32, pk, sc, C_map, cw, warp, lane, tm, tn):
    # the warpgroup's 64 x BN block of tile (tm, tn), in 64 x 64 chunks through the staging
    # buffers, TMA-stored
    if EPB == 2:
        for sub in T.unroll(BN // 64):
            eb: T.let[T.int32] = (cw * 2 + sub % 2) * (EP_BYTES // 4)
            # the store that read this buffer two chunks ago has finished reading
            if warp == 0 and lane == 0:
                T.ptx.cp.async_.bulk.wait_group.read(1)
            T.cuda.warpgroup_sync(1 + cw)
            ep_chunk(acc, ep32, pk, sc, eb, sub, warp, lane)
            T.ptx.fence.proxy.async_.shared__cta()
            T.cuda.warpgroup_sync(1 + cw)
            if warp == 0 and lane == 0:
                T.ptx["cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group"](
                    T.address_of(C_map), tn * BN + sub * 64, tm * BM + cw * 64, T.address_of(ep32[eb]))
                T.ptx.cp.async_.bulk.commit_group()
    else:
        # the previous tile's stores have finished reading the buffers
        if warp == 0 and lane == 0:
            T.ptx.cp.async_.bulk.wait_group.read(0)
        T.cuda.warpgroup_sync(1 + cw)
        for sub in T.unroll(BN // 64):
            ep_chunk(acc, ep32, pk, sc, (cw * EPB + sub) * (EP_BYTES // 4), sub, warp, lane)
        T.ptx.fence.proxy.async_.shared__cta()
        T.cuda.warpgroup_sync(1 + cw)
        if warp == 0 and lane == 0:
            for sub in T.unroll(BN // 64):
                T.ptx["cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group"](
                    T.address_of(C_map), tn * BN + sub * 64, tm * BM + cw * 64,
                    T.address_of(ep32[(cw * EPB + sub) * (EP_BYTES // 4)]))
            T.ptx.cp.async_.bulk.commit_group()


@T.prim_func
def fp8_ws_persistent(a: T.handle, b: T.handle, sa: T.handle, sb: T.handle, c: T.handle):
    M = T.int32()
    N = T.int32()
    K = T.int32()
    A = T.match_buffer(a, (M, K), DT)
    B = T.match_buffer(b, (N, K), DT)
    if SCALING == "block":
        SA = T.match_buffer(sa, (M, (K + 127) // 128), "float32")
        SB = T.match_buffer(sb, ((N + 127) // 128, (K + 127) // 128), "float32")
    else:
        SA = T.match_buffer(sa, (1,), "float32")
        SB = T.match_buffer(sb, (1,), "float32")
    C = T.match_buffer(c, (M, N), OT)
    A_map: T.let[T.handle("tensormap")] = T.tvm_stack_alloca("tensormap", 1)
    T.call_packed("runtime.cuTensorMapEncodeTiled", A_map, DT, 2, A.data,
                  K, M, K, BK, BM, 1, 1, 0, 3, L2_PROMO, 0)
    B_map: T.let[T.handle("tensormap")] = T.tvm_stack_alloca("tensormap", 1)
    T.call_packed("runtime.cuTensorMapEncodeTiled", B_map, DT, 2, B.data,
                  K, N, K, BK, BN // CLUSTER, 1, 1, 0, 3, L2_PROMO, 0)
    C_map: T.let[T.handle("tensormap")] = T.tvm_stack_alloca("tensormap", 1)
    T.call_packed("runtime.cuTensorMapEncodeTiled", C_map, OT, 2, C.data,
                  N, M, N * 2, 64, 64, 1, 1, 0, 3, 2, 0)
    T.device_entry()
    if CLUSTER == 2:
        rank = T.cta_id_in_cluster([2])
    bx = T.cta_id([CLUSTER * T.min(NCTA // CLUSTER, T.ceildiv(M, CLUSTER * BM) * T.ceildiv(N, BN))])
    wg = T.warpgroup_id([NC + 1])
    warp = T.warp_id_in_wg([4])
    lane = T.lane_id([32])
    T.attr({"tirx.launch_bounds_min_blocks_per_sm": CTAS_PER_SM})
    pool = T.alloc_buffer((SMEM_TOTAL,), "uint8", scope="shared.dyn", align=1024)
    ep32 = T.decl_buffer((EPB * NC * EP_BYTES // 4,), "uint32", data=pool.data,
                         elem_offset=SMEM_EP // 4, scope="shared.dyn")
    bars = T.decl_buffer((2 * STAGES,), "uint64", data=pool.data,
                         elem_offset=SMEM_BAR // 8, scope="shared.dyn")
    sbase: T.let[T.uint32] = T.cuda.cvta_generic_to_shared(pool.data)
    # tile rows of (CLUSTER BM) rows: pair tiles when CLUSTER = 2
    num_m: T.let[T.int32] = T.ceildiv(M, CLUSTER * BM)
    num_n: T.let[T.int32] = T.ceildiv(N, BN)
    nk: T.let[T.int32] = T.ceildiv(K, BK)
    nb: T.let[T.int32] = T.ceildiv(N, 128)
    # (pair) tiles owned by this CTA (cluster): cl, cl + NCTA / CLUSTER, ...
    cl: T.let[T.int32] = bx // CLUSTER
    ntile: T.let[T.int32] = T.ceildiv(num_m * num_n - cl, NCTA // CLUSTER)

    if wg == 0 and warp == 0 and lane == 0:
        for s in T.unroll(STAGES):
            T.ptx.mbarrier.init.shared.b64(T.address_of(bars[s]), 1)
            T.ptx.mbarrier.init.shared.b64(T.address_of(bars[STAGES + s]), CLUSTER * NC)
        T.ptx.fence.mbarrier_init.release.cluster()
        T.ptx.fence.proxy.async_.shared__cta()
    if CLUSTER == 2:
        # the peer's multicasts and arrives may target our barriers from now on
        T.cuda.cluster_sync()
    else:
        T.cuda.cta_sync()

    if wg == 0:
        T.ptx.setmaxnreg.dec.sync.aligned.u32(REG_P)
        if warp == 0 and lane == 0:
            for ti in range(ntile):
                t: T.let[T.int32] = cl + ti * (NCTA // CLUSTER)
                gsz: T.let[T.int32] = GROUP_M // CLUSTER * num_n
                first_m: T.let[T.int32] = t // gsz * (GROUP_M // CLUSTER)
                gm: T.let[T.int32] = T.min(num_m - first_m, GROUP_M // CLUSTER)
                if CLUSTER == 2:
                    tm: T.let[T.int32] = (first_m + t % gsz % gm) * 2 + rank
                else:
                    tm: T.let[T.int32] = first_m + t % gsz % gm
                tn: T.let[T.int32] = t % gsz // gm
                for kt in range(nk):
                    it: T.let[T.int32] = ti * nk + kt
                    s: T.let[T.int32] = it % STAGES
                    # a fresh barrier has completed "phase -1" (parity 1): the first
                    # round does not wait
                    T.cuda.mbarrier_wait(T.address_of(bars[STAGES + s]), (it // STAGES + 1) % 2)
                    T.ptx.mbarrier.arrive.expect_tx.shared.b64(T.address_of(bars[s]), A_BYTES + B_BYTES)
                    T.ptx["cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"](
                        sbase + s * A_BYTES, T.address_of(A_map), kt * BK, tm * BM, T.address_of(bars[s]))
                    if CLUSTER == 2:
                        T.ptx["cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.multicast::cluster"](
                            sbase + SMEM_B + s * B_BYTES + rank * (B_BYTES // 2), T.address_of(B_map),
                            kt * BK, tn * BN + rank * (BN // 2), T.address_of(bars[s]), T.uint16(3))
                    else:
                        T.ptx["cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"](
                            sbase + SMEM_B + s * B_BYTES, T.address_of(B_map), kt * BK, tn * BN, T.address_of(bars[s]))
    else:
        T.ptx.setmaxnreg.inc.sync.aligned.u32(REG_C)
        cw: T.let[T.int32] = wg - 1
        acc = T.alloc_local((NACC,), "float32")
        tmp0 = T.alloc_local((W // 2,), "float32")
        tmp1 = T.alloc_local((W // 2 if PAIR == 1 else 1,), "float32")
        mu2 = T.alloc_local((BN // 32,), "float32")
        sn2 = T.alloc_local((4,), "float32")
        sc = T.alloc_local((1,), "float32")
        mu = T.alloc_local((BN // 32,), "float32")
        sn = T.alloc_local((4,), "float32")
        pk = T.alloc_local((1,), "uint32")
        rbar = T.alloc_local((1,), "uint32")
        # OVERLAP = 1: the tile whose epilogue is pending
        ptile = T.alloc_local((2,), "int32")
        # K-major, 128B swizzle descriptors: start >> 4, LBO 1 (unused), SBO 1024 B >> 4,
        # layout type 1 (SWIZZLE_128B) in bits 62-63; a k32 step of fp8 is 32 bytes (+2)
        desc_hi: T.let[T.uint64] = (T.uint64(64) << T.uint64(32)) | (T.uint64(1) << T.uint64(62)) | (T.uint64(1) << T.uint64(16))
        # this thread's accumulator rows (fragment acc[4j + 2v + h]: row 16*warp + lane/4
        # + 8v, column 8j + 2*(lane%4) + h of the warpgroup's 64 x BN block)
        r0: T.let[T.int32] = cw * 64 + warp * 16 + lane // 4
        if SCALING == "tensor":
            sc[0] = SA[0] * SB[0]
        for ti in range(ntile):
            t: T.let[T.int32] = cl + ti * (NCTA // CLUSTER)
            gsz: T.let[T.int32] = GROUP_M // CLUSTER * num_n
            first_m: T.let[T.int32] = t // gsz * (GROUP_M // CLUSTER)
            gm: T.let[T.int32] = T.min(num_m - first_m, GROUP_M // CLUSTER)
            if CLUSTER == 2:
                tm: T.let[T.int32] = (first_m + t % gsz % gm) * 2 + rank
            else:
                tm: T.let[T.int32] = first_m + t % gsz % gm
            tn: T.let[T.int32] = t % gsz // gm
            # this tile's first 128-column block of B, and whether it starts mid-block
            bb: T.let[T.int32] = tn * BN // 128
            odd: T.let[T.int32] = tn * BN % 128 // 64
            if SCALING == "block":
                if OVERLAP == 0:
                    for i in T.unroll(NACC):
                        acc[i] = T.float32(0)
                kscales(sn, SA, SB, tm * BM + r0, bb, 0, M, nb)
            if OVERLAP == 1:
                # k-tile 0: its wgmmas write the temporary while the previous tile's
                # epilogue reads the accumulators; its promotion then sets them (K > 0:
                # a tensor map with a zero dimension is refused before the launch)
                i0: T.let[T.int32] = ti * nk
                s0: T.let[T.int32] = i0 % STAGES
                T.cuda.mbarrier_wait(T.address_of(bars[s0]), i0 // STAGES % 2)
                da0: T.let[T.uint64] = desc_hi | T.Cast("uint64", ((sbase + s0 * A_BYTES + cw * (64 * BK)) & T.uint32(0x3FFFF)) >> T.uint32(4))
                db0: T.let[T.uint64] = desc_hi | T.Cast("uint64", ((sbase + SMEM_B + s0 * B_BYTES) & T.uint32(0x3FFFF)) >> T.uint32(4))
                for h in T.unroll(SL):
                    slice_mma(tmp0, da0, db0, h)
                    if h == 0:
                        if ti > 0:
                            epilogue(acc, ep32, pk, sc, C_map, cw, warp, lane, ptile[0], ptile[1])
                        kmult(mu, sn, odd)
                        kscales(sn, SA, SB, tm * BM + r0, bb, T.min(1, nk - 1), M, nb)
                    T.ptx.wgmma.wait_group.sync.aligned(0)
                    settle(tmp0, W // 2)
                    if h == SL - 1 and warp == 0 and lane == 0:
                        release(bars, rbar, STAGES + s0)
                    promote_first(acc, tmp0, mu, h)
            if PAIR == 1:
                kscales(sn2, SA, SB, tm * BM + r0, bb, T.min(1, nk - 1), M, nb)
                for kp in range(nk // 2):
                    ip: T.let[T.int32] = ti * nk + 2 * kp
                    # the pair's multipliers; its successor's scales are loaded now
                    kmult(mu, sn, odd)
                    kmult(mu2, sn2, odd)
                    kscales(sn, SA, SB, tm * BM + r0, bb, T.min(2 * kp + 2, nk - 1), M, nb)
                    kscales(sn2, SA, SB, tm * BM + r0, bb, T.min(2 * kp + 3, nk - 1), M, nb)
                    s0: T.let[T.int32] = ip % STAGES
                    s1: T.let[T.int32] = (ip + 1) % STAGES
                    # units u = SL j + h (k-tile j of the pair, slice h) through temporary
                    # u % 2; each unit's wgmma group is issued before the one before it is
                    # waited for (wait_group 1) and promoted
                    for u in T.unroll(2 * SL + 1):
                        if u < 2 * SL:
                            if u == 0:
                                T.cuda.mbarrier_wait(T.address_of(bars[s0]), ip // STAGES % 2)
                            if u == SL:
                                T.cuda.mbarrier_wait(T.address_of(bars[s1]), (ip + 1) // STAGES % 2)
                            sj: T.let[T.int32] = (ip + u // SL) % STAGES
                            daj: T.let[T.uint64] = desc_hi | T.Cast("uint64", ((sbase + sj * A_BYTES + cw * (64 * BK)) & T.uint32(0x3FFFF)) >> T.uint32(4))
                            dbj: T.let[T.uint64] = desc_hi | T.Cast("uint64", ((sbase + SMEM_B + sj * B_BYTES) & T.uint32(0x3FFFF)) >> T.uint32(4))
                            if u % 2 == 0:
                                slice_mma(tmp0, daj, dbj, u % SL)
                            else:
                                slice_mma(tmp1, daj, dbj, u % SL)
                        if u > 0:
                            # unit u - 1 retired
                            if u < 2 * SL:
                                T.ptx.wgmma.wait_group.sync.aligned(1)
                            else:
                                T.ptx.wgmma.wait_group.sync.aligned(0)
                            if u % SL == 0 and warp == 0 and lane == 0:
                                if u == SL:
                                    release(bars, rbar, STAGES + s0)
                                else:
                                    release(bars, rbar, STAGES + s1)
                            if (u - 1) % 2 == 0:
                                settle(tmp0, W // 2)
                                if u - 1 < SL:
                                    promote(acc, tmp0, mu, (u - 1) % SL)
                                else:
                                    promote(acc, tmp0, mu2, (u - 1) % SL)
                            else:
                                settle(tmp1, W // 2)
                                if u - 1 < SL:
                                    promote(acc, tmp1, mu, (u - 1) % SL)
                                else:
                                    promote(acc, tmp1, mu2, (u - 1) % SL)
            for kt in range(nk - nk % 2 if PAIR == 1 else OVERLAP, nk):
                it: T.let[T.int32] = ti * nk + kt
                s: T.let[T.int32] = it % STAGES
                if SCALING == "block":
                    # this k-block's multipliers from the scales read one k-tile ahead;
                    # the next k-block's loads are issued now, so their L2 latency hides
                    # behind this k-tile
                    kmult(mu, sn, odd)
                    kscales(sn, SA, SB, tm * BM + r0, bb, T.min(kt + 1, nk - 1), M, nb)
                if STAGGER == 1:
                    hand: T.let[T.bool] = it == 0
                elif STAGGER == 2:
                    hand: T.let[T.bool] = it == 0 or (kt == 0 and nk > STAGES)
                if STAGGER > 0 and hand and cw > 0:
                    # start one k-tile behind the consumer before this one
                    T.ptx.bar.sync(T.uint32(NC + cw), T.uint32(256))
                T.cuda.mbarrier_wait(T.address_of(bars[s]), it // STAGES % 2)
                da: T.let[T.uint64] = desc_hi | T.Cast("uint64", ((sbase + s * A_BYTES + cw * (64 * BK)) & T.uint32(0x3FFFF)) >> T.uint32(4))
                db: T.let[T.uint64] = desc_hi | T.Cast("uint64", ((sbase + SMEM_B + s * B_BYTES) & T.uint32(0x3FFFF)) >> T.uint32(4))
                if SCALING == "block":
                    for h in T.unroll(SL):
                        slice_mma(tmp0, da, db, h)
                        T.ptx.wgmma.wait_group.sync.aligned(0)
                        settle(tmp0, W // 2)
                        if h == SL - 1 and warp == 0 and lane == 0:
                            release(bars, rbar, STAGES + s)
                        if STAGGER > 0 and h == SL - 1 and cw < NC - 1 and hand:
                            # this consumer's first k-tile retired: the next one may start
                            T.ptx.bar.arrive(T.uint32(1 + NC + cw), T.uint32(256))
                        promote(acc, tmp0, mu, h)
                else:
                    # scale-d false for the tile's first K step: D = A*B overwrites the
                    # accumulators, which therefore need no zeroing
                    T.ptx.wgmma.fence.sync.aligned()
                    for kk in T.unroll(BK // 32):
                        T.ptx[WGMMA](*[acc[i] for i in range(NACC)], da + T.uint64(2 * kk), db + T.uint64(2 * kk), kt > 0 or kk > 0, 1, 1)
                    T.ptx.wgmma.commit_group.sync.aligned()
                    T.ptx.wgmma.wait_group.sync.aligned(1)
                    # the previous k-tile's group retired: release its stage
                    if kt > 0 and warp == 0 and lane == 0:
                        release(bars, rbar, STAGES + (it - 1) % STAGES)
            if SCALING == "tensor":
                T.ptx.wgmma.wait_group.sync.aligned(0)
                settle(acc, NACC)
                if warp == 0 and lane == 0:
                    release(bars, rbar, STAGES + (ti * nk + nk - 1) % STAGES)
            if OVERLAP == 1:
                # the epilogue runs in the next tile's first k-tile, or after the loop
                ptile[0] = tm
                ptile[1] = tn
            else:
                epilogue(acc, ep32, pk, sc, C_map, cw, warp, lane, tm, tn)
        if OVERLAP == 1 and ntile > 0:
            epilogue(acc, ep32, pk, sc, C_map, cw, warp, lane, ptile[0], ptile[1])
        if warp == 0 and lane == 0:
            T.ptx.cp.async_.bulk.wait_group(0)
    if CLUSTER == 2:
        # leave together: no remote arrive may reach an exited CTA
        T.cuda.cluster_sync()
