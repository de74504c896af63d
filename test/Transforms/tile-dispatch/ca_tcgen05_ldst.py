# copy_async tmem<->local (lib/Transforms/Tile/copy_async_tmem.c, sm_100a / sm_103a): a
# warpgroup's tcgen05.ld / tcgen05.st, the shape, .num and lane / column base of each
# instruction read off the register layout (T.alloc_tcgen05_ldst_frag's, or any other) and
# the tensor-memory layout, element by element.  The waits are the caller's, as in TVM.  The
# tensor-memory address may be the shared word tcgen05.alloc wrote (TVM 0.27 cannot lower
# that form: "tmem_addr.source ... not passed in as API arguments").
# RUN: %tirx-opt --mcpu=sm_100a --pass-pipeline=tile-dispatch %s | FileCheck %s
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_100a --emit=cubin %s -o %t.sm_100a %}
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_103a --emit=cubin %s -o %t.sm_103a %}
# RUN: %tirx-llc --mcpu=sm_100a --emit=ptx %s -o - | FileCheck %s --check-prefix=PTX
# RUN: not %tirx-llc --mcpu=sm_90a --emit=ptx %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=SM90
# PTX-DAG: tcgen05.ld.sync.aligned.32x32b.x64.b32
# PTX-DAG: tcgen05.st.sync.aligned.16x256b.x8.b32
# PTX-DAG: tcgen05.ld.sync.aligned.16x64b.x16.b32
# PTX-DAG: tcgen05.st.sync.aligned.16x128b.x8.b32
# PTX-DAG: tcgen05.wait::ld.sync.aligned
# PTX-DAG: tcgen05.wait::st.sync.aligned
# SM90: ca_tcgen05_ldst.py:[[@LINE+29]]:10: error: T.wg.copy_async: no variant applies ({{.*}}tmem<->local: tcgen05.ld/st needs sm_100a .. sm_103a (compiling for sm_90a); smem->tmem: does not run at warpgroup scope)

# .32x32b, M = 128 (datapath D): thread t reads lane t, 64 columns from column 64 of the
# allocation whose address is the shared word; a store of a .16x256b fragment over M = 128
# is two instructions, the lower and the upper 16-lane slab of each warp (lane 16 << 16).
# CHECK-LABEL: def d128
# CHECK: T.ptx["tcgen05.ld.sync.aligned.32x32b.x64.b32"](frag_local[0], frag_local[1], {{.*}}, frag_local[63], slot[0] + T.uint32(64))
# CHECK-NEXT: T.ptx["tcgen05.wait::ld.sync.aligned"]()
# CHECK: T.ptx["tcgen05.st.sync.aligned.16x256b.x8.b32"](slot[0] + T.uint32(256), f256_local[0], {{.*}}, f256_local[31])
# CHECK-NEXT: T.ptx["tcgen05.st.sync.aligned.16x256b.x8.b32"](slot[0] + T.uint32(1048832), f256_local[32], {{.*}}, f256_local[63])
# CHECK-NEXT: T.ptx["tcgen05.wait::st.sync.aligned"]()
# A column slice of a fragment (registers 32..63) and a width that is no .num (96 columns:
# x64 then x32).
# CHECK: T.ptx["tcgen05.ld.sync.aligned.32x32b.x32.b32"](frag_local_1[32], {{.*}}, frag_local_1[63], slot[0] + T.uint32(96))
# CHECK: T.ptx["tcgen05.ld.sync.aligned.32x32b.x64.b32"](wide_local[0], {{.*}}, slot[0] + T.uint32(128))
# CHECK-NEXT: T.ptx["tcgen05.ld.sync.aligned.32x32b.x32.b32"](wide_local[64], {{.*}}, slot[0] + T.uint32(192))
@T.prim_func
def d128():
    T.device_entry()
    T.cta_id([1])
    T.warpgroup_id([1])
    warp = T.warp_id_in_wg([4])
    T.thread_id_in_wg([128])
    slot = T.alloc_shared((1,), "uint32")
    if warp == 0:
        T.ptx.tcgen05.alloc.cta_group__1.sync.aligned.shared__cta.b32(T.address_of(slot[0]), T.uint32(512))
    T.cuda.cta_sync()
    tmem = T.decl_buffer((128, 512), "float32", scope="tmem", layout=T.TileLayout(T.S[(128, 512):(1 @ Axis.TLane, 1 @ Axis.TCol)]), allocated_addr=slot[0])
    frag = T.alloc_tcgen05_ldst_frag("32x32b", (128, 64), "float32")
    T.wg.copy_async(frag[:, :], tmem[0:128, 64:128])
    T.ptx.tcgen05.wait__ld.sync.aligned()
    f256 = T.alloc_tcgen05_ldst_frag("16x256b", (128, 64), "float32")
    T.wg.copy_async(tmem[0:128, 256:320], f256[:, :])
    T.ptx.tcgen05.wait__st.sync.aligned()
    T.wg.copy_async(frag[:, 32:64], tmem[0:128, 96:128])
    wide = T.alloc_local((128, 96), "float32", layout=T.TileLayout(T.S[(128, 96):(1 @ Axis.tid_in_wg, 1)]))
    T.wg.copy_async(wide[:, :], tmem[0:128, 128:224])
    T.ptx.tcgen05.wait__ld.sync.aligned()

