# tvm.tirx.any / tvm.tirx.all join their conditions with `or` / `and` from the
# left (one condition is itself); a non-boolean argument is a located error.
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# RUN: not %tirx-opt -D BAD=1 %s 2>&1 | FileCheck %s --check-prefix=ERR
# The expected lines are what TVM 0.27 prints for this kernel.
# CHECK: if tx == 0 or tx > 32 or A[tx] == 1:
# CHECK-NEXT: A[tx] = 1
# CHECK-NEXT: if tx < 8 and A[0] != 2:
# CHECK-NEXT: A[tx] = 2
# CHECK-NEXT: if tx == 3:
# CHECK-NEXT: A[tx] = 3
# ERR: tvm_any_all.py:[[@LINE+16]]:34: error: tvm.tirx.any(): argument 2 must be a boolean expression, got int32
import tvm
from tvm.script import tirx as T
BAD = 0

@T.prim_func
def k(A: T.Buffer((64,), "int32")):
    T.device_entry()
    tx = T.thread_id([64])
    if tvm.tirx.any(tx == 0, tx > 32, A[tx] == 1):
        A[tx] = 1
    if tvm.tirx.all(tx < 8, A[0] != 2):
        A[tx] = 2
    if tvm.tirx.any(tx == 3):
        A[tx] = 3
    if BAD:
        if tvm.tirx.any(tx == 0, tx):
            A[tx] = 4
