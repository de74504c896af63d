# An explicit 2-D grid (4, 2) tiled by 2 x 2 clusters: cta_id_in_cluster reads
# %cluster_ctaid.x / .y.  O[by, bx] = (r, q, cx, cy).
@T.prim_func
def cluster2d(O: T.Buffer((2, 4, 4), "int32")):
    T.device_entry()
    bx, by = T.cta_id([4, 2])
    cx, cy = T.cluster_id([2, 1])
    r, q = T.cta_id_in_cluster([2, 2])
    tx = T.thread_id([32])
    if tx == 0:
        O[by, bx, 0] = r
        O[by, bx, 1] = q
        O[by, bx, 2] = cx
        O[by, bx, 3] = cy
