# RUN: %tirx-opt --verify-roundtrip %s | FileCheck %s --check-prefix=TIR
# RUN: %tirx-llc %s --mcpu=sm_90a --emit=llvm -O0 -o - | FileCheck %s --check-prefix=IR
# RUN: %tirx-llc %s --mcpu=sm_90a -O0 --emit=ptx -o - | FileCheck %s --check-prefix=PTX
# RUN: %tirx-llc %s --mcpu=sm_90a --emit=cubin -o %t.90.cubin
# RUN: %tirx-llc %s --mcpu=sm_100a --emit=cubin -o %t.100.cubin
# A kernel calls the module's device functions by name (TVM prints a call of
# another PrimFunc as `f(args)`): each becomes an LLVM function of its own
# (internal, so LLVM may inline it), pointers passed generic, the value
# returned with `return`; a device function may call another one.
# TIR: B[bx * 128 + tx] = twice(T.address_of(A[bx * 128 + tx]), T.float32(2.0))
# IR: call float @twice(ptr %{{[0-9]+}}, float 2.000000e+00)
# IR: define internal float @twice(ptr %p, float %s)
# IR: call float @scale(float %{{[0-9]+}}, float %s)
# IR: define internal float @scale(float %v, float %s)
# PTX: call.uni (retval0), twice, (param0, param1);
# PTX: .func  (.param .b32 func_retval0) twice(
from tvm.script import tirx as T

@T.prim_func(private=True)
def scale(v: T.float32, s: T.float32) -> T.float32:
    return v * s

@T.prim_func(private=True)
def twice(p: T.handle("float32", "global"), s: T.float32) -> T.float32:
    x = T.decl_buffer((1,), data=p)
    return scale(x[0], s) + T.float32(1)

@T.prim_func
def k(A: T.Buffer((256,), "float32"), B: T.Buffer((256,), "float32")):
    T.device_entry()
    bx = T.cta_id([2])
    tx = T.thread_id([128])
    B[bx * 128 + tx] = twice(T.address_of(A[bx * 128 + tx]), T.float32(2))
