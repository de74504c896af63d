# RUN: %tirx-llc %s --mcpu=sm_100a --emit=ptx -o - | FileCheck %s
# RUN: %tirx-llc %s --mcpu=sm_100a --emit=cubin -o %t.cubin
# cvt.rn[.relu].bf16x2.{e4m3x2,e5m2x2} is PTX ISA 9.1, newer than the PTX
# LLVM 22 prints: it lowers exactly through the f16x2 conversion (every e4m3
# and e5m2 value is exact in f16 and bf16), then f32 and a bf16x2 rounding.
# CHECK: cvt.rn.f16x2.e4m3x2
# CHECK: cvt.rn.bf16x2.f32
# CHECK: cvt.rn.relu.f16x2.e5m2x2
# CHECK-NOT: bf16x2.e4m3x2
# CHECK-NOT: bf16x2.e5m2x2
from tvm.script import tirx as T

@T.prim_func
def k(A: T.Buffer((64,), "uint16"), B: T.Buffer((64,), "uint32"), C: T.Buffer((64,), "uint32")):
    T.device_entry()
    tx = T.thread_id([64])
    r = T.alloc_local((2,), "uint32")
    T.ptx.cvt(r[0], A[tx], "rn", "", "", "", "bf16x2", "e4m3x2", "")
    T.ptx.cvt(r[1], A[tx], "rn", "relu", "", "", "bf16x2", "e5m2x2", "")
    B[tx] = r[0]
    C[tx] = r[1]
