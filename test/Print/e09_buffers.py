# RUN: %tirx-opt %s | FileCheck %s --match-full-lines --strict-whitespace
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %tirx-opt %s | %tirx-opt - | FileCheck %s --match-full-lines --strict-whitespace
# E9: buffer declarations - float32 dtype elided, scope by callee, align, elem_offset,
# decl_buffer over an arena, explicit store cast.
# CHECK:@T.prim_func
# CHECK-NEXT:def buffers(A: T.Buffer((128,), "float16")):
# CHECK-NEXT:    T.device_entry()
# CHECK-NEXT:    tx = T.thread_id([128])
# CHECK-NEXT:    A_smem = T.alloc_shared((128,), "float16")
# CHECK-NEXT:    acc = T.alloc_local((4,))
# CHECK-NEXT:    arena = T.alloc_buffer((256,), "uint8", scope="shared.dyn")
# CHECK-NEXT:    half = T.decl_buffer((64,), "float16", data=arena.data, elem_offset=32, scope="shared.dyn")
# CHECK-NEXT:    big = T.alloc_buffer((1024,), align=128)
# CHECK-NEXT:    A_smem[tx] = A[tx]
# CHECK-NEXT:    acc[0] = T.Cast("float32", A_smem[tx])
# CHECK-NEXT:    half[0] = A_smem[tx]
# CHECK-NEXT:    big[tx] = acc[0]

@T.prim_func
def buffers(A: T.Buffer((128,), "float16")):
    T.device_entry()
    tx = T.thread_id([128])
    A_smem = T.alloc_shared((128,), "float16")
    acc = T.alloc_local((4,))
    arena = T.alloc_buffer((256,), "uint8", scope="shared.dyn")
    half = T.decl_buffer((64,), "float16", data=arena.data, elem_offset=32, scope="shared.dyn")
    big = T.alloc_buffer((1024,), align=128)
    A_smem[tx] = A[tx]
    acc[0] = T.Cast("float32", A_smem[tx])
    half[0] = A_smem[tx]
    big[tx] = acc[0]
