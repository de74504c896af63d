# TVM style prints a string holding a newline as a metadata placeholder, one
# index per occurrence, and ends with TVM's note (as TVM 0.27 prints it).
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# CHECK:      T.cuda.printf(metadata["ir.StringImm"][0], n)
# CHECK-NEXT: T.cuda.printf("short %d", n)
# CHECK-NEXT: T.cuda.printf(metadata["ir.StringImm"][1], n)
# CHECK-EMPTY:
# CHECK-NEXT: # Metadata omitted. Use show_meta=True in script() method to show it.
from tvm.script import tirx as T
@T.prim_func
def f(A: T.Buffer((8,), "int32"), n: T.int32):
    T.device_entry()
    T.cuda.printf("short %d\n", n)
    T.cuda.printf("short %d", n)
    T.cuda.printf("again\n", n)
