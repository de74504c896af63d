# TVM's IRBuilder traced from plain Python, as kern's @K.kernel does: a decorator
# runs the kernel function once inside `with IRBuilder() as ib: with I.prim_func():`;
# parameters are I.arg, run-time control flow is frames entered with `with`
# (T.While, T.If / T.Then / T.Else), a frame entered by hand closes through
# add_callback, Python loops unroll, a traced load is TVM's BufferLoad (.ty, .buffer,
# .indices, isinstance), and ib.get() is the PrimFunc.  It prints
# exactly what the same kernel written in TVMScript prints (traced values carry
# no names, so the TVMScript copy uses the printer's names).
# RUN: %tirx-opt %s --entry 'get()' --print-style=tvm > %t.traced
# RUN: %tirx-opt %S/Inputs/irbuilder_trace_ref.py --print-style=tvm > %t.ref
# RUN: diff %t.traced %t.ref
# RUN: FileCheck %s < %t.traced
# CHECK: def traced(A: T.Buffer((64,), "float32"), n: T.int32):
# CHECK-NEXT: T.attr({"tirx.device_entry": T.bool(True), "tirx.launch_bounds_min_blocks_per_sm": 2})
# CHECK-NEXT: v = T.cta_id([n])
# CHECK-NEXT: v_1 = T.thread_id([32])
# CHECK-NEXT: buffer: T.int32 = v_1
# CHECK-NEXT: while buffer < n:
# CHECK-NEXT: if buffer % 2 == 0:
# CHECK-NEXT: A[buffer] = A[buffer] * T.float32(2.0)
# CHECK-NEXT: else:
# CHECK-NEXT: T.ptx.bar(T.uint32(0), "", "sync", "")
# CHECK-NEXT: buffer = buffer + 32
# CHECK-NEXT: buffer_1 = T.alloc_local((2,))
# CHECK-NEXT: A[v_1] = A[v_1] + T.float32(3.0)
# CHECK-NEXT: A[0] = A[0] + T.float32(1.0)
# CHECK-NEXT: A[1] = A[1] + T.float32(2.0)
from functools import partial

import tvm

from tvm.script import tirx as T
from tvm.script.ir_builder import IRBuilder
from tvm.tirx.script.builder import ir as I


def flat(frame):
    frame.add_callback(partial(frame.__exit__, None, None, None))
    frame.__enter__()


def kernel(n_threads):
    def deco(fn):
        with IRBuilder() as ib:
            with I.prim_func():
                I.func_name(fn.__name__)
                I.func_attr({"global_symbol": fn.__name__})
                a = I.arg("A", I.buffer((64,), "float32"))
                n = I.arg("n", I.int32())
                I.device_entry()
                flat(I.attr({"tirx.launch_bounds_min_blocks_per_sm": 2}))
                bx = I.cta_id([n])
                tx = I.thread_id([n_threads])
                fn(a, n, bx, tx)
        return ib.get()
    return deco


@kernel(32)
def traced(A, n, bx, tx):
    i = T.local_scalar("int32")
    I.buffer_store(i, tx, [0])
    with T.While(i[0] < n):
        with T.If(i[0] % 2 == 0):
            with T.Then():
                I.buffer_store(A, A[i[0]] * 2.0, [i[0]])
            with T.Else():
                T.evaluate(T.ptx.bar.sync(0))
        I.buffer_store(i, i[0] + 32, [0])
    x = A[tx]  # a traced load: TVM's BufferLoad with its .ty, .buffer and .indices
    if isinstance(x, tvm.tirx.BufferLoad) and isinstance(x.ty, tvm.ir.PrimType) and not isinstance(tx, tvm.tirx.BufferLoad):
        t = T.alloc_local([2], str(x.ty.dtype))
        I.buffer_store(x.buffer, x + 3.0, list(x.indices))
    for k in range(2):  # a Python loop unrolls while tracing
        I.buffer_store(A, A[k] + 1.0 * (k + 1), [k])


def get():
    return traced
