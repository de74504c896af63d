# @T.jit with keyword-only T.constexpr parameters, specialised by -D.
# RUN: %tirx-opt -D N=128 %s | FileCheck %s
# RUN: %tirx-opt -DN=64 -D SCALE=0.5 %s | FileCheck %s --check-prefix=N64
# RUN: not %tirx-opt %s 2>&1 | FileCheck %s --check-prefix=MISSING
# CHECK-LABEL: @T.prim_func
# CHECK-NEXT: def add(A: T.Buffer((128,), "float32"), B: T.Buffer((128,), "float32")):
# CHECK: tx = T.thread_id([128])
# CHECK: B[tx] = A[tx] * T.float32(2.0)
# N64: def add(A: T.Buffer((64,), "float32"), B: T.Buffer((64,), "float32")):
# N64: B[tx] = A[tx] * T.float32(0.5)
# MISSING: error: T.constexpr parameter 'N' has no value; pass -D N=VALUE
from __future__ import annotations

@T.jit
def add(A: T.Buffer((N,), "float32"), B: T.Buffer((N,), "float32"), *, N: T.constexpr, SCALE: T.constexpr = 2.0):
    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([N])
    B[tx] = A[tx] * SCALE
