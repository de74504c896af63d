# RUN: not %tirx-opt %s 2>&1 | FileCheck %s
# `buf[]` is a syntax error in Python; it was accepted and printed as `buf[0]`, another node
# kind on re-parse (shared/repros/roundtrip-07-empty-subscript.py).
# CHECK: {{.*}}empty_subscript.py:10:15: error: expected an index or a slice (`buf[]` is a syntax error), got ']'
@T.prim_func
def f(A: T.Buffer((4,), "int32")):
    T.device_entry()
    tx = T.thread_id([4])
    b = T.alloc_local((1,), "int32")
    A[tx] = b[]
