# T.TMEMPool (a prelude class, tvm.backend.cuda.lang.alloc_pool): columns bumped
# per alloc (cols inferred from shape and dtype, or given), move_base_to,
# alloc_sf with sf_tmem_layout's column span, commit() (tcgen05.alloc in the
# alloc warp, warp_sync unless sync_after_alloc=False) and dealloc(); without
# tmem_addr the address slot comes from the pool.
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# The expected lines are what TVM 0.27 prints for this kernel.
# CHECK-LABEL: def tm(A: T.Buffer((64,), "float32")):
# CHECK-NEXT: T.attr({"tirx.device_entry": T.bool(True)})
# CHECK-NEXT: tx = T.thread_id([128])
# CHECK-NEXT: arena = T.alloc_buffer((1024,), "uint8", scope="shared.dyn")
# CHECK-NEXT: addr = T.decl_buffer((1,), "uint32", data=arena.data, scope="shared.dyn", align=4)
# CHECK-NEXT: acc = T.decl_buffer((128, 128), scope="tmem", layout=T.TileLayout(T.S[(128, 128):(1 @ Axis.TLane, 1 @ Axis.TCol)]), allocated_addr=0)
# CHECK-NEXT: half = T.decl_buffer((128, 64), "float16", scope="tmem", layout=T.TileLayout(T.S[(128, 64):(1 @ Axis.TLane, 1 @ Axis.TCol)]), allocated_addr=128)
# CHECK-NEXT: alias = T.decl_buffer((128, 256), "float16", scope="tmem", layout=T.TileLayout(T.S[(128, 256):(1 @ Axis.TLane, 1 @ Axis.TCol)]), allocated_addr=0)
# CHECK-NEXT: sfa = T.decl_buffer((128, 4), "uint8", scope="tmem", layout=T.TileLayout(T.S[(4, 32, 4):(4 @ Axis.TCol, 1 @ Axis.TLane, 1 @ Axis.TCol)] + T.R[4:32 @ Axis.TLane]), allocated_addr=128)
# CHECK-NEXT: v = T.warp_id()
# CHECK-NEXT: if v == 3:
# CHECK-NEXT: T.ptx.tcgen05(T.cuda.cvta_generic_to_shared(T.address_of(addr[0])), T.uint32(256), "alloc", "cta_group::1", "sync", "aligned", "shared::cta", "b32", "")
# CHECK-NEXT: T.cuda.warp_sync()
# CHECK-NEXT: own__addr_buf = T.decl_buffer((1,), "uint32", data=arena.data, elem_offset=1, scope="shared.dyn", align=4)
# CHECK-NEXT: x = T.decl_buffer((64, 32), scope="tmem", layout=T.TileLayout(T.S[(64, 32):(1 @ Axis.TLane, 1 @ Axis.TCol)]), allocated_addr=0)
# CHECK-NEXT: v_1 = T.warp_id()
# CHECK-NEXT: if v_1 == 0:
# CHECK-NEXT: T.ptx.tcgen05(T.cuda.cvta_generic_to_shared(T.address_of(own__addr_buf[0])), T.uint32(512), "alloc", "cta_group::2", "sync", "aligned", "shared::cta", "b32", "")
# CHECK-NEXT: A[tx] = acc[tx, 0] + T.Cast("float32", addr[0] + own__addr_buf[0])
# CHECK-NEXT: v_2 = T.warp_id()
# CHECK-NEXT: if v_2 == 0:
# CHECK-NEXT: T.ptx.tcgen05("relinquish_alloc_permit", "cta_group::1", "sync", "aligned", "")
# CHECK-NEXT: T.ptx.tcgen05(addr[0], T.uint32(256), "dealloc", "cta_group::1", "sync", "aligned", "b32", "")
# CHECK-NEXT: v_3 = T.warp_id()
# CHECK-NEXT: if v_3 == 0:
# CHECK-NEXT: T.ptx.tcgen05("relinquish_alloc_permit", "cta_group::2", "sync", "aligned", "")
# CHECK-NEXT: T.ptx.tcgen05(own__addr_buf[0], T.uint32(512), "dealloc", "cta_group::2", "sync", "aligned", "b32", "")
# CHECK-NOT: {{.}}
from tvm.script import tirx as T

@T.prim_func
def tm(A: T.Buffer((64,), "float32")):
    T.device_entry()
    tx = T.thread_id([128])
    arena = T.alloc_buffer([1024], "uint8", scope="shared.dyn")
    pool = T.meta_var(T.SMEMPool(arena.data))
    addr = pool.alloc([1], "uint32", align=4)
    tp = T.TMEMPool(pool, total_cols=256, tmem_addr=addr, alloc_warp=3, dealloc_warp=0)
    acc = tp.alloc((128, 128), "float32")
    half = tp.alloc((128, 64), "float16")
    tp.move_base_to(0)
    alias = tp.alloc((128, 256), "float16", cols=128)
    sfa = tp.alloc_sf((128, 4), "uint8", sf_per_mma=1)
    tp.commit()
    own = T.TMEMPool(pool, cta_group=2, sync_after_alloc=False)
    x = own.alloc((64, 32), "float32")
    own.commit()
    A[tx] = acc[tx, 0] + T.Cast("float32", tp.addr + own.addr)
    tp.dealloc()
    own.dealloc()
