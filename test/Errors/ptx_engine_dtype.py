# RUN: not %tirx-opt %s 2>&1 | FileCheck %s
# Operand dtypes follow the PTX type: .u32 takes uint32 only, a b32 group one dtype.
# CHECK: ptx_engine_dtype.py:9:27: error: T.ptx.red (red): operand 'value' must have dtype uint32 (from .u32), got int32
# CHECK: ptx_engine_dtype.py:10:25: error: T.ptx.st (st_vec): operand 'value' is one 2-register group, so its lanes need one dtype, got int32 and uint32
@T.prim_func
def f(A: T.Buffer((64,), "uint32")):
    T.device_entry()
    tx = T.thread_id([64])
    T.ptx.red.global_.add.u32(T.address_of(A[0]), tx)
    T.ptx.st.global_.v2.b32(T.address_of(A[0]), tx, T.uint32(1))
