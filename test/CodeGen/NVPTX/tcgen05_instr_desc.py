# RUN: %tirx-llc %s --mcpu=sm_100a --emit=ptx -o - | FileCheck %s
# tcgen05.mma instruction descriptors computed at compile time (PTX ISA's
# instruction-descriptor bit fields, as TVM's InstrDescriptor helpers set them):
# dense f32 += f16 * f16, M=N=256: c_format 1 <<4, N>>3 <<17, M>>4 <<24
# = 0x10400010; block-scaled f32 += e2m1 * e4m3 with e8m0 scales, M=256 N=16:
# a_format 5 <<7, N>>3 <<17, scale_format 1 <<23, M>>4 <<24 = 0x10840280;
# dense f32 += tf32 * tf32, M=N=128, with TVM's dtype name "tf32" (the format codes are
# the rows of tcgen05_format.def, the prelude's too; codegen knew only "tfloat32"):
# a_format 2 <<7, b_format 2 <<10, c_format 1 <<4, N>>3 <<17, M>>4 <<24 = 0x08200910.
# CHECK: st.global.b32 [%rd{{[0-9]+}}], 272629776;
# CHECK: st.global.b32 [%rd{{[0-9]+}}+4], 277086848;
# CHECK: st.global.b32 [%rd{{[0-9]+}}+8], 136317200;
@T.prim_func
def f(D: T.Buffer((3,), "uint32")):
    T.device_entry()
    tx = T.thread_id([1])
    desc: T.uint32 = T.uint32(0)
    T.cuda.tcgen05.encode_instr_descriptor(T.address_of(desc), "float32", "float16", "float16", 256, 256, 16, T.bool(False), T.bool(False), 2, T.bool(False), T.bool(False), T.bool(False), T.bool(False))
    D[0] = desc
    desc2: T.uint32 = T.uint32(0)
    T.cuda.tcgen05.encode_instr_descriptor_block_scaled(T.address_of(desc2), "float32", "float4_e2m1fn", "float8_e4m3fn", "float8_e8m0fnu", "float8_e8m0fnu", 0, 0, 256, 16, 32, T.bool(False), T.bool(False), 2, T.bool(False), T.bool(False), T.bool(False))
    D[1] = desc2
    desc3: T.uint32 = T.uint32(0)
    T.cuda.tcgen05.encode_instr_descriptor(T.address_of(desc3), "float32", "tf32", "tf32", 128, 128, 8, T.bool(False), T.bool(False), 1, T.bool(False), T.bool(False), T.bool(False), T.bool(False))
    D[2] = desc3
