# RUN: %tirx-opt --verify-roundtrip %s | FileCheck %s
# Legacy thread launch: T.env_thread declares the variable, T.launch_thread(var, n)
# binds it; printed in the flat T.launch_thread("tag", n) form.
# CHECK: bx = T.launch_thread("blockIdx.x", 4)
# CHECK-NEXT: tx = T.launch_thread("threadIdx.x", 32)
# CHECK-NEXT: A[bx * 32 + tx] = T.float32(0.0)
@T.prim_func
def legacy(A: T.Buffer((128,), "float32")):
    tx = T.env_thread("threadIdx.x")
    with T.launch_thread("blockIdx.x", 4) as bx:
        T.launch_thread(tx, 32)
        A[bx * 32 + tx] = T.float32(0.0)
