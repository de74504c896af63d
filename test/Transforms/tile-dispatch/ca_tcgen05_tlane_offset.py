# tmem layouts with an offset along the lane axis (`+ 16 @ TLane`, apache/tvm's
# test_tcgen05_16xnb_sub_slab_view_read): the layout algebra keeps the offset per axis, so
# tcgen05.ld's planning reads lanes 16..31 of each warp's quadrant (taddr + 16 << 16) for the
# upper sub-slab of the M = 64 Layout-F view and lanes 0..15 for the lower one.  It failed with
# "the layout has a term tirx does not model yet".  An offset along a thread axis stays an
# error naming it (error line below).
# RUN: %tirx-opt --mcpu=sm_100a --pass-pipeline=tile-dispatch %s | FileCheck %s
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_100a --emit=cubin %s -o %t.sm_100a %}
# RUN: not %tirx-opt --mcpu=sm_100a --pass-pipeline=tile-dispatch -D BAD=1 %s 2>&1 | FileCheck %s --check-prefix=BAD
BAD = 0


@T.prim_func
def subslab(B0: T.Buffer((128, 16), "float32"), B1: T.Buffer((128, 16), "float32")):
    T.device_entry()
    T.cta_id([1])
    wg_id = T.warpgroup_id([1])
    tid = T.thread_id([128])
    slot = T.alloc_shared((1,), "uint32")
    f0 = T.decl_buffer((64, 32), scope="tmem", layout=T.TileLayout(T.S[(4, 16, 32):(32 @ Axis.TLane, 1 @ Axis.TLane, 1 @ Axis.TCol)]), allocated_addr=slot[0])
    f1 = T.decl_buffer((64, 32), scope="tmem", layout=T.TileLayout(T.S[(4, 16, 32):(32 @ Axis.TLane, 1 @ Axis.TLane, 1 @ Axis.TCol)] + 16 @ Axis.TLane), allocated_addr=slot[0])
    lower = T.alloc_local((16,))
    lo = T.decl_buffer((64, 32), data=lower.data, scope="local", layout=T.TileLayout(T.S[(4, 2, 8, 4, 4, 2):(1 @ Axis.wid_in_wg, 2, 4 @ Axis.laneid, 4, 1 @ Axis.laneid, 1)]))
    upper = T.alloc_local((16,))
    up = T.decl_buffer((64, 32), data=upper.data, scope="local", layout=T.TileLayout(T.S[(4, 2, 8, 4, 4, 2):(1 @ Axis.wid_in_wg, 2, 4 @ Axis.laneid, 4, 1 @ Axis.laneid, 1)]))
    if wg_id == 0:
        T.wg.copy_async(lo[0:64, 0:32], f0[0:64, 0:32])
        T.wg.copy_async(up[0:64, 0:32], f1[0:64, 0:32])
    if BAD == 1:
        w = T.decl_buffer((64, 32), data=upper.data, scope="local", layout=T.TileLayout(T.S[(4, 2, 8, 4, 4, 2):(1 @ Axis.wid_in_wg, 2, 4 @ Axis.laneid, 4, 1 @ Axis.laneid, 1)] + 1 @ Axis.laneid))
        if wg_id == 0:
            T.wg.copy_async(w[0:64, 0:32], f1[0:64, 0:32])
# CHECK-LABEL: def subslab(
# CHECK: T.ptx["tcgen05.ld.sync.aligned.16x256b.x4.b32"](lo_local[0], {{.*}}, slot[0])
# CHECK: T.ptx["tcgen05.ld.sync.aligned.16x256b.x4.b32"](up_local[0], {{.*}}, slot[0] + T.uint32(1048576))
# BAD: ca_tcgen05_tlane_offset.py:32:{{[0-9]+}}: error: T.wg.copy_async: no variant applies ({{.*}}the layout has an offset along thread axis 'laneid', which tirx does not model yet (only tensor memory's TLane / TCol){{.*}}
