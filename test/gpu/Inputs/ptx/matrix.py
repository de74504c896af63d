# Matrix instructions through the table engine, one warp:
#   mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32: D(16x8) = A(16x16) B(16x8) + C,
#     fragments loaded straight from the PTX ISA fragment layout (A row-major and
#     B^T row-major, as uint32 pairs of float16);
#   ldmatrix.sync.aligned.m8n8.x4.shared.b16: four 8x8 uint16 matrices, lane l
#     gives the address of row l % 8 of matrix l / 8; stmatrix (sm_90) writes the
#     registers back transposed (.trans) into a second buffer.
@T.prim_func
def matrix(A: T.Buffer((16, 8), "uint32"), Bt: T.Buffer((8, 8), "uint32"), C: T.Buffer((16, 8), "float32"),
           D: T.Buffer((16, 8), "float32"), M: T.Buffer((256,), "uint16"), L: T.Buffer((4, 32), "uint32"),
           ST: T.Buffer((256,), "uint16")):
    T.device_entry()
    lane = T.thread_id([32])
    g = lane // 4
    t = lane % 4
    d = T.alloc_local((4,), "float32")
    T.ptx.mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32(
        d[0], d[1], d[2], d[3],
        A[g, t], A[g + 8, t], A[g, t + 4], A[g + 8, t + 4],
        Bt[g, t], Bt[g, t + 4],
        C[g, t * 2], C[g, t * 2 + 1], C[g + 8, t * 2], C[g + 8, t * 2 + 1])
    D[g, t * 2] = d[0]
    D[g, t * 2 + 1] = d[1]
    D[g + 8, t * 2] = d[2]
    D[g + 8, t * 2 + 1] = d[3]
    S = T.alloc_shared((256,), "uint16")
    S2 = T.alloc_shared((256,), "uint16")
    for i in range(8):
        S[lane * 8 + i] = M[lane * 8 + i]
    T.ptx.bar.sync(0)
    r = T.alloc_local((4,), "uint32")
    T.ptx.ldmatrix.sync.aligned.m8n8.x4.shared.b16(r[0], r[1], r[2], r[3], T.address_of(S[(lane // 8) * 64 + (lane % 8) * 8]))
    for i in range(4):
        L[i, lane] = r[i]
    T.ptx.stmatrix.sync.aligned.m8n8.x4.trans.shared.b16(T.address_of(S2[(lane // 8) * 64 + (lane % 8) * 8]), r[0], r[1], r[2], r[3])
    T.ptx.bar.sync(0)
    for i in range(8):
        ST[lane * 8 + i] = S2[lane * 8 + i]
