# tile-dispatch's copy_async tensor-memory preconditions on sm_100a
# (lib/Transforms/Tile/copy_async_tmem.c), each rejection located.
# RUN: %tirx-opt --mcpu=sm_100a --verify-diagnostics --pass-pipeline=tile-dispatch %s
@T.prim_func
def ldst(k: T.int32):
    T.device_entry()
    T.cta_id([1])
    T.warpgroup_id([1])
    T.thread_id_in_wg([128])
    tm = T.decl_buffer((128, 256), "float32", scope="tmem", layout=T.TileLayout(T.S[(128, 256):(1 @ Axis.TLane, 1 @ Axis.TCol)]), allocated_addr=0)
    th = T.decl_buffer((128, 256), "float16", scope="tmem", layout=T.TileLayout(T.S[(128, 256):(1 @ Axis.TLane, 1 @ Axis.TCol)]), allocated_addr=0)
    trep = T.decl_buffer((32, 64), "float32", scope="tmem", layout=T.TileLayout(T.S[(32, 64):(1 @ Axis.TLane, 1 @ Axis.TCol)] + T.R[4:32 @ Axis.TLane]), allocated_addr=0)
    noaddr = T.decl_buffer((128, 64), "float32", scope="tmem", layout=T.TileLayout(T.S[(128, 64):(1 @ Axis.TLane, 1 @ Axis.TCol)]))
    tk = T.decl_buffer((2, 128, 64), "float16", scope="tmem", layout=T.TileLayout(T.S[(2, 128, 64):(1 @ Axis.TCol, 1 @ Axis.TLane, 2 @ Axis.TCol)]), allocated_addr=0)
    frag = T.alloc_tcgen05_ldst_frag("32x32b", (128, 64), "float32")
    fh = T.alloc_tcgen05_ldst_frag("32x32b", (128, 64), "float16")
    perm = T.alloc_local((128, 8), "float32", layout=T.TileLayout(T.S[(2, 64, 8):(1 @ Axis.tid_in_wg, 2 @ Axis.tid_in_wg, 1)]))
    wrong_axis = T.alloc_local((128, 8), "float32", layout=T.TileLayout(T.S[(4, 32, 8):(1 @ Axis.warpid, 1 @ Axis.laneid, 1)]))
    f8 = T.alloc_local((128, 8), "float16", layout=T.TileLayout(T.S[(128, 8):(1 @ Axis.tid_in_wg, 1)]))
    T.wg.copy_async(frag[:, :], th[0:128, 0:64])  # expected-error {{tcgen05.ld/st move 32, 16 or 8-bit elements of one width, got float16 (tmem) and float32 (registers)}}
    T.wg.copy_async(frag[:, :], tm[0:128, 0:32])  # expected-error {{tmem<->local: the regions have 4096 (tmem) and 8192 (registers) elements}}
    T.wg.copy_async(frag[0:32, :], trep[0:32, 0:64])  # expected-error {{tmem<->local: the layout of 'trep' (tmem) has replicas (a tcgen05.cp multicast)}}
    T.wg.copy_async(frag[:, :], noaddr[0:128, 0:64])  # expected-error {{tmem<->local: 'noaddr' (tmem) has no allocated_addr (its tensor-memory address)}}
    T.wg.copy_async(fh[:, :], tk[k, 0:128, 0:64])  # expected-error {{tmem<->local: the symbolic start of dimension 0 of 'tk' does not move it by whole lanes and 32-bit columns}}
    T.wg.copy_async(perm[:, :], tm[0:128, 0:8])  # expected-error {{tmem<->local: no tcgen05.ld/st shape (32x32b, 16x64b, 16x128b, 16x256b) moves register 0: thread 0 holds tmem lane 0, column 0 there, thread 1 lane 64, column 0}}
    T.wg.copy_async(wrong_axis[:, :], tm[0:128, 0:8])  # expected-error {{tmem<->local: 'wrong_axis' spreads over thread axis 'warpid'; tcgen05.ld/st take warpgroup register layouts (tid_in_wg, or wid_in_wg and laneid)}}
    T.wg.copy_async(frag[0:64, :], tm[0:64, 0:64])  # expected-error {{tmem<->local: register 0 of 'frag' holds region elements on some threads only (64 of 128); tcgen05.ld/st move the same registers on all 128 threads}}
    T.wg.copy_async(f8[:, :], th[0:128, 1:9])  # expected-error {{tmem<->local: element 0 is half 0 of its register but half 1 of its tmem cell (16-bit elements pair up in both)}}


@T.prim_func
def cp():
    T.device_entry()
    T.warp_id([4])
    tid = T.thread_id([128])
    S = T.alloc_shared((128, 16), "bfloat16", layout=T.ComposeLayout(3, 1, 3, T.TileLayout(T.S[(128, 16):(16, 1)])), align=1024)
    Swide = T.alloc_shared((128, 8), "bfloat16", layout=T.TileLayout(T.S[(128, 8):(16, 1)]), align=1024)
    S32 = T.alloc_shared((128, 8), "float32", align=1024)
    t = T.decl_buffer((128, 32), "bfloat16", scope="tmem", layout=T.TileLayout(T.S[(128, 32):(1 @ Axis.TLane, 1 @ Axis.TCol)]), allocated_addr=0)
    t0213 = T.decl_buffer((64, 16), "bfloat16", scope="tmem", layout=T.TileLayout(T.S[(64, 16):(1 @ Axis.TLane, 1 @ Axis.TCol)] + T.R[2:64 @ Axis.TLane]), allocated_addr=0)
    if tid == 0:
        T.tile.copy_async(t[:, 0:16], S[:, :], shape="256x8b")  # expected-error {{smem->tmem: no tcgen05.cp shape '256x8b' (128x256b, 4x256b, 128x128b, 64x128b with warpx2::02_13 / warpx2::01_23, 32x128b with warpx4)}}
        T.tile.copy_async(t0213[:, :], S[0:64, :], multicast="warpx2::01_23")  # expected-error {{smem->tmem: no tcgen05.cp shape fits (64x128b.warpx2::01_23: the tmem layout must replicate R[2 : 32 @ TLane])}}
        T.tile.copy_async(t[:, 0:8], S32[:, :])  # expected-error {{smem->tmem: tcgen05.cp copies elements of one width (8, 16 or 32 bits), got float32 and bfloat16}}
        T.tile.copy_async(t[:, 0:8], Swide[:, :], shape="128x128b")  # expected-error {{smem->tmem: no tcgen05.cp shape fits (128x128b: shared memory is not a descriptor's canonical layout: row 1, element 0 of instruction 0 is at 16, the layout needs 8)}}
        T.tile.copy_async(t[:, 2:18], S[:, :], shape="128x256b")  # expected-error {{smem->tmem: no tcgen05.cp shape fits (128x256b: instruction 0 writes from column 1, not 128-bit aligned)}}
        T.tile.copy_async(t[:, 0:16], S[:, :], decompress=True)  # expected-error {{smem->tmem: decompress (fp4 / fp6 -> fp8) is not supported}}
        T.tile.copy_async(t[:, 0:16], S[:, :], cta_group=3)  # expected-error {{smem->tmem: cta_group= must be 1 or 2}}
        T.tile.copy_async(t[:, 0:8], S[:, :])  # expected-error {{smem->tmem: the regions have 1024 (tmem) and 2048 (shared) elements}}
        T.tile.copy_async(t[:, 0:16], S[:, :], shape=3)  # expected-error {{smem->tmem: shape= must be a string}}

