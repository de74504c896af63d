# TVM gives a buffer declared without layout= the layout TileLayout(S[shape])
# (row-major strides in the dtype of the first extent that is not int32) and
# prints it only when the first extent is int32 and the strides are not; tirx
# keeps it in exactly those cases.  The CHECK lines are what TVM 0.27 prints.
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# CHECK: A: T.Buffer((1, n), "uint32", layout=T.TileLayout(T.S[(1, n):(n, T.uint32(1))]))
# CHECK-SAME: B: T.Buffer((n, 1), "uint32")
# CHECK-SAME: C: T.Buffer((m, n), "uint32", layout=T.TileLayout(T.S[(m, n):(n, T.uint32(1))]))
# CHECK-SAME: D: T.Buffer((1, m), "uint32")
# CHECK-SAME: E: T.Buffer((1, k), "uint32", layout=T.TileLayout(T.S[(1, k):(k, T.int64(1))]))
# CHECK-SAME: G: T.Buffer((1, 2, n), "uint32", layout=T.TileLayout(T.S[(1, 2, n):(n * T.uint32(2), n, T.uint32(1))]))
# CHECK-SAME: H: T.Buffer((n, 2, 3), "uint32")
# CHECK-SAME: I_1: T.Buffer((3, n, 2), "uint32", layout=T.TileLayout(T.S[(3, n, 2):(T.uint32(2) * n, T.uint32(2), T.uint32(1))]))
# CHECK-SAME: J: T.Buffer((m + 1, n), "uint32", layout=T.TileLayout(T.S[(m + 1, n):(n, T.uint32(1))]))
# (a declaration over A's data with such layouts is still printed as a view of A)
# CHECK: X = A.view(2, n, layout=T.TileLayout(T.S[(2, n):(n, T.uint32(1))]))
# CHECK-NEXT: Y = T.decl_buffer((2, n), "uint32", data=A.data, layout=None)
from tvm.script import tirx as T


@T.prim_func
def f(n: T.uint32, m: T.int32, k: T.int64, a: T.handle, b: T.handle, c: T.handle, d: T.handle, e: T.handle,
      g: T.handle, h: T.handle, i: T.handle, j: T.handle):
    A = T.match_buffer(a, (1, n), "uint32")
    B = T.match_buffer(b, (n, 1), "uint32")
    C = T.match_buffer(c, (m, n), "uint32")
    D = T.match_buffer(d, (1, m), "uint32")
    E = T.match_buffer(e, (1, k), "uint32")
    G = T.match_buffer(g, (1, 2, n), "uint32")
    H = T.match_buffer(h, (n, 2, 3), "uint32")
    I = T.match_buffer(i, (3, n, 2), "uint32")
    J = T.match_buffer(j, (m + 1, n), "uint32")
    X = T.decl_buffer((2, n), "uint32", data=A.data)
    Y = T.decl_buffer((2, n), "uint32", data=A.data, layout=None)
    X[0, 0] = Y[0, 0]
