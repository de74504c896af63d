# Module-level constants are folded with Python semantics (floor division,
# powers) and substituted; -D overrides them.
# RUN: %tirx-opt %s | FileCheck %s
# RUN: %tirx-opt -D K=64 %s | FileCheck %s --check-prefix=K64
# CHECK: def f(A: T.Buffer((4096,), "float32")):
# CHECK: tx = T.thread_id([128])
# CHECK: A[tx * 32 + 31] = T.float32(-0.25)
# K64: def f(A: T.Buffer((64,), "float32")):
# K64: tx = T.thread_id([2])
K = 4096
NT = K // 32
NEG = -(2 ** 2)
@T.prim_func
def f(A: T.Buffer((K,), "float32")):
    T.device_entry()
    tx = T.thread_id([NT])
    A[tx * 32 + (-1) % 32] = T.float32(1.0 / NEG)
