# RUN: %tirx-opt %s | FileCheck %s
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s --check-prefix=TVM
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# A T.ptx spelling is resolved once, at its first call, and kept for the rest of the
# compile (issue 24): its rows, the slots its modifiers fill, its scalar ALU decoding.
# Spellings that share a prefix (ld.global.b32 / ld.global.v2.b32, fma.rz.ftz.f32x2 /
# fma.rz.f32x2), each called again, keep their own row and slots; TVM's flat form of
# the same family, and an ALU value form called twice, resolve as before.
# CHECK-LABEL: def f(
# CHECK:      T.ptx["ld.global.b32"](d, T.address_of(A[0]))
# CHECK-NEXT: T.ptx["ld.global.v2.b32"](d, e, T.address_of(A[0]))
# CHECK-NEXT: T.ptx["ld.global.b32"](e, T.address_of(A[1]))
# CHECK-NEXT: T.ptx["ld.global.v2.b32"](e, d, T.address_of(A[2]))
# CHECK-NEXT: T.ptx["ld.global.b32"](d, T.address_of(A[3]))
# CHECK-NEXT: T.ptx["fma.rz.ftz.f32x2"](p, x, x, x)
# CHECK-NEXT: T.ptx["fma.rz.f32x2"](p, x, x, x)
# CHECK-NEXT: T.ptx["fma.rz.ftz.f32x2"](p, p, x, x)
# CHECK-NEXT: q = T.ptx["fma.rn.f32"](y, y, y)
# CHECK-NEXT: q = T.ptx["fma.rn.f32"](q, y, y)
# TVM-LABEL: def f(
# TVM:      T.ptx.ld(d, T.address_of(A[0]), "", "", "", "global", "", "", "", "", "", "b32", "")
# TVM-NEXT: T.ptx.ld(d, e, T.address_of(A[0]), "", "", "global", "", "", "", "", "", "v2", "b32", "")
# TVM-NEXT: T.ptx.ld(e, T.address_of(A[1]), "", "", "", "global", "", "", "", "", "", "b32", "")
# TVM-NEXT: T.ptx.ld(e, d, T.address_of(A[2]), "", "", "global", "", "", "", "", "", "v2", "b32", "")
# TVM-NEXT: T.ptx.ld(d, T.address_of(A[3]), "", "", "", "global", "", "", "", "", "", "b32", "")
# TVM-NEXT: T.ptx.fma(p, x, x, x, "rz", "ftz", "", "f32x2", "", "")
# TVM-NEXT: T.ptx.fma(p, x, x, x, "rz", "", "", "f32x2", "", "")
# TVM-NEXT: T.ptx.fma(p, p, x, x, "rz", "ftz", "", "f32x2", "", "")
@T.prim_func
def f(A: T.Buffer((64,), "uint32"), x: T.uint64, y: T.float32):
    T.device_entry()
    tx = T.thread_id([64])
    d: T.uint32
    e: T.uint32
    p: T.uint64
    q: T.float32
    T.ptx.ld.global_.b32(d, T.address_of(A[0]))
    T.ptx.ld.global_.v2.b32(d, e, T.address_of(A[0]))
    T.ptx.ld.global_.b32(e, T.address_of(A[1]))
    T.ptx.ld.global_.v2.b32(e, d, T.address_of(A[2]))
    T.ptx.ld(d, T.address_of(A[3]), "", "", "", "global", "", "", "", "", "", "b32", "")
    T.ptx.fma.rz.ftz.f32x2(p, x, x, x)
    T.ptx.fma.rz.f32x2(p, x, x, x)
    T.ptx.fma.rz.ftz.f32x2(p, p, x, x)
    q = T.ptx.fma.rn.f32(y, y, y)
    q = T.ptx.fma.rn.f32(q, y, y)
