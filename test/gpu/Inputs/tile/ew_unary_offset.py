# TVM's test_unary_op_shared "offset test" (elementwise/test_unary.py): a CTA of
# 64 threads takes sqrt of A[10:15, 0:6, 3:10] in shared memory into the float16
# B[20:25, 0:6, 2:9] (smem variant), the rest of B zero (T.cta.zero).
@T.prim_func
def ew_unary_offset(A: T.Buffer((32, 8, 12), "float32"), B: T.Buffer((32, 8, 12), "float16")):
    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([64])
    A_smem = T.alloc_shared((32, 8, 12), "float32")
    B_smem = T.alloc_shared((32, 8, 12), "float16")
    for i in range(48):
        A_smem[(i * 64 + tx) // 96, (i * 64 + tx) // 12 % 8, (i * 64 + tx) % 12] = A[(i * 64 + tx) // 96, (i * 64 + tx) // 12 % 8, (i * 64 + tx) % 12]
    T.cta.zero(B_smem[0:32, 0:8, 0:12])
    T.cuda.cta_sync()
    T.cta.sqrt(B_smem[20:25, 0:6, 2:9], A_smem[10:15, 0:6, 3:10])
    T.cuda.cta_sync()
    for i in range(48):
        B[(i * 64 + tx) // 96, (i * 64 + tx) // 12 % 8, (i * 64 + tx) % 12] = B_smem[(i * 64 + tx) // 96, (i * 64 + tx) // 12 % 8, (i * 64 + tx) % 12]
