# T.cuda.atomic_add / atomic_cas are device-scope relaxed atomics (CUDA's
# atomicAdd / atomicCAS); T.cuda.ldg is an invariant load (ld.global.nc).
# RUN: %tirx-llc --emit=llvm %s | FileCheck %s --check-prefix=LLVM
# RUN: %tirx-llc --emit=ptx --mcpu=sm_90a %s | FileCheck %s --check-prefix=PTX
# LLVM-LABEL: define ptx_kernel void @atoms_kernel(
# LLVM: atomicrmw fadd ptr addrspace(1) %S_ptr, float 1.500000e+00 syncscope("device") monotonic, align 4
# LLVM: atomicrmw add ptr addrspace(1) %{{.*}}, i32 1 syncscope("device") monotonic, align 4
# LLVM: cmpxchg ptr addrspace(1) %{{.*}}, i32 0, i32 %{{.*}} syncscope("device") monotonic monotonic
# LLVM: load float, ptr addrspace(1) %{{.*}}, align 4, !invariant.load
# PTX-DAG: atom.global.add.f32
# PTX-DAG: atom.global.add.u32
# PTX-DAG: atom.{{.*}}global.cas.b32
# PTX-DAG: ld.global.nc.b32
@T.prim_func
def atoms(S_ptr: T.handle, C_ptr: T.handle, X_ptr: T.handle, O_ptr: T.handle):
    S = T.match_buffer(S_ptr, (1,), "float32")
    C = T.match_buffer(C_ptr, (1,), "int32")
    X = T.match_buffer(X_ptr, (256,), "float32")
    O = T.match_buffer(O_ptr, (256,), "int32")
    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([256])
    old: T.float32 = T.cuda.atomic_add(S.data, T.float32(1.5))
    n: T.int32 = T.cuda.atomic_add(T.address_of(C[0]), 1)
    O[tx] = T.cuda.atomic_cas(T.address_of(O[tx]), 0, n)
    X[tx] = T.cuda.ldg(T.address_of(X[255 - tx]), "float32") + old
