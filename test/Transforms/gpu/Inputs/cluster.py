# 4 clusters of 2 CTAs composed into an 8-CTA grid; thread 0 of each CTA writes
# O[b] = (cluster_id, cta_id_in_cluster, cta_id_in_pair).
@T.prim_func
def clusters(O: T.Buffer((8, 3), "int32")):
    T.device_entry()
    b = T.cta_id()
    c = T.cluster_id([4])
    r = T.cta_id_in_cluster([2])
    p = T.cta_id_in_pair()
    tx = T.thread_id([32])
    if tx == 0:
        O[b, 0] = c
        O[b, 1] = r
        O[b, 2] = p
