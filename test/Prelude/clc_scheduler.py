# tvm.tirx.lang.tile_scheduler.ClusterLaunchControlScheduler: the CLC smem
# (arrival/finished pipelines, the 16-byte handle), run_scheduler (try_cancel
# from CTA 0, response decode, remote arrive), and a worker's consume /
# consume_wg / advance_coords / mark_done_if_drained / reset.
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# The expected lines are what TVM 0.27 prints for this kernel.
# CHECK-LABEL: def clc(A: T.Buffer((64,), "int32")):
# CHECK-NEXT: T.attr({"tirx.device_entry": T.bool(True)})
# CHECK-NEXT: cbx, cby = T.cta_id_in_cluster([2, 1])
# CHECK-NEXT: bx = T.cta_id([128])
# CHECK-NEXT: wg_id = T.warpgroup_id([2])
# CHECK-NEXT: warp_id = T.warp_id_in_wg([4])
# CHECK-NEXT: lane_id = T.lane_id([32])
# CHECK-NEXT: arena = T.alloc_buffer((1024,), "uint8", scope="shared.dyn")
# CHECK-NEXT: buffer = T.decl_buffer((1,), "uint64", data=arena.data, scope="shared.dyn", align=8)
# CHECK-NEXT: if T.cuda.thread_rank() == 0:
# CHECK-NEXT: for i in T.unroll(1):
# CHECK-NEXT: T.ptx.mbarrier(T.cuda.cvta_generic_to_shared(T.address_of(buffer[i])), T.uint32(1), "init", "", "shared", "b64", "")
# CHECK-NEXT: sched_sched_arr_empty_buf = T.decl_buffer((1,), "uint64", data=arena.data, elem_offset=1, scope="shared.dyn", align=8)
# CHECK-NEXT: if T.cuda.thread_rank() == 0:
# CHECK-NEXT: for i in T.unroll(1):
# CHECK-NEXT: T.ptx.mbarrier(T.cuda.cvta_generic_to_shared(T.address_of(sched_sched_arr_empty_buf[i])), T.uint32(1), "init", "", "shared", "b64", "")
# CHECK-NEXT: sched_sched_fin_full_buf = T.decl_buffer((1,), "uint64", data=arena.data, elem_offset=2, scope="shared.dyn", align=8)
# CHECK-NEXT: if T.cuda.thread_rank() == 0:
# CHECK-NEXT: for i in T.unroll(1):
# CHECK-NEXT: T.ptx.mbarrier(T.cuda.cvta_generic_to_shared(T.address_of(sched_sched_fin_full_buf[i])), T.uint32(1), "init", "", "shared", "b64", "")
# CHECK-NEXT: sched_sched_fin_empty_buf = T.decl_buffer((1,), "uint64", data=arena.data, elem_offset=3, scope="shared.dyn", align=8)
# CHECK-NEXT: if T.cuda.thread_rank() == 0:
# CHECK-NEXT: for i in T.unroll(1):
# CHECK-NEXT: T.ptx.mbarrier(T.cuda.cvta_generic_to_shared(T.address_of(sched_sched_fin_empty_buf[i])), T.uint32(3), "init", "", "shared", "b64", "")
# CHECK-NEXT: sched_clc_handle = T.decl_buffer((4,), "uint32", data=arena.data, elem_offset=8, scope="shared.dyn", align=16)
# CHECK-NEXT: sched__s_done: T.int32
# CHECK-NEXT: sched__s_nxt: T.uint32
# CHECK-NEXT: if wg_id == 1:
# CHECK-NEXT: if T.cuda.elect_sync():
# CHECK-NEXT: sa_stage: T.int32
# CHECK-NEXT: sa_phase: T.int32
# CHECK-NEXT: sa_stage = 0
# CHECK-NEXT: sa_phase = 0
# CHECK-NEXT: sf_stage: T.int32
# CHECK-NEXT: sf_phase: T.int32
# CHECK-NEXT: sf_stage = 0
# CHECK-NEXT: sf_phase = 1
# CHECK-NEXT: sched__s_done = 0
# CHECK-NEXT: while sched__s_done == 0:
# CHECK-NEXT: if cbx == 0:
# CHECK-NEXT: T.cuda.mbarrier_wait(T.address_of(sched_sched_fin_empty_buf[0]), sf_phase ^ 0)
# CHECK-NEXT: sf_phase = sf_phase ^ 1
# CHECK-NEXT: T.ptx.clusterlaunchcontrol(T.cuda.cvta_generic_to_shared(T.address_of(sched_clc_handle[0])), T.cuda.cvta_generic_to_shared(T.address_of(buffer[0])), "try_cancel", "async", "shared::cta", "mbarrier::complete_tx::bytes", "multicast::cluster::all", "b128", "")
# CHECK-NEXT: T.ptx.mbarrier(T.cuda.cvta_generic_to_shared(T.address_of(buffer[0])), T.uint32(16), "arrive", "expect_tx", "", "", "shared", "b64", "")
# CHECK-NEXT: T.cuda.mbarrier_wait(T.address_of(buffer[0]), sa_phase ^ 0)
# CHECK-NEXT: sa_phase = sa_phase ^ 1
# CHECK-NEXT: response: T.uint128
# CHECK-NEXT: canceled: T.uint32
# CHECK-NEXT: T.ptx.ld(response, T.cuda.cvta_generic_to_shared(T.address_of(sched_clc_handle[0])), "", "acquire", "cta", "shared", "", "", "", "", "", "b128", "")
# CHECK-NEXT: T.ptx.clusterlaunchcontrol(canceled, response, "query_cancel", "is_canceled", "pred", "b128", "")
# CHECK-NEXT: sched__s_nxt = T.uint32(4294967295)
# CHECK-NEXT: T.ptx.clusterlaunchcontrol(sched__s_nxt, response, canceled, "query_cancel", "get_first_ctaid::x", "b32", "b128", "pred")
# CHECK-NEXT: T.ptx.fence("proxy", "async", "shared::cta", "")
# CHECK-NEXT: buffer_1: T.uint32
# CHECK-NEXT: T.ptx.mapa(buffer_1, T.cuda.cvta_generic_to_shared(T.address_of(sched_sched_fin_empty_buf[0])), T.uint32(0), "shared::cluster", "u32", "")
# CHECK-NEXT: T.ptx.mbarrier(buffer_1, T.bool(True), "arrive", "", "", "shared::cluster", "b64", "pred")
# CHECK-NEXT: if sched__s_nxt == T.uint32(4294967295):
# CHECK-NEXT: sched__s_done = 1
# CHECK-NEXT: else:
# CHECK-NEXT: buffer_1: T.int32
# CHECK-NEXT: buffer_2: T.int32
# CHECK-NEXT: buffer_3: T.int32
# CHECK-NEXT: buffer_4: T.int32
# CHECK-NEXT: w__sa_stage: T.int32
# CHECK-NEXT: w__sa_phase: T.int32
# CHECK-NEXT: w__sa_stage = 0
# CHECK-NEXT: w__sa_phase = 0
# CHECK-NEXT: w__done: T.int32
# CHECK-NEXT: w__nxt: T.uint32
# CHECK-NEXT: buffer_3 = bx // 2
# CHECK-NEXT: buffer_4 = 0
# CHECK-NEXT: if T.bool(True) & (bx // 2 < 32):
# CHECK-NEXT: group_id: T.let[T.int32] = bx // 2 // 16
# CHECK-NEXT: within_group: T.let[T.int32] = bx // 2 % 16
# CHECK-NEXT: tile_row: T.let[T.int32] = group_id * 4 + within_group % 4
# CHECK-NEXT: tile_col: T.let[T.int32] = within_group // 4
# CHECK-NEXT: buffer_1 = tile_row
# CHECK-NEXT: buffer_2 = tile_col
# CHECK-NEXT: else:
# CHECK-NEXT: buffer_1 = 0
# CHECK-NEXT: buffer_2 = 0
# CHECK-NEXT: w__done = 0
# CHECK-NEXT: while w__done == 0:
# CHECK-NEXT: A[buffer_1] = buffer_2
# CHECK-NEXT: if warp_id == 0:
# CHECK-NEXT: T.cuda.mbarrier_wait(T.address_of(buffer[0]), w__sa_phase ^ 0)
# CHECK-NEXT: w__sa_phase = w__sa_phase ^ 1
# CHECK-NEXT: response: T.uint128
# CHECK-NEXT: canceled: T.uint32
# CHECK-NEXT: T.ptx.ld(response, T.cuda.cvta_generic_to_shared(T.address_of(sched_clc_handle[0])), "", "acquire", "cta", "shared", "", "", "", "", "", "b128", "")
# CHECK-NEXT: T.ptx.clusterlaunchcontrol(canceled, response, "query_cancel", "is_canceled", "pred", "b128", "")
# CHECK-NEXT: w__nxt = T.uint32(4294967295)
# CHECK-NEXT: T.ptx.clusterlaunchcontrol(w__nxt, response, canceled, "query_cancel", "get_first_ctaid::x", "b32", "b128", "pred")
# CHECK-NEXT: T.ptx.fence("proxy", "async", "shared::cta", "")
# CHECK-NEXT: buffer_5: T.uint32
# CHECK-NEXT: T.ptx.mapa(buffer_5, T.cuda.cvta_generic_to_shared(T.address_of(sched_sched_fin_empty_buf[0])), T.uint32(0), "shared::cluster", "u32", "")
# CHECK-NEXT: T.ptx.mbarrier(buffer_5, T.bool(True), "arrive", "", "", "shared::cluster", "b64", "pred")
# CHECK-NEXT: else:
# CHECK-NEXT: T.cuda.mbarrier_wait(T.address_of(buffer[0]), w__sa_phase ^ 0)
# CHECK-NEXT: w__sa_phase = w__sa_phase ^ 1
# CHECK-NEXT: response: T.uint128
# CHECK-NEXT: canceled: T.uint32
# CHECK-NEXT: T.ptx.ld(response, T.cuda.cvta_generic_to_shared(T.address_of(sched_clc_handle[0])), "", "acquire", "cta", "shared", "", "", "", "", "", "b128", "")
# CHECK-NEXT: T.ptx.clusterlaunchcontrol(canceled, response, "query_cancel", "is_canceled", "pred", "b128", "")
# CHECK-NEXT: w__nxt = T.uint32(4294967295)
# CHECK-NEXT: T.ptx.clusterlaunchcontrol(w__nxt, response, canceled, "query_cancel", "get_first_ctaid::x", "b32", "b128", "pred")
# CHECK-NEXT: T.ptx.fence("proxy", "async", "shared::cta", "")
# CHECK-NEXT: T.cuda.warpgroup_sync(wg_id + 1)
# CHECK-NEXT: if (warp_id == 0) & (lane_id == 0):
# CHECK-NEXT: buffer_5: T.uint32
# CHECK-NEXT: T.ptx.mapa(buffer_5, T.cuda.cvta_generic_to_shared(T.address_of(sched_sched_fin_empty_buf[0])), T.uint32(0), "shared::cluster", "u32", "")
# CHECK-NEXT: T.ptx.mbarrier(buffer_5, T.bool(True), "arrive", "", "", "shared::cluster", "b64", "pred")
# CHECK-NEXT: if w__nxt != T.uint32(4294967295):
# CHECK-NEXT: if T.bool(True) & (w__nxt // T.uint32(2) < T.uint32(32)):
# CHECK-NEXT: group_id: T.let[T.uint32] = w__nxt // T.uint32(2) // T.uint32(16)
# CHECK-NEXT: within_group: T.let[T.uint32] = w__nxt // T.uint32(2) % T.uint32(16)
# CHECK-NEXT: tile_row: T.let[T.uint32] = group_id * T.uint32(4) + within_group % T.uint32(4)
# CHECK-NEXT: tile_col: T.let[T.uint32] = within_group // T.uint32(4)
# CHECK-NEXT: buffer_1 = T.Cast("int32", tile_row + w__nxt // T.uint32(2) % T.uint32(1))
# CHECK-NEXT: buffer_2 = T.Cast("int32", tile_col + w__nxt // T.uint32(2) % T.uint32(1))
# CHECK-NEXT: else:
# CHECK-NEXT: buffer_1 = T.Cast("int32", w__nxt // T.uint32(2) % T.uint32(1))
# CHECK-NEXT: buffer_2 = T.Cast("int32", w__nxt // T.uint32(2) % T.uint32(1))
# CHECK-NEXT: if w__nxt == T.uint32(4294967295):
# CHECK-NEXT: w__done = 1
# CHECK-NEXT: w__done = 0
# CHECK-NOT: {{.}}
from tvm.script import tirx as T
from tvm.tirx.lang.tile_scheduler import ClusterLaunchControlScheduler

@T.prim_func
def clc(A: T.Buffer((64,), "int32")):
    T.device_entry()
    cbx, cby = T.cta_id_in_cluster([2, 1])
    bx = T.cta_id([128])
    wg_id = T.warpgroup_id([2])
    warp_id = T.warp_id_in_wg([4])
    lane_id = T.lane_id([32])
    arena = T.alloc_buffer([1024], "uint8", scope="shared.dyn")
    pool = T.meta_var(T.SMEMPool(arena.data))
    sched = ClusterLaunchControlScheduler(pool, num_m_tiles=8, num_n_tiles=4, l2_group_size=4, cta_group=2, finish_arrivals=3)
    if wg_id == 1:
        sched.run_scheduler(cbx)
    else:
        w = sched.worker("w")
        w.init(bx // 2)
        while w.valid():
            A[w.m_idx] = w.n_idx
            if warp_id == 0:
                w.consume()
            else:
                w.consume_wg(wg_id, warp_id, lane_id)
            w.advance_coords()
            w.mark_done_if_drained()
        w.reset()
