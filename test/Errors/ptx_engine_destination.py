# RUN: not %tirx-opt %s 2>&1 | FileCheck %s
# A destination must be a writable scalar or buffer element, not a T.let binding.
# CHECK: ptx_engine_destination.py:9:22: error: T.ptx.ld (ld): destination 'd' must be a writable scalar or buffer element (declare it first, e.g. `d: T.uint32`); a T.let binding is immutable
@T.prim_func
def f(A: T.Buffer((64,), "uint32")):
    T.device_entry()
    tx = T.thread_id([64])
    k: T.let[T.uint32] = T.uint32(3)
    T.ptx.ld.global_.b32(k, T.address_of(A[0]))
