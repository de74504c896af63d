from __future__ import annotations

import sys

import tirx
from tirx import T


@tirx.jit(target="sm_90a")
@T.jit
def add(A: T.Buffer((N,), "float32"), B: T.Buffer((N,), "float32"), C: T.Buffer((N,), "float32"), *, N: T.constexpr):
    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([N])
    C[tx] = A[tx] + B[tx]


@tirx.jit
@T.prim_func
def broken(A: T.Buffer((16,), "float32")):
    T.device_entry()
    tx = T.thread_id([16])
    A[tx] = nope


print("decorated:", type(add).__name__, add.specialize(N=32).signature)
try:
    broken.specialize()
except tirx.CompileError as e:
    print("decorated error:", str(e).splitlines()[0].replace(sys.argv[0], "FILE"))
