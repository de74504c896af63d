# ENGINE BUG (for the T.ptx engine's owner; XFAIL until fixed): tirx's NVVM-lowered TMA
# store row `cp.async.bulk.tensor.global.shared::cta.bulk_group` accepts (map, src,
# coords...) and (map, coords..., src); when src is a uint32 shared-window address (what
# T.cuda.cvta_generic_to_shared and the loads' destinations use) it silently takes the
# PTX order: the address becomes the first coordinate and the last coordinate becomes
# the source.  Below that stores the box at (addr, 16) from shared address 32; on the
# H200 examples/gemm/ws_persistent.py faulted with CUDA_ERROR_MISALIGNED_ADDRESS until
# it passed its operands in PTX order.  Expected: coordinates (16, 32) from `sm` (or a
# located error about the ambiguous operand order).
# XFAIL: *
# RUN: %tirx-llc --emit=ptx --mcpu=sm_90a %s | FileCheck %s
# CHECK-DAG: mov.b32 %r[[X:[0-9]+]], 16;
# CHECK-DAG: mov.b32 %r[[Y:[0-9]+]], 32;
# CHECK: cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group [%rd{{[0-9]+}}, {%r[[X]], %r[[Y]]}]
@T.prim_func
def tma_store_u32(a: T.handle):
    A = T.match_buffer(a, (64, 64), "float16")
    A_map: T.let[T.handle("tensormap")] = T.tvm_stack_alloca("tensormap", 1)
    T.call_packed("runtime.cuTensorMapEncodeTiled", A_map, "float16", 2, A.data,
                  64, 64, 128, 64, 64, 1, 1, 0, 0, 0, 0)
    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([128])
    sm = T.alloc_shared((64, 64), "float16", align=128)
    if tx == 0:
        T.ptx.cp.async_.bulk.tensor.global_.shared__cta.bulk_group(
            T.address_of(A_map), T.cuda.cvta_generic_to_shared(sm.data), 16, 32)
