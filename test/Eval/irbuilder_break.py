# T.Break() / T.Continue() traced through the IRBuilder: TVM's Break / Continue
# statements, printed `break` / `continue`, valid inside a loop frame entered with
# `with` (T.serial, T.While) and nested frames in it (T.If/T.Then); outside one a
# located error.
# RUN: %tirx-opt %s --entry 'get()' --print-style=tvm | FileCheck %s
# RUN: not %tirx-opt %s --entry 'outside()' 2>&1 | FileCheck %s --check-prefix=ERR
# CHECK: for v_1 in range(8):
# CHECK-NEXT: if v_1 == 3:
# CHECK-NEXT: break
# CHECK: while
# CHECK: continue
# ERR: irbuilder_break.py:40:15: error: 'break' outside a loop
from tvm.script import tirx as T
from tvm.script.ir_builder import IRBuilder
from tvm.tirx.script.builder import ir as I


def get():
    with IRBuilder() as ib:
        with I.prim_func():
            I.func_name("f")
            n = I.arg("n", I.int32())
            I.device_entry()
            I.thread_id([32])
            with T.serial(8) as i:
                with T.If(i == 3):
                    with T.Then():
                        T.Break()
            with T.While(n > 0):
                T.Continue()
    return ib.get()


def outside():
    with IRBuilder() as ib:
        with I.prim_func():
            I.func_name("f")
            I.device_entry()
            I.thread_id([32])
            T.Break()
    return ib.get()
