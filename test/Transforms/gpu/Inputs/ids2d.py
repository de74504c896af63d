# 2-D grid and block: a 1-D thread_id next to the 2-D one is the linear thread id
# (tx + ty * 8), lane and warp ids read it too.  O[by, bx, t] = (linear, lane, warp).
@T.prim_func
def ids2d(O: T.Buffer((3, 2, 64, 3), "int32")):
    T.device_entry()
    bx, by = T.cta_id([2, 3])
    tx, ty = T.thread_id([8, 8])
    t = T.thread_id([64])
    l = T.lane_id()
    w = T.warp_id([2])
    O[by, bx, ty * 8 + tx, 0] = t
    O[by, bx, ty * 8 + tx, 1] = l
    O[by, bx, ty * 8 + tx, 2] = w
