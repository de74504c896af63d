# RUN: not %tirx-opt %s 2>&1 | FileCheck %s
# Scalar T.ptx families: bad family, modifier, type, operand count, operand dtype and destination.
# CHECK: {{.*}}ptx_alu_errors.py:22:29: error: unknown intrinsic 'T.ptx.addd.s32'; did you mean 'T.ptx.add.s32'?
# CHECK: {{.*}}ptx_alu_errors.py:23:28: error: T.ptx["add.s33"]: T.ptx.add does not take the modifier .s33; did you mean .s32?
# CHECK: {{.*}}ptx_alu_errors.py:24:28: error: T.ptx["add.s32"] takes 2 operands (or a destination and 2), got 1
# CHECK: {{.*}}ptx_alu_errors.py:25:28: error: T.ptx["mul.s32"]: T.ptx.mul.s32 needs one of .lo, .hi, .wide
# CHECK: {{.*}}ptx_alu_errors.py:26:31: error: T.ptx["add.rx.f32"]: T.ptx.add does not take the modifier .rx; did you mean .rn?
# CHECK: {{.*}}ptx_alu_errors.py:27:33: error: operand 1 of T.ptx["add.u32"] must be uint32, got int32
# CHECK: {{.*}}ptx_alu_errors.py:28:21: error: T.ptx["cvt.rni.s32"]: T.ptx.cvt needs two type suffixes (.dtype.atype)
# CHECK: {{.*}}ptx_alu_errors.py:29:30: error: T.ptx["setp.s32"]: T.ptx.setp needs a comparison (.eq, .lt, ...)
# CHECK: {{.*}}ptx_alu_errors.py:30:41: error: operand 2 of T.ptx["and.b32"] is uint32: a float literal is not allowed
# CHECK: {{.*}}ptx_alu_errors.py:31:30: error: T.ptx["popc.f32"]: T.ptx.popc does not take the type .f32
# CHECK: {{.*}}ptx_alu_errors.py:32:35: error: T.ptx["cvt.rn.s32.f32"]: T.ptx.cvt from a float to an integer needs .rni, .rzi, .rmi or .rpi
# CHECK: {{.*}}ptx_alu_errors.py:33:39: error: operand 2 of T.ptx["add.s32"]: 99999999999 does not fit in int32
# CHECK: {{.*}}ptx_alu_errors.py:34:28: error: T.ptx["add.s32"] takes no keyword 'pred'
# CHECK: {{.*}}ptx_alu_errors.py:35:20: error: T.ptx["add..s32"]: empty modifier
# CHECK: {{.*}}ptx_alu_errors.py:36:15: error: T.ptx.add (add_int): destination 'd' must be a writable scalar or buffer element
@T.prim_func
def f(A: T.Buffer((64,), "int32"), U: T.Buffer((64,), "uint32")):
    T.device_entry()
    tx = T.thread_id([64])
    a: T.int32 = T.ptx.addd.s32(A[tx], 1)
    b: T.int32 = T.ptx.add.s33(A[tx], 1)
    c: T.int32 = T.ptx.add.s32(A[tx])
    d: T.int32 = T.ptx.mul.s32(A[tx], 1)
    e: T.int32 = T.ptx.add.rx.f32(A[tx], 1)
    g: T.uint32 = T.ptx.add.u32(A[tx], 1)
    h: T.uint32 = T.ptx["cvt.rni.s32"](A[tx])
    i: T.uint32 = T.ptx.setp.s32(A[tx], 1)
    j: T.uint32 = T.ptx.and_.b32(U[tx], 1.5)
    k: T.uint32 = T.ptx.popc.f32(U[tx])
    m: T.int32 = T.ptx.cvt.rn.s32.f32(T.float32(1))
    n: T.int32 = T.ptx.add.s32(A[tx], 99999999999)
    o: T.int32 = T.ptx.add.s32(A[tx], 1, pred=True)
    q: T.int32 = T.ptx["add..s32"](A[tx], 1)
    T.ptx.add.s32(A[tx] + 1, A[tx], 1)
    T.ptx.add.s32(U[tx], A[tx], 1)
