# RUN: %tirx-opt --verify-diagnostics %s
# A T.ptx spelling is resolved once and kept (issue 24): a later call of a spelling that
# resolved still checks its operands, and a spelling that shares a prefix with one that
# resolved still gets its own error, as a first call would.
@T.prim_func
def f(A: T.Buffer((64,), "uint32"), x: T.uint64, y: T.float32):
    T.device_entry()
    tx = T.thread_id([64])
    d: T.uint32
    q: T.float32
    p: T.uint64
    T.ptx.ld.global_.b32(d, T.address_of(A[0]))
    T.ptx.ld.global_.b32(d, d, T.address_of(A[0]))  # expected-error@+0:22 {{T.ptx.ld (ld): expects 2 operands (d, addr), got 3}}
    T.ptx.ld.global_.b32.b33(d, T.address_of(A[0]))  # expected-error@+0:26 {{'b33' is not a valid modifier for T.ptx.ld; open slots: proxy∈{proxy::readonly}}}
    T.ptx.ld.global_.b32.b33(d, T.address_of(A[0]))  # expected-error@+0:26 {{'b33' is not a valid modifier for T.ptx.ld}}
    T.ptx.fma.rz.ftz.f32x2(p, x, x, x)
    T.ptx.fma.rz.ftz.f32x2(p, x, x)  # expected-error@+0:22 {{T.ptx.fma (fma): expects 4 operands (d, a, b, c), got 3}}
    T.ptx.fma.rz.ftz.f32x3(p, x, x, x)  # expected-error@+0:22 {{'f32x3' is not a valid modifier for T.ptx.fma; open slots: dtype∈{f32x2}; atype∈{f16x2,bf16x2}; btype∈{f32x2}; ctype∈{f32x2}}}
    T.ptx["ld.global..b32"](d, T.address_of(A[0]))  # expected-error@+0:7 {{T.ptx["ld.global..b32"]: empty modifier}}
    q = T.ptx.fma.rn.f32(y, y, y)
    q = T.ptx.fma.rx.f32(y, y, y)  # expected-error@+0:22 {{T.ptx["fma.rx.f32"]: T.ptx.fma does not take the modifier .rx; did you mean .rn?}}
    q = T.ptx.fma.rn.f32(y, y)  # expected-error@+0:22 {{T.ptx.fma.rn.f32 takes 3 arguments, got 2}}
    T.ptx.fma.rm.f32(q, y, y, 1.5, 2)  # expected-error@+0:18 {{T.ptx.fma (fma): expects 4 operands (d, a, b, c), got 5}}
