# Floating-point contraction, nvcc's --fmad: by default every fadd / fsub / fmul of the
# program carries LLVM's `contract` flag, so a * b + c is one fma.rn (f32 and f16);
# --fmad=false (tirx.compile(fmad=False)) keeps each rounded on its own, as .rn
# operations that ptxas does not fuse either.  An explicitly rounded T.ptx operation is
# never contracted.
# RUN: %tirx-llc --mcpu=sm_90a --emit=llvm %s | FileCheck %s --check-prefix=IR
# RUN: %tirx-llc --mcpu=sm_90a --emit=llvm --fmad=false %s | FileCheck %s --check-prefix=IR-OFF
# RUN: %tirx-llc --mcpu=sm_90a --emit=ptx %s | FileCheck %s --check-prefix=PTX
# RUN: %tirx-llc --mcpu=sm_90a --emit=ptx --fmad=false %s | FileCheck %s --check-prefix=PTX-OFF
# RUN: %tirx-llc --mcpu=sm_90a --emit=ptx --fmad=true %s | FileCheck %s --check-prefix=PTX
# RUN: not %tirx-llc --mcpu=sm_90a --fmad=yes %s 2>&1 | FileCheck %s --check-prefix=BAD
# IR: fmul contract float %a, %b
# IR-NEXT: fadd contract float
# IR: fmul contract float %a, %b
# IR-NEXT: fsub contract float
# IR: call float @llvm.nvvm.mul.rn.f(float %a, float %c)
# IR: fmul contract half %h, %g
# IR-NEXT: fadd contract half
# IR-OFF-NOT: contract
# PTX: fma.rn.f32 {{.*}}, %r1, %r2, %r3;
# PTX: fma.rn.f32 {{.*}}, %r2, %r3;
# PTX: mul.rn.f32 [[E:%r[0-9]+]], %r1, %r3;
# PTX-NEXT: add.f32 {{.*}}, %r2, [[E]];
# PTX: fma.rn.f16
# PTX-NOT: add.rn
# PTX-OFF-NOT: fma.rn
# PTX-OFF: mul.rn.f32 [[M:%r[0-9]+]], %r1, %r2;
# PTX-OFF: add.rn.f32 {{.*}}, [[M]], %r{{[0-9]+}};
# PTX-OFF: sub.rn.f32
# PTX-OFF: mul.rn.f16
# PTX-OFF: add.rn.f16
# PTX-OFF-NOT: fma.rn
# BAD: tirx-llc: --fmad expects true or false, got 'yes'
@T.prim_func
def fmad(O_ptr: T.handle, H_ptr: T.handle, a: T.float32, b: T.float32, c: T.float32, h: T.float16, g: T.float16):
    O = T.match_buffer(O_ptr, (3,), "float32")
    H = T.match_buffer(H_ptr, (1,), "float16")
    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([1])
    O[0] = a * b + c
    O[1] = c - a * b
    O[2] = T.ptx.mul.rn.f32(a, c) + b
    H[0] = h * g + h
