# A kernel in the docs' style: it round-trips and assembles with ptxas.
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_90a --emit=cubin %s -o %t.sm_90a %}
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_100a --emit=cubin %s -o %t.sm_100a %}
@T.prim_func
def casts(A: T.Buffer((256,), "float32"), B: T.Buffer((256,), "float32"), C: T.Buffer((256,), "int32"), n: T.int32):
    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([256])
    h = T.float16(A[tx])
    b = T.bfloat16(A[tx])
    d = T.float64(A[tx])
    i8 = T.int8(C[tx])
    u16 = T.uint16(C[tx])
    i64 = T.int64(C[tx])
    u64 = T.uint64(C[tx])
    f8 = T.Cast("float8_e4m3fn", A[tx])
    B[tx] = T.float32(h) + T.float32(b) + T.float32(d) + T.float32(i8) + T.float32(u16) + T.float32(i64) + T.float32(u64) + T.float32(h * h)
    C[tx] = T.reinterpret("int32", A[tx])
