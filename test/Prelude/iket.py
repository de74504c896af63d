# tvm.tirx.cuda.iket.IketProfiler: mark / range_start (a uint32 token) /
# range_end / range_push / range_pop / sentinel_token become T.cuda.iket.*
# markers; `from tvm.tirx.cuda import iket` is the module.
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# The expected lines are what TVM 0.27 prints for this kernel.
# CHECK-LABEL: def traced(A: T.Buffer((64,), "float32")):
# CHECK-NEXT: T.attr({"tirx.device_entry": T.bool(True)})
# CHECK-NEXT: tx = T.thread_id([128])
# CHECK-NEXT: T.cuda.iket.mark("start")
# CHECK-NEXT: T.cuda.iket.mark("value", tx)
# CHECK-NEXT: tok: T.uint32 = T.cuda.iket.range_start("load")
# CHECK-NEXT: A[tx] = A[tx] + T.float32(1.0)
# CHECK-NEXT: T.cuda.iket.range_end(tok)
# CHECK-NEXT: t2: T.uint32 = T.cuda.iket.sentinel_token("maybe")
# CHECK-NEXT: if tx == 0:
# CHECK-NEXT: t2 = T.cuda.iket.range_start("first", 7)
# CHECK-NEXT: T.cuda.iket.range_end(t2, 3)
# CHECK-NEXT: T.cuda.iket.range_push("outer")
# CHECK-NEXT: T.cuda.iket.range_pop()
# CHECK-NEXT: T.cuda.iket.mark("again")
# CHECK-NOT: {{.}}
from tvm.script import tirx as T
from tvm.tirx.cuda import iket as iket_mod
from tvm.tirx.cuda.iket import IketProfiler

@T.prim_func
def traced(A: T.Buffer((64,), "float32")):
    T.device_entry()
    tx = T.thread_id([128])
    prof = IketProfiler()
    prof.mark("start")
    prof.mark("value", tx)
    tok = prof.range_start("load")
    A[tx] = A[tx] + 1.0
    prof.range_end(tok)
    t2 = prof.sentinel_token("maybe")
    if tx == 0:
        t2 = prof.range_start("first", 7)
    prof.range_end(t2, 3)
    prof.range_push("outer")
    prof.range_pop()
    p2 = iket_mod.IketProfiler()
    p2.mark("again")
