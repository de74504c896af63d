# More copy_async tensor-memory rejections on sm_100a (lib/Transforms/Tile/copy_async_tmem.c;
# errors_ca_tcgen05.py has the first ones: one file stays under the error limit): tmem layouts
# off TLane / TCol or past lane 127, register layouts that leave the warpgroup's registers or
# put two elements in one, and tcgen05.cp's instruction and descriptor checks.
# RUN: %tirx-opt --mcpu=sm_100a --verify-diagnostics --pass-pipeline=tile-dispatch %s
@T.prim_func
def more(n: T.int32, k: T.int32):
    T.device_entry()
    T.cta_id([1])
    T.warpgroup_id([1])
    T.thread_id_in_wg([128])
    tlane = T.decl_buffer((128, 64), "float32", scope="tmem", layout=T.TileLayout(T.S[(128, 64):(1 @ Axis.laneid, 1 @ Axis.TCol)]), allocated_addr=0)
    tmemo = T.decl_buffer((128, 64), "float32", scope="tmem", layout=T.TileLayout(T.S[(128, 64):(1 @ Axis.TLane, 1)]), allocated_addr=0)
    tbig = T.decl_buffer((256, 8), "float32", scope="tmem", layout=T.TileLayout(T.S[(256, 8):(1 @ Axis.TLane, 1 @ Axis.TCol)]), allocated_addr=0)
    tm = T.decl_buffer((128, 64), "float32", scope="tmem", layout=T.TileLayout(T.S[(128, 64):(1 @ Axis.TLane, 1 @ Axis.TCol)]), allocated_addr=0)
    frag = T.alloc_tcgen05_ldst_frag("32x32b", (128, 64), "float32")
    f8 = T.alloc_local((128, 8), "float32", layout=T.TileLayout(T.S[(128, 8):(1 @ Axis.tid_in_wg, 1)]))
    neg = T.alloc_local((128, 8), "float32", layout=T.TileLayout(T.S[(128, 4, 2):(1 @ Axis.tid_in_wg, 2, -1)]))
    dup = T.alloc_local((128, 8), "float32", layout=T.TileLayout(T.S[(128, 8):(1 @ Axis.tid_in_wg, 0)]))
    T.wg.copy_async(frag[:, :], tlane[0:128, 0:64])  # expected-error {{tmem<->local: the layout of 'tlane' (tmem) uses axis 'laneid', not TLane / TCol}}
    T.wg.copy_async(frag[:, :], tmemo[0:128, 0:64])  # expected-error {{tmem<->local: the layout of 'tmemo' (tmem) has a memory component}}
    T.wg.copy_async(frag[:, 0:8], tbig[128:256, 0:8])  # expected-error {{tmem<->local: element 0 of 'tbig' is at lane 128, column 0, outside tmem}}
    f16x = T.alloc_tcgen05_ldst_frag("16x256b", (128, 64), "float32")
    T.wg.copy_async(f16x[:, k:k + 8], tm[0:128, 0:8])  # expected-error {{tmem<->local: the symbolic start of dimension 1 of 'f16x' does not move the region by whole registers of the same threads}}
    T.wg.copy_async(neg[:, :], tm[0:128, 0:8])  # expected-error {{tmem<->local: element 1 of 'neg' is on thread 0, register -1: outside the warpgroup's registers}}
    T.wg.copy_async(dup[:, :], tm[0:128, 0:8])  # expected-error {{tmem<->local: two elements of 'dup' share thread 0, register 0}}


