# for / while / if-elif-else / break / continue / early return: structured
# blocks; break leaves the innermost loop, continue jumps to its latch.
# RUN: %tirx-llc --emit=llvm %s | FileCheck %s
# CHECK-LABEL: define ptx_kernel void @flow_kernel(
# CHECK: for.head:
# CHECK-NEXT: %i = phi i32 [ 0, %{{.*}} ], [ %{{.*}}, %for.latch ]
# CHECK: icmp slt i32 %i, 64
# CHECK: if.then:
# CHECK-NEXT: br label %for.latch
# CHECK: br label %for.end
# CHECK: while.head:
# CHECK: br i1 %{{.*}}, label %while.body, label %while.end
# CHECK: ret void
# CHECK: ret void
@T.prim_func
def flow(A_ptr: T.handle):
    A = T.match_buffer(A_ptr, (64,), "int32")
    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([64])
    acc: T.int32 = 0
    for i in range(64):
        if i == tx:
            continue
        elif A[i] < 0:
            break
        else:
            acc = acc + A[i]
    n: T.int32 = acc
    while n > 100:
        n = n // 2
        if n == 7:
            break
    if tx == 63:
        return
    A[tx] = n
