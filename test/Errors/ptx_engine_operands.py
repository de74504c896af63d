# RUN: not %tirx-opt %s 2>&1 | FileCheck %s
# No shape of the family accepts the operands: every candidate and why.
# CHECK: ptx_engine_operands.py:10:15: error: no T.ptx.bar instruction matches these operands; candidates:
# CHECK-NEXT: bar_sync: expects 1 operand (a), got 3
# CHECK-NEXT: bar_sync_count: expects 2 operands (a, b), got 3
@T.prim_func
def f(A: T.Buffer((64,), "uint32")):
    T.device_entry()
    tx = T.thread_id([64])
    T.ptx.bar.sync(0, 32, 5)