@T.prim_func
def cp_more(k: T.int32):
    T.device_entry()
    T.warp_id([4])
    tid = T.thread_id([128])
    S = T.alloc_shared((128, 16), "bfloat16", layout=T.ComposeLayout(3, 1, 3, T.TileLayout(T.S[(128, 16):(16, 1)])), align=1024)
    S32 = T.alloc_shared((128, 32), "bfloat16", layout=T.ComposeLayout(3, 1, 3, T.TileLayout(T.S[(128, 32):(32, 1)])), align=1024)
    Sbad = T.alloc_shared((128, 64), "bfloat16", layout=T.ComposeLayout(3, 3, 2, T.TileLayout(T.S[(128, 64):(64, 1)])), align=1024)
    Sst = T.alloc_shared((3, 128, 16), "bfloat16", layout=T.ComposeLayout(3, 1, 3, T.TileLayout(T.S[(3, 128, 16):(2056, 16, 1)])), align=1024)
    S8 = T.alloc_shared((32, 128), "uint8", layout=T.ComposeLayout(4, 2, 3, T.TileLayout(T.S[(32, 2, 64):(64, 2048, 1)])), align=1024)
    t8 = T.decl_buffer((32, 16), "uint8", scope="tmem", layout=T.TileLayout(T.S[(32, 16):(1 @ Axis.TLane, 1 @ Axis.TCol)] + T.R[4:32 @ Axis.TLane]), allocated_addr=0)
    t = T.decl_buffer((128, 64), "bfloat16", scope="tmem", layout=T.TileLayout(T.S[(128, 64):(1 @ Axis.TLane, 1 @ Axis.TCol)]), allocated_addr=0)
    t0 = T.decl_buffer((128, 16), "bfloat16", scope="tmem", layout=T.TileLayout(T.S[(128, 16):(1 @ Axis.TLane, 0 @ Axis.TCol)]), allocated_addr=0)
    t0213 = T.decl_buffer((64, 16), "bfloat16", scope="tmem", layout=T.TileLayout(T.S[(64, 16):(1 @ Axis.TLane, 1 @ Axis.TCol)] + T.R[2:64 @ Axis.TLane]), allocated_addr=0)
    if tid == 0:
        T.tile.copy_async(t[:, 0:4], S[:, 0:4], shape="128x256b")  # expected-error {{smem->tmem: no tcgen05.cp shape fits (128x256b: 512 elements are no whole number of 2048-element instructions)}}
        T.tile.copy_async(t0213[:, :], S[0:64, :], shape="128x256b")  # expected-error {{smem->tmem: no tcgen05.cp shape fits (128x256b: 1024 elements are no whole number of 2048-element instructions)}}
        T.tile.copy_async(t0213[:, 0:8], S[0:128, 0:8], shape="128x128b")  # expected-error {{smem->tmem: the regions have 512 (tmem) and 1024 (shared) elements}}
        T.tile.copy_async(t0213[:, :], S[0:64, :], shape="128x128b")  # expected-error {{smem->tmem: no tcgen05.cp shape fits (128x128b: the tmem layout has replicas)}}
        T.tile.copy_async(t[:, 0:16], S[:, :], shape="32x128b")  # expected-error {{smem->tmem: no tcgen05.cp shape fits (32x128b.warpx4: the tmem layout must replicate R[4 : 32 @ TLane])}}
        T.tile.copy_async(t0[:, :], S[:, :], shape="128x256b")  # expected-error {{smem->tmem: no tcgen05.cp shape fits (128x256b: two elements land at lane 0, column 0)}}
        T.tile.copy_async(t[:, 0:64], Sbad[:, :], shape="128x256b")  # expected-error {{smem->tmem: no tcgen05.cp shape fits (128x256b: the swizzle of 'Sbad' (ComposeLayout(3, 3, 2)) is no descriptor swizzle (16-byte units, rows of 32, 64 or 128 bytes))}}
        T.tile.copy_async(t[:, 0:16], S32[:, 8:24], shape="128x256b")  # expected-error {{smem->tmem: no tcgen05.cp shape fits (128x256b: 'S32' starts 16 bytes into a 256-byte swizzle atom (row 0, byte 16); the descriptor starts on a whole atom)}}
        T.tile.copy_async(t8[:, :], S8[:, 32:48], shape="32x128b")  # expected-error {{smem->tmem: no tcgen05.cp shape fits (32x128b.warpx4: 'S8' starts 32 bytes into a 512-byte swizzle atom (row 0, byte 32); the descriptor starts on a whole atom)}}
        T.tile.copy_async(t[0:120, 0:16], S[8:128, :], shape="128x256b")  # expected-error {{smem->tmem: no tcgen05.cp shape fits (128x256b: 1920 elements are no whole number of 2048-element instructions)}}
        T.tile.copy_async(t[:, 0:16], Sst[k, :, :], shape="128x256b")  # expected-error {{smem->tmem: no tcgen05.cp shape fits (128x256b: the symbolic start of Sst's dimension 0 steps 2056 elements, not whole 128-element swizzle patterns)}}
        T.tile.copy_async(t0213[:, :], S[0:64, :], shape="64x128b")  # expected-error {{smem->tmem: tcgen05.cp shape '64x128b' needs multicast= (warpx2::02_13 or warpx2::01_23)}}
        T.tile.copy_async(t[:, 0:16], S[:, :], multicast=2)  # expected-error {{smem->tmem: multicast= must be a string}}
