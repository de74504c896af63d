# T.While with an int condition through the IRBuilder, as TVM's While takes any
# scalar (TIRx-kernels' allgather_gemm spins in `with Kern.While(1):` until a
# T.Break): the int32 condition is kept and printed `while 1:`; a vector one is
# refused by the verifier (test/Verify/ir-selftest.test).
# RUN: %tirx-opt %s --entry 'get()' --print-style=tvm | FileCheck %s
# CHECK: while 1:
# CHECK-NEXT: if n == 3:
# CHECK-NEXT: break
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
            with T.While(1):
                with T.If(n == 3):
                    with T.Then():
                        T.Break()
    return ib.get()
