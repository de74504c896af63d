# RUN: %tirx-opt %s | FileCheck %s
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# CHECK-LABEL: @T.prim_func
# CHECK-NEXT: {{^}}def f(A: T.Buffer((256,), "float32"), B: T.Buffer((256,), "uint32")):
# CHECK-NEXT: {{^}}    T.device_entry()
# CHECK-NEXT: {{^}}    tx = T.thread_id([256])
# CHECK-NEXT: {{^}}    T.cuda.cta_sync()
# CHECK-NEXT: {{^}}    v: T.float32 = T.tvm_warp_shuffle_xor(T.int64(4294967295), A[tx], 16, 32, 32)
# (a Python int past int32 is an int64 constant, as TVM's call_intrin makes it)
# CHECK-NEXT: {{^}}    B[tx] = T.reinterpret("uint32", A[tx])
# CHECK-NEXT: {{^}}    A[tx] = T.exp(v) + T.cuda.warp_sum(v) + T.cuda.ldg(T.address_of(A[tx]), "float32")
# CHECK-NEXT: {{^}}    T.print_buffer(A.data, "float32", T.bool(False), T.bool(False), 1, 256)
# Calls: bare void calls, dtype-first calls, keyword arguments, math.
@T.prim_func
def f(A: T.Buffer((256,), "float32"), B: T.Buffer((256,), "uint32")):
    T.device_entry()
    tx = T.thread_id([256])
    T.cuda.cta_sync()
    v = T.tvm_warp_shuffle_xor(0xFFFFFFFF, A[tx], 16, 32, 32)
    B[tx] = T.reinterpret("uint32", A[tx])
    A[tx] = T.exp(v) + T.cuda.warp_sum(v) + T.cuda.ldg(A.ptr_to([tx]), "float32")
    T.print_buffer(A.data, "float32", False, False, 1, (256,))
