# RUN: %tirx-opt %s | FileCheck %s
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# Host-side TMA tensor maps (runtime_semantics.md §4.1): a tensor-map variable is bound
# to T.tvm_stack_alloca("tensormap", 1) and encoded with T.call_packed before
# T.device_entry().  T.let[T.handle("tensormap")], T.let[T.TensorMap()], T.let[T.handle]
# and a plain assignment all type the variable as a tensor map (printed T.TensorMap()).
# CHECK-LABEL: {{^}}def maps(A: T.Buffer((64, 128), "float16"), B: T.Buffer((64, 128), "float16")):
# CHECK-NEXT: {{^}}    A_map: T.let[T.TensorMap()] = T.tvm_stack_alloca("tensormap", 1)
# CHECK-NEXT: {{^}}    T.call_packed("runtime.cuTensorMapEncodeTiled", A_map, "float16", 2, A.data, 128, 64, 256, 64, 32, 1, 1, 0, 0, 0, 0)
# CHECK-NEXT: {{^}}    B_map: T.let[T.TensorMap()] = T.tvm_stack_alloca("tensormap", 1)
# CHECK-NEXT: {{^}}    C_map: T.let[T.TensorMap()] = T.tvm_stack_alloca("tensormap", 1)
# CHECK-NEXT: {{^}}    D_map: T.let[T.TensorMap()] = T.tvm_stack_alloca("tensormap", 1)
# CHECK-NEXT: {{^}}    T.call_packed("runtime.cuTensorMapEncodeTiled", B_map, "float16", 2, T.address_of(B[32, 0]), 128, 32, 256, 64, 32, 1, 1, 0, 3, 2, 0)
# CHECK-NEXT: {{^}}    T.device_entry()
# CHECK: T.ptx["cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"](T.cuda.cvta_generic_to_shared(sm.data), A_map, 0, 0, T.cuda.cvta_generic_to_shared(bar.data))
# CHECK: T.ptx["cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"](T.cuda.cvta_generic_to_shared(sm.data), T.reinterpret("handle", T.address_of(B_map)), 0, 0, T.cuda.cvta_generic_to_shared(bar.data))
@T.prim_func
def maps(A: T.Buffer((64, 128), "float16"), B: T.Buffer((64, 128), "float16")):
    A_map: T.let[T.handle("tensormap")] = T.tvm_stack_alloca("tensormap", 1)
    T.call_packed("runtime.cuTensorMapEncodeTiled", A_map, "float16", 2, A.data,
                  128, 64, 256, 64, 32, 1, 1, 0, 0, 0, 0)
    B_map: T.let[T.TensorMap()] = T.tvm_stack_alloca("tensormap", 1)
    C_map: T.let[T.handle] = T.tvm_stack_alloca("tensormap", 1)
    D_map = T.tvm_stack_alloca("tensormap", 1)
    T.call_packed("runtime.cuTensorMapEncodeTiled", B_map, "float16", 2, B.ptr_to([32, 0]),
                  128, 32, 256, 64, 32, 1, 1, 0, 3, 2, 0)
    T.device_entry()
    tx = T.thread_id([128])
    sm = T.alloc_shared((32, 64), "float16", align=128)
    bar = T.alloc_shared((1,), "uint64")
    if tx == 0:
        T.ptx["cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"](sm.data, A_map, 0, 0, bar.data)
        T.ptx["cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"](sm.data, T.address_of(B_map), 0, 0, bar.data)
