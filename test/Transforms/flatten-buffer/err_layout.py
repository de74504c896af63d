# RUN: not %tirx-opt --pass-pipeline=lower-tirx,flatten-buffer %s 2>&1 | FileCheck %s
# CHECK: {{.*}}err_layout.py:10:5: error: layout of buffer 'D' not supported yet (only default, T.TileLayout(T.S[extents:strides]) and T.ComposeLayout swizzles of it can be flattened)
# CHECK-NEXT: {{^}}    D[tx, 0] = A[tx]
# A layout over thread axes cannot be flattened yet (swizzles can: ../flatten_swizzle.py).
@T.prim_func
def layerr(A: T.Buffer((128,), "float16")):
    T.device_entry()
    tx = T.thread_id([128])
    D = T.alloc_shared((128, 32), "float16", layout=T.TileLayout(T.S[(128, 32):(1 @ Axis.laneid, 1)]))
    D[tx, 0] = A[tx]