# M = 64, datapath F (rows 16 w .. 16 w + 15 in lanes 32 w .. 32 w + 15): .16x64b.x16, one
# slab; the upper slab (lanes 32 w + 16 ..) as a region of a (4, 32, N) view: lane base 16.
# bfloat16 (two to a cell and a register): .16x128b.x8 per slab of a (128, 64) fragment, the
# columns counted in 32-bit cells (element column 64 is cell 32).
# CHECK-LABEL: def f64_bf16
# CHECK: T.ptx["tcgen05.ld.sync.aligned.16x64b.x16.b32"](f64_local[0], {{.*}}, f64_local[15], T.uint32(0))
# CHECK: T.ptx["tcgen05.ld.sync.aligned.16x64b.x16.b32"](f64_local_1[0], {{.*}}, f64_local_1[15], T.uint32(1048576))
# CHECK: T.ptx["tcgen05.st.sync.aligned.16x128b.x8.b32"](T.uint32(32), fb_w{{[0-9]+}}[0], {{.*}}, fb_w{{[0-9]+}}[15])
# CHECK-NEXT: T.ptx["tcgen05.st.sync.aligned.16x128b.x8.b32"](T.uint32(1048608), fb_w{{[0-9]+}}[16], {{.*}}, fb_w{{[0-9]+}}[31])
@T.prim_func
def f64_bf16():
    T.device_entry()
    T.cta_id([1])
    T.warpgroup_id([1])
    T.thread_id_in_wg([128])
    tf = T.decl_buffer((64, 32), "float32", scope="tmem", layout=T.TileLayout(T.S[(4, 16, 32):(32 @ Axis.TLane, 1 @ Axis.TLane, 1 @ Axis.TCol)]), allocated_addr=0)
    tq = T.decl_buffer((4, 32, 32), "float32", scope="tmem", layout=T.TileLayout(T.S[(4, 32, 32):(32 @ Axis.TLane, 1 @ Axis.TLane, 1 @ Axis.TCol)]), allocated_addr=0)
    tb = T.decl_buffer((128, 128), "bfloat16", scope="tmem", layout=T.TileLayout(T.S[(128, 128):(1 @ Axis.TLane, 1 @ Axis.TCol)]), allocated_addr=0)
    f64 = T.alloc_tcgen05_ldst_frag("16x64b", (64, 32), "float32")
    T.wg.copy_async(f64[:, :], tf[0:64, 0:32])
    T.wg.copy_async(f64[:, :], tq[0:4, 16:32, 0:32])
    T.ptx.tcgen05.wait__ld.sync.aligned()
    fb = T.alloc_tcgen05_ldst_frag("16x128b", (128, 64), "bfloat16")
    T.wg.copy_async(tb[0:128, 64:128], fb[:, :])
    T.ptx.tcgen05.wait__st.sync.aligned()

