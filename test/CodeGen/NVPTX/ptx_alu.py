# Scalar T.ptx ALU/conversion families (intrin_ptx_alu.c): each spelling
# becomes the PTX instruction it names, through plain LLVM IR or an NVVM
# intrinsic (no inline asm); integer shifts/bfe keep PTX's clamping.
# RUN: %tirx-llc --emit=ptx --mcpu=sm_90a %s | FileCheck %s
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_90a --emit=cubin %s -o %t %}
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_80 --emit=cubin %s -o %t.80 %}
# CHECK-LABEL: .entry alu_kernel(
# CHECK-NOT: asm
# CHECK: mul.wide.s32
# CHECK: mul.hi.u32
# CHECK: mul.hi.s32
# CHECK: mad.lo.s32 {{.*}}, 7;
# CHECK: div.s32
# CHECK: rem.u32
# CHECK: min.s32
# CHECK: max.u32
# CHECK: abs.s32
# CHECK: neg.s32
# CHECK: shl.b32
# CHECK: shr.u32
# CHECK: shr.s32
# CHECK: popc.b32
# CHECK: clz.b64
# CHECK: brev.b32
# CHECK: prmt.b32
# CHECK: setp.lt.s32
# CHECK: selp.b32
# CHECK: cvt.rni.s32.f32
# CHECK: cvt.rzi.s32.f32
# CHECK: cvt.rmi.s32.f64
# CHECK: cvt.rz.f32.s32
# CHECK: cvt.rni.f32.f32
# CHECK: cvt.f64.f32
# CHECK: cvt.rz.f32.f64
# CHECK: cvt.rn.bf16.f32
# CHECK: cvt.f32.bf16
# CHECK: lg2.approx.f32
# CHECK: ex2.approx.ftz.f32
# CHECK: sin.approx.f32
# CHECK: cos.approx.ftz.f32
# CHECK: rsqrt.approx.f32
# CHECK: sqrt.rn.f32
# CHECK: rcp.rn.f32
# CHECK: div.approx.f32
# CHECK: div.full.f32
# CHECK: div.rz.f32
# CHECK: sub.rn.f32
# CHECK: mul.rp.ftz.f32
# CHECK: fma.rm.f32
# CHECK: add.rz.f64
# CHECK: min.f32
# CHECK: max.ftz.f32
# CHECK: copysign.f32
# CHECK: abs.ftz.f32
# CHECK: neg.f32
# CHECK: setp.geu.f32
# CHECK: setp.nan.f32
# CHECK: fma.rn.bf16
# CHECK: mul.rn.f16x2
# CHECK: max.f16x2
# CHECK: neg.f16
# CHECK-NOT: cvt.rzi.u32.f32
# CHECK: ret;
@T.prim_func
def alu(A_ptr: T.handle, U_ptr: T.handle, L_ptr: T.handle, F_ptr: T.handle, D_ptr: T.handle, H_ptr: T.handle):
    A = T.match_buffer(A_ptr, (64,), "int32")
    U = T.match_buffer(U_ptr, (64,), "uint32")
    L = T.match_buffer(L_ptr, (64,), "int64")
    F = T.match_buffer(F_ptr, (64,), "float32")
    D = T.match_buffer(D_ptr, (64,), "float64")
    H = T.match_buffer(H_ptr, (64,), "uint16")
    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([32])
    a: T.int32 = A[tx]
    b: T.int32 = A[tx + 32]
    u: T.uint32 = U[tx]
    v: T.uint32 = U[tx + 32]
    f: T.float32 = F[tx]
    g: T.float32 = F[tx + 32]
    L[0] = T.ptx.mul.wide.s32(a, b)
    L[1] = T.Cast("int64", T.ptx.mul.wide.u32(u, v))
    U[0] = T.ptx.mul.hi.u32(u, v)
    A[0] = T.ptx.mul.hi.s32(a, b)
    A[1] = T.ptx.mad.lo.s32(a, b, 7)
    A[2] = T.ptx.div.s32(a, b)
    U[1] = T.ptx.rem.u32(u, v)
    A[3] = T.ptx.min.s32(a, b)
    U[2] = T.ptx.max.u32(u, v)
    A[4] = T.ptx.abs.s32(a)
    A[5] = T.ptx.neg.s32(a)
    U[3] = T.ptx.xor.b32(T.ptx.or_.b32(u, v), T.ptx.not_.b32(v))
    U[4] = T.ptx.shl.b32(u, v)
    U[5] = T.ptx.shr.u32(u, v)
    A[6] = T.ptx.shr.s32(a, v)
    U[6] = T.ptx.popc.b32(u)
    U[7] = T.ptx.clz.b64(T.Cast("uint64", L[2]))
    U[8] = T.ptx.brev.b32(u)
    U[9] = T.ptx.bfe.u32(u, v, 8)
    A[7] = T.ptx.bfe.s32(a, v, 5)
    U[10] = T.ptx.bfi.b32(u, v, 3, 4)
    U[11] = T.ptx.prmt.b32(u, v, 0x3210)
    A[8] = T.ptx.selp.s32(a, b, T.ptx.setp.lt.s32(a, b))
    U[12] = T.ptx.selp.u32(u, v, T.ptx.setp.hi.u32(u, v))
    A[9] = T.ptx.add.sat.s32(a, b)
    A[10] = T.ptx.cvt.rni.s32.f32(f)
    A[11] = T.ptx.cvt.rzi.s32.f32(f)
    A[12] = T.ptx.cvt.rmi.s32.f64(D[tx])
    L[3] = T.ptx.cvt.s64.s32(a)
    F[0] = T.ptx.cvt.rz.f32.s32(a)
    F[1] = T.ptx.cvt.rni.f32.f32(f)
    D[0] = T.ptx.cvt.f64.f32(f)
    F[2] = T.ptx.cvt.rz.f32.f64(D[tx])
    H[0] = T.ptx.cvt.rn.bf16.f32(f)
    F[3] = T.ptx.cvt.f32.bf16(H[tx])
    F[4] = T.ptx.lg2.approx.f32(f)
    F[5] = T.ptx.ex2.approx.ftz.f32(f)
    F[6] = T.ptx.sin.approx.f32(f)
    F[7] = T.ptx.cos.approx.ftz.f32(f)
    F[8] = T.ptx.rsqrt.approx.f32(f)
    F[9] = T.ptx.sqrt.rn.f32(f)
    F[10] = T.ptx.rcp.rn.f32(f)
    F[11] = T.ptx.div.approx.f32(f, g)
    F[12] = T.ptx.div.full.f32(f, g)
    F[13] = T.ptx.div.rz.f32(f, g)
    F[14] = T.ptx.sub.rn.f32(f, g)
    F[15] = T.ptx.mul.rp.ftz.f32(f, g)
    F[16] = T.ptx.fma.rm.f32(f, g, f)
    D[1] = T.ptx.add.rz.f64(D[tx], D[tx + 32])
    F[17] = T.ptx.min.f32(f, g)
    F[18] = T.ptx.max.ftz.f32(f, g)
    F[19] = T.ptx.copysign.f32(f, g)
    F[20] = T.ptx.abs.ftz.f32(f)
    F[21] = T.ptx.neg.f32(f)
    A[13] = T.Cast("int32", T.ptx.setp.geu.f32(f, g))
    A[14] = T.Cast("int32", T.ptx.testp.finite.f32(f))
    A[15] = T.Cast("int32", T.ptx.testp.notanumber.f32(g))
    H[1] = T.ptx.fma.rn.bf16(H[tx], H[tx + 1], H[tx + 2])
    U[13] = T.ptx.mul.rn.f16x2(u, v)
    U[14] = T.ptx.max.f16x2(u, v)
    H[2] = T.ptx.neg.f16(H[tx])
    U[15] = T.ptx.mov.b32(f)
