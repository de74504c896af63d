# copy_async tma_auto options: multicast (cta_mask=) loads and reduce stores
# (use_tma_reduce=) through the T.ptx table's spellings, prefetch_tensormap=True (one
# prefetch.tensormap per map at the start of the device region, after its scope ids),
# tensormap_l2_promotion=, cache_hint= (a built-in policy name or a uint64 policy: the
# .L2::cache_hint spelling with the policy operand, on loads, stores and reduce stores).
# A max reduce takes float16 (cp.reduce.async.bulk.tensor's max has no float32).
# RUN: %tirx-opt --pass-pipeline=tile-dispatch %s | FileCheck %s
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %tirx-opt --pass-pipeline=default %s | FileCheck %s --check-prefix=PLAN
# RUN: %tirx-llc --mcpu=sm_90a --emit=ptx %s | FileCheck %s --check-prefix=PTX
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_90a --emit=cubin %s -o %t.sm_90a %}
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_100a --emit=cubin %s -o %t.sm_100a %}
@T.prim_func
def tma_opts(A: T.Buffer((128, 64), "float16"), O: T.Buffer((128, 64), "float32"), Q: T.Buffer((64, 64), "float16"), pol: T.uint64):
    T.device_entry()
    cid = T.cluster_id([2])
    rank = T.cta_id_in_cluster([2])
    tx = T.thread_id([128])
    S = T.alloc_buffer((64, 64), "float16", scope="shared.dyn", align=1024, layout=T.ComposeLayout(3, 3, 3, T.TileLayout(T.S[(64, 64):(64, 1)])))
    F = T.alloc_shared((64, 64), "float32", align=128)
    H = T.alloc_shared((64, 64), "float16", align=128)
    bar = T.alloc_shared((1,), "uint64")
    if tx == 0 and rank == 0:
        T.tile.copy_async(S[0:64, 0:64], A[cid * 64:cid * 64 + 64, 0:64], dispatch="tma_auto", mbar=bar.ptr_to([0]), cta_mask=3, prefetch_tensormap=True)
    if tx == 0:
        T.tile.copy_async(O[cid * 64:cid * 64 + 64, 0:64], F[0:64, 0:64], dispatch="tma_auto", use_tma_reduce="add", prefetch_tensormap=True, tensormap_l2_promotion="L2::256B")
        T.tile.copy_async(Q[0:64, 0:64], H[0:64, 0:64], dispatch="tma_auto", use_tma_reduce="max")
        T.tile.copy_async(H[0:64, 0:64], Q[0:64, 0:64], dispatch="tma_explicit", mbar=bar.ptr_to([0]), cache_hint="evict_first")
        T.tile.copy_async(Q[0:64, 0:64], H[0:64, 0:64], dispatch="tma_auto", cache_hint=pol)
        T.tile.copy_async(O[0:64, 0:64], F[0:64, 0:64], dispatch="tma_auto", use_tma_reduce="add", cache_hint="evict_last")
        T.ptx.cp.async_.bulk.commit_group()
        T.ptx.cp.async_.bulk.wait_group(0)
# CHECK-LABEL: def tma_opts(
# CHECK: T.device_entry()
# CHECK-NEXT: cid = T.cluster_id([2])
# CHECK-NEXT: rank = T.cta_id_in_cluster([2])
# CHECK-NEXT: tx = T.thread_id([128])
# CHECK-NEXT: prefetch_tid_0 = T.thread_id()
# CHECK-NEXT: if prefetch_tid_0 == 0:
# CHECK-NEXT: T.ptx["prefetch.tensormap"](A_tensormap)
# CHECK-NEXT: prefetch_tid_1 = T.thread_id()
# CHECK-NEXT: if prefetch_tid_1 == 0:
# CHECK-NEXT: T.ptx["prefetch.tensormap"](O_tensormap)
# CHECK: T.ptx["cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.multicast::cluster"](T.cuda.cvta_generic_to_shared(T.address_of(S[0, 0])), A_tensormap, 0, cid * 64, T.cuda.cvta_generic_to_shared(T.address_of(bar[0])), T.Cast("uint16", 3))
# CHECK: T.ptx["cp.reduce.async.bulk.tensor.2d.global.shared::cta.add.tile.bulk_group"](O_tensormap, 0, cid * 64, T.cuda.cvta_generic_to_shared(T.address_of(F[0, 0])))
# CHECK: T.ptx["cp.reduce.async.bulk.tensor.2d.global.shared::cta.max.tile.bulk_group"](Q_tensormap, 0, 0, T.cuda.cvta_generic_to_shared(T.address_of(H[0, 0])))
# CHECK: T.ptx["cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.L2::cache_hint"](T.cuda.cvta_generic_to_shared(T.address_of(H[0, 0])), Q_tensormap{{.*}}, 0, 0, T.cuda.cvta_generic_to_shared(T.address_of(bar[0])), T.uint64(1364590687093260288))
# CHECK: T.ptx["cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group.L2::cache_hint"](Q_tensormap, 0, 0, T.cuda.cvta_generic_to_shared(T.address_of(H[0, 0])), pol)
# CHECK: T.ptx["cp.reduce.async.bulk.tensor.2d.global.shared::cta.add.tile.bulk_group.L2::cache_hint"](O_tensormap{{.*}}, 0, 0, T.cuda.cvta_generic_to_shared(T.address_of(F[0, 0])), T.uint64(1508705875169116160))
# PLAN: tensor map A_tensormap = A.data: float16 globalDim=(64, 128) globalStrides=(128) boxDim=(64, 64) elementStrides=(1, 1) interleave=0 swizzle=3 l2=2 oob=0
# PLAN: tensor map O_tensormap = O.data: float32 globalDim=(64, 128) globalStrides=(256) boxDim=(64, 64) elementStrides=(1, 1) interleave=0 swizzle=0 l2=3 oob=0
# PLAN: tensor map Q_tensormap = Q.data: float16 globalDim=(64, 64) globalStrides=(128) boxDim=(64, 64) elementStrides=(1, 1) interleave=0 swizzle=0 l2=2 oob=0
# PTX: prefetch.tensormap
# PTX: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.multicast::cluster
# PTX: cp.reduce.async.bulk.tensor.2d.global.shared::cta.add.tile.bulk_group
# PTX: cp.reduce.async.bulk.tensor.2d.global.shared::cta.max.tile.bulk_group
# PTX: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.L2::cache_hint
# PTX: cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group.L2::cache_hint
# PTX: cp.reduce.async.bulk.tensor.2d.global.shared::cta.add.tile.bulk_group.L2::cache_hint
