# RUN: not %tirx-llc %s --mcpu=sm_90a --emit=ptx -o /dev/null 2>&1 | FileCheck %s
# T.nvshmem string arguments: NVSHMEM's signal ops, comparisons and wait types only
# (reported before the library is looked for).
# CHECK: nvshmem_bad_args.py:14:62: error: codegen: T.nvshmem.signal_op: unknown signal operation "mul"
# CHECK: nvshmem_bad_args.py:15:50: error: codegen: T.nvshmem.wait_until: unknown comparison "gte"
# CHECK: nvshmem_bad_args.py:16:69: error: codegen: T.nvshmem.wait_until: the wait type must be one of "uint64", "int64", "uint32", "int32"
# CHECK-NOT: error
@T.prim_func
def f(S: T.Buffer((8,), "uint64")):
    T.device_entry()
    tx = T.thread_id([32])
    if tx == 0:
        T.nvshmem.quiet()
        T.nvshmem.signal_op(T.address_of(S[0]), T.uint64(1), "mul", 0)
        T.nvshmem.wait_until(T.address_of(S[0]), "gte", T.uint64(1), "uint64")
        T.nvshmem.wait_until(T.address_of(S[0]), "ge", T.uint64(1), "float32")
