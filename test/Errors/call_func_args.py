# RUN: not %tirx-opt %s 2>&1 | FileCheck %s
# A call of a function of the module is checked against its signature.
# CHECK: call_func_args.py:13:12: error: function 'inc' takes 1 argument, got 2
from tvm.script import tirx as T

@T.prim_func(private=True)
def inc(x: T.int32) -> T.int32:
    return x + 1

@T.prim_func
def k(A: T.Buffer((32,), "int32")):
    T.device_entry()
    A[0] = inc(1, 2)
