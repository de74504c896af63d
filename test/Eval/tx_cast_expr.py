# With `from tvm.script import tirx as Tx`, Tx.cast(value, dtype) is the
# expression cast (the tirx module's cast), not the tile op cast(dst, src).
# The CHECK lines are what TVM 0.27 prints.
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# CHECK: A[0] = T.Cast("uint32", w * 256)
# CHECK-NEXT: A[1] = T.Cast("uint32", w * 64 + 3)
# CHECK-NEXT: A[2] = T.Cast("uint32", w)
from tvm.script import tirx as Tx


@Tx.prim_func
def f(A: Tx.Buffer((16,), "uint32")):
    Tx.device_entry()
    w = Tx.warp_id([4])
    A[0] = Tx.cast(w * 256, "uint32")
    x = Tx.meta_var(w * 64 + 3)
    A[1] = Tx.cast(x, "uint32")
    A[2] = Tx.cast(w, dtype="uint32")
