# tvm.tirx.bench.CudaProfiler (prelude): two local registers per profiler and
# each timer call guarded by profiler_enabled (a Python bool prints as
# T.bool(...)); an Enum event is its value; the leader defaults to
# default_leader, else T.bool(True).  The CHECK lines are what TVM 0.27 prints
# (checked with the oracle, torch and triton stubbed for the import).
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# CHECK: buffer = T.alloc_local((1,), "uint64", align=8)
# CHECK-NEXT: buffer_1 = T.alloc_local((1,), "uint32", align=8)
# CHECK-NEXT: buffer_2 = T.alloc_local((1,), "uint64", align=8)
# CHECK-NEXT: buffer_3 = T.alloc_local((1,), "uint32", align=8)
# CHECK-NEXT: if T.bool(False):
# CHECK-NEXT: T.cuda.timer_init(buf.data, buffer.data, buffer_1.data, 4, tid // 32)
# CHECK-NEXT: if T.bool(False):
# CHECK-NEXT: T.cuda.timer_start(3, buf.data, buffer.data, buffer_1.data, 128, tid == 0)
# CHECK-NEXT: if flag > 0:
# CHECK-NEXT: T.cuda.timer_init(buf.data, buffer_2.data, buffer_3.data, 4, tid // 32)
# CHECK-NEXT: if flag > 0:
# CHECK-NEXT: T.cuda.timer_start(3, buf.data, buffer_2.data, buffer_3.data, 128, tid == 0)
# CHECK-NEXT: if flag > 0:
# CHECK-NEXT: T.cuda.timer_end(0, buf.data, buffer_2.data, buffer_3.data, 128, T.bool(True))
# CHECK-NEXT: if flag > 0:
# CHECK-NEXT: T.cuda.timer_finalize(buf.data, buffer_2.data, buffer_3.data, 128, tid == 0)
from enum import Enum

from tvm.script import tirx as T
from tvm.tirx.bench import CudaProfiler


class Ev(Enum):
    A = 0
    B = 3


@T.prim_func
def f(buf: T.Buffer((1024,), "uint64"), flag: T.int32):
    T.device_entry()
    tid = T.thread_id([128])
    off = T.meta_var(CudaProfiler(buf, write_stride=128, num_groups=4, profiler_enabled=False))
    on = T.meta_var(CudaProfiler(buf, write_stride=128, num_groups=4, default_leader=tid == 0, profiler_enabled=flag > 0))
    off.init(tid // 32)
    off.start(Ev.B, tid == 0)
    on.init(tid // 32)
    on.start(Ev.B)
    on.end(Ev.A, True)
    on.finalize()
