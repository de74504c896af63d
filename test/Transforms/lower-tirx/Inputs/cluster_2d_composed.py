@T.prim_func
def cl2(A: T.Buffer((1024,), "float32")):
    T.device_entry()
    c = T.cluster_id([3])
    r, q = T.cta_id_in_cluster([2, 2])
    tx = T.thread_id([32])
    A[tx] = T.float32(r + q)
