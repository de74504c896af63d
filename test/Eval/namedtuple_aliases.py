# typing.NamedTuple classes are immutable records with annotated fields;
# math.e; T.cuda._shfl_sync is TVM's other spelling of T.cuda.__shfl_sync.
# RUN: %tirx-opt %s | FileCheck %s
# CHECK: T.evaluate(12)
# CHECK-NEXT: T.evaluate(T.bool(True))
# CHECK: T.cuda.__shfl_sync(T.uint32(4294967295), x, 0, 32)
from typing import NamedTuple
import math


class Cfg(NamedTuple):
    a: int
    b: int = 4


c = Cfg(3)


@T.prim_func
def f(A: T.Buffer((32,), "int32")):
    T.device_entry()
    tx = T.thread_id([32])
    T.evaluate(c.a * c.b)
    T.evaluate(2.718 < math.e < 2.719)
    x: T.int32 = A[tx]
    A[tx] = T.cuda._shfl_sync(T.uint32(4294967295), x, 0, 32)
