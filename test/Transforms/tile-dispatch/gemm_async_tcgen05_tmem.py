# gemm_async, tcgen05 (lib/Transforms/Tile/gemm_async.c): M = 64 with cta_group 1 (datapath
# F: row i in lane 32 (i / 16) + i % 16; idesc M field 4), the weight-stationary form
# tcgen05.mma.ws (weight_stationary=True, or inferred from an M = 64 C in datapath E's layout:
# the column halves in lanes 0..63 and 64..127, as TVM infers it; operands d, a, b, idesc,
# enable-input-d, a zero column mask), and A in tensor memory (tcgen05.mma ... [a_tmem]: row i
# on C's datapath lane, element k at column col0 + k, 16-bit two to a column: each k16 step is
# 8 columns on).
# RUN: %tirx-opt --mcpu=sm_100a --pass-pipeline=tile-dispatch %s | FileCheck %s
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_100a --emit=cubin %s -o %t.sm_100a %}
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_103a --emit=cubin %s -o %t.sm_103a %}
# RUN: %tirx-llc --mcpu=sm_100a --emit=ptx %s -o - | FileCheck %s --check-prefix=PTX
# RUN: not %tirx-llc --mcpu=sm_90a --emit=ptx %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=SM90
# PTX-DAG: tcgen05.mma.cta_group::1.kind::f16 [%r{{[0-9]+}}], %rd{{[0-9]+}}, %rd{{[0-9]+}}, %r{{[0-9]+}}
# PTX-DAG: tcgen05.mma.ws.cta_group::1.kind::f16
# PTX-DAG: tcgen05.mma.cta_group::1.kind::f16 [%r{{[0-9]+}}], [%r{{[0-9]+}}], %rd{{[0-9]+}}
# SM90: error: T.tile.gemm_async: no variant applies (wgmma: does not run at thread scope; tcgen05: tcgen05 needs sm_100a .. sm_103a (compiling for sm_90a))

# M = 64, datapath F: idesc 0x04100010 (M 64 >> 4 = 4 at bit 24, N 64 >> 3 = 8 at 17).
# CHECK-LABEL: def m64
# CHECK: T.ptx["tcgen05.mma.cta_group::1.kind::f16"](T.uint32(0), descA_{{[0-9]+}}, descB_{{[0-9]+}}, T.uint32(68157456), T.uint32(0), T.uint32(0), T.uint32(0), T.uint32(0), T.bool(False))
# .ws inferred from datapath E (M = 64, N = 128 folded: 64 columns), then explicit at M = 128.
# CHECK: T.ptx["tcgen05.mma.ws.cta_group::1.kind::f16"](T.uint32(256), descA_{{[0-9]+}}, descB_{{[0-9]+}}, T.uint32(69206032), T.bool(False), T.uint64(0))
# CHECK: T.ptx["tcgen05.mma.ws.cta_group::1.kind::f16"](T.uint32(384), descA_{{[0-9]+}}, descB_{{[0-9]+}}, T.uint32(136314896), T.bool(False), T.uint64(0))
@T.prim_func
def m64():
    T.device_entry()
    T.warp_id([4])
    tid = T.thread_id([128])
    A64 = T.alloc_shared((64, 64), "float16", align=1024, layout=T.ComposeLayout(3, 3, 3, T.TileLayout(T.S[(64, 64):(64, 1)])))
    A128 = T.alloc_shared((128, 64), "float16", align=1024, layout=T.ComposeLayout(3, 3, 3, T.TileLayout(T.S[(128, 64):(64, 1)])))
    B = T.alloc_shared((128, 64), "float16", align=1024, layout=T.ComposeLayout(3, 3, 3, T.TileLayout(T.S[(128, 64):(64, 1)])))
    CF = T.decl_buffer((64, 64), scope="tmem", layout=T.TileLayout(T.S[(4, 16, 64):(32 @ Axis.TLane, 1 @ Axis.TLane, 1 @ Axis.TCol)]), allocated_addr=0)
    CE = T.decl_buffer((64, 128), scope="tmem", layout=T.TileLayout(T.S[(64, 2, 64):(1 @ Axis.TLane, 64 @ Axis.TLane, 1 @ Axis.TCol)]), allocated_addr=256)
    CD = T.decl_buffer((128, 128), scope="tmem", layout=T.TileLayout(T.S[(128, 128):(1 @ Axis.TLane, 1 @ Axis.TCol)]), allocated_addr=384)
    if tid == 0:
        T.tile.gemm_async(CF[0:64, 0:64], A64[0:64, 0:64], B[0:64, 0:64], False, False, False)
        T.tile.gemm_async(CE[0:64, 0:128], A64[0:64, 0:64], B[0:128, 0:64], False, False, False)
        T.tile.gemm_async(CD[0:128, 0:128], A128[0:128, 0:64], B[0:128, 0:64], False, False, False, weight_stationary=True)

