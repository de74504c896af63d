# Traced through TVM's IRBuilder from plain Python: a comparison with a Python
# number on the left is the expression's reflected operator (`0 < n` runs
# n.__gt__(0): n > 0; `2 == n` is n == 2), arithmetic keeps its order (`1 - n`);
# and T.SMEMPool()'s backing buffer has TVM's default name "buffer" (nothing is
# named while tracing; the parser's `pool = T.SMEMPool()` names it pool_buf).
# RUN: %tirx-opt %s --entry 'get()' --print-style=tvm | FileCheck %s
# CHECK: def traced(n: T.int32):
# CHECK: buffer = T.alloc_buffer((0,), "uint8", scope="shared.dyn")
# CHECK: T.evaluate(n > 0)
# CHECK-NEXT: T.evaluate(n <= 1)
# CHECK-NEXT: T.evaluate(n == 2)
# CHECK-NEXT: T.evaluate(n != 3)
# CHECK-NEXT: T.evaluate(n < 4)
# CHECK-NEXT: T.evaluate(1 - n)
# CHECK-NEXT: T.evaluate(n < 5)
from tvm.script import tirx as T
from tvm.script.ir_builder import IRBuilder
from tvm.tirx.script.builder import ir as I


def get():
    with IRBuilder() as ib:
        with I.prim_func():
            I.func_name("traced")
            n = I.arg("n", I.int32())
            I.device_entry()
            I.thread_id([32])
            pool = T.SMEMPool()
            pool.alloc([4], "float32")
            pool.commit()
            T.evaluate(0 < n)
            T.evaluate(1 >= n)
            T.evaluate(2 == n)
            T.evaluate(3 != n)
            T.evaluate(4 > n)
            T.evaluate(1 - n)
            T.evaluate(n < 5)
    return ib.get()
