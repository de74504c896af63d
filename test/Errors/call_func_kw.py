# RUN: not %tirx-opt %s 2>&1 | FileCheck %s
# CHECK: call_func_kw.py:8:12: error: a call of function 'helper' takes positional arguments only
from tvm.script import tirx as T

@T.prim_func
def k(A: T.Buffer((32,), "int32")):
    T.device_entry()
    A[0] = helper(x=1)
