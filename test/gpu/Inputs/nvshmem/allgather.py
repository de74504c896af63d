# All-gather: every PE puts its X (64 int32) into Y[64 * my_pe : 64 * my_pe + 64] of
# every PE with a block-wide put, then quiet + barrier_all.  Y holds up to 4 PEs.
@T.prim_func
def allgather(X: T.Buffer((64,), "int32"), Y: T.Buffer((256,), "int32")):
    T.device_entry()
    tx = T.thread_id([64])
    me: T.int32 = T.nvshmem.my_pe()
    n: T.int32 = T.nvshmem.n_pes()
    for p in T.serial(n):
        T.nvshmem.putmem_nbi_block(T.address_of(Y[me * 64]), X.data, 256, p)
    if tx == 0:
        T.nvshmem.quiet()
        T.nvshmem.barrier_all()
