# ldgsts GPU kernel: TVM test_ldgsts.py task 'slice3d' (g_shape (4, 32, 32), s_shape (32, 32), start (0, 0, 0),
# extent (1, 32, 32), 32 threads) for each of its dtypes: A[region] -> shared by cp.async,
# commit, wait, then the shared tile back to B[region] (float8 through a uint8 view).
# Generated for test/gpu/tile-copy-async.test.
@T.prim_func
def ldgsts_slice3d(A_i8: T.Buffer((4, 32, 32), "int8"), B_i8: T.Buffer((4, 32, 32), "int8"), A_e4: T.Buffer((4, 32, 32), "float8_e4m3fn"), B_e4: T.Buffer((4, 32, 32), "uint8"), A_e5: T.Buffer((4, 32, 32), "float8_e5m2"), B_e5: T.Buffer((4, 32, 32), "uint8"), A_f16: T.Buffer((4, 32, 32), "float16"), B_f16: T.Buffer((4, 32, 32), "float16"), A_bf16: T.Buffer((4, 32, 32), "bfloat16"), B_bf16: T.Buffer((4, 32, 32), "bfloat16"), A_f32: T.Buffer((4, 32, 32), "float32"), B_f32: T.Buffer((4, 32, 32), "float32")):
    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([32])
    S_i8 = T.alloc_shared((32, 32), "int8")
    S_e4 = T.alloc_shared((32, 32), "float8_e4m3fn")
    S_e5 = T.alloc_shared((32, 32), "float8_e5m2")
    S_f16 = T.alloc_shared((32, 32), "float16")
    S_bf16 = T.alloc_shared((32, 32), "bfloat16")
    S_f32 = T.alloc_shared((32, 32), "float32")
    T.cta.copy_async(S_i8[0:32, 0:32], A_i8[0:1, 0:32, 0:32], dispatch="ldgsts")
    T.cta.copy_async(S_e4[0:32, 0:32], A_e4[0:1, 0:32, 0:32], dispatch="ldgsts")
    T.cta.copy_async(S_e5[0:32, 0:32], A_e5[0:1, 0:32, 0:32], dispatch="ldgsts")
    T.cta.copy_async(S_f16[0:32, 0:32], A_f16[0:1, 0:32, 0:32], dispatch="ldgsts")
    T.cta.copy_async(S_bf16[0:32, 0:32], A_bf16[0:1, 0:32, 0:32], dispatch="ldgsts")
    T.cta.copy_async(S_f32[0:32, 0:32], A_f32[0:1, 0:32, 0:32], dispatch="ldgsts")
    T.ptx.cp.async_.commit_group()
    T.ptx.cp.async_.wait_group(0)
    T.cuda.cta_sync()
    V_e4 = T.decl_buffer((32, 32), "uint8", data=S_e4.data, scope="shared")
    V_e5 = T.decl_buffer((32, 32), "uint8", data=S_e5.data, scope="shared")
    for i in range(32):
        B_i8[0, (i * 32 + tx) // 32, (i * 32 + tx) % 32] = S_i8[(i * 32 + tx) // 32, (i * 32 + tx) % 32]
        B_e4[0, (i * 32 + tx) // 32, (i * 32 + tx) % 32] = V_e4[(i * 32 + tx) // 32, (i * 32 + tx) % 32]
        B_e5[0, (i * 32 + tx) // 32, (i * 32 + tx) % 32] = V_e5[(i * 32 + tx) // 32, (i * 32 + tx) % 32]
        B_f16[0, (i * 32 + tx) // 32, (i * 32 + tx) % 32] = S_f16[(i * 32 + tx) // 32, (i * 32 + tx) % 32]
        B_bf16[0, (i * 32 + tx) // 32, (i * 32 + tx) % 32] = S_bf16[(i * 32 + tx) // 32, (i * 32 + tx) % 32]
        B_f32[0, (i * 32 + tx) // 32, (i * 32 + tx) % 32] = S_f32[(i * 32 + tx) // 32, (i * 32 + tx) % 32]
