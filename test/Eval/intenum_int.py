# int() of an IntEnum member is its value (at module level and in a kernel);
# int() of a plain Enum member is still refused.
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# RUN: not %tirx-opt -D BAD=1 %s 2>&1 | FileCheck %s --check-prefix=ERR
# CHECK: if tx == 2:
# CHECK-NEXT: A[tx] = 2
# ERR: intenum_int.py:[[@LINE+14]]:9: error: int() argument must be a number, not 'Color'
from enum import Enum, IntEnum
from tvm.script import tirx as T
BAD = 0

class Role(IntEnum):
    MMA = 0
    TMA = 2

class Color(Enum):
    RED = 1

R = int(Role.TMA)
if BAD:
    C = int(Color.RED)

@T.prim_func
def k(A: T.Buffer((64,), "int32")):
    T.device_entry()
    tx = T.thread_id([64])
    if tx == int(Role.TMA):
        A[tx] = R + int(Role.MMA)
