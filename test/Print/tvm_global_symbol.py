# TVM's style prints a lone function's "global_symbol" attribute as the name of
# its def and never as an attribute (as TVM 0.27 prints it); tirx's style keeps
# the attribute as written.
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# RUN: %tirx-opt %s | FileCheck %s --check-prefix=TIRX
# CHECK:      def f(A: T.Buffer((4,), "float32")):
# CHECK-NEXT:   T.func_attr({"foo": 1})
# CHECK:      def g(A: T.Buffer((4,), "float32")):
# CHECK-NEXT:   A[0] = T.float32(1.0)
# CHECK:      def hh(A: T.Buffer((4,), "float32")):
# CHECK-NEXT:   A[0] = T.float32(1.0)
# TIRX: T.func_attr({"foo": 1, "global_symbol": "f"})
# TIRX: T.func_attr({"global_symbol": "hh"})
from tvm.script import tirx as T

@T.prim_func
def f(A: T.Buffer((4,), "float32")):
    T.func_attr({"global_symbol": "f", "foo": 1})
    A[0] = T.float32(1)

@T.prim_func
def g(A: T.Buffer((4,), "float32")):
    T.func_attr({"global_symbol": "g"})
    A[0] = T.float32(1)

@T.prim_func
def h(A: T.Buffer((4,), "float32")):
    T.func_attr({"global_symbol": "hh"})
    A[0] = T.float32(1)
