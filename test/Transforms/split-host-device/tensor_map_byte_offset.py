# RUN: %tirx-opt --pass-pipeline=default %s | FileCheck %s
# A tensor map based at a byte offset on a parameter's data, as TVM prints it:
# T.handle_add_byte_offset(kv.data, 512) and T.address_of(kv[0, 0]) + T.uint64(64).
# CHECK: # launch plan tmoff: tensor map lo_map = kv.data + 512: bfloat16 globalDim=(64, 32) globalStrides=(1312)
# CHECK: # launch plan tmoff: tensor map hi_map = kv.data + 64: bfloat16
@T.prim_func
def tmoff(kv: T.Buffer((32, 656), "bfloat16")):
    lo_map: T.let[T.handle("tensormap")] = T.tvm_stack_alloca("tensormap", 1)
    T.call_packed("runtime.cuTensorMapEncodeTiled", lo_map, "bfloat16", 2, T.handle_add_byte_offset(kv.data, 512),
                  64, 32, 1312, 64, 8, 1, 1, 0, 0, 0, 0)
    hi_map: T.let[T.handle("tensormap")] = T.tvm_stack_alloca("tensormap", 1)
    T.call_packed("runtime.cuTensorMapEncodeTiled", hi_map, "bfloat16", 2, T.address_of(kv[0, 0]) + T.uint64(64),
                  64, 32, 1312, 64, 8, 1, 1, 0, 0, 0, 0)
    T.device_entry()
    tx = T.thread_id([32])
    sm = T.alloc_shared((8, 64), "bfloat16", align=1024)
    bar = T.alloc_shared((1,), "uint64")
    if tx == 0:
        T.ptx["cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"](sm.data, lo_map, 0, 0, bar.data)
        T.ptx["cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"](sm.data, hi_map, 0, 0, bar.data)
