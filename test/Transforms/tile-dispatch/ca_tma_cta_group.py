# copy_async tma_auto with cta_group=2 (apache/tvm's test_gemm_tcgen05_cta_group_2): the
# .cta_group::2 load of a CTA pair, its mbarrier as a shared-window address (TVM 0.27's
# spelling; with a multicast mask the .multicast::cluster form), sm_100a only.  cta_group=1
# is the plain load.  It failed with "cta_group= is not supported yet".
# RUN: %tirx-opt --mcpu=sm_100a --pass-pipeline=tile-dispatch %s | FileCheck %s
# RUN: %tirx-llc --mcpu=sm_100a --emit=ptx %s | FileCheck %s --check-prefix=PTX
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_100a --emit=cubin %s -o %t.sm_100a %}
# RUN: not %tirx-llc --mcpu=sm_90a --emit=ptx %s 2>&1 | FileCheck %s --check-prefix=SM90
@T.prim_func
def pair(A: T.Buffer((3, 256, 64), "float16")):
    T.device_entry()
    cbx, cby = T.cta_id_in_cluster([2, 1])
    T.cta_id([2])
    tx = T.thread_id([128])
    As = T.alloc_shared((3, 128, 64), "float16", align=1024, layout=T.ComposeLayout(3, 3, 3, T.TileLayout(T.S[24576:1])))
    bar = T.alloc_shared((1,), "uint64")
    if tx == 0:
        T.tile.copy_async(As[0:3, 0:128, 0:64], A[0:3, cbx * 128:cbx * 128 + 128, 0:64], dispatch="tma_auto", cta_group=2, mbar=bar.ptr_to([0]))
        T.tile.copy_async(As[0:3, 0:128, 0:64], A[0:3, cbx * 128:cbx * 128 + 128, 0:64], dispatch="tma_auto", cta_group=2, cta_mask=3, mbar=bar.ptr_to([0]))
        T.tile.copy_async(As[0:3, 0:128, 0:64], A[0:3, cbx * 128:cbx * 128 + 128, 0:64], dispatch="tma_auto", cta_group=1, mbar=bar.ptr_to([0]))
# CHECK-LABEL: def pair(
# CHECK: T.ptx["cp.async.bulk.tensor.3d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.cta_group::2"](T.cuda.cvta_generic_to_shared(T.address_of(As[0, 0, 0])), A_tensormap, 0, cbx * 128, 0, T.cuda.cvta_generic_to_shared(T.address_of(bar[0])))
# CHECK-NEXT: T.ptx["cp.async.bulk.tensor.3d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.multicast::cluster.cta_group::2"](T.cuda.cvta_generic_to_shared(T.address_of(As[0, 0, 0])), A_tensormap, 0, cbx * 128, 0, T.cuda.cvta_generic_to_shared(T.address_of(bar[0])), T.Cast("uint16", 3))
# CHECK-NEXT: T.ptx["cp.async.bulk.tensor.shared::cluster.global.mbarrier::complete_tx::bytes"](T.address_of(As[0, 0, 0]), A_tensormap, 0, cbx * 128, 0, T.address_of(bar[0]))
# PTX: cp.async.bulk.tensor.3d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.cta_group::2 [%r{{[0-9]+}}], [%rd{{[0-9]+}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}], [%r{{[0-9]+}}];
# PTX: cp.async.bulk.tensor.3d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.multicast::cluster.cta_group::2 [%r{{[0-9]+}}], [%rd{{[0-9]+}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}], [%r{{[0-9]+}}], %rs{{[0-9]+}};
# SM90: ca_tma_cta_group.py:18:16: error: T.tile.copy_async: dispatch="tma_auto" does not apply: cta_group=2 (the .cta_group::2 TMA load) needs sm_100a .. sm_103a (compiling for sm_90a)

