# A T.unroll loop that survives (unroll-loop not run) keeps an
# llvm.loop.unroll.full hint on its latch, and LLVM unrolls it; device
# asserts trap.
# RUN: %tirx-llc --emit=llvm --pass-pipeline=lower-tirx,flatten-buffer,simplify,split-host-device %s | FileCheck %s
# RUN: %tirx-llc --emit=ptx --pass-pipeline=lower-tirx,flatten-buffer,simplify,split-host-device %s | FileCheck %s --check-prefix=PTX
# CHECK-LABEL: define ptx_kernel void @unr_kernel(
# CHECK: assert.fail:
# CHECK-NEXT: call void @llvm.trap()
# CHECK-NEXT: unreachable
# CHECK: for.latch:
# CHECK: br label %for.head, !llvm.loop ![[LOOP:[0-9]+]]
# CHECK: ![[LOOP]] = distinct !{![[LOOP]], ![[FULL:[0-9]+]]}
# CHECK: ![[FULL]] = !{!"llvm.loop.unroll.full"}
# PTX: @%p1 bra
# PTX-NOT: bra
# PTX: mul.f32
# PTX-NEXT: mul.f32
# PTX: trap;
@T.prim_func
def unr(A_ptr: T.handle, n: T.int32):
    A = T.match_buffer(A_ptr, (64,), "float32")
    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([64])
    assert n > 0, "n must be positive"
    for i in T.unroll(4):
        A[tx] = A[tx] * T.float32(i + 1)
