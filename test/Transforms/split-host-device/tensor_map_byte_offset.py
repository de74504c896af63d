# RUN: %tirx-opt --pass-pipeline=default %s | FileCheck %s
# A tensor map based at a byte offset on a parameter's data, as TVM prints it:
# T.handle_add_byte_offset(kv.data, 512) and T.address_of(kv[0, 0]) + T.uint64(64).
# CHECK: # launch plan tmoff: tensor map lo_map = kv.data + 512: bfloat16 globalDim=(64, 32) globalStrides=(1312)
# CHECK: # launch plan tmoff: tensor map hi_map = kv.data + 64: bfloat16
# Through a decl_buffer at an element offset and a view of it: the view's elem_offset
# (656, copied from the decl_buffer, as TVM's view keeps it) counts once; X.data is the
# pointer X aliases, without X's offset (TVM's Buffer.data).
# CHECK: # launch plan tmoff: tensor map v_map = kv.data + 1328: bfloat16
# CHECK: # launch plan tmoff: tensor map d_map = kv.data: bfloat16
@T.prim_func
def tmoff(kv: T.Buffer((32, 656), "bfloat16")):
    lo_map: T.let[T.handle("tensormap")] = T.tvm_stack_alloca("tensormap", 1)
    T.call_packed("runtime.cuTensorMapEncodeTiled", lo_map, "bfloat16", 2, T.handle_add_byte_offset(kv.data, 512),
                  64, 32, 1312, 64, 8, 1, 1, 0, 0, 0, 0)
    hi_map: T.let[T.handle("tensormap")] = T.tvm_stack_alloca("tensormap", 1)
    T.call_packed("runtime.cuTensorMapEncodeTiled", hi_map, "bfloat16", 2, T.address_of(kv[0, 0]) + T.uint64(64),
                  64, 32, 1312, 64, 8, 1, 1, 0, 0, 0, 0)
    B = T.decl_buffer((16, 656), "bfloat16", data=kv.data, elem_offset=656)
    C = B.view(16, 656)
    v_map: T.let[T.handle("tensormap")] = T.tvm_stack_alloca("tensormap", 1)
    T.call_packed("runtime.cuTensorMapEncodeTiled", v_map, "bfloat16", 2, T.address_of(C[0, 8]),
                  64, 16, 1312, 64, 8, 1, 1, 0, 0, 0, 0)
    d_map: T.let[T.handle("tensormap")] = T.tvm_stack_alloca("tensormap", 1)
    T.call_packed("runtime.cuTensorMapEncodeTiled", d_map, "bfloat16", 2, C.data,
                  64, 16, 1312, 64, 8, 1, 1, 0, 0, 0, 0)
    T.device_entry()
    tx = T.thread_id([32])
    sm = T.alloc_shared((8, 64), "bfloat16", align=1024)
    bar = T.alloc_shared((1,), "uint64")
    if tx == 0:
        T.ptx["cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"](sm.data, lo_map, 0, 0, bar.data)
        T.ptx["cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"](sm.data, hi_map, 0, 0, bar.data)
        T.ptx["cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"](sm.data, v_map, 0, 0, bar.data)
        T.ptx["cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"](sm.data, d_map, 0, 0, bar.data)
