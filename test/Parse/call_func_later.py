# RUN: %tirx-opt --verify-roundtrip %s 2>&1 | FileCheck %s --implicit-check-not=warning
# RUN: %tirx-llc %s --mcpu=sm_90a --emit=llvm -O0 -o - | FileCheck %s --check-prefix=IR
# A kernel may call a device function defined after it: the call takes the
# function's return type once the module has run (no warning).
# CHECK: A[tx] = half_of(A[tx])
# IR: call float @half_of(float
from tvm.script import tirx as T

@T.prim_func
def k(A: T.Buffer((32,), "float32")):
    T.device_entry()
    tx = T.thread_id([32])
    A[tx] = half_of(A[tx])

@T.prim_func(private=True)
def half_of(x: T.float32) -> T.float32:
    return x * T.float32(0.5)
