# Conversion and move instructions with packed carriers: cvt.rn.f16x2.f32 and
# cvt.rn.bf16x2.f32 (a in the upper half), cvt.rn.satfinite.e4m3x2.f32 (uint16),
# cvt.rn.f16.f32 into a uint16, mov.b64 pack and unpack, mov.b32 of two 16-bit
# halves, and an unpack with one lane sunk (T.ptx.SINK).
@T.prim_func
def cvt_mov(F: T.Buffer((64,), "float32"), O: T.Buffer((6, 64), "uint32"), W: T.Buffer((64,), "uint64"),
            H: T.Buffer((2, 64), "uint16")):
    T.device_entry()
    tx = T.thread_id([64])
    x: T.float32 = F[tx]
    y: T.float32 = F[63 - tx]
    T.ptx.cvt.rn.f16x2.f32(O[0, tx], x, y)
    T.ptx.cvt.rn.bf16x2.f32(O[1, tx], x, y)
    T.ptx.cvt.rn.satfinite.e4m3x2.f32(H[0, tx], x, y)
    T.ptx.cvt.rn.f16.f32(H[1, tx], x)
    lo: T.uint32 = tx * T.uint32(7)
    hi: T.uint32 = tx + T.uint32(0xABC00000)
    T.ptx.mov.b64(W[tx], lo, hi)
    a: T.uint32
    b: T.uint32
    T.ptx.mov.b64(a, b, W[tx])
    O[2, tx] = a
    O[3, tx] = b
    T.ptx.mov.b64(T.ptx.SINK, O[4, tx], W[tx])
    h0: T.uint16 = T.Cast("uint16", tx)
    h1: T.uint16 = T.uint16(0x8001)
    T.ptx.mov.b32(O[5, tx], h0, h1)
