# RUN: %tirx-opt %s | FileCheck %s --match-full-lines --strict-whitespace
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %tirx-opt %s | %tirx-opt - | FileCheck %s --match-full-lines --strict-whitespace
# Layouts: T.S with tuple extents and strides, T.ComposeLayout, layout=None, a
# replica term T.R; a buffer named R is renamed (T, I, R, cls are reserved).
# CHECK:@T.prim_func
# CHECK-NEXT:def layouts():
# CHECK-NEXT:    T.device_entry()
# CHECK-NEXT:    tx = T.thread_id([32])
# CHECK-NEXT:    C = T.alloc_shared((64, 64), "float16", layout=T.TileLayout(T.S[(64, 64):(1, 64)]))
# CHECK-NEXT:    D = T.alloc_shared((128, 32), "float16", layout=T.ComposeLayout(3, 3, 3, T.TileLayout(T.S[4096:1])))
# CHECK-NEXT:    N = T.alloc_local((4,), layout=None)
# CHECK-NEXT:    R_1 = T.alloc_local((32, 8), layout=T.TileLayout(T.S[(32, 8):(8, 1)] + T.R[4:1]))
# CHECK-NEXT:    C[0, 0] = T.float16(0.0)

@T.prim_func
def layouts():
    T.device_entry()
    tx = T.thread_id([32])
    C = T.alloc_shared((64, 64), "float16", layout=T.TileLayout(T.S[(64, 64):(1, 64)]))
    D = T.alloc_shared((128, 32), "float16", layout=T.ComposeLayout(3, 3, 3, T.TileLayout(T.S[4096:1])))
    N = T.alloc_local((4,), layout=None)
    R = T.alloc_local((32, 8), layout=T.TileLayout(T.S[(32, 8):(8, 1)] + T.R[4:1]))
    C[0, 0] = T.float16(0.0)
