# RUN: %tirx-opt --pass-pipeline=lower-tirx,flatten-buffer %s | FileCheck %s
# RUN: %tirx-opt --pass-pipeline=lower-tirx,flatten-buffer --verify-roundtrip %s > /dev/null
# CHECK-LABEL: {{^}}def lay(A: T.Buffer((128,), "float16")):
# CHECK-NEXT: {{^}}    T.device_entry()
# CHECK-NEXT: {{^}}    tx = T.launch_thread("threadIdx.x", 128)
# CHECK-NEXT: {{^}}    C = T.alloc_shared((128,), "float16")
# CHECK-NEXT: {{^}}    D = T.alloc_shared((128,), "float16")
# CHECK-NEXT: {{^}}    E = T.alloc_shared((128,), "float16")
# CHECK-NEXT: {{^}}    C[tx % 16 + tx // 16 * 16] = A[tx]
# CHECK-NEXT: {{^}}    D[tx // 16 * 16 + tx % 16] = C[tx % 16 + tx // 16 * 16]
# CHECK-NEXT: {{^}}    E[(tx // 16 * 16 + tx % 16) % 32 + (tx // 16 * 16 + tx % 16) // 32 * 32] = D[tx // 16 * 16 + tx % 16]
# CHECK-NEXT: {{^}}    A[tx] = E[(tx // 16 * 16 + tx % 16) % 32 + (tx // 16 * 16 + tx % 16) // 32 * 32]
# T.TileLayout(T.S[extents:strides]) layouts: extents equal to the shape give
# sum(i_k * s_k) (a column-major tile here); other extents split the row-major
# linear index over the layout (T.S[128:1] over an (8, 16) buffer, and a
# (4, 32):(32, 1) reshape); simplify folds the split back (see simplify tests).
@T.prim_func
def lay(A: T.Buffer((128,), "float16")):
    T.device_entry()
    tx = T.thread_id([128])
    C = T.alloc_shared((16, 8), "float16", layout=T.TileLayout(T.S[(16, 8):(1, 16)]))
    D = T.alloc_shared((8, 16), "float16", layout=T.TileLayout(T.S[128:1]))
    E = T.alloc_shared((8, 16), "float16", layout=T.TileLayout(T.S[(4, 32):(32, 1)]))
    C[tx % 16, tx // 16] = A[tx]
    D[tx // 16, tx % 16] = C[tx % 16, tx // 16]
    E[tx // 16, tx % 16] = D[tx // 16, tx % 16]
    A[tx] = E[tx // 16, tx % 16]
