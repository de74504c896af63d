# Every elementwise op in both variants, one op per compilation (-D OP=..., -D ODT=... for
# cast's float16 result): O = OP(X, Y, Z) elementwise, X in [0.5, 2) (sqrt, log2,
# reciprocal need it), Y in +-[0.5, 2), Z normal; tile-elementwise.test's table gives each
# op's numpy reference.
#   ew_reg:  a warp's 32x8 register tiles (reg variant), lane l holding row l
#   ew_smem: 32x32 shared tiles, a CTA of 128 threads (smem variant)
OP = "add"
ODT = "float32"


@T.prim_func
def ew_reg(X: T.Buffer((32, 8), "float32"), Y: T.Buffer((32, 8), "float32"), Z: T.Buffer((32, 8), "float32"), O: T.Buffer((32, 8), ODT)):
    T.device_entry()
    T.cta_id([1])
    T.warp_id([1])
    lane = T.lane_id([32])
    R = T.alloc_buffer((32, 8), "float32", scope="local", layout=T.TileLayout(T.S[(32, 8):(1 @ Axis.laneid, 1)]))
    S = T.alloc_buffer((32, 8), "float32", scope="local", layout=T.TileLayout(T.S[(32, 8):(1 @ Axis.laneid, 1)]))
    U = T.alloc_buffer((32, 8), "float32", scope="local", layout=T.TileLayout(T.S[(32, 8):(1 @ Axis.laneid, 1)]))
    Q = T.alloc_buffer((32, 8), ODT, scope="local", layout=T.TileLayout(T.S[(32, 8):(1 @ Axis.laneid, 1)]))
    Rl = R.local()
    Sl = S.local()
    Ul = U.local()
    Ql = Q.local()
    for j in range(8):
        Rl[j] = X[lane, j]
        Sl[j] = Y[lane, j]
        Ul[j] = Z[lane, j]
    if OP == "zero":
        T.warp.zero(Q[0:32, 0:8], R[0:32, 0:8])
    elif OP == "fill":
        T.warp.fill(Q[0:32, 0:8], T.float32(1.5))
    elif OP == "cast":
        T.warp.cast(Q[0:32, 0:8], R[0:32, 0:8])
    elif OP == "sqrt":
        T.warp.sqrt(Q[0:32, 0:8], R[0:32, 0:8])
    elif OP == "exp":
        T.warp.exp(Q[0:32, 0:8], R[0:32, 0:8])
    elif OP == "exp2":
        T.warp.exp2(Q[0:32, 0:8], R[0:32, 0:8])
    elif OP == "log2":
        T.warp.log2(Q[0:32, 0:8], R[0:32, 0:8])
    elif OP == "reciprocal":
        T.warp.reciprocal(Q[0:32, 0:8], R[0:32, 0:8])
    elif OP == "silu":
        T.warp.silu(Q[0:32, 0:8], R[0:32, 0:8])
    elif OP == "add":
        T.warp.add(Q[0:32, 0:8], R[0:32, 0:8], S[0:32, 0:8])
    elif OP == "sub":
        T.warp.sub(Q[0:32, 0:8], R[0:32, 0:8], S[0:32, 0:8])
    elif OP == "mul":
        T.warp.mul(Q[0:32, 0:8], R[0:32, 0:8], S[0:32, 0:8])
    elif OP == "fdiv":
        T.warp.fdiv(Q[0:32, 0:8], R[0:32, 0:8], S[0:32, 0:8])
    elif OP == "maximum":
        T.warp.maximum(Q[0:32, 0:8], R[0:32, 0:8], S[0:32, 0:8])
    elif OP == "fma":
        T.warp.fma(Q[0:32, 0:8], R[0:32, 0:8], S[0:32, 0:8], U[0:32, 0:8])
    for j in range(8):
        O[lane, j] = Ql[j]


@T.prim_func
def ew_smem(X: T.Buffer((32, 32), "float32"), Y: T.Buffer((32, 32), "float32"), Z: T.Buffer((32, 32), "float32"), O: T.Buffer((32, 32), ODT)):
    T.device_entry()
    T.cta_id([1])
    tx = T.thread_id([128])
    Xs = T.alloc_shared((32, 32), "float32")
    Ys = T.alloc_shared((32, 32), "float32")
    Zs = T.alloc_shared((32, 32), "float32")
    Os = T.alloc_shared((32, 32), ODT)
    for i in range(8):
        Xs[i * 4 + tx // 32, tx % 32] = X[i * 4 + tx // 32, tx % 32]
        Ys[i * 4 + tx // 32, tx % 32] = Y[i * 4 + tx // 32, tx % 32]
        Zs[i * 4 + tx // 32, tx % 32] = Z[i * 4 + tx // 32, tx % 32]
    T.cuda.cta_sync()
    if OP == "zero":
        T.cta.zero(Os[0:32, 0:32], Xs[0:32, 0:32])
    elif OP == "fill":
        T.cta.fill(Os[0:32, 0:32], T.float32(1.5))
    elif OP == "cast":
        T.cta.cast(Os[0:32, 0:32], Xs[0:32, 0:32])
    elif OP == "sqrt":
        T.cta.sqrt(Os[0:32, 0:32], Xs[0:32, 0:32])
    elif OP == "exp":
        T.cta.exp(Os[0:32, 0:32], Xs[0:32, 0:32])
    elif OP == "exp2":
        T.cta.exp2(Os[0:32, 0:32], Xs[0:32, 0:32])
    elif OP == "log2":
        T.cta.log2(Os[0:32, 0:32], Xs[0:32, 0:32])
    elif OP == "reciprocal":
        T.cta.reciprocal(Os[0:32, 0:32], Xs[0:32, 0:32])
    elif OP == "silu":
        T.cta.silu(Os[0:32, 0:32], Xs[0:32, 0:32])
    elif OP == "add":
        T.cta.add(Os[0:32, 0:32], Xs[0:32, 0:32], Ys[0:32, 0:32])
    elif OP == "sub":
        T.cta.sub(Os[0:32, 0:32], Xs[0:32, 0:32], Ys[0:32, 0:32])
    elif OP == "mul":
        T.cta.mul(Os[0:32, 0:32], Xs[0:32, 0:32], Ys[0:32, 0:32])
    elif OP == "fdiv":
        T.cta.fdiv(Os[0:32, 0:32], Xs[0:32, 0:32], Ys[0:32, 0:32])
    elif OP == "maximum":
        T.cta.maximum(Os[0:32, 0:32], Xs[0:32, 0:32], Ys[0:32, 0:32])
    elif OP == "fma":
        T.cta.fma(Os[0:32, 0:32], Xs[0:32, 0:32], Ys[0:32, 0:32], Zs[0:32, 0:32])
    T.cuda.cta_sync()
    for i in range(8):
        O[i * 4 + tx // 32, tx % 32] = Os[i * 4 + tx // 32, tx % 32]
