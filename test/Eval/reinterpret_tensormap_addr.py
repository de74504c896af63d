# T.reinterpret("uint64", T.address_of(tmap)) is no node: TVM's address of a
# T.TensorMap() is a uint64 already (the CHECK lines are what TVM 0.27 prints).
# A T.Select between two tensormap addresses is one too.  It compiles.
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# RUN: %tirx-llc --mcpu=sm_90a %s -o /dev/null
# CHECK: T.ptx.ld(v[0], v[1], T.reinterpret(T.handle().ty, T.address_of(m)), "", "", "global", "", "", "", "", "", "v2", "b64", "")
# CHECK: T.ptx.ld(v[0], v[1], T.reinterpret(T.handle().ty, T.address_of(m) + T.uint64(16)), "", "", "global", "", "", "", "", "", "v2", "b64", "")
# CHECK: T.ptx.ld(v[0], v[1], T.reinterpret(T.handle().ty, T.Select(A[0] == T.uint64(1), T.address_of(m), T.address_of(n))), "", "", "global", "", "", "", "", "", "v2", "b64", "")
from tvm.script import tirx as T

def byte_ptr(ptr, off):
    return T.reinterpret("handle", T.reinterpret("uint64", ptr) + T.cast(off, "uint64"))

@T.prim_func
def f(m: T.TensorMap(), n: T.TensorMap(), A: T.Buffer((8,), "uint64")):
    T.device_entry()
    v = T.alloc_local((2,), "uint64")
    T.evaluate(T.ptx.ld.global_.v2.b64(v[0], v[1], byte_ptr(T.address_of(m), 0)))
    T.evaluate(T.ptx.ld.global_.v2.b64(v[0], v[1], byte_ptr(T.address_of(m), 16)))
    T.evaluate(T.ptx.ld.global_.v2.b64(v[0], v[1], T.Select(A[0] == 1, T.address_of(m), T.address_of(n))))
    A[0] = v[0] + v[1]
