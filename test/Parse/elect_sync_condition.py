# RUN: %tirx-opt --verify-roundtrip %s | FileCheck %s
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_90a --emit=cubin %s -o %t %}
# RUN: not %tirx-opt %S/Inputs/elect_sync_and.py 2>&1 | FileCheck %s --check-prefix=ERR
# T.cuda.elect_sync() is a uint32 (1 in the elected lane), as TVM types it:
# `if T.cuda.elect_sync():` tests it for nonzero, `& ` and comparisons
# promote the other side, and `and` needs booleans (TVM rejects it too).
# CHECK: if T.cuda.elect_sync():
# CHECK: if T.cuda.elect_sync() != T.uint32(0) and tx < 64:
# CHECK: if T.bitwise_and(T.Cast("uint32", tx == 0), T.cuda.elect_sync()) != T.uint32(0):
# CHECK: x: T.uint32 = T.cuda.elect_sync() + T.uint32(1)
# ERR: elect_sync_and.py:6:15: error: operand of 'and' must be a boolean expression, got uint32
@T.prim_func
def f(A: T.Buffer((128,), "float32")):
    T.device_entry()
    tx = T.thread_id([128])
    if T.cuda.elect_sync():
        A[tx] = T.float32(1.0)
    if T.cuda.elect_sync() != 0 and tx < 64:
        A[tx] = T.float32(2.0)
    if (tx == 0) & T.cuda.elect_sync() != 0:
        A[tx] = T.float32(3.0)
    x = T.cuda.elect_sync() + 1
    A[tx] = T.Cast("float32", x)
