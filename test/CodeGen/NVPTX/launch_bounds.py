# Launch attributes: the constant block size is .maxntid; min blocks per SM
# → "nvvm.minctasm" (.minnctapersm); max registers → "nvvm.maxnreg" (.maxnreg).
# RUN: %tirx-llc --emit=llvm %s | FileCheck %s --check-prefix=LLVM
# RUN: %tirx-llc --emit=ptx %s | FileCheck %s --check-prefix=PTX
# LLVM-DAG: "nvvm.maxntid"="256"
# LLVM-DAG: "nvvm.minctasm"="2"
# LLVM-DAG: "nvvm.maxnreg"="64"
# PTX: .maxntid 256
# PTX-DAG: .minnctapersm 2
# PTX-DAG: .maxnreg 64
@T.prim_func
def bounded(A_ptr: T.handle):
    A = T.match_buffer(A_ptr, (1024,), "float32")
    T.device_entry()
    bx = T.cta_id([4])
    tx = T.thread_id([256])
    T.attr({"tirx.launch_bounds_min_blocks_per_sm": 2})
    T.attr({"tirx.max_registers": 64})
    A[bx * 256 + tx] = A[bx * 256 + tx] + T.float32(1)