# A in tensor memory (M = 128, datapath D) at the shared word's address + element column 128
# (32-bit column 64): four k16
# steps 8 columns apart; M = 64 (datapath F) with A in F's lanes too.
# CHECK-LABEL: def a_tmem
# CHECK: T.ptx["tcgen05.mma.cta_group::1.kind::f16"](slot[0], slot[0] + T.uint32(64), descB_{{[0-9]+}}, T.uint32(136314896), {{.*}}, T.bool(False))
# CHECK-NEXT: T.ptx["tcgen05.mma.cta_group::1.kind::f16"](slot[0], slot[0] + T.uint32(72), descB_{{[0-9]+}} + T.uint64(2), {{.*}}, T.bool(True))
# CHECK: T.ptx["tcgen05.mma.cta_group::1.kind::f16"](slot[0], slot[0] + T.uint32(88), descB_{{[0-9]+}} + T.uint64(6), {{.*}}, T.bool(True))
# CHECK: T.ptx["tcgen05.mma.cta_group::1.kind::f16"](T.uint32(256), T.uint32(288), descB_{{[0-9]+}}, T.uint32(68157456), {{.*}}, k > 0)
@T.prim_func
def a_tmem(k: T.int32):
    T.device_entry()
    warp_id = T.warp_id([4])
    tid = T.thread_id([128])
    slot = T.alloc_shared((1,), "uint32")
    if warp_id == 0:
        T.ptx.tcgen05.alloc.cta_group__1.sync.aligned.shared__cta.b32(T.address_of(slot[0]), T.uint32(512))
    T.cuda.cta_sync()
    B = T.alloc_shared((128, 64), "float16", align=1024, layout=T.ComposeLayout(3, 3, 3, T.TileLayout(T.S[(128, 64):(64, 1)])))
    C = T.decl_buffer((128, 128), scope="tmem", layout=T.TileLayout(T.S[(128, 128):(1 @ Axis.TLane, 1 @ Axis.TCol)]), allocated_addr=slot[0])
    A = T.decl_buffer((128, 256), "float16", scope="tmem", layout=T.TileLayout(T.S[(128, 256):(1 @ Axis.TLane, 1 @ Axis.TCol)]), allocated_addr=slot[0])
    CF = T.decl_buffer((64, 64), scope="tmem", layout=T.TileLayout(T.S[(4, 16, 64):(32 @ Axis.TLane, 1 @ Axis.TLane, 1 @ Axis.TCol)]), allocated_addr=256)
    AF = T.decl_buffer((64, 128), "float16", scope="tmem", layout=T.TileLayout(T.S[(4, 16, 128):(32 @ Axis.TLane, 1 @ Axis.TLane, 1 @ Axis.TCol)]), allocated_addr=256)
    if tid == 0:
        T.tile.gemm_async(C[0:128, 0:128], A[0:128, 128:192], B[0:128, 0:64], False, False, False)
        T.tile.gemm_async(CF[0:64, 0:64], AF[0:64, 64:80], B[0:64, 0:16], False, False, k > 0)
