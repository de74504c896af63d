# Predicated and strided vector accesses: a vector predicate is a masked load
# (zero where false) / masked store; a scalar predicate a branch; a stride-2
# slice is a gather/scatter of scalar accesses.
# RUN: %tirx-llc --emit=llvm %s | FileCheck %s
# CHECK-LABEL: define ptx_kernel void @pred_kernel(
# CHECK: call <4 x float> @llvm.masked.load.v4f32.p1(ptr addrspace(1) align 16 %{{.*}}, <4 x i1> %{{.*}}, <4 x float> zeroinitializer)
# CHECK: ld.pred:
# CHECK: load <4 x float>, ptr addrspace(1) %{{.*}}, align 16
# CHECK: ld.end:
# CHECK-NEXT: phi <4 x float> [ %{{.*}}, %ld.pred ], [ zeroinitializer, %{{.*}} ]
# CHECK: call void @llvm.masked.store.v4f32.p1(<4 x float> %{{.*}}, ptr addrspace(1) align 16 %{{.*}}, <4 x i1>
# CHECK-COUNT-4: store float %{{.*}}, ptr addrspace(1) %{{.*}}, align 4
@T.prim_func
def pred(A_ptr: T.handle, O_ptr: T.handle, n: T.int32):
    A = T.match_buffer(A_ptr, (256,), "float32")
    O = T.match_buffer(O_ptr, (512,), "float32")
    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([64])
    v = T.alloc_local((1,), "float32x4")
    w = T.alloc_local((1,), "float32x4")
    v[0] = A.vload([tx * 4], dtype="float32x4", predicate=T.Ramp(tx * 4, 1, 4) < T.Broadcast(n, 4))
    w[0] = A.vload([tx * 4], dtype="float32x4", predicate=tx < 8)
    O.vstore([tx * 4], v[0] + w[0], predicate=T.Ramp(tx * 4, 1, 4) < T.Broadcast(n, 4))
    O[256 + tx * 4:256 + tx * 4 + 8:2] = v[0]
