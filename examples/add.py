from __future__ import annotations

# @T.jit with a keyword-only T.constexpr, specialised at compile time (-D N=256).
# Expected: C[i] == A[i] + B[i] for all N elements.
@T.jit
def add(A: T.Buffer((N,), "float32"), B: T.Buffer((N,), "float32"), C: T.Buffer((N,), "float32"), *, N: T.constexpr):
    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([N])

    C[tx] = A[tx] + B[tx]
