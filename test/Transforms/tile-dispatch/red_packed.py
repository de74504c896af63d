# Reductions on sm_100+ (lib/Transforms/Tile/reduction.c): a thread's float32 registers (1-d,
# at least 8) into one register.  sum is packed_add_sum (8 partials, add.rn.ftz.f32x2 on mov.b64
# pairs, the remainder into partial 0, 8 -> 4 -> 2 -> 1); max / min are 3input_maxmin (4
# partials, the three-input max.f32 / min.f32); accum folds the old dst into the first
# partial.  For sm_90a both are skipped: the local variant's scalar loop (no f32x2).
# RUN: %tirx-opt --mcpu=sm_100a --pass-pipeline=tile-dispatch %s | FileCheck %s
# RUN: %tirx-opt --mcpu=sm_90a --pass-pipeline=tile-dispatch %s | FileCheck %s --check-prefix=SM90
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_100a --emit=cubin %s -o %t.sm_100a %}
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_103a --emit=cubin %s -o %t.sm_103a %}
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_90a --emit=cubin %s -o %t.sm_90a %}
# RUN: %tirx-llc --mcpu=sm_100a --emit=ptx %s -o - | FileCheck %s --check-prefix=PTX
# PTX-DAG: add.rn.ftz.f32x2
# PTX-DAG: max.f32 %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}};
# PTX-DAG: min.f32 %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}};
# SM90-NOT: f32x2
# SM90-NOT: max.f32
# CHECK-LABEL: def red
# CHECK: local_sum_{{[0-9]+}}[0] = s[0]
# CHECK: for outer_{{[0-9]+}} in range(3):
# CHECK-NEXT: T.ptx["mov.b64"](acc_{{[0-9]+}}, local_sum_{{[0-9]+}}[0], local_sum_{{[0-9]+}}[1])
# CHECK-NEXT: T.ptx["mov.b64"](rhs_{{[0-9]+}}, s[(outer_{{[0-9]+}} + 1) * 8], s[(outer_{{[0-9]+}} + 1) * 8 + 1])
# CHECK-NEXT: T.ptx["add.rn.ftz.f32x2"](acc_{{[0-9]+}}, acc_{{[0-9]+}}, rhs_{{[0-9]+}})
# CHECK-NEXT: T.ptx["mov.b64"](local_sum_{{[0-9]+}}[0], local_sum_{{[0-9]+}}[1], acc_{{[0-9]+}})
# CHECK: local_sum_{{[0-9]+}}[0] = local_sum_{{[0-9]+}}[0] + s[36]
# CHECK: d[0] = local_sum_{{[0-9]+}}[0] + local_sum_{{[0-9]+}}[1]
# CHECK: T.ptx["max.f32"](temp_{{[0-9]+}}[0], s[0], s[1], d[1])
# CHECK-NEXT: temp_{{[0-9]+}}[1] = T.max(s[2], s[3])
# CHECK: T.ptx["max.f32"](temp_{{[0-9]+}}[3], temp_{{[0-9]+}}[3], s[(outer_{{[0-9]+}} + 1) * 8 + 6], s[(outer_{{[0-9]+}} + 1) * 8 + 7])
# CHECK: d[1] = T.max(temp_{{[0-9]+}}[0], temp_{{[0-9]+}}[1])
# CHECK-NEXT: T.ptx["max.f32"](d[1], d[1], temp_{{[0-9]+}}[2], temp_{{[0-9]+}}[3])
# One chunk of 8 (no loop), from s[5]:
# CHECK: temp_{{[0-9]+}}[0] = T.min(s[5], s[6])
# CHECK-NOT: for
# CHECK: T.ptx["min.f32"](d[2], d[2], temp_{{[0-9]+}}[2], temp_{{[0-9]+}}[3])
@T.prim_func
def red(A: T.Buffer((37,), "float32"), B: T.Buffer((3,), "float32")):
    T.device_entry()
    T.cta_id([1])
    T.thread_id([1])
    s = T.alloc_local((37,), "float32")
    d = T.alloc_local((3,), "float32")
    for i in T.unroll(37):
        s[i] = A[i]
    T.tile.sum(d[0:1], s[0:37])
    T.tile.max(d[1:2], s[0:37], accum=True)
    T.tile.min(d[2:3], s[5:13])
    for i in T.unroll(3):
        B[i] = d[i]
