# RUN: not %tirx-opt %s 2>&1 | FileCheck %s
# An immediate outside its closed domain.
# CHECK: ptx_engine_immediate.py:8:39: error: T.ptx.setmaxnreg (setmaxnreg): operand 'nreg' must be one of 24, 32, {{.*}}, 256, got 23
@T.prim_func
def f(A: T.Buffer((64,), "uint32")):
    T.device_entry()
    tx = T.thread_id([128])
    T.ptx.setmaxnreg.inc.sync.aligned.u32(23)
