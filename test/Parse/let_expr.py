# RUN: %tirx-opt --verify-roundtrip %s | FileCheck %s
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_90a --emit=cubin %s -o %t %}
# T.Let(body, where={v: value}) (TVM's printed Let expression): v is declared
# with v = T.int32(), as the printer writes it.
# CHECK: x = T.int32()
# CHECK: A[tx] = T.Cast("float32", T.Let(x * x + 1, where={x: tx + n}))
@T.prim_func
def f(A: T.Buffer((64,), "float32"), n: T.int32):
    x = T.int32()
    T.device_entry()
    tx = T.thread_id([64])
    A[tx] = T.Cast("float32", T.Let(x * x + 1, where={x: tx + n}))
