# Every composed scope id, written per thread: O[b*256 + t] = (wg, warp_in_wg, lane,
# thread_in_wg, warp, b), with warp_id() deferred (inferred from 256 threads / 32).
@T.prim_func
def ids(O: T.Buffer((768, 6), "int32")):
    T.device_entry()
    b = T.cta_id([3])
    wg = T.warpgroup_id([2])
    wi = T.warp_id_in_wg([4])
    l = T.lane_id([32])
    tw = T.thread_id_in_wg()
    w = T.warp_id()
    t = T.thread_id([256])
    O[b * 256 + t, 0] = wg
    O[b * 256 + t, 1] = wi
    O[b * 256 + t, 2] = l
    O[b * 256 + t, 3] = tw
    O[b * 256 + t, 4] = w
    O[b * 256 + t, 5] = b
