# Scalar T.ptx ALU and conversion instructions on the GPU.
@T.prim_func
def ptx_alu(A: T.Buffer((64,), "int32"), U: T.Buffer((64,), "uint32"), F: T.Buffer((64,), "float32"),
            W: T.Buffer((64,), "int64"), O: T.Buffer((8, 64), "int32"), G: T.Buffer((2, 64), "float32")):
    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([64])
    a = A[tx]
    W[tx] = T.ptx.mul.wide.s32(a, 100000)
    O[0, tx] = T.reinterpret("int32", T.ptx.brev.b32(U[tx]))
    O[1, tx] = T.reinterpret("int32", T.ptx.mul.hi.u32(U[tx], T.uint32(2654435761)))
    O[2, tx] = T.ptx.cvt.rni.s32.f32(F[tx])
    O[3, tx] = T.ptx.selp.s32(a, 7, T.ptx.setp.lt.s32(a, 0))
    O[4, tx] = T.reinterpret("int32", T.ptx.bfe.u32(U[tx], T.uint32(4), T.uint32(8)))
    O[5, tx] = T.ptx.mad.lo.s32(a, a, 1)
    O[6, tx] = T.reinterpret("int32", T.ptx.popc.b32(U[tx]))
    O[7, tx] = T.ptx.shr.s32(a, T.uint32(3))
    G[0, tx] = T.ptx.div.rn.f32(F[tx], T.float32(3.0))
    G[1, tx] = T.ptx.fma.rn.f32(F[tx], F[tx], T.float32(0.5))