# Datapath B (cta_group 2, M = 64 per CTA): a (64, N) accumulator whose column halves sit in
# lanes 0..63 and 64..127 is one .32x32b.x(N / 2) over the (64, N) view of the fragment.  A
# symbolic start (the stage of a (2, 128, 64) buffer) adds its column step to the address.
# CHECK-LABEL: def b64_stage
# CHECK: T.ptx["tcgen05.ld.sync.aligned.32x32b.x64.b32"](fB_local[0], {{.*}}, fB_local[63], T.uint32(128))
# CHECK: T.ptx["tcgen05.ld.sync.aligned.32x32b.x64.b32"](frag_local[0], {{.*}}, frag_local[63], T.Cast("uint32", stage) * T.uint32(64) + T.uint32(256))
@T.prim_func
def b64_stage(stage: T.int32):
    T.device_entry()
    T.cta_id([1])
    T.warpgroup_id([1])
    T.thread_id_in_wg([128])
    tB = T.decl_buffer((64, 128), "float32", scope="tmem", layout=T.TileLayout(T.S[(64, 2, 64):(1 @ Axis.TLane, 64 @ Axis.TLane, 1 @ Axis.TCol)]), allocated_addr=128)
    ts = T.decl_buffer((2, 128, 64), "float32", scope="tmem", layout=T.TileLayout(T.S[(2, 128, 64):(64 @ Axis.TCol, 1 @ Axis.TLane, 1 @ Axis.TCol)]), allocated_addr=256)
    fB = T.alloc_tcgen05_ldst_frag("32x32b", (64, 128), "float32")
    T.wg.copy_async(fB[:, :], tB[0:64, 0:128])
    frag = T.alloc_tcgen05_ldst_frag("32x32b", (128, 64), "float32")
    T.wg.copy_async(frag[:, :], ts[stage, 0:128, 0:64])
    T.ptx.tcgen05.wait__ld.sync.aligned()

# A register region at a symbolic column start (an epilogue loading 32 of a fragment's 256
# columns per step, as TVM's sliced .16x256b test): the registers move by (ck * 32 / 32) * 16
# words per step, the tmem address by ck * 32 columns; the second slab 128 words on.
# CHECK-LABEL: def sliced
# CHECK: T.ptx["tcgen05.ld.sync.aligned.16x256b.x4.b32"](sf_local[ck * 32 // 32 * 16], {{.*}}, sf_local[ck * 32 // 32 * 16 + 15], T.Cast("uint32", ck * 32))
# CHECK-NEXT: T.ptx["tcgen05.ld.sync.aligned.16x256b.x4.b32"](sf_local[ck * 32 // 32 * 16 + 128], {{.*}}, sf_local[ck * 32 // 32 * 16 + 143], T.Cast("uint32", ck * 32) + T.uint32(1048576))
@T.prim_func
def sliced():
    T.device_entry()
    T.cta_id([1])
    T.warpgroup_id([1])
    T.thread_id_in_wg([128])
    tmem = T.decl_buffer((128, 256), "float32", scope="tmem", layout=T.TileLayout(T.S[(128, 256):(1 @ Axis.TLane, 1 @ Axis.TCol)]), allocated_addr=0)
    sf = T.alloc_tcgen05_ldst_frag("16x256b", (128, 256), "float32")
    for ck in range(8):
        T.wg.copy_async(sf[0:128, ck * 32:ck * 32 + 32], tmem[0:128, ck * 32:ck * 32 + 32])
    T.ptx.tcgen05.wait__ld.sync.aligned()
