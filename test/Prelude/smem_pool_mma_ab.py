# SMEMPool.alloc_tcgen05_mma_AB: an MMA operand tile in the pool, laid out by
# mma_shared_layout (swizzle_mode "auto" = 128B atom, "none", or a SwizzleMode),
# aligned to 1024 bytes unless align= says otherwise; sub-byte dtypes too.
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# The expected lines are what TVM 0.27 prints for this kernel.
# CHECK: pool_buf = T.alloc_buffer((0,), "uint8", scope="shared.dyn")
# CHECK-NEXT: bar = T.decl_scalar(T.uint64, data=pool_buf.data, elem_offset=0, scope="shared.dyn")
# CHECK-NEXT: a = T.decl_buffer((2, 128, 64), "float16", data=pool_buf.data, elem_offset=512, scope="shared.dyn", align=1024, layout=T.ComposeLayout(3, 3, 3, T.TileLayout(T.S[16384:1])))
# CHECK-NEXT: b = T.decl_buffer((64, 32), "bfloat16", data=pool_buf.data, elem_offset=16896, scope="shared.dyn", align=1024, layout=T.ComposeLayout(3, 2, 3, T.TileLayout(T.S[2048:1])))
# CHECK-NEXT: c = T.decl_buffer((16, 16), "float16", data=pool_buf.data, elem_offset=18944, scope="shared.dyn", align=128, layout=T.TileLayout(T.S[(16, 2, 8):(8, 128, 1)]))
# CHECK-NEXT: d = T.decl_buffer((128, 128), "float8_e4m3fn", data=pool_buf.data, elem_offset=38912, scope="shared.dyn", align=1024, layout=T.ComposeLayout(4, 3, 3, T.TileLayout(T.S[16384:1])))
# CHECK-NEXT: e = T.decl_buffer((8, 256), "float4_e2m1fn", data=pool_buf.data, elem_offset=110592, scope="shared.dyn", align=16, layout=T.ComposeLayout(5, 3, 3, T.TileLayout(T.S[2048:1])))
# CHECK-NEXT: with T.attr({"tirx.dyn_smem_bytes": T.int64(56320)}):
# CHECK-NEXT: T.evaluate(0)
# CHECK-NEXT: A[tx] = a[0, tx, 0] + T.Cast("float16", b[tx, 0]) + c[0, 0]
# CHECK-NOT: {{.}}
from tvm.script import tirx as T
from tvm.backend.cuda.tile_primitive.tma_utils import SwizzleMode

@T.prim_func
def k(A: T.Buffer((64,), "float16")):
    T.device_entry()
    tx = T.thread_id([128])
    pool = T.SMEMPool()
    bar = pool.alloc((1,), "uint64")
    a = pool.alloc_tcgen05_mma_AB((2, 128, 64), "float16")
    b = pool.alloc_tcgen05_mma_AB((64, 32), "bfloat16", swizzle_mode=SwizzleMode.SWIZZLE_64B_ATOM)
    c = pool.alloc_tcgen05_mma_AB((16, 16), "float16", swizzle_mode="none", align=128)
    d = pool.alloc_tcgen05_mma_AB((128, 128), "float8_e4m3fn")
    e = pool.alloc_tcgen05_mma_AB(shape=(8, 256), dtype="float4_e2m1fn", align=16)
    pool.commit()
    A[tx] = a[0, tx, 0] + T.Cast("float16", b[tx, 0]) + c[0, 0]
