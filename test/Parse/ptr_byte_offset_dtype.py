# T.ptr_byte_offset(ptr, bytes, "dtype"): TVM 0.27 wraps the dtype name as
# T.type_annotation("dtype"), and prints it so.
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# The expected lines are what TVM 0.27 prints for this kernel.
# CHECK: p: T.uint32 = T.cuda.cvta_generic_to_shared(T.ptr_byte_offset(T.address_of(s[0]), tx * 2, T.type_annotation("uint8")))
# CHECK: q: T.uint32 = T.cuda.cvta_generic_to_shared(T.ptr_byte_offset(T.address_of(s[0]), tx, T.type_annotation("bfloat16")))
from tvm.script import tirx as T

@T.prim_func
def k(A: T.Buffer((64,), "float16")):
    T.device_entry()
    tx = T.thread_id([64])
    s = T.alloc_shared((128,), "uint8")
    p: T.uint32 = T.cuda.cvta_generic_to_shared(T.ptr_byte_offset(T.address_of(s[0]), tx * 2, "uint8"))
    q: T.uint32 = T.cuda.cvta_generic_to_shared(T.ptr_byte_offset(T.address_of(s[0]), tx, "bfloat16"))
    A[tx] = T.Cast("float16", p + q)
