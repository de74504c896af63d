# RUN: not %tirx-opt --pass-pipeline=lower-tirx,flatten-buffer %s 2>&1 | FileCheck %s
# CHECK: {{.*}}err_layout.py:10:5: error: layout of buffer 'D' not supported yet (only default and T.TileLayout(T.S[extents:strides]) layouts can be flattened)
# CHECK-NEXT: {{^}}    D[tx, 0] = A[tx]
# A swizzled layout cannot be flattened yet.
@T.prim_func
def layerr(A: T.Buffer((128,), "float16")):
    T.device_entry()
    tx = T.thread_id([128])
    D = T.alloc_shared((128, 32), "float16", layout=T.ComposeLayout(3, 3, 3, T.TileLayout(T.S[4096:1])))
    D[tx, 0] = A[tx]
