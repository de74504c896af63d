# Elementwise reg, packed f32x2 on sm_100+ (lib/Transforms/Tile/elementwise.c): add / sub / mul /
# fma of float32 registers pair the innermost register dim (even, stride 1, no broadcast):
# mov.b64 packs each operand (a scalar twice), {op}.<rounding_mode>.ftz.f32x2 (default rz, as
# TVM 0.27), mov.b64 unpacks.  maximum stays scalar; sm_90a keeps the scalar loop.
# RUN: %tirx-opt --mcpu=sm_100a --pass-pipeline=tile-dispatch %s | FileCheck %s
# RUN: %tirx-opt --mcpu=sm_90a --pass-pipeline=tile-dispatch %s | FileCheck %s --check-prefix=SM90
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_100a --emit=cubin %s -o %t.sm_100a %}
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_103a --emit=cubin %s -o %t.sm_103a %}
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_90a --emit=cubin %s -o %t.sm_90a %}
# RUN: %tirx-llc --mcpu=sm_100a --emit=ptx %s -o - | FileCheck %s --check-prefix=PTX
# PTX-DAG: add.rz.ftz.f32x2
# PTX-DAG: mul.rn.ftz.f32x2
# PTX-DAG: fma.rz.ftz.f32x2
# SM90-NOT: f32x2
# CHECK-LABEL: def ew
# CHECK: for r_{{[0-9]+}} in range(4):
# CHECK-NEXT: T.ptx["mov.b64"](pk_{{[0-9]+}}, a_local[r_{{[0-9]+}} * 2], a_local[1 + r_{{[0-9]+}} * 2])
# CHECK-NEXT: T.ptx["mov.b64"](pk_{{[0-9]+}}, b_local[r_{{[0-9]+}} * 2], b_local[1 + r_{{[0-9]+}} * 2])
# CHECK-NEXT: T.ptx["add.rz.ftz.f32x2"](pk_[[A:[0-9]+]], pk_[[A]], pk_{{[0-9]+}})
# CHECK-NEXT: T.ptx["mov.b64"](c_local[r_{{[0-9]+}} * 2], c_local[1 + r_{{[0-9]+}} * 2], pk_[[A]])
# CHECK: T.ptx["mov.b64"](pk_{{[0-9]+}}, T.float32(3.0), T.float32(3.0))
# CHECK-NEXT: T.ptx["mul.rn.ftz.f32x2"]
# CHECK: T.ptx["fma.rz.ftz.f32x2"](pk_[[F:[0-9]+]], pk_[[F]], pk_{{[0-9]+}}, pk_{{[0-9]+}})
# CHECK: for r_{{[0-9]+}} in T.unroll(8):
# CHECK-NEXT: c_local_3[r_{{[0-9]+}}] = T.max(
@T.prim_func
def ew(A: T.Buffer((8,), "float32"), B: T.Buffer((8,), "float32")):
    T.device_entry()
    T.cta_id([1])
    T.thread_id([1])
    a = T.alloc_local((8,), "float32")
    b = T.alloc_local((8,), "float32")
    c = T.alloc_local((8,), "float32")
    for i in T.unroll(8):
        a[i] = A[i]
        b[i] = A[i] * 2.0
    T.tile.add(c[0:8], a[0:8], b[0:8])
    T.tile.mul(c[0:8], c[0:8], T.float32(3.0), rounding_mode="rn")
    T.tile.fma(c[0:8], a[0:8], b[0:8], c[0:8])
    T.tile.maximum(c[0:8], a[0:8], b[0:8])
    for i in T.unroll(8):
        B[i] = c[i]
