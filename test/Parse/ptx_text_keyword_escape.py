# T.ptx["st.global_.b32"]: in the exact-text form a token that is a Python
# keyword plus '_' is the keyword, as TVM reads it (both lines print as TVM 0.27
# prints them).
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# CHECK:      T.ptx.st(T.address_of(A[1]), A[0], "", "", "", "global", "", "", "", "b32", "")
# CHECK-NEXT: T.ptx.st(T.address_of(A[2]), A[0], "", "", "", "global", "", "", "", "b32", "")
from tvm.script import tirx as T
PREFIX = "st.global_"
@T.prim_func
def f(A: T.Buffer((8,), "uint32")):
    T.device_entry()
    T.ptx[f"{PREFIX}.b32"](A.ptr_to([1]), A[0])
    T.ptx["st.global.b32"](A.ptr_to([2]), A[0])
