# RUN: not %tirx-llc --emit=ptx --mcpu=sm_90a %s 2>&1 | FileCheck %s
# Scalar T.ptx spellings that parse but have no NVPTX lowering yet: a located
# codegen diagnostic each, never an abort.
# CHECK: {{.*}}ptx_alu_unsupported.py:14:30: error: codegen: T.ptx["cvt.sat.s32.s64"] is not supported by the NVPTX backend yet
# CHECK: {{.*}}ptx_alu_unsupported.py:15:29: error: codegen: T.ptx["div.approx.f64"] is not supported by the NVPTX backend yet
# CHECK: {{.*}}ptx_alu_unsupported.py:16:29: error: codegen: T.ptx["sin.approx.f64"] is not supported by the NVPTX backend yet
# CHECK: {{.*}}ptx_alu_unsupported.py:17:29: error: codegen: T.ptx["mul.rn.sat.f64"] is not supported by the NVPTX backend yet
@T.prim_func
def u(A_ptr: T.handle, D_ptr: T.handle):
    A = T.match_buffer(A_ptr, (64,), "int32")
    D = T.match_buffer(D_ptr, (64,), "float64")
    T.device_entry()
    tx = T.thread_id([32])
    A[0] = T.ptx.cvt.sat.s32.s64(T.Cast("int64", A[tx]))
    D[0] = T.ptx.div.approx.f64(D[tx], D[1])
    D[1] = T.ptx.sin.approx.f64(D[tx])
    D[2] = T.ptx.mul.rn.sat.f64(D[tx], D[1])
