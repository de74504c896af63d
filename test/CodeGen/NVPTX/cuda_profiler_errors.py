# The profiler's intrinsics called by hand with wrong operands are located errors,
# never a crash: an event that is not an integer (checked when parsed), buffers
# that are not pointers (checked by the backend).
# RUN: not %tirx-llc --emit=ptx %s 2>&1 | FileCheck %s
# RUN: not %tirx-llc --emit=ptx -D BAD_EVENT=True %s 2>&1 | FileCheck %s --check-prefix=EVENT
# CHECK: cuda_profiler_errors.py:[[@LINE+13]]:27: error: codegen: expected a pointer or a 64-bit address
# CHECK: cuda_profiler_errors.py:[[@LINE+12]]:30: error: codegen: expected a pointer or a 64-bit address
# EVENT: cuda_profiler_errors.py:[[@LINE+13]]:28: error: argument 1 of T.cuda.timer_start must be an integer, got float32
BAD_EVENT = False


@T.prim_func
def f(A: T.Buffer((4,), "uint64")):
    T.device_entry()
    tx = T.thread_id([32])
    tag = T.alloc_local((1,), "uint64")
    off = T.alloc_local((1,), "uint32")
    if not BAD_EVENT:
        T.cuda.timer_init(1, 2, off.data, 1, 0)
    else:
        T.cuda.timer_start(1.5, A.data, tag.data, off.data, 4, tx == 0)
