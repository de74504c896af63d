# The tirx script module under another name (from tvm.script import tirx as
# Tx): @Tx.prim_func(private=True) and @Tx.inline are its decorators, Tx.NAME
# outside the tile scopes is T.NAME (Tx.Buffer, Tx.float32, Tx.thread_id);
# int("64") / float(" 0.5 ") of strings (an unset os.environ entry's default);
# a lone private function prints as `main` (it has no global_symbol), as
# TVM 0.27 prints it.
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# RUN: not %tirx-opt -D BAD=1 %s 2>&1 | FileCheck %s --check-prefix=ERR
# The expected lines are what TVM 0.27 prints for this function.
# CHECK: @T.prim_func(private=True)
# CHECK-NEXT: def main(A: T.Buffer((64,), "float32")):
# CHECK-NEXT: T.attr({"tirx.device_entry": T.bool(True)})
# CHECK-NEXT: tx = T.thread_id([64])
# CHECK-NEXT: v: T.float32 = A[tx] * T.float32(0.5)
# CHECK-NEXT: A[tx] = v
# ERR: tx_alias.py:[[@LINE+8]]:9: error: invalid literal for int() with base 10: '6x4'
import os
from tvm.script import tirx as Tx

N = int(os.environ.get("TIRX_TEST_UNSET_N", "64"))
SCALE = float(" 0.5 ")
BAD = 0
if BAD:
    X = int("6x4")


@Tx.inline
def store(buf, i, v):
    buf[i] = v


@Tx.prim_func(private=True)
def k(A: Tx.Buffer((N,), "float32")):
    Tx.device_entry()
    tx = Tx.thread_id([N])
    v: Tx.float32 = A[tx] * Tx.float32(SCALE)
    store(A, tx, v)
