# RUN: %tirx-opt %s | FileCheck %s --match-full-lines --strict-whitespace
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# int64 symbolic shape vars: `# from typing import TypeVar` comes first in the
# header, the TypeVar lines (sorted by name) sit right above the decorator.
# CHECK:# from typing import TypeVar
# CHECK-NEXT:# from tvm.script import tirx as T
# CHECK-NEXT:# from tvm.tirx.layout import Axis
# CHECK-EMPTY:
# CHECK-NEXT:K = TypeVar("K")
# CHECK-NEXT:M = TypeVar("M")
# CHECK-NEXT:@T.prim_func
# CHECK-NEXT:def f(A: T.Buffer((M, K), "float32"), B: T.Buffer(("K * T.int64(2)",), "float32")):
# CHECK-NEXT:    A[0, 0] = B[0]

M = TypeVar("M")
K = TypeVar("K")
@T.prim_func
def f(A: T.Buffer((M, K), "float32"), B: T.Buffer(("K * T.int64(2)",), "float32")):
    A[0, 0] = B[0]
