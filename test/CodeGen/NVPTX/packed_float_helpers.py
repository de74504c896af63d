# RUN: %tirx-llc %s --mcpu=sm_90a --emit=ptx -o - | FileCheck %s
# TVM's packed-float helpers in plain LLVM IR: float2 travels in a uint64 and
# bfloat162 in a uint32 (x in the low half); get_tmem_addr offsets lane and
# column modulo 2^16; IKET markers are no code (tokens 0); T.filter is its
# predicate.
# The bfloat162 word is built as a vector (codegen's pack_cvt.c), x in the low half.
# CHECK-LABEL: .entry f_kernel(
# CHECK: ld.global.nc.b32 [[X:%r[0-9]+]], [%rd{{[0-9]+}}];
# CHECK: ld.global.nc.b32 [[Y:%r[0-9]+]], [%rd{{[0-9]+}}+128];
# CHECK-DAG: cvt.rn.bf16.f32 [[YH:%rs[0-9]+]], [[Y]];
# CHECK-DAG: cvt.rn.bf16.f32 [[XH:%rs[0-9]+]], [[X]];
# CHECK: mov.b32 {{%r[0-9]+}}, {[[XH]], [[YH]]};
# CHECK: add.rn.f32
# CHECK: mul.rn.f32
# CHECK: shl.b64 {{.*}}, 32;
# CHECK: max.f32
# CHECK: min.f32
# CHECK-NOT: iket
@T.prim_func
def f(A: T.Buffer((64,), "float32"), W: T.Buffer((64,), "uint32"), Q: T.Buffer((64,), "uint64")):
    T.device_entry()
    tx = T.thread_id([32])
    W[tx] = T.cuda.float22bfloat162_rn(A[tx], A[tx + 32])
    Q[tx] = T.cuda.fmul2_rn(Q[tx], T.cuda.fadd2_rn(Q[tx], T.cuda.bfloat1622float2(W[tx])))
    W[tx + 32] = T.cuda.hmin2(W[tx], T.cuda.hmax2(W[tx], W[tx + 1]))
    tok: T.uint32 = T.cuda.iket.range_start("phase")
    W[tx + 1] = T.cuda.get_tmem_addr(tok, 0, tx * 32)
    T.cuda.iket.range_end(tok)
    if T.filter(tx, tx < 4):
        W[tx + 2] = T.uint32(1)
