# Intrinsics with named parameters (lib/Parse/intrin_params.def): keywords bind
# to their slots, omitted ones take TVM 0.27's defaults (n_cta_groups=1, the
# flags False), and the call prints in the flat positional form TVM prints.
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# The expected lines are what TVM 0.27 prints for this kernel.
# CHECK: T.cuda.tcgen05.encode_instr_descriptor(T.address_of(desc_i), "float32", "float16", "float16", 128, 256, 16, T.bool(False), T.bool(True), 1, T.bool(False), T.bool(False), T.bool(False), T.bool(False))
# CHECK-NEXT: T.cuda.tcgen05.encode_instr_descriptor(T.address_of(desc_i), "float32", "float8_e4m3fn", "float8_e4m3fn", 256, 64, 64, T.bool(False), T.bool(False), 2, T.bool(False), T.bool(False), T.bool(False), T.bool(True))
# CHECK-NEXT: T.cuda.tcgen05.encode_instr_descriptor_block_scaled(T.address_of(desc_s), "float32", "float4_e2m1fn", "float4_e2m1fn", "float8_e8m0fnu", "float8_e8m0fnu", 0, 4, 128, 128, 64, T.bool(False), T.bool(False), 1, T.bool(False), T.bool(True), T.bool(False))
# CHECK-NEXT: T.cuda.tcgen05.encode_matrix_descriptor(T.address_of(desc_a), T.address_of(smem[0, 0]), 1, 64, 3)
from tvm.script import tirx as T

@T.prim_func
def k(A: T.Buffer((4,), "uint64")):
    T.device_entry()
    tx = T.thread_id([32])
    desc_i: T.uint32
    desc_s: T.uint32
    desc_a: T.uint64
    smem = T.alloc_buffer((128, 64), "float16", scope="shared")
    T.cuda.tcgen05.encode_instr_descriptor(T.address_of(desc_i), d_dtype="float32", a_dtype="float16",
                                           b_dtype="float16", M=128, N=256, K=16, trans_a=False, trans_b=True)
    T.cuda.tcgen05.encode_instr_descriptor(T.address_of(desc_i), d_dtype="float32", a_dtype="float8_e4m3fn",
                                           b_dtype="float8_e4m3fn", M=256, N=64, K=64, trans_a=False,
                                           trans_b=False, n_cta_groups=2, is_sparse=True)
    T.cuda.tcgen05.encode_instr_descriptor_block_scaled(T.address_of(desc_s), d_dtype="float32",
        a_dtype="float4_e2m1fn", b_dtype="float4_e2m1fn", sfa_dtype="float8_e8m0fnu", sfb_dtype="float8_e8m0fnu",
        sfa_tmem_addr=0, sfb_tmem_addr=4, M=128, N=128, K=64, trans_a=False, trans_b=False, neg_b=True)
    T.cuda.tcgen05.encode_matrix_descriptor(T.address_of(desc_a), smem.ptr_to([0, 0]), ldo=1, sdo=64, swizzle=3)
    A[0] = T.Cast("uint64", desc_i) + T.Cast("uint64", desc_s) + desc_a
