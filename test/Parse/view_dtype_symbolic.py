# A dtype view of a buffer whose last dimension is symbolic: the same element
# width keeps the extent, a narrower element multiplies it (TVM's shapes);
# a wider element cannot be shown to divide: a located error.  A symbolic
# element offset is divided (floordiv, TVM's `off // 4`) or multiplied; a
# narrower element re-packs the layout (TVM 0.27 prints H so); over a symbolic
# last dimension the default layout unpacks to T.S[(n, r):(r, 1)] (also at the
# same width; TVM 0.27 prints B and C so).
# RUN: %tirx-opt %s | FileCheck %s
# CHECK: B = T.decl_buffer((n,), "uint32", data=A.data, layout=T.TileLayout(T.S[(n, 1):(1, 1)]))
# CHECK-NEXT: C = T.decl_buffer((n * 2,), "float16", data=A.data, layout=T.TileLayout(T.S[(n, 2):(2, 1)]))
# CHECK-NEXT: B[0] = T.uint32(1)
# CHECK-NEXT: C[1] = T.float16(0.0)
# CHECK: W = T.decl_buffer((128,), "uint64", data=O.data, elem_offset=off // 4)
# CHECK-NEXT: H = T.decl_buffer((1024,), "uint8", data=O.data, elem_offset=off * 2, layout=T.TileLayout(T.S[(512, 2):(2, 1)]))
# RUN: printf '@T.prim_func\ndef g(a: T.handle, n: T.int32):\n    A = T.match_buffer(a, (n,), "float32")\n    B = A.view("float64")\n' > %t.py
# RUN: not %tirx-opt %t.py 2>&1 | FileCheck %s --check-prefix=WIDER
# WIDER: .py:4:11: error: cannot view 'A' as this dtype: its symbolic last dimension may not divide


@T.prim_func
def f(a: T.handle, n: T.int32):
    A = T.match_buffer(a, (n,), "float32")
    B = A.view("uint32")
    C = A.view("float16")
    B[0] = T.uint32(1)
    C[1] = T.float16(0)


@T.prim_func
def g(out: T.Buffer((4096,), "bfloat16"), off: T.int32):
    O = T.decl_buffer((512,), "bfloat16", data=out.data, elem_offset=off)
    W = O.view("uint64")
    H = O.view("uint8")
    W[0] = T.uint64(0)
    H[0] = T.uint8(0)
