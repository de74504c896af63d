# tvm.backend.cuda.cpp.descriptors: the tcgen05 shared-memory descriptor base
# and the dense / block-scaled instruction descriptors fold to the constants
# TVM 0.27 computes (formats, transposes, negation, N/M fields, the scale
# format, K=96).
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# The expected lines are what TVM 0.27 prints for this kernel.
# CHECK-LABEL: def descs(A: T.Buffer((16,), "uint64")):
# CHECK-NEXT: T.attr({"tirx.device_entry": T.bool(True)})
# CHECK-NEXT: A[0] = T.uint64(4611756662049538048)
# CHECK-NEXT: A[1] = T.uint64(2305913515396825088)
# CHECK-NEXT: A[2] = T.uint64(74766791213056)
# CHECK-NEXT: A[3] = T.uint64(138412048)
# CHECK-NEXT: A[4] = T.uint64(135300112)
# CHECK-NEXT: A[5] = T.uint64(67575968)
# CHECK-NEXT: A[6] = T.uint64(144703488)
# CHECK-NEXT: A[7] = T.uint64(138413184)
# CHECK-NEXT: A[8] = T.uint64(2426406016)
# CHECK-NOT: {{.}}
from tvm.script import tirx as T
from tvm.backend.cuda.cpp.descriptors import encode_instr_descriptor_block_scaled_uint32, encode_instr_descriptor_dense_uint32, encode_smem_descriptor_base_uint64

S0 = encode_smem_descriptor_base_uint64(1, 64, 3)
S1 = encode_smem_descriptor_base_uint64(0, 32, 4)
S2 = encode_smem_descriptor_base_uint64(8, 1024, 0)
I0 = encode_instr_descriptor_dense_uint32(128, 256, 16, "float32", "float16", "float16", False, False)
I1 = encode_instr_descriptor_dense_uint32(128, 64, 32, "float32", "float8_e4m3fn", "float8_e5m2", True, False, cta_group=2)
I2 = encode_instr_descriptor_dense_uint32(64, 24, 32, "int32", "int8", "uint8", False, True, neg_a=True)
B0 = encode_instr_descriptor_block_scaled_uint32(128, 128, 32, "float32", "float8_e4m3fn", "float8_e4m3fn", "float8_e8m0fnu", False, False)
B1 = encode_instr_descriptor_block_scaled_uint32(128, 256, 64, "float32", "float4_e2m1fn", "float4_e2m1fn", "float8_e4m3fn", False, False)
B2 = encode_instr_descriptor_block_scaled_uint32(256, 128, 96, "float32", "float4_e2m1fn", "float4_e2m1fn", "float8_e8m0fnu", False, False, cta_group=2)

@T.prim_func
def descs(A: T.Buffer((16,), "uint64")):
    T.device_entry()
    A[0] = T.uint64(S0)
    A[1] = T.uint64(S1)
    A[2] = T.uint64(S2)
    A[3] = T.uint64(I0)
    A[4] = T.uint64(I1)
    A[5] = T.uint64(I2)
    A[6] = T.uint64(B0)
    A[7] = T.uint64(B1)
    A[8] = T.uint64(B2)
