# Elementwise reg variant, numpy-style broadcast of a source region: a (4, 1)
# column over a (4, 8) destination, and a (8,) row over it, read as
# stride-0 register positions of each thread; a broadcast over the lanes (a
# thread dim of the destination) and a non-broadcastable shape are errors.
# RUN: %tirx-opt --pass-pipeline=tile-dispatch %s | FileCheck %s
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_90a --emit=cubin %s -o %t.sm_90a %}
# RUN: not %tirx-opt --pass-pipeline=tile-dispatch -D BAD=1 %s 2>&1 | FileCheck %s --check-prefix=ERR1
# RUN: not %tirx-opt --pass-pipeline=tile-dispatch -D BAD=2 %s 2>&1 | FileCheck %s --check-prefix=ERR2
BAD = 0


@T.prim_func
def ew_reg_bcast(A: T.Buffer((128, 4, 8), "float16"), B: T.Buffer((128, 4), "float16")):
    T.device_entry()
    T.cta_id([1])
    tid = T.thread_id([128])
    lane = T.lane_id([32])
    X = T.alloc_local((4, 8), "float16")
    C = T.alloc_local((4, 1), "float16")
    Rw = T.alloc_local((8,), "float16")
    for i in range(4):
        C[i, 0] = B[tid, i]
    for j in range(8):
        Rw[j] = B[tid, j % 4]
    # CHECK-LABEL: def ew_reg_bcast
    # CHECK: for r_0 in T.unroll(4):
    # CHECK-NEXT: for r_1 in T.unroll(8):
    # CHECK-NEXT: X_local[r_0 * 8 + r_1] = X_local[r_0 * 8 + r_1] + C_local[r_0]
    T.tile.add(X[0:4, 0:8], X[0:4, 0:8], C[0:4, 0:1])
    # CHECK: X_local_1[r_2 * 8 + r_3] = X_local_1[r_2 * 8 + r_3] * Rw_local[r_3]
    T.tile.mul(X[0:4, 0:8], X[0:4, 0:8], Rw[0:8])
    for i, j in T.grid(4, 8):
        A[tid, i, j] = X[i, j]
    if BAD == 1:
        L = T.alloc_buffer((32, 8), "float16", scope="local", layout=T.TileLayout(T.S[(32, 8):(1 @ Axis.laneid, 1)]))
        Q = T.alloc_buffer((1, 8), "float16", scope="local", layout=T.TileLayout(T.S[(1, 8):(0, 1)]))
        # ERR1: error: T.warp.add: no variant applies (reg: the register layouts of 'L' and 'Q' give some element to different threads
        T.warp.add(L[0:32, 0:8], L[0:32, 0:8], Q[0:1, 0:8])
    if BAD == 2:
        # ERR2: error: T.tile.add: no variant applies (reg: the region of 'C' does not broadcast to the destination's: dimension 0 (extent 2) does not broadcast to extent 4
        T.tile.add(X[0:4, 0:8], X[0:4, 0:8], C[0:2, 0:1])
