# RUN: %tirx-opt --pass-pipeline=lower-tirx,flatten-buffer %s | FileCheck %s
# RUN: %tirx-opt --pass-pipeline=lower-tirx,flatten-buffer --verify-roundtrip %s > /dev/null
# CHECK-LABEL: {{^}}def vec(A: T.Buffer((16, 64), "float32"), B: T.Buffer((16, 64), "float32")):
# CHECK-NEXT: {{^}}    T.device_entry()
# CHECK-NEXT: {{^}}    tx = T.launch_thread("threadIdx.x", 16)
# CHECK-NEXT: {{^}}    A_flat = T.decl_buffer((1024,), data=A.data)
# CHECK-NEXT: {{^}}    B_flat = T.decl_buffer((1024,), data=B.data)
# CHECK-NEXT: {{^}}    arena = T.alloc_buffer((128,), scope="shared.dyn")
# CHECK-NEXT: {{^}}    Bs = T.decl_buffer((128,), data=arena.data, scope="shared.dyn")
# CHECK-NEXT: {{^}}    Bs[tx // 4 * 16 + tx % 4 + 64] = A_flat[tx * 64]
# CHECK-NEXT: {{^}}    B_flat[tx * 64 + 4:tx * 64 + 4 + 4] = A_flat[tx * 64 + 8:tx * 64 + 8 + 4]
# Vector accesses keep their Ramp (scaled by the row stride); a declared
# view's elem_offset is folded into the index and its 1-d extent grows to cover it.
@T.prim_func
def vec(A: T.Buffer((16, 64), "float32"), B: T.Buffer((16, 64), "float32")):
    T.device_entry()
    tx = T.thread_id([16])
    arena = T.alloc_buffer((2, 64), "float32", scope="shared.dyn")
    Bs = T.decl_buffer((4, 16), "float32", data=arena.data, elem_offset=64, scope="shared.dyn")
    Bs[tx // 4, tx % 4] = A[tx, 0]
    B.vstore([tx, 4], A.vload([tx, 8], "float32x4"))
