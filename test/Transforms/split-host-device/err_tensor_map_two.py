# RUN: not %tirx-opt --pass-pipeline=default %s 2>&1 | FileCheck %s
# Regression (found by fuzzing tirx-llc): an error in the first of two tensor
# maps used to abort the process when the second, valid one was added to the
# plan.  Now it is one located error.
# CHECK: err_tensor_map_two.py:[[@LINE+5]]:60: error: unknown dtype "floaty16" for tensor map A_map
# CHECK-NOT: error
@T.prim_func
def tmaps(A: T.Buffer((64, 128), "float16"), Z: T.Buffer((8, 32), "float32")):
    A_map: T.let[T.handle("tensormap")] = T.tvm_stack_alloca("tensormap", 1)
    T.call_packed("runtime.cuTensorMapEncodeTiled", A_map, "floaty16", 2, A.data,
                  128, 64, 256, 64, 16, 1, 1, 0, 0, 0, 0)
    Z_map: T.let[T.handle("tensormap")] = T.tvm_stack_alloca("tensormap", 1)
    T.call_packed("runtime.cuTensorMapEncodeTiled", Z_map, "float32", 2, Z.data,
                  32, 8, 128, 32, 8, 1, 1, 0, 0, 0, 0)
    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([128])
    sm = T.alloc_shared((16, 64), "float16", align=1024)
    bar = T.alloc_shared((1,), "uint64")
    if tx == 0:
        T.ptx["cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"](sm.data, A_map, 0, 0, bar.data)
        T.ptx.prefetch.tensormap(T.address_of(Z_map))
