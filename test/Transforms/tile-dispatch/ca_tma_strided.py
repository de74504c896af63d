# copy_async TMA from strided global views (lib/Transforms/Tile/copy_async.c): the map's
# strides come from the view's T.S layout, symbolic ones included (tma_explicit; tma_auto
# declines a symbolic stride as TVM 0.27 does), and an element offset moves the map's base
# (T.handle_add_byte_offset of the storage's pointer, which the launch plan evaluates).
# The shared swizzles ComposeLayout(3, B, 3) map to TMA modes B = 1 / 2 / 3 (32B / 64B /
# 128B), as TVM's get_swizzle_mode_from_layout does (checked with the oracle).
# RUN: %tirx-opt --pass-pipeline=tile-dispatch %s | FileCheck %s
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %tirx-opt --pass-pipeline=default %s | FileCheck %s --check-prefix=PLAN
# RUN: %tirx-llc --mcpu=sm_90a --emit=ptx %s | FileCheck %s --check-prefix=PTX
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_90a --emit=cubin %s -o %t.sm_90a %}
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_100a --emit=cubin %s -o %t.sm_100a %}
@T.prim_func
def tma_strided(X: T.Buffer((8192,), "float16"), Y: T.Buffer((32, 128), "float16"), Z: T.Buffer((64, 72), "float16"), ld: T.int64, off: T.int64):
    G = X.view(64, 64, layout=T.TileLayout(T.S[(64, 64):(ld, 1)]))
    Gh = T.decl_buffer((64, 32), "float16", data=X.data, elem_offset=off, layout=T.TileLayout(T.S[(64, 32):(ld, 1)]))
    P = Z.view(64, 64, layout=T.TileLayout(T.S[(64, 64):(72, 1)]))
    T.device_entry()
    tx = T.thread_id([128])
    S2 = T.alloc_buffer((64, 32), "float16", scope="shared", align=1024, layout=T.ComposeLayout(3, 2, 3, T.TileLayout(T.S[(64, 32):(32, 1)])))
    S1 = T.alloc_buffer((32, 16), "float16", scope="shared", align=1024, layout=T.ComposeLayout(3, 1, 3, T.TileLayout(T.S[(32, 16):(16, 1)])))
    S3 = T.alloc_buffer((64, 64), "float16", scope="shared", align=1024, layout=T.ComposeLayout(3, 3, 3, T.TileLayout(T.S[(64, 64):(64, 1)])))
    bar = T.alloc_shared((1,), "uint64")
    if tx == 0:
        T.tile.copy_async(S3[0:64, 0:64], G[0:64, 0:64], dispatch="tma_explicit", mbar=bar.ptr_to([0]))
        T.tile.copy_async(S2[0:64, 0:32], Gh[0:64, 0:32], dispatch="tma_explicit", mbar=bar.ptr_to([0]))
        T.tile.copy_async(S1[0:32, 0:16], Y[0:32, 16:32], dispatch="tma_auto", mbar=bar.ptr_to([0]))
        T.tile.copy_async(Y[0:32, 0:16], S1[0:32, 0:16], dispatch="tma_auto")
        T.tile.copy_async(P[0:64, 0:64], S3[0:64, 0:64], dispatch="tma_auto")
