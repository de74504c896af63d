# RUN: not %tirx-opt %s 2>&1 | FileCheck %s
# T.ptx.SINK only in sinkable lanes, never in all of them; T.ptx.pred only on .pred operands;
# the flat form needs one string per slot of some shape.
# CHECK: ptx_engine_markers.py:14:15: error: no T.ptx.mov instruction matches these operands; candidates:
# CHECK: mov_unpack_b32x2: at least one lane of 'd' must be a real register
# CHECK: ptx_engine_markers.py:15:22: error: T.ptx.ld (ld): operand 'd' is not a .pred operand, so it cannot take T.ptx.pred(...)
# CHECK: ptx_engine_markers.py:16:11: error: no T.ptx.ld instruction has these 2 modifier slots
@T.prim_func
def f(A: T.Buffer((64,), "uint32")):
    T.device_entry()
    tx = T.thread_id([64])
    d: T.uint32
    w: T.uint64
    T.ptx.mov.b64(T.ptx.SINK, T.ptx.SINK, w)
    T.ptx.ld.global_.b32(T.ptx.pred(d), T.address_of(A[0]))
    T.ptx.ld(d, T.address_of(A[0]), "global", "b32", "")
