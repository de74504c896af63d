# RUN: %tirx-opt --verify-roundtrip %s | FileCheck %s
# RUN: %tirx-opt --print-style=tvm --verify-roundtrip %s -o %t
# RUN: sed -n '/^# from tvm.script import tirx as T/,$p' %s > %t.want
# RUN: diff %t.want %t
# Names TVM prints before they are bound: a shape over a scalar parameter
# that comes later is quoted ("n * T.int64(4)") and the variable takes that
# parameter's type (no cast appears); a name quoted once may then be used
# bare in the same tuple ("s // h", h).
# CHECK: def sig(x: T.Buffer(("n * T.int64(4)",), "float16"), q: T.Buffer(("b", "s // h", h), "bfloat16"), y: T.Buffer((n * T.int64(4),), "float16"), n: T.int64, b: T.int32, s: T.int32, h: T.int32):
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def sig(x: T.Buffer(("n * T.int64(4)",), "float16"), q: T.Buffer(("b", "s // h", h), "bfloat16"), y: T.Buffer((n * T.int64(4),), "float16"), n: T.int64, b: T.int32, s: T.int32, h: T.int32):
    T.attr({"tirx.device_entry": T.bool(True)})
    tx = T.thread_id([32])
    y[T.Cast("int64", tx)] = x[T.Cast("int64", tx)]
    q[0, 0, tx] = T.bfloat16(0.0)
