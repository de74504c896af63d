# bench/gemm/fp8_overlap_probe.py: can the CUDA cores' FFMAs run while the tensor cores run
# a wgmma on the same SM (issue 26: the block-scaled kernel's promotion)?  One CTA per SM,
# two warpgroups:
#   warpgroup 0 (A): ITERS k-tiles of the block kernel's shape, each 4 x
#     wgmma.m64n192k32.e4m3 from shared-memory descriptors into 96 fp32 registers, commit,
#     wait_group 0 (AMODE "idle": nothing);
#   warpgroup 1 (B): BMODE "idle", "wgmma" (the same loop: two consumers sharing the tensor
#     cores) or "ffma" (FITERS x 96 independent FFMAs, acc[i] = fma(tmp[i], m, acc[i]) --
#     the promotion's form, two distinct register reads a FFMA).
# Each warpgroup's thread 0 writes its loop's clock64 cycles to O[cta, 2 wg] and the
# count of units to O[cta, 2 wg + 1]; the shared memory is not initialised (timing only).
# bench/gemm/overlap_probe.py runs the combinations and prints cycles per unit.
AMODE = "wgmma"
BMODE = "idle"
ITERS = 2000
FITERS = 8000
NSM = 132
assert AMODE in ("idle", "wgmma"), 'AMODE must be "idle" or "wgmma"'
assert BMODE in ("idle", "wgmma", "ffma"), 'BMODE must be "idle", "wgmma" or "ffma"'
WGMMA = "wgmma.mma_async.sync.aligned.m64n192k32.f32.e4m3.e4m3"
SMEM = 200 * 1024


@T.prim_func
def fp8_overlap_probe(o: T.handle, f: T.handle):
    O = T.match_buffer(o, (NSM, 4), "int64")
    F = T.match_buffer(f, (NSM, 256), "float32")
    T.device_entry()
    bx = T.cta_id([NSM])
    wg = T.warpgroup_id([2])
    warp = T.warp_id_in_wg([4])
    lane = T.lane_id([32])
    pool = T.alloc_buffer((SMEM,), "uint8", scope="shared.dyn", align=1024)
    sbase: T.let[T.uint32] = T.cuda.cvta_generic_to_shared(pool.data)
    acc = T.alloc_local((96,), "float32")
    tmp = T.alloc_local((96,), "float32")
    t = T.alloc_local((1,), "uint64")
    for i in T.unroll(96):
        acc[i] = T.float32(0)
        tmp[i] = T.Cast("float32", lane + i)
    # the promotion's multiplier is a register (sa * sb), not an immediate
    mu: T.let[T.float32] = T.Cast("float32", lane) * T.float32(1e-7) + T.float32(1.0)
    desc_hi: T.let[T.uint64] = (T.uint64(64) << T.uint64(32)) | (T.uint64(1) << T.uint64(62)) | (T.uint64(1) << T.uint64(16))
    da: T.let[T.uint64] = desc_hi | T.Cast("uint64", ((sbase + wg * 8192) & T.uint32(0x3FFFF)) >> T.uint32(4))
    db: T.let[T.uint64] = desc_hi | T.Cast("uint64", ((sbase + 16384) & T.uint32(0x3FFFF)) >> T.uint32(4))
    T.cuda.cta_sync()
    mode: T.let[T.int32] = T.Select(wg == 0, 1 if AMODE == "wgmma" else 0, 1 if BMODE == "wgmma" else (2 if BMODE == "ffma" else 0))
    t[0] = T.cuda.clock64()
    if mode == 1:
        for it in range(ITERS):
            T.ptx.wgmma.fence.sync.aligned()
            for kk in T.unroll(4):
                T.ptx[WGMMA](*[acc[i] for i in range(96)], da + T.uint64(2 * kk), db + T.uint64(2 * kk), it > 0 or kk > 0, 1, 1)
            T.ptx.wgmma.commit_group.sync.aligned()
            T.ptx.wgmma.wait_group.sync.aligned(0)
            for i in T.unroll(96):
                T.cuda.wgmma.noop_barrier(acc[i])
    elif mode == 2:
        for it in range(FITERS):
            for i in T.unroll(96):
                acc[i] = T.fma(tmp[i], mu, acc[i])
    if warp == 0 and lane == 0:
        O[bx, 2 * wg] = T.Cast("int64", T.cuda.clock64() - t[0])
        O[bx, 2 * wg + 1] = T.Cast("int64", T.Select(mode == 1, ITERS, T.Select(mode == 2, FITERS, 0)))
    # every accumulator reaches memory (no FFMA chain is dead code)
    for i in T.unroll(1, 96):
        acc[0] = acc[0] + acc[i]
    F[bx, wg * 128 + warp * 32 + lane] = acc[0]
