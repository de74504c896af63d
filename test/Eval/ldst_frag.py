# T.alloc_tcgen05_ldst_frag(instr_shape, (rows, cols), dtype) allocates this
# thread's registers (a local buffer of TVM's default name) and returns their
# (rows, cols) view in the tcgen05.ld/st atom's layout: .32x32b (128 rows, and
# the 64-row datapath B image), .16x64b/.16x128b/.16x256b (64 rows, 128 rows
# as two slabs), 16-bit elements two to a register.  The CHECK lines are what
# TVM 0.27 prints.
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# CHECK:     T.attr({"tirx.device_entry": T.bool(True)})
# CHECK-NEXT:     buffer = T.alloc_local((64,))
# CHECK-NEXT:     a = buffer.view(128, 64, layout=T.TileLayout(T.S[(128, 64):(1 @ Axis.tid_in_wg, 1)]))
# CHECK-NEXT:     buffer_1 = T.alloc_local((32,))
# CHECK-NEXT:     b = buffer_1.view(64, 64, layout=T.TileLayout(T.S[(4, 2, 8, 8, 4, 2):(1 @ Axis.wid_in_wg, 2, 4 @ Axis.laneid, 4, 1 @ Axis.laneid, 1)]))
# CHECK-NEXT:     buffer_2 = T.alloc_local((64,), "bfloat16")
# CHECK-NEXT:     c = buffer_2.view(128, 64, layout=T.TileLayout(T.S[(4, 2, 2, 8, 8, 4, 2):(1 @ Axis.wid_in_wg, 32, 2, 4 @ Axis.laneid, 4, 1 @ Axis.laneid, 1)]))
# CHECK-NEXT:     buffer_3 = T.alloc_local((16,), "float16")
# CHECK-NEXT:     d = buffer_3.view(64, 32, layout=T.TileLayout(T.S[(4, 2, 8, 8, 2, 2):(1 @ Axis.wid_in_wg, 1 @ Axis.laneid, 4 @ Axis.laneid, 2, 2 @ Axis.laneid, 1)]))
# CHECK-NEXT:     buffer_4 = T.alloc_local((16,))
# CHECK-NEXT:     e = buffer_4.view(64, 32, layout=T.TileLayout(T.S[(64, 2, 16):(1 @ Axis.tid_in_wg, 64 @ Axis.tid_in_wg, 1)]))
# CHECK-NEXT:     r = a.local()
# CHECK-NEXT:     A[0] = r[0] + b[0, 0] + T.Cast("float32", c[0, 0]) + T.Cast("float32", d[0, 0]) + e[0, 0]
from tvm.script import tirx as T
@T.prim_func
def f(A: T.Buffer((8,), "float32")):
    T.device_entry()
    a = T.alloc_tcgen05_ldst_frag("32x32b", (128, 64), "float32")
    b = T.alloc_tcgen05_ldst_frag("16x256b", (64, 64), "float32")
    c = T.alloc_tcgen05_ldst_frag("16x128b", (128, 64), "bfloat16")
    d = T.alloc_tcgen05_ldst_frag("16x64b", (64, 32), "float16")
    e = T.alloc_tcgen05_ldst_frag("32x32b", (64, 32), "float32")
    r = a.local()
    A[0] = r[0] + b[0, 0] + T.Cast("float32", c[0, 0]) + T.Cast("float32", d[0, 0]) + e[0, 0]
