# An attribute site whose object is a namespace keeps what it gave (ev_attr_at): the
# same `ns.s32` evaluated for T.ptx.add and then T.ptx.sub gives each its own
# instruction.
# RUN: %tirx-opt %s | FileCheck %s
# CHECK: A[0] = T.ptx["add.s32"](A[1], A[2])
# CHECK-NEXT: A[3] = T.ptx["sub.s32"](A[1], A[2])
# CHECK-NEXT: A[4] = T.ptx["add.s32"](A[1], A[2])
from tvm.script import tirx as T


def insn(ns, x, y):
    return ns.s32(x, y)


@T.prim_func
def main(A: T.Buffer((8,), "int32")):
    A[0] = insn(T.ptx.add, A[1], A[2])
    A[3] = insn(T.ptx.sub, A[1], A[2])
    A[4] = insn(T.ptx.add, A[1], A[2])
