# RUN: %tirx-opt --print-style=tvm --verify-roundtrip %s | FileCheck %s
# Python helpers of kernel sources write T.evaluate(T.ptx[SPELLING](dst, ...)):
# with the destination first, or with a spelling only the instruction table
# has (two sources of cvt.f16x2.f32, mixed-type fma, .satfinite), the call is
# the instruction itself, as TVM reads it, and T.evaluate adds nothing.
# CHECK: T.ptx.cvt(out, A[tx], A[tx], "rn", "", "", "f16x2", "f32", "")
# CHECK-NEXT: T.ptx.mov(out, A[tx], "b32", "")
# CHECK-NEXT: T.ptx.fma(f, H[tx], H[tx], A[tx], "rn", "", "", "f32", "bf16", "")
# CHECK-NOT: T.evaluate
from tvm.script import tirx as T

@T.prim_func
def k(A: T.Buffer((64,), "float32"), H: T.Buffer((64,), "uint16"), B: T.Buffer((64,), "uint32")):
    T.device_entry()
    tx = T.thread_id([64])
    out = T.alloc_local((1,), "uint32")
    f = T.alloc_local((1,), "float32")
    T.evaluate(T.ptx["cvt.rn.f16x2.f32"](out[0], A[tx], A[tx]))
    T.evaluate(T.ptx["mov.b32"](out[0], A[tx]))
    T.evaluate(T.ptx["fma.rn.f32.bf16"](f[0], H[tx], H[tx], A[tx]))
    B[tx] = out[0]
    A[tx] = f[0]
