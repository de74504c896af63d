# tvm.tirx.lang.pipeline barriers: MBarrier (leader=, init, local arrive with
# count/pred, remote arrive through mapa.u32, remote_view through mapa.u64 and a
# shared::cluster buffer, ptr_to), TMABar (expect_tx; the local arrive drops pred,
# as TVM does) and TCGen05Bar (commit; unicast unless the mask names several CTAs
# or is known only at run time).  Subclass instances keep default buffer names.
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# The expected lines are what TVM 0.27 prints for this kernel.
# CHECK-LABEL: def bars(A: T.Buffer((64,), "float32")):
# CHECK-NEXT: T.attr({"tirx.device_entry": T.bool(True)})
# CHECK-NEXT: tx = T.thread_id([128])
# CHECK-NEXT: arena = T.alloc_buffer((1024,), "uint8", scope="shared.dyn")
# CHECK-NEXT: mb_buf = T.decl_buffer((4,), "uint64", data=arena.data, scope="shared.dyn", align=8)
# CHECK-NEXT: if tx == 32:
# CHECK-NEXT: for i in T.unroll(4):
# CHECK-NEXT: T.ptx.mbarrier(T.cuda.cvta_generic_to_shared(T.address_of(mb_buf[i])), T.uint32(2), "init", "", "shared", "b64", "")
# CHECK-NEXT: T.ptx.mbarrier(T.cuda.cvta_generic_to_shared(T.address_of(mb_buf[1])), T.uint32(1), "arrive", "", "", "shared", "b64", "")
# CHECK-NEXT: T.ptx.mbarrier(T.cuda.cvta_generic_to_shared(T.address_of(mb_buf[2])), T.uint32(3), "arrive", "", "", "shared", "b64", "")
# CHECK-NEXT: T.ptx.mbarrier(T.cuda.cvta_generic_to_shared(T.address_of(mb_buf[3])), T.uint32(1), tx < 4, "arrive", "", "", "shared", "b64", "pred")
# CHECK-NEXT: buffer: T.uint32
# CHECK-NEXT: T.ptx.mapa(buffer, T.cuda.cvta_generic_to_shared(T.address_of(mb_buf[0])), T.uint32(1), "shared::cluster", "u32", "")
# CHECK-NEXT: T.ptx.mbarrier(buffer, T.uint32(2), "arrive", "", "", "shared::cluster", "b64", "")
# CHECK-NEXT: buffer_1: T.uint32
# CHECK-NEXT: T.ptx.mapa(buffer_1, T.cuda.cvta_generic_to_shared(T.address_of(mb_buf[0])), T.Cast("uint32", tx % 2), "shared::cluster", "u32", "")
# CHECK-NEXT: T.ptx.mbarrier(buffer_1, tx == 0, "arrive", "", "", "shared::cluster", "b64", "pred")
# CHECK-NEXT: buffer_2: T.uint64
# CHECK-NEXT: T.ptx.mapa(buffer_2, T.address_of(mb_buf[0]), T.uint32(1), "", "u64", "")
# CHECK-NEXT: remote_mbar_ptr: T.let[T.handle("uint64", "shared")] = T.reinterpret(T.handle("uint64", "shared").ty, buffer_2)
# CHECK-NEXT: buffer_3 = T.decl_buffer((4,), "uint64", data=remote_mbar_ptr, scope="shared")
# CHECK-NEXT: T.ptx.mbarrier(T.cuda.cvta_generic_to_shared(T.address_of(buffer_3[2])), T.uint32(5), "arrive", "", "", "shared::cluster", "b64", "")
# CHECK-NEXT: T.address_of(mb_buf[3])
# CHECK-NEXT: buffer_4 = T.decl_buffer((2,), "uint64", data=arena.data, elem_offset=4, scope="shared.dyn", align=8)
# CHECK-NEXT: if T.cuda.thread_rank() == 0:
# CHECK-NEXT: for i in T.unroll(2):
# CHECK-NEXT: T.ptx.mbarrier(T.cuda.cvta_generic_to_shared(T.address_of(buffer_4[i])), T.uint32(1), "init", "", "shared", "b64", "")
# CHECK-NEXT: T.ptx.mbarrier(T.cuda.cvta_generic_to_shared(T.address_of(buffer_4[0])), T.uint32(1), "arrive", "", "", "shared", "b64", "")
# CHECK-NEXT: T.ptx.mbarrier(T.cuda.cvta_generic_to_shared(T.address_of(buffer_4[1])), T.uint32(4096), "arrive", "expect_tx", "", "", "shared", "b64", "")
# CHECK-NEXT: T.ptx.mbarrier(T.cuda.cvta_generic_to_shared(T.address_of(buffer_4[1])), T.uint32(4096), "arrive", "expect_tx", "", "", "shared", "b64", "")
# CHECK-NEXT: buffer_5: T.uint32
# CHECK-NEXT: T.ptx.mapa(buffer_5, T.cuda.cvta_generic_to_shared(T.address_of(buffer_4[0])), T.uint32(1), "shared::cluster", "u32", "")
# CHECK-NEXT: T.ptx.mbarrier(buffer_5, T.uint32(512), "arrive", "expect_tx", "", "", "shared::cluster", "b64", "")
# CHECK-NEXT: buffer_6: T.uint32
# CHECK-NEXT: T.ptx.mapa(buffer_6, T.cuda.cvta_generic_to_shared(T.address_of(buffer_4[0])), T.uint32(1), "shared::cluster", "u32", "")
# CHECK-NEXT: T.ptx.mbarrier(buffer_6, tx == 2, "arrive", "", "", "shared::cluster", "b64", "pred")
# CHECK-NEXT: buffer_7 = T.decl_buffer((2,), "uint64", data=arena.data, elem_offset=6, scope="shared.dyn", align=8)
# CHECK-NEXT: if T.cuda.thread_rank() == 0:
# CHECK-NEXT: for i in T.unroll(2):
# CHECK-NEXT: T.ptx.mbarrier(T.cuda.cvta_generic_to_shared(T.address_of(buffer_7[i])), T.uint32(1), "init", "", "shared", "b64", "")
# CHECK-NEXT: T.ptx.tcgen05(T.cuda.cvta_generic_to_shared(T.address_of(buffer_7[0])), "commit", "cta_group::1", "mbarrier::arrive::one", "shared::cluster", "b64", "")
# CHECK-NEXT: T.ptx.tcgen05(T.cuda.cvta_generic_to_shared(T.address_of(buffer_7[1])), "commit", "cta_group::2", "mbarrier::arrive::one", "shared::cluster", "b64", "")
# CHECK-NEXT: T.ptx.tcgen05(T.cuda.cvta_generic_to_shared(T.address_of(buffer_7[1])), "commit", "cta_group::2", "mbarrier::arrive::one", "shared::cluster", "b64", "")
# CHECK-NEXT: T.ptx.tcgen05(T.cuda.cvta_generic_to_shared(T.address_of(buffer_7[0])), T.Cast("uint16", 3), "commit", "cta_group::2", "mbarrier::arrive::one", "shared::cluster", "multicast::cluster", "b64", "")
# CHECK-NEXT: T.ptx.tcgen05(T.cuda.cvta_generic_to_shared(T.address_of(buffer_7[0])), T.Cast("uint16", tx), tx == 0, "commit", "cta_group::1", "mbarrier::arrive::one", "shared::cluster", "multicast::cluster", "b64", "pred")
# CHECK-NOT: {{.}}
from tvm.script import tirx as T
from tvm.tirx.lang.pipeline import MBarrier, TCGen05Bar, TMABar

