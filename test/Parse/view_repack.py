# A.view(dtype) re-packs the source's layout as TVM 0.27 does: narrower
# elements scale the strides and add an innermost (r:1) dimension (a default
# layout first becomes row-major), wider ones divide them (a default layout
# stays default), a swizzle keeps its atom over re-sized elements; the view
# prints as X.view(...) only when its elem_offset is the source's (a pool's
# zero-sized arena prints as the source of its first uint8 buffer).
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# RUN: %tirx-opt --print-style=tvm --verify-roundtrip %s > /dev/null
# The expected lines are what TVM 0.27 prints for these kernels.
# CHECK: a = pool_buf.view(64)
# CHECK: b = T.decl_buffer((64,), "uint8", data=pool_buf.data, elem_offset=64, scope="shared.dyn")
# CHECK: a4 = a.view("float4_e2m1fn")
# CHECK: b4 = T.decl_buffer((128,), "float4_e2m1fn", data=b.data, elem_offset=128, scope="shared.dyn", layout=T.TileLayout(T.S[(64, 2):(2, 1)]))
# CHECK: c = T.decl_buffer((64,), data=pool_buf.data, elem_offset=32, scope="shared.dyn")
# CHECK: c16 = T.decl_buffer((128,), "float16", data=c.data, elem_offset=64, scope="shared.dyn", layout=T.TileLayout(T.S[(64, 2):(2, 1)]))
# CHECK: c2 = c.view(8, 8)
# CHECK: d = T.decl_buffer((8, 128), "uint8", data=pool_buf.data, elem_offset=1024, scope="shared.dyn", align=1024, layout=T.ComposeLayout(4, 3, 3, T.TileLayout(T.S[1024:1])))
# CHECK: d4 = T.decl_buffer((8, 256), "float4_e2m1fn", data=d.data, elem_offset=2048, scope="shared.dyn", align=1024, layout=T.ComposeLayout(5, 3, 3, T.TileLayout(T.S[(1024, 2):(2, 1)])))
# CHECK: with T.attr({"tirx.dyn_smem_bytes": T.int64(2048)}):
# CHECK: T.evaluate(0)
# CHECK: A[tx] = c16[0]
# CHECK-LABEL: def k2(
# CHECK: pool_buf = T.alloc_buffer((0,), "uint8", scope="shared.dyn")
# CHECK-NEXT: a = T.decl_buffer((8, 16), "uint8", data=pool_buf.data, elem_offset=64, scope="shared.dyn")
# CHECK-NEXT: a4 = T.decl_buffer((8, 32), "float4_e2m1fn", data=a.data, elem_offset=128, scope="shared.dyn", layout=T.TileLayout(T.S[(8, 16, 2):(32, 2, 1)]))
# CHECK-NEXT: a32 = T.decl_buffer((8, 4), "uint32", data=a.data, elem_offset=16, scope="shared.dyn")
# CHECK-NEXT: d = T.decl_buffer((8, 128), "uint8", data=pool_buf.data, elem_offset=1024, scope="shared.dyn", align=1024, layout=T.ComposeLayout(4, 3, 3, T.TileLayout(T.S[1024:1])))
# CHECK-NEXT: d32 = T.decl_buffer((8, 32), "uint32", data=d.data, elem_offset=256, scope="shared.dyn", align=1024, layout=T.ComposeLayout(2, 3, 3, T.TileLayout(T.S[256:1])))
# CHECK-NEXT: d4 = T.decl_buffer((8, 256), "float4_e2m1fn", data=d.data, elem_offset=2048, scope="shared.dyn", align=1024, layout=T.ComposeLayout(5, 3, 3, T.TileLayout(T.S[(1024, 2):(2, 1)])))
# CHECK-NEXT: d44 = T.decl_buffer((8, 128), "uint8", data=d4.data, elem_offset=1024, scope="shared.dyn", align=1024, layout=T.ComposeLayout(4, 3, 3, T.TileLayout(T.S[(1024, 1):(1, 1)])))
# CHECK-NEXT: e = T.decl_buffer((4, 8), data=pool_buf.data, elem_offset=512, scope="shared.dyn", layout=T.TileLayout(T.S[(4, 8):(1, 4)]))
# CHECK-NEXT: e16 = T.decl_buffer((4, 16), "float16", data=e.data, elem_offset=1024, scope="shared.dyn", layout=T.TileLayout(T.S[(4, 8, 2):(2, 8, 1)]))
# CHECK-NEXT: with T.attr({"tirx.dyn_smem_bytes": T.int64(2176)}):
# CHECK-NEXT: T.evaluate(0)
# CHECK-NEXT: A[tx] = e16[0, 0]
from tvm.script import tirx as T

@T.prim_func
def k(A: T.Buffer((64,), "float16")):
    T.device_entry()
    tx = T.thread_id([128])
    pool = T.SMEMPool()
    a = pool.alloc((64,), "uint8")
    b = pool.alloc((64,), "uint8")
    a4 = a.view("float4_e2m1fn")
    b4 = b.view("float4_e2m1fn")
    c = pool.alloc((64,), "float32")
    c16 = c.view("float16")
    c2 = c.view(8, 8)
    pool.move_base_to(1024)
    d = pool.alloc_tcgen05_mma_AB((8, 128), "uint8")
    d4 = d.view("float4_e2m1fn")
    pool.commit()
    A[tx] = c16[0]


@T.prim_func
def k2(A: T.Buffer((64,), "float16")):
    T.device_entry()
    tx = T.thread_id([128])
    pool = T.SMEMPool()
    pool.move_base_to(64)
    a = pool.alloc((8, 16), "uint8")
    a4 = a.view("float4_e2m1fn")
    a32 = a.view("uint32")
    pool.move_base_to(1024)
    d = pool.alloc_tcgen05_mma_AB((8, 128), "uint8")
    d32 = d.view("uint32")
    d4 = d.view("float4_e2m1fn")
    d44 = d4.view("uint8")
    e = pool.alloc((4, 8), "float32", layout=T.TileLayout(T.S[(4, 8):(1, 4)]))
    e16 = e.view("float16")
    pool.commit()
    A[tx] = e16[0, 0]
