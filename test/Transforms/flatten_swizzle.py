# RUN: %tirx-opt --pass-pipeline=lower-tirx,flatten-buffer %s | FileCheck %s
# RUN: %tirx-llc %s --mcpu=sm_90a --emit=ptx -o /dev/null
# T.ComposeLayout(M, B, S, tile) swizzles the tile layout's offset o into
# o ^ (((o >> (M + S)) & (2^B - 1)) << M), as TVM's CUDA output does for
# 128-byte swizzled shared tiles; a constant index folds (S[2, 0]: 128 ^ 16).
# CHECK: S[T.bitwise_xor(r * 64 + tx, T.shift_left(T.bitwise_and(T.shift_right(r * 64 + tx, 6), 7), 3))] = A_flat[r * 64 + tx]
# CHECK: B_flat[tx] = S[T.bitwise_xor(tx, T.shift_left(T.bitwise_and(T.shift_right(tx, 6), 7), 3))] + S[144]
@T.prim_func
def f(A: T.Buffer((8, 64), "float16"), B: T.Buffer((8, 64), "float16")):
    T.device_entry()
    tx = T.thread_id([64])
    S = T.alloc_buffer((8, 64), "float16", scope="shared", layout=T.ComposeLayout(3, 3, 3, T.TileLayout(T.S[(8, 64):(64, 1)])))
    for r in range(8):
        S[r, tx] = A[r, tx]
    T.cuda.cta_sync()
    B[0, tx] = S[0, tx] + S[2, 0]
