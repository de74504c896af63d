# A kernel in the docs' style: it round-trips and assembles with ptxas.
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_90a --emit=cubin %s -o %t.sm_90a %}
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_100a --emit=cubin %s -o %t.sm_100a %}
@T.prim_func
def control(A: T.Buffer((256,), "float32"), B: T.Buffer((256,), "float32"), C: T.Buffer((256,), "int32"), n: T.int32):
    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([256])
    acc: T.float32 = T.float32(0.0)
    for i in range(n):
        if i == 3:
            continue
        elif i > 10:
            break
        else:
            acc = acc + A[i]
    j: T.int32 = 0
    while j < 4:
        j += 1
        if j == 2:
            break
    for k in T.unroll(4):
        acc = acc + T.Cast("float32", k)
    for a, b in T.grid(2, 3):
        acc = acc + T.Cast("float32", a * b)
    B[tx] = T.if_then_else(tx < 128, acc, T.Select(tx < 200, A[tx], T.float32(0.0)))
