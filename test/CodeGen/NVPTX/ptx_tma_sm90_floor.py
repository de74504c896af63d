# ENGINE BUG (for the T.ptx engine's owner; XFAIL until fixed): TVM 0.27's spellings of
# TMA tile loads/stores are refused for sm_90a,
#   error: codegen: T.ptx["cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"] requires sm_100a or newer (target is sm_90a)
# because ptx_table.def takes each row's ARCH from TVM's cert_arch (the arch TVM
# certified the whole row on, sm_100a since the row also holds .cta_group::1/2), while
# the PTX ISA needs only sm_90 for cp.async.bulk.tensor (.multicast::cluster included;
# only .cta_group needs sm_100a).  Same for cp_async_bulk_tensor_g2s_cta, _s2g and
# cp_reduce_async_bulk_tensor.  Every Hopper TMA kernel written in TVM's spelling is
# hit (examples/gemm/cluster_multicast.py; the other rungs fall back to tirx's NVVM row
# spelling, whose multicast form does not exist).  Expected: these compile for sm_90a,
# and a .cta_group token still needs sm_100a (per-token floor).
# XFAIL: *
# RUN: %tirx-llc --emit=ptx --mcpu=sm_90a %s | FileCheck %s
# RUN: %tirx-llc --emit=cubin --mcpu=sm_90a %examples/gemm/cluster_multicast.py -o %t.cubin
# CHECK: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [
# CHECK: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.multicast::cluster [
# CHECK: cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group [
@T.prim_func
def tma_sm90(a: T.handle):
    A = T.match_buffer(a, (64, 64), "float16")
    A_map: T.let[T.handle("tensormap")] = T.tvm_stack_alloca("tensormap", 1)
    T.call_packed("runtime.cuTensorMapEncodeTiled", A_map, "float16", 2, A.data,
                  64, 64, 128, 64, 64, 1, 1, 0, 3, 2, 0)
    T.device_entry()
    r = T.cta_id_in_cluster([2])
    bx = T.cta_id([2])
    tx = T.thread_id([128])
    pool = T.alloc_buffer((8192 + 8,), "uint8", scope="shared.dyn", align=1024)
    bars = T.decl_buffer((1,), "uint64", data=pool.data, elem_offset=1024, scope="shared.dyn")
    sbase: T.let[T.uint32] = T.cuda.cvta_generic_to_shared(pool.data)
    if tx == 0:
        T.ptx["cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"](
            sbase, T.address_of(A_map), 0, 0, T.address_of(bars[0]))
        T.ptx["cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.multicast::cluster"](
            sbase, T.address_of(A_map), 0, 0, T.address_of(bars[0]), T.uint16(3))
        T.ptx["cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group"](
            T.address_of(A_map), 0, 0, sbase)