# CHECK-LABEL: def tma_strided(
# CHECK: T.call_packed("runtime.cuTensorMapEncodeTiled", G_tensormap, "float16", 2, X.data, 64, 64, ld * T.int64(2), 64, 64, 1, 1, 0, 3, 2, 0)
# CHECK-NEXT: Gh_tensormap: T.let[T.TensorMap()] = T.tvm_stack_alloca("tensormap", 1)
# CHECK-NEXT: T.call_packed("runtime.cuTensorMapEncodeTiled", Gh_tensormap, "float16", 2, T.handle_add_byte_offset(X.data, off * T.int64(2)), 32, 64, ld * T.int64(2), 32, 64, 1, 1, 0, 2, 2, 0)
# CHECK-NEXT: Y_tensormap: T.let[T.TensorMap()] = T.tvm_stack_alloca("tensormap", 1)
# CHECK-NEXT: T.call_packed("runtime.cuTensorMapEncodeTiled", Y_tensormap, "float16", 2, Y.data, 128, 32, 256, 16, 32, 1, 1, 0, 1, 2, 0)
# CHECK-NEXT: P_tensormap: T.let[T.TensorMap()] = T.tvm_stack_alloca("tensormap", 1)
# CHECK-NEXT: T.call_packed("runtime.cuTensorMapEncodeTiled", P_tensormap, "float16", 2, Z.data, 64, 64, 144, 64, 64, 1, 1, 0, 3, 2, 0)
# CHECK: (T.address_of(S3[0, 0]), G_tensormap, 0, 0, T.address_of(bar[0]))
# CHECK: (T.address_of(S2[0, 0]), Gh_tensormap, 0, 0, T.address_of(bar[0]))
# CHECK: (T.address_of(S1[0, 0]), Y_tensormap, 16, 0, T.address_of(bar[0]))
# CHECK: (Y_tensormap, 0, 0, T.address_of(S1[0, 0]))
# CHECK: (P_tensormap, 0, 0, T.address_of(S3[0, 0]))
# PLAN: tensor map G_tensormap = X.data: float16 globalDim=(64, 64) globalStrides=(ld * 2) boxDim=(64, 64) elementStrides=(1, 1) interleave=0 swizzle=3 l2=2 oob=0
# PLAN-NEXT: tensor map Gh_tensormap = X.data + off * 2: float16 globalDim=(32, 64) globalStrides=(ld * 2) boxDim=(32, 64) elementStrides=(1, 1) interleave=0 swizzle=2 l2=2 oob=0
# PLAN-NEXT: tensor map Y_tensormap = Y.data: float16 globalDim=(128, 32) globalStrides=(256) boxDim=(16, 32) elementStrides=(1, 1) interleave=0 swizzle=1 l2=2 oob=0
# PLAN-NEXT: tensor map P_tensormap = Z.data: float16 globalDim=(64, 64) globalStrides=(144) boxDim=(64, 64) elementStrides=(1, 1) interleave=0 swizzle=3 l2=2 oob=0
# PTX-COUNT-3: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
# PTX-COUNT-2: cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group

# A chain of views with an element offset (the decode kernel's Q tail: a decl_buffer at
# elem_offset 512 over a runtime-strided view, regrouped by two views): one map, its base
# the storage pointer + 1024 bytes, dims and strides of the last view's layout.
@T.prim_func
def tma_view_chain(Q_st: T.Buffer((16384,), "bfloat16"), ld: T.int64):
    Q = Q_st.view(64, 256, layout=T.TileLayout(T.S[(64, 256):(ld, 1)]))
    T.device_entry()
    tx = T.thread_id([128])
    St = T.alloc_buffer((2, 64, 32), "bfloat16", scope="shared", align=1024, layout=T.ComposeLayout(3, 2, 3, T.TileLayout(T.S[(2, 64, 32):(2048, 32, 1)])))
    bar = T.alloc_shared((1,), "uint64")
    Qt = T.decl_buffer((64, 64), "bfloat16", data=Q.data, elem_offset=T.int64(512), layout=T.TileLayout(T.S[(64, 64):(ld, 1)]))
    Qv = Qt.view(64, 2, 32)
    Qg = Qv.view(2, 64, 32, layout=T.TileLayout(T.S[(2, 64, 32):(32, ld, 1)]))
    if tx == 0:
        T.tile.copy_async(St[0:2, 0:64, 0:32], Qg[0:2, 0:64, 0:32], dispatch="tma_explicit", mbar=bar.ptr_to([0]), cache_hint="evict_first")
# CHECK-LABEL: def tma_view_chain(
# CHECK: T.call_packed("runtime.cuTensorMapEncodeTiled", Qg_tensormap, "bfloat16", 3, T.handle_add_byte_offset(Q_st.data, T.int64(1024)), 32, 64, 2, ld * T.int64(2), 64, 32, 64, 2, 1, 1, 1, 0, 2, 2, 0)
# CHECK-NEXT: T.device_entry()
# PLAN: tensor map Qg_tensormap = Q_st.data + 1024: bfloat16 globalDim=(32, 64, 2) globalStrides=(ld * 2, 64) boxDim=(32, 64, 2) elementStrides=(1, 1, 1) interleave=0 swizzle=2 l2=2 oob=0
# PTX: cp.async.bulk.tensor.3d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.L2::cache_hint
