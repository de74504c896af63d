# copy_async smem->tmem windows TVM 0.27 copies (apache/tvm's test_tcgen05_cp.py):
# 4x256b instructions tiled along the tmem lanes (the M = 64 Layout-F scatter
# (16, 4, C):(1@TLane, 32@TLane, 1@TCol)), each instruction four 32-byte rows of a 32-byte
# swizzle atom, two to an atom (the second starts in the atom's row 4: the descriptor's start
# steps 128 bytes), also for a window of rows [16:48) that lands on lanes 4..11 of each
# warp; and a 32x128b.warpx4 window A[4:36] of rows (8, 8):(128, 16) (one run of 16-byte
# rows, cut inside its 8-row iter).  They failed with "instruction 1 starts in row 4 of a
# swizzle atom" and "the region 4:36 is not a box of the layout's iters".  A swizzle_inner=False
# source (the mirrored permutation, which no descriptor walks) is a located dispatch error, as
# TVM rejects it (it was an unlocated "layout ... not supported yet" from flatten-buffer).
# RUN: %tirx-opt --mcpu=sm_100a --pass-pipeline=tile-dispatch %s | FileCheck %s
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_100a --emit=cubin %s -o %t.sm_100a %}
# RUN: %tirx-llc --mcpu=sm_100a --emit=ptx %s -o - | FileCheck %s --check-prefix=PTX
# RUN: not %tirx-opt --mcpu=sm_100a --pass-pipeline=tile-dispatch -D BAD=1 %s 2>&1 | FileCheck %s --check-prefix=BAD
# PTX-COUNT-24: tcgen05.cp.cta_group::1.4x256b
# PTX: tcgen05.cp.cta_group::1.32x128b.warpx4
BAD = 0


@T.prim_func
def windows():
    T.device_entry()
    T.cta_id([1])
    tx = T.thread_id([128])
    S = T.alloc_shared((64, 16), "bfloat16", align=1024, layout=T.ComposeLayout(3, 1, 3, T.TileLayout(T.S[1024:1])))
    U = T.alloc_shared((64, 32), "uint8", align=1024, layout=T.TileLayout(T.S[(8, 8, 2, 16):(128, 16, 1024, 1)]))
    slot = T.alloc_shared((1,), "uint32")
    t = T.decl_buffer((64, 16), "bfloat16", scope="tmem", layout=T.TileLayout(T.S[(16, 4, 16):(1 @ Axis.TLane, 32 @ Axis.TLane, 1 @ Axis.TCol)]), allocated_addr=slot[0])
    u = T.decl_buffer((32, 16), "uint8", scope="tmem", layout=T.TileLayout(T.S[(32, 16):(1 @ Axis.TLane, 1 @ Axis.TCol)] + T.R[4:32 @ Axis.TLane]), allocated_addr=slot[0])
    if tx == 0:
        T.tile.copy_async(t[0:64, 0:16], S[0:64, 0:16])
        T.tile.copy_async(t[16:48, 0:16], S[0:32, 0:16])
        T.tile.copy_async(u[0:32, 0:16], U[4:36, 0:16])
    if BAD == 1:  # apache/tvm's test_cp_rejects_flipped_swizzle_inner: a located error, not flatten's
        F = T.alloc_shared((128, 64), "bfloat16", align=1024, layout=T.ComposeLayout(3, 3, 3, T.TileLayout(T.S[(16, 8, 64):(512, 64, 1)]), swizzle_inner=False))
        tf = T.decl_buffer((128, 8), "bfloat16", scope="tmem", layout=T.TileLayout(T.S[(128, 8):(1 @ Axis.TLane, 1 @ Axis.TCol)]), allocated_addr=slot[0])
        if tx == 0:
            T.tile.copy_async(tf[0:128, 0:8], F[0:128, 0:8], shape="128x128b")
# CHECK-LABEL: def windows(
# CHECK: T.ptx["tcgen05.cp.cta_group::1.4x256b"](slot[0], cp_desc_[[D:[0-9]+]])
# CHECK-NEXT: T.ptx["tcgen05.cp.cta_group::1.4x256b"](slot[0] + T.uint32(65536), cp_desc_[[D]] + T.uint64(8))
# CHECK: T.ptx["tcgen05.cp.cta_group::1.4x256b"](slot[0] + T.uint32(983040), cp_desc_[[D]] + T.uint64(120))
# CHECK: T.ptx["tcgen05.cp.cta_group::1.4x256b"](slot[0] + T.uint32(262144), cp_desc_[[E:[0-9]+]])
# CHECK-NEXT: T.ptx["tcgen05.cp.cta_group::1.4x256b"](slot[0] + T.uint32(327680), cp_desc_[[E]] + T.uint64(8))
# CHECK: T.ptx["tcgen05.cp.cta_group::1.4x256b"](slot[0] + T.uint32(720896), cp_desc_[[E]] + T.uint64(56))
# CHECK: T.cuda.cvta_generic_to_shared(T.address_of(U[4, 0]))
# CHECK-NEXT: T.ptx["tcgen05.cp.cta_group::1.32x128b.warpx4"](slot[0], cp_desc_{{[0-9]+}})
# BAD: ca_tcgen05_cp_windows.py:38:20: error: T.tile.copy_async: no variant applies ({{.*}}smem->tmem: T.ComposeLayout(..., swizzle_inner=False) (the mirrored swizzle x ^ ((x & inner_mask) << atom_len)) is not supported: TMA and the shared-memory descriptors swizzle as swizzle_inner=True)
