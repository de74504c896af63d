# RUN: %tirx-opt %s 2>/dev/null | FileCheck %s --match-full-lines
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null 2>&1
# `T.device_entry()` is printed only for the T.bool(True) it makes; another value of the
# "tirx.device_entry" attribute (an extern call) keeps its T.attr form, since the short form
# re-parses to T.bool(True) (shared/repros/roundtrip-08-device-entry-extern-value.py).
# CHECK:def f(A: T.Buffer((4,), "float32")):
# CHECK-NEXT:    T.attr({"tirx.device_entry": foo(T.bool(True))})
# CHECK:def g(A: T.Buffer((4,), "float32")):
# CHECK-NEXT:    T.device_entry()
@T.prim_func
def f(A: T.Buffer((4,), "float32")):
    T.attr({"tirx.device_entry": foo(True)})
    tx = T.thread_id([4])
    A[tx] = T.float32(1.0)

@T.prim_func
def g(A: T.Buffer((4,), "float32")):
    T.device_entry()
    tx = T.thread_id([4])
    A[tx] = T.float32(1.0)
