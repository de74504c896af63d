# RUN: %tirx-opt --pass-pipeline=lower-tirx,flatten-buffer,simplify %s | FileCheck %s
# RUN: %tirx-opt --pass-pipeline=lower-tirx,flatten-buffer,simplify --verify-roundtrip %s > /dev/null
# CHECK-LABEL: {{^}}def lay(A: T.Buffer((128,), "float16")):
# CHECK-NEXT: {{^}}    T.device_entry()
# CHECK-NEXT: {{^}}    tx = T.launch_thread("threadIdx.x", 128)
# CHECK-NEXT: {{^}}    D = T.alloc_shared((128,), "float16")
# CHECK-NEXT: {{^}}    E = T.alloc_shared((128,), "float16")
# CHECK-NEXT: {{^}}    D[tx] = A[tx]
# CHECK-NEXT: {{^}}    E[tx] = D[tx]
# CHECK-NEXT: {{^}}    A[tx] = E[tx]
# After flatten-buffer, the split/recombine of reshaping layouts folds back to
# the linear index ((x // c) * c + x % c = x).
@T.prim_func
def lay(A: T.Buffer((128,), "float16")):
    T.device_entry()
    tx = T.thread_id([128])
    D = T.alloc_shared((8, 16), "float16", layout=T.TileLayout(T.S[128:1]))
    E = T.alloc_shared((8, 16), "float16", layout=T.TileLayout(T.S[(4, 32):(32, 1)]))
    D[tx // 16, tx % 16] = A[tx]
    E[tx // 16, tx % 16] = D[tx // 16, tx % 16]
    A[tx] = E[tx // 16, tx % 16]
