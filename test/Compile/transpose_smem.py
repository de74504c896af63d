# A kernel in the docs' style: it round-trips and assembles with ptxas.
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_90a --emit=cubin %s -o %t.sm_90a %}
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_100a --emit=cubin %s -o %t.sm_100a %}
from tvm.script import tirx as T

M = 64
N = 32

@T.prim_func
def transpose(a: T.handle, b: T.handle):
    A = T.match_buffer(a, (M, N), "float16")
    B = T.match_buffer(b, (N, M), "float16")
    T.device_entry()
    bx, by = T.cta_id([M // 16, N // 16])
    ty, tx = T.thread_id([16, 16])
    tile = T.alloc_shared((16, 17), "float16")
    tile[ty, tx] = A[bx * 16 + ty, by * 16 + tx]
    T.cuda.cta_sync()
    B[by * 16 + ty, bx * 16 + tx] = tile[tx, ty]
