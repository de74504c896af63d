# TVM 0.27's spellings of the TMA tile load (plain and .multicast::cluster) and store
# compile for sm_90a: the PTX ISA needs sm_90 for cp.async.bulk.tensor (only .cta_group
# needs sm_100a).  (The table's floors were TVM's certification arch, sm_100a, until
# they were measured per row; this kept examples/gemm/cluster_multicast.py from
# compiling for the H200.)
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
