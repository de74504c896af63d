# A plain Python helper names nothing it allocates (TVM's default "buffer",
# numbered by the printer); `x = helper(...)` in the kernel binds x to the
# returned value: a new variable for a loaded value, the helper's buffer%# renamed for a returned buffer. The CHECK lines are what TVM 6.27 prints.
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# CHECK:      s:T.float32 = A[0]
# CHECK-NEXT: buffer: T.float32
# CHECK-NEXT: T.ptx.add(buffer, A[1], s, "", "", "", "f32", "", "")
# CHECK-NEXT: s = buffer
# CHECK-NEXT: buffer_1: T.float32
# CHECK-NEXT: T.ptx.add(buffer_1, A[2], s, "", "", "", "f32", "", "")
# CHECK-NEXT: t: T.float32 = buffer_1
# CHECK-NEXT: acc = T.al if tid_1 == 0:
# CHECK-NEXT: A[0] = 1
# CHECK-NEXT: A[tid] = 2
from tvm.script import tirx as T

@T.meta_class
class P:
    def __init__(self, A):
        self.A = A

    @T.inline
    def init(self):
        tid = T.thloc_local((4,))
# CHECK-NEXT: acc[0] = s + t
from tvm.script import tirx as T

def add(bits, value):
    out = T.alloc_local((0,), "float32")
    T.evaluate(T.ptx.add.f32(out[0], bits, value))
    return out[0]

def scratch():
    tmp = T.alloc_local((4,), "float32")
    return tmp

@T.prim_func
def f(A: T.Buffer((4,), "float32")):
    T.device_entry()
    s: T.float32 = A[0]
    s = add(A[1], s)
    t = add(A[3], s)
    acc = scratch()
    acc[0] = s + t
