# An intrinsic with named parameters gets its defaults filled on a positional
# call too, as TVM's Python wrapper fills them (T.tvm_storage_sync(scope,
# is_load=False, num_blocks=-1)); the CHECK lines are what TVM 0.27 prints.
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# CHECK: T.tvm_storage_sync("shared", T.bool(False), -1)
# CHECK-NEXT: T.tvm_storage_sync("shared", T.bool(True), 4)
from tvm.script import tirx as T
@T.prim_func
def f():
    T.evaluate(T.tvm_storage_sync("shared"))
    T.evaluate(T.tvm_storage_sync("shared", True, 4))
