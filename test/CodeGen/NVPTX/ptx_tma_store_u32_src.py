# A TMA tile store in TVM's spelling and operand order, T.ptx["cp.async.bulk.tensor.2d.
# global.shared::cta.tile.bulk_group"](map, x, y, src), with a uint32 shared-window source
# address (what T.cuda.cvta_generic_to_shared gives) and non-constant coordinates: the
# coordinates are (16n, 32n) and the source the window address (a bug once lowered the
# address as the first coordinate; ws_persistent faulted on the H200 from it).
# RUN: %tirx-llc --emit=ptx --mcpu=sm_90a %s | FileCheck %s
# CHECK-DAG: shl.b32 %r[[X:[0-9]+]], %r{{[0-9]+}}, 4;
# CHECK-DAG: shl.b32 %r[[Y:[0-9]+]], %r{{[0-9]+}}, 5;
# CHECK: cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group [%rd{{[0-9]+}}, {%r[[X]], %r[[Y]]}]
@T.prim_func
def tma_store_u32(a: T.handle, n: T.int32):
    A = T.match_buffer(a, (64, 64), "float16")
    A_map: T.let[T.handle("tensormap")] = T.tvm_stack_alloca("tensormap", 1)
    T.call_packed("runtime.cuTensorMapEncodeTiled", A_map, "float16", 2, A.data,
                  64, 64, 128, 64, 64, 1, 1, 0, 0, 0, 0)
    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([128])
    sm = T.alloc_shared((64, 64), "float16", align=128)
    sbase: T.let[T.uint32] = T.cuda.cvta_generic_to_shared(sm.data)
    if tx == 0:
        T.ptx["cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group"](
            T.address_of(A_map), n * 16, n * 32, sbase + 1024)
