# RUN: not %tirx-llc %s --mcpu=sm_90a --emit=ptx -o /dev/null 2>&1 | FileCheck %s
# RUN: %tirx-llc %s --mcpu=sm_100a --emit=cubin -o %t.cubin
# A row's arch floor is its minimal spelling's; a token can raise it
# (`tok@sm_100` in the table): the mixed-type add.f32.bf16 and the packed
# f32x2 forms are sm_100 instructions, a located error on sm_90a (before,
# ptxas rejected them without a source line).
# CHECK: ptx_token_arch.py:[[@LINE+10]]:11: error: codegen: T.ptx["add.rn.f32.bf16"] requires sm_100 or newer (target is sm_90a)
# CHECK: ptx_token_arch.py:[[@LINE+10]]:11: error: codegen: T.ptx["add.rn.f32x2"] requires sm_100 or newer (target is sm_90a)
from tvm.script import tirx as T

@T.prim_func
def k(A: T.Buffer((32,), "float32"), H: T.Buffer((32,), "uint16"), P: T.Buffer((32,), "uint64")):
    T.device_entry()
    tx = T.thread_id([32])
    r = T.alloc_local((1,), "float32")
    q = T.alloc_local((1,), "uint64")
    T.ptx.add(r[0], H[tx], A[tx], "rn", "", "", "f32", "bf16", "")
    T.ptx.add(q[0], P[tx], P[tx], "rn", "", "", "f32x2", "", "")
    A[tx] = r[0]
    P[tx] = q[0]
