# One PE's round trips through NVSHMEM (every address is on this PE; with several PEs
# each PE talks to itself): put A -> B, get B -> C[0:32], signal set + add, wait for the
# sum, a put with a signal into C[32:64], fence, barrier_all (a collective launch).
#   P = [my_pe, n_pes, 1 once the signal waits returned, 1 after barrier_all]
@T.prim_func
def roundtrip(A: T.Buffer((64,), "int32"), B: T.Buffer((64,), "int32"), C: T.Buffer((64,), "int32"), S: T.Buffer((4,), "uint64"), P: T.Buffer((4,), "int32")):
    T.device_entry()
    tx = T.thread_id([32])
    if tx == 0:
        me: T.int32 = T.nvshmem.my_pe()
        P[0] = me
        P[1] = T.nvshmem.n_pes()
        T.nvshmem.putmem_nbi(B.data, A.data, 256, me)
        T.nvshmem.quiet()
        T.nvshmem.getmem_nbi(C.data, B.data, 128, me)
        T.nvshmem.quiet()
        T.nvshmem.signal_op(T.address_of(S[0]), T.uint64(5), "set", me)
        T.nvshmem.signal_op(T.address_of(S[0]), T.uint64(2), "add", me)
        T.nvshmem.wait_until(T.address_of(S[0]), "eq", T.uint64(7), "uint64")
        T.nvshmem.putmem_signal_nbi(T.address_of(C[32]), T.address_of(A[32]), 128, T.address_of(S[1]), T.uint64(3), "add", me)
        T.nvshmem.wait_until(T.address_of(S[1]), "ge", T.uint64(3), "uint64")
        T.nvshmem.fence()
        P[2] = 1
        T.nvshmem.barrier_all()
        P[3] = 1
