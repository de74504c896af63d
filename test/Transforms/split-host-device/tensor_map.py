# RUN: %tirx-opt --pass-pipeline=default %s | FileCheck %s
# RUN: %tirx-opt --pass-pipeline=default %s | %tirx-opt --verify-roundtrip - > /dev/null
# RUN: %tirx-llc --emit=bundle --mcpu=sm_90a %s -o %t.tirxb
# RUN: tirx-bundle-dump %t.tirxb | FileCheck %s --check-prefix=PLAN
# Host-encoded TMA tensor maps (runtime_semantics.md §4.1): each
# `m = T.tvm_stack_alloca("tensormap", 1)` + `T.call_packed("runtime.cuTensorMapEncodeTiled",
# m, ...)` before T.device_entry() becomes a tensor-map spec of the launch plan; a map
# the region uses becomes a by-value T.TensorMap() kernel parameter (sorted with the
# handles by name) whose argument is "tensor map j".  Dims and strides are plan
# expressions over the symbols (the shape var n, and the scalar param rows that only the
# encode uses); the base `A.ptr_to([1, 0])` (A_flat after flatten-buffer) is A's data
# pointer + 256 bytes; constant parts are folded.
# CHECK: {{^}}# launch plan tmaps: params A: float16[n, 128], B: float32[64], Z: float32[8, 4, 32], rows: int32
# CHECK-NEXT: {{^}}# launch plan tmaps: tensor map A_map = A.data + 256: float16 globalDim=(128, rows) globalStrides=(256) boxDim=(64, 16) elementStrides=(1, 1) interleave=0 swizzle=3 l2=2 oob=0
# CHECK-NEXT: {{^}}# launch plan tmaps: tensor map Z_map = Z.data: float32 globalDim=(32, 4, 8) globalStrides=(128, 512) boxDim=(32, 4, 2) elementStrides=(1, 1, 1) interleave=0 swizzle=0 l2=0 oob=0 force_cu_dtype=11
# CHECK-NEXT: {{^}}# launch plan tmaps: kernel tmaps_kernel grid=(n // 16, 1, 1) block=(128, 1, 1) dyn_smem=0
# CHECK-NEXT: {{^}}@T.prim_func
# CHECK-NEXT: {{^}}def tmaps_kernel(A_map: T.TensorMap(), B_ptr: T.handle("float32", "global"), Z_map: T.TensorMap(), n: T.int32):
# CHECK-NOT: tvm_stack_alloca
# CHECK-NOT: call_packed
# CHECK: T.ptx["cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"](T.cuda.cvta_generic_to_shared(sm.data), A_map, 0, bx * 16, T.cuda.cvta_generic_to_shared(bar.data))
# CHECK: T.ptx["prefetch.tensormap"](T.reinterpret("handle", T.address_of(Z_map)))

# PLAN: plan tmaps (given signature): tmaps(A: Tensor([n, 128], float16), B: Tensor([64], float32), Z: Tensor([8, 4, 32], float32), rows: int32)
# PLAN-NEXT:   sym #0 rows: int32
# PLAN-NEXT:   sym #1 n: int32
# PLAN:   tmap #0 A_map = data(A) + 256: float16 rank 2 globalDim (128, rows) globalStrides (256) boxDim (64, 16) elementStrides (1, 1) interleave 0 swizzle 3 l2 2 oob 0
# PLAN-NEXT:   tmap #1 Z_map = data(Z): float32 rank 3 globalDim (32, 4, 8) globalStrides (128, 512) boxDim (32, 4, 2) elementStrides (1, 1, 1) interleave 0 swizzle 0 l2 0 oob 0 force_cu_dtype 11
# PLAN-NEXT:   kernel #0 tmaps_kernel
# PLAN-NEXT:     arg #0 tmap = tmap(A_map)
# PLAN-NEXT:     arg #1 ptr = data(B)
# PLAN-NEXT:     arg #2 tmap = tmap(Z_map)
# PLAN-NEXT:     arg #3 i32 = n
@T.prim_func
def tmaps(a: T.handle, B: T.Buffer((64,), "float32"), Z: T.Buffer((8, 4, 32), "float32"), rows: T.int32):
    n = T.int32()
    A = T.match_buffer(a, (n, 128), "float16")
    A_map: T.let[T.handle("tensormap")] = T.tvm_stack_alloca("tensormap", 1)
    T.call_packed("runtime.cuTensorMapEncodeTiled", A_map, "float16", 2, A.ptr_to([1, 0]),
                  128, rows, 128 * 2, 64, 16, 1, 1, 0, 3, 2, 0)
    Z_map = T.tvm_stack_alloca("tensormap", 1)
    T.call_packed("runtime.cuTensorMapEncodeTiled", Z_map, "float32", 3, Z.data,
                  32, 4, 8, 128, 512, 32, 4, 2, 1, 1, 1, 0, 0, 0, 0, 11)
    T.device_entry()
    bx = T.cta_id([n // 16])
    tx = T.thread_id([128])
    sm = T.alloc_shared((16, 64), "float16", align=1024)
    bar = T.alloc_shared((1,), "uint64")
    if tx == 0:
        T.ptx["cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"](sm.data, A_map, 0, bx * 16, bar.data)
        T.ptx.prefetch.tensormap(T.address_of(Z_map))
    B[tx % 64] = T.float32(1)
