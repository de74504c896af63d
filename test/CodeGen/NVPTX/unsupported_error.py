# Intrinsics the NVPTX backend does not implement, and ones the target arch
# lacks, are located diagnostics (exit status 1), never a crash.
# RUN: not %tirx-llc --emit=ptx %s 2>&1 | FileCheck %s
# RUN: not %tirx-llc --emit=ptx --mcpu=sm_90a %s 2>&1 | FileCheck %s --check-prefix=SM90
# CHECK: unsupported_error.py:[[@LINE+11]]:39: error: codegen: T.ptx["sin.approx.f64"] is not supported by the NVPTX backend yet
# CHECK-NOT: tcgen05
# SM90: unsupported_error.py:[[@LINE+9]]:39: error: codegen: T.ptx["sin.approx.f64"] is not supported by the NVPTX backend yet
# SM90: unsupported_error.py:[[@LINE+9]]:19: error: codegen: T.ptx["tcgen05.fence::before_thread_sync"] requires sm_100a or newer (target is sm_90a)
@T.prim_func
def unsup(A_ptr: T.handle):
    A = T.match_buffer(A_ptr, (32,), "float32")
    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([32])
    A[tx] = T.float32(1)
    A[0] = T.float32(T.ptx.sin.approx.f64(T.float64(A[1])))
    T.ptx.tcgen05.fence__before_thread_sync()
