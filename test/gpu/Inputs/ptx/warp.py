# Warp-level T.ptx instructions: shfl.sync (bfly, idx, and the .pred result
# shape), vote.sync.ballot, match.any.sync, redux.sync (add, max), activemask,
# elect.sync (destination and .pred result), prmt, lop3 with an immediate LUT,
# bfind, setp into a .pred-class destination + selp.
@T.prim_func
def warp(A: T.Buffer((64,), "uint32"), O: T.Buffer((12, 64), "uint32")):
    T.device_entry()
    tx = T.thread_id([64])
    a: T.uint32 = A[tx]
    ok: T.uint32
    T.ptx.shfl_sync.bfly.b32(O[0, tx], a, T.uint32(1), T.uint32(31), T.uint32(0xFFFFFFFF))
    T.ptx.shfl_sync.idx.b32(O[1, tx], ok, a, T.uint32(3), T.uint32(31), T.uint32(0xFFFFFFFF))
    T.ptx.vote_sync.ballot.b32(O[2, tx], a % 2 == 1, T.uint32(0xFFFFFFFF))
    T.ptx.match.any.sync.b32(O[3, tx], a % 4, T.uint32(0xFFFFFFFF))
    T.ptx.redux_sync.add.u32(O[4, tx], a, T.uint32(0xFFFFFFFF))
    T.ptx.redux_sync.max.u32(O[5, tx], a, T.uint32(0xFFFFFFFF))
    T.ptx.activemask.b32(O[6, tx])
    T.ptx.elect_sync(O[7, tx], ok, T.uint32(0xFFFFFFFF))
    O[8, tx] = ok
    T.ptx.prmt.b32(O[9, tx], a, T.uint32(0x11223344), T.uint32(0x5140))
    T.ptx.lop3.b32(O[10, tx], a, T.uint32(0xF0F0F0F0), T.uint32(0x0FF00FF0), 0x96)
    p: T.uint32
    T.ptx.setp.gt.u32(p, a, T.uint32(1000))
    T.ptx.selp.b32(O[11, tx], T.uint32(1), T.uint32(2), T.ptx.pred(p))
