# Scalar T.ptx float families in f64 and f16/bf16 (uint16 carriers): NVVM
# rounding intrinsics, .approx forms, cvt between widths and integer types;
# rcp.approx.f32 without .ftz is the one asm_table row (LLVM 22 has no intrinsic).
# RUN: %tirx-llc --emit=ptx --mcpu=sm_90a %s | FileCheck %s
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_80 --emit=cubin %s -o %t.80 %}
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_90a --emit=cubin %s -o %t.90 %}
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_100a --emit=cubin %s -o %t.100 %}
# RUN: not %tirx-llc --emit=ptx --mcpu=sm_75 %s 2>&1 | FileCheck %s --check-prefix=SM75
# SM75: ptx_alu_fp.py:[[@LINE+70]]:30: error: codegen: T.ptx["cvt.rn.bf16.f64"] requires sm_80 or newer (target is sm_75)
# CHECK-LABEL: .entry fp_kernel(
# CHECK: rsqrt.approx.f64
# CHECK: rsqrt.approx.ftz.f64
# CHECK: rcp.approx.ftz.f64
# CHECK: min.f64
# CHECK: abs.f64
# CHECK: sqrt.rz.f64
# CHECK: rcp.rm.f64
# CHECK: div.rp.f64
# CHECK: fma.rn.f64
# CHECK: sub.rz.f64
# CHECK: mul.rm.f64
# CHECK: cvt.rpi.f64.f64
# CHECK: cvt.rn.f32.f64
# CHECK: cvt.rm.f64.s64
# CHECK: cvt.rzi.u64.f64
# CHECK: cvt.rni.s64.f32
# CHECK: cvt.rz.f32.u32
# CHECK: cvt.rzi.u16.f32
# CHECK: cvt.rn.f16.f64
# CHECK: cvt.rn.bf16.f64
# CHECK: max.f16
# CHECK: abs.f16
# CHECK: neg.f16
# CHECK: fma.rn.f16
# CHECK: add.rn.f16
# CHECK: setp.lt.f16
# CHECK: cvt.f32.f16
# CHECK: cvt.rn.f16.f32
# CHECK-NOT: cvt.rzi.u16.f16
# CHECK: copysign.f64
# CHECK: sqrt.approx.ftz.f32
# CHECK: rcp.approx.ftz.f32
# CHECK: rcp.approx.f32
# CHECK: add.rz.sat.ftz.f32
# CHECK: fma.rn.ftz.sat.f32
# CHECK: fma.rn.f32
@T.prim_func
def fp(D_ptr: T.handle, F_ptr: T.handle, L_ptr: T.handle, H_ptr: T.handle, A_ptr: T.handle):
    D = T.match_buffer(D_ptr, (64,), "float64")
    F = T.match_buffer(F_ptr, (64,), "float32")
    L = T.match_buffer(L_ptr, (64,), "uint64")
    H = T.match_buffer(H_ptr, (64,), "uint16")
    A = T.match_buffer(A_ptr, (64,), "int32")
    T.device_entry()
    tx = T.thread_id([32])
    x: T.float64 = D[tx]
    y: T.float64 = D[tx + 32]
    f: T.float32 = F[tx]
    D[1] = T.ptx.rsqrt.approx.f64(x)
    D[2] = T.ptx.rsqrt.approx.ftz.f64(x)
    D[3] = T.ptx.rcp.approx.ftz.f64(x)
    D[4] = T.ptx.min.f64(x, y)
    D[5] = T.ptx.abs.f64(x)
    A[0] = T.Cast("int32", T.ptx.testp.normal.f64(x))
    D[6] = T.ptx.sqrt.rz.f64(x)
    D[7] = T.ptx.rcp.rm.f64(x)
    D[8] = T.ptx.div.rp.f64(x, y)
    D[9] = T.ptx.fma.rn.f64(x, y, x)
    D[10] = T.ptx.sub.rz.f64(x, y)
    D[11] = T.ptx.mul.rm.f64(x, y)
    D[12] = T.ptx.cvt.rpi.f64.f64(x)
    F[0] = T.ptx.cvt.rn.f32.f64(x)
    D[13] = T.ptx.cvt.rm.f64.s64(T.int64(5) + T.Cast("int64", tx))
    L[0] = T.ptx.cvt.rzi.u64.f64(x)
    A[1] = T.Cast("int32", T.ptx.cvt.rni.s64.f32(f))
    F[1] = T.ptx.cvt.rz.f32.u16(H[tx])
    A[2] = T.Cast("int32", T.ptx.cvt.rzi.u8.f32(f))
    H[0] = T.ptx.cvt.rn.f16.f64(x)
    H[1] = T.ptx.cvt.rn.bf16.f64(x)
    H[2] = T.ptx.max.f16(H[tx], H[tx + 1])
    H[3] = T.ptx.abs.f16(H[tx])
    H[4] = T.ptx.neg.f16(H[tx])
    H[5] = T.ptx.fma.rn.f16(H[tx], H[tx + 1], H[tx + 2])
    H[6] = T.ptx.add.f16(H[tx], H[tx + 1])
    A[3] = T.Cast("int32", T.ptx.setp.lt.f16(H[tx], H[tx + 1]))
    F[2] = T.ptx.cvt.f32.f16(H[tx])
    H[7] = T.ptx.cvt.rn.f16.f32(f)
    D[14] = T.ptx.copysign.f64(x, y)
    F[3] = T.ptx.sqrt.approx.ftz.f32(f)
    F[4] = T.ptx.rcp.approx.ftz.f32(f)
    F[5] = T.ptx.rcp.approx.f32(f)
    F[6] = T.ptx.add.rz.ftz.sat.f32(f, f)
    F[7] = T.ptx.fma.rn.ftz.sat.f32(f, f, f)
    F[8] = T.ptx.mad.rn.f32(f, f, f)
