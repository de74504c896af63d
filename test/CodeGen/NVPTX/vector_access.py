# vload/vstore of float32x4 are one 16-byte access each (TVM's vload contract:
# aligned to the vector size): ld.global.v4 / st.global.v4 on sm_90a.  On
# sm_100a LLVM keeps the pairs packed (v2.b64 + mul.f32x2; without .rn: the multiply may
# be contracted, tirx-llc --fmad).
# RUN: %tirx-llc --emit=llvm %s | FileCheck %s --check-prefix=LLVM
# RUN: %tirx-llc --emit=ptx --mcpu=sm_90a %s | FileCheck %s --check-prefix=PTX
# RUN: %tirx-llc --emit=ptx --mcpu=sm_100a %s | FileCheck %s --check-prefix=SM100
# LLVM-LABEL: define ptx_kernel void @vec_kernel(
# LLVM: load <4 x float>, ptr addrspace(1) %{{.*}}, align 16
# LLVM: fmul contract <4 x float>
# LLVM: store <4 x float> %{{.*}}, ptr addrspace(1) %{{.*}}, align 16
# PTX: ld.global.nc.v4.b32 {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, [%rd{{[0-9]+}}];
# PTX-COUNT-4: mul.f32
# PTX: st.global.v4.b32 [%rd{{[0-9]+}}], {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}};
# SM100: ld.global.nc.v2.b64
# SM100-COUNT-2: mul.f32x2
# SM100: st.global.v2.b64
@T.prim_func
def vec(A_ptr: T.handle, B_ptr: T.handle):
    A = T.match_buffer(A_ptr, (1024,), "float32")
    B = T.match_buffer(B_ptr, (1024,), "float32")
    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([256])
    v = A.vload([tx * 4], dtype="float32x4")
    B.vstore([tx * 4], v * T.Broadcast(T.float32(3.0), 4))