@T.prim_func
def bars(A: T.Buffer((64,), "float32")):
    T.device_entry()
    tx = T.thread_id([128])
    arena = T.alloc_buffer([1024], "uint8", scope="shared.dyn")
    pool = T.meta_var(T.SMEMPool(arena.data))
    mb = MBarrier(pool, 4, leader=tx == 32)
    mb.init(2)
    mb.arrive(1)
    mb.arrive(2, count=3)
    mb.arrive(3, pred=tx < 4)
    mb.arrive(0, remote=1, count=2)
    mb.arrive(0, remote=tx % 2, pred=tx == 0)
    peer = mb.remote_view(1)
    peer.arrive(2, count=5)
    T.evaluate(mb.ptr_to([3]))
    tma = TMABar(pool, 2)
    tma.init(1)
    tma.arrive(0)
    tma.arrive(1, 4096)
    tma.arrive(1, 4096, pred=tx == 1)
    tma.arrive(0, tx_count=512, remote=1)
    tma.arrive(0, remote=1, pred=tx == 2)
    tc = TCGen05Bar(pool, 2)
    tc.init(1)
    tc.arrive(0)
    tc.arrive(1, cta_group=2)
    tc.arrive(1, cta_group=2, cta_mask=4)
    tc.arrive(0, cta_group=2, cta_mask=3)
    tc.arrive(0, cta_mask=tx, pred=tx == 0)
