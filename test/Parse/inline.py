# RUN: %tirx-opt --verify-roundtrip %s | FileCheck %s
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_90a --emit=cubin %s -o %t %}
# @T.inline / @T.macro functions (module level and nested) expand at parse
# time: arguments are substituted, `return v` is the value of the call,
# keyword arguments and defaults work, and each expansion gets fresh names.
# CHECK: B[tx] = A[tx] * (A[tx] * A[tx]) + T.float32(1.0)
# CHECK-NEXT: acc: T.float32 = A[tx]
# CHECK-NEXT: mask: T.int32 = 16
# CHECK: mask_1: T.int32 = 8
# CHECK-NOT: @T.inline
# CHECK-NOT: sq(
@T.inline
def fma_store(dst, i, a, b, c):
    dst[i] = a * b + c

@T.prim_func
def f(A: T.Buffer((128,), "float32"), B: T.Buffer((128,), "float32")):
    @T.inline
    def sq(x):
        return x * x

    @T.macro
    def warp_allreduce(v, width=32):
        mask: T.int32 = width // 2
        while mask >= 1:
            v[0] = v[0] + T.tvm_warp_shuffle_xor(0xFFFFFFFF, v[0], mask, 32, 32)
            mask = mask // 2

    T.device_entry()
    tx = T.thread_id([128])
    fma_store(B, tx, A[tx], sq(A[tx]), T.float32(1.0))
    acc = T.alloc_local((1,), "float32")
    acc[0] = A[tx]
    warp_allreduce(acc)
    warp_allreduce(acc, width=16)
    B[tx] = B[tx] + acc[0]
