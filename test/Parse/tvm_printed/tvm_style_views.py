# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %tirx-opt --print-style=tvm --verify-roundtrip %s -o %t
# RUN: sed -n '/^# from tvm.script import tirx as T/,$p' %s > %t.want
# RUN: diff %t.want %t
# Buffer views keep their source: X.view("dtype"), X.view(d0, d1), views of
# views, a symbolic extent (B.view(m * 2)) and layout= print back as views;
# a declaration written with T.decl_buffer stays one.
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def views(A: T.Buffer((16,), "int32"), B: T.Buffer((64,), "float32"), m: T.int32):
    T.attr({"tirx.device_entry": T.bool(True)})
    tx = T.thread_id([32])
    vals = T.alloc_local((8,))
    words = vals.view("uint32")
    grid = vals.view(2, 4)
    halves = vals.view("float16")
    tiles = halves.view(4, 4)
    explicit = T.decl_buffer((4,), "uint32", data=vals.data, scope="local")
    flat = B.view(m * 2)
    frag = vals.view(8, 32, layout=T.TileLayout(T.S[(8, 32):(1, 1 @ Axis.laneid)]))
    A[tx] = T.reinterpret("int32", words[0] + explicit[1]) + T.Cast("int32", grid[1, 1] + T.Cast("float32", tiles[1, 2]) + flat[tx])
