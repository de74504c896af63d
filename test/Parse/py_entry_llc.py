# --entry reaches tirx-llc (through TirxCompileOptions.entry): the factory's
# kernel is what gets lowered.
# RUN: %tirx-llc --emit=tirx %s --entry 'make_copy(96)' | FileCheck %s
# RUN: %tirx-llc --emit=ptx %s --entry 'make_copy(n=64)' | FileCheck %s --check-prefix=PTX
# RUN: not %tirx-llc --emit=tirx %s --entry 'make_copy(1, 2)' 2>&1 | FileCheck %s --check-prefix=ERR
# CHECK: launch plan copy: params A: float32[96], B: float32[96]
# CHECK: tx = T.launch_thread("threadIdx.x", 96)
# PTX: .entry copy_kernel(
# ERR: error: make_copy() takes 1 positional argument but 2 were given

def make_copy(n):
    @T.prim_func
    def copy(A: T.Buffer((n,), "float32"), B: T.Buffer((n,), "float32")):
        T.device_entry()
        bx = T.cta_id([1])
        tx = T.thread_id([n])
        B[tx] = A[tx]

    return copy
