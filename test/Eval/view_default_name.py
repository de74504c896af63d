# A view made inside an expression is a new buffer nobody names: TVM's
# default "buffer", numbered by the printer per scope; `w = A.view(...)` names
# its view.  The CHECK lines are what TVM 0.27 prints.
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# CHECK:      for i in range(2):
# CHECK-NEXT:     buffer = A.view("uint32")
# CHECK-NEXT:     T.address_of(buffer[i])
# CHECK-NEXT: for i in range(2):
# CHECK-NEXT:     buffer = A.view("uint32")
# CHECK-NEXT:     T.address_of(buffer[i])
# CHECK-NEXT:     buffer_1 = B.view("uint64")
# CHECK-NEXT:     T.address_of(buffer_1[i])
# CHECK-NEXT: w = A.view("uint64")
# CHECK-NEXT: w[0] = T.uint64(1)
from tvm.script import tirx as T

@T.prim_func
def f(A: T.Buffer((16,), "float32"), B: T.Buffer((8,), "bfloat16")):
    T.device_entry()
    for i in T.serial(2):
        T.evaluate(T.address_of(A.view("uint32")[i]))
    for i in T.serial(2):
        T.evaluate(T.address_of(A.view("uint32")[i]))
        T.evaluate(T.address_of(B.view("uint64")[i]))
    w = A.view("uint64")
    w[0] = T.uint64(1)
