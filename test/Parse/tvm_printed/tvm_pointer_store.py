# RUN: %tirx-opt --verify-roundtrip %s | FileCheck %s
# RUN: %tirx-opt --print-style=tvm --verify-roundtrip %s -o %t
# RUN: sed -n '/^# from tvm.script import tirx as T/,$p' %s > %t.want
# RUN: diff %t.want %t
# A pointer stored into a 64-bit integer scalar (TVM's printer shows no cast;
# tirx's IR and canonical text carry the cast the store implies), and a
# reshaping view of a swizzled buffer, which keeps the source's layout.
# CHECK: v = T.decl_buffer((8, 2, 64), "float16", data=S.data, scope="shared", layout=T.ComposeLayout(3, 3, 3, T.TileLayout(T.S[(8, 2, 64):(64, 512, 1)])))
# CHECK: m: T.uint64 = T.Cast("uint64", T.address_of(A[0]))
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def ptrstore(A: T.Buffer((4,), "uint64")):
    T.attr({"tirx.device_entry": T.bool(True)})
    tx = T.thread_id([32])
    S = T.alloc_shared((8, 128), "float16", layout=T.ComposeLayout(3, 3, 3, T.TileLayout(T.S[(8, 2, 64):(64, 512, 1)])))
    v = S.view(8, 2, 64)
    m: T.uint64 = T.address_of(A[0])
    A[1] = m + T.Cast("uint64", v[0, 1, tx])
