# Chained shared-memory elementwise ops with different vector chunks (float16x8 add,
# float32x4 cast / exp / mul): each op ends with TVM's barrier, so a thread reads elements
# another thread wrote in the op before (test/gpu/tile-elementwise-smem-vec.test).
@T.prim_func
def ew_smem_vec(A: T.Buffer((64, 64), "float16"), B: T.Buffer((64, 64), "float32")):
    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([128])
    Sa = T.alloc_shared((64, 64), "float16")
    Sb = T.alloc_shared((64, 64), "float16")
    Sc = T.alloc_shared((64, 64), "float32")
    Sd = T.alloc_shared((64, 64), "float32")
    for i in range(32):
        Sa[(i * 128 + tx) // 64, (i * 128 + tx) % 64] = A[(i * 128 + tx) // 64, (i * 128 + tx) % 64]
    T.cuda.cta_sync()
    T.cta.add(Sb[0:64, 0:64], Sa[0:64, 0:64], Sa[0:64, 0:64])
    T.cta.cast(Sc[0:64, 0:64], Sb[0:64, 0:64])
    T.cta.exp(Sd[0:64, 0:64], Sc[0:64, 0:64])
    T.cta.mul(Sc[0:64, 0:64], Sd[0:64, 0:64], 2.0)
    for i in range(32):
        B[(i * 128 + tx) // 64, (i * 128 + tx) % 64] = Sc[(i * 128 + tx) // 64, (i * 128 + tx) % 64]
