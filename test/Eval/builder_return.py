# T.Return(x) / I.Return(x) (TVM's IRBuilder Return; kern's K.Return, which
# sparse_flashmla_decode_head64's combine kernel uses to retire the warps past its
# heads): the statement `return x`, as TVM prints it, in TVMScript and through the
# IRBuilder.  The CHECK lines are what TVM 0.27 prints for this source.
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# RUN: %tirx-opt --print-style=tvm %s --entry 'build()' | FileCheck %s --check-prefix=IRB
# CHECK:      def f(n: T.int32):
# CHECK-NEXT:     if n > 3:
# CHECK-NEXT:         return 0
# CHECK-NEXT:     T.evaluate(n)
# IRB:      def g(n: T.int32):
# IRB-NEXT:     if n > 3:
# IRB-NEXT:         return 0
# IRB-NEXT:     T.evaluate(n)
# Errors: builder_return_errors.test.
from tvm.script import tirx as T
from tvm.tirx.script.builder import ir as I
from tvm.script.ir_builder import IRBuilder


def build():
    with IRBuilder() as ib:
        with I.prim_func():
            I.func_name("g")
            n = I.arg("n", T.int32())
            with I.If(n > 3):
                with I.Then():
                    I.Return(T.int32(0))
            I.evaluate(n)
    return ib.get()


@T.prim_func
def f(n: T.int32):
    if n > 3:
        T.Return(T.int32(0))
    T.evaluate(n)
