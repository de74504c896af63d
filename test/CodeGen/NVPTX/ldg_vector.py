# RUN: %tirx-llc %s --mcpu=sm_90a --emit=ptx -o - | FileCheck %s
# The vector form of T.cuda.ldg is one non-coherent vector load whose lanes
# go to the destination pointers.
# CHECK: ld.global.nc.v4.b32
@T.prim_func
def f(A: T.Buffer((512,), "float32"), B: T.Buffer((512,), "float32")):
    T.device_entry()
    tx = T.thread_id([128])
    a0: T.float32 = T.float32(0)
    a1: T.float32 = T.float32(0)
    a2: T.float32 = T.float32(0)
    a3: T.float32 = T.float32(0)
    T.cuda.ldg(T.address_of(a0), T.address_of(a1), T.address_of(a2), T.address_of(a3), T.address_of(A[tx * 4]), "float32", "v4", 4)
    B[tx] = a0 + a1 + a2 + a3
