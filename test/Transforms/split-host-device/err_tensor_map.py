# RUN: not %tirx-opt --pass-pipeline=default %s 2>&1 | FileCheck %s
# Malformed host-side tensor maps get located diagnostics from split-host-device: the
# argument count of cuTensorMapEncodeTiled (4 + 4*rank + 3, +1 for force_cu_dtype), a
# map never encoded or encoded twice, other call_packed functions and stack allocations,
# a base that is not a parameter's (element) address, a misaligned constant offset, a
# non-constant rank or enum, and what the runtime's validation (§4.2) can already tell
# from constants (a box dim of 300, an unsupported dtype).  Other host code keeps the
# existing diagnostic.
# CHECK: {{.*}}err_tensor_map.py:30:11: error: cuTensorMapEncodeTiled expects 15 (or 16 with force_cu_dtype) arguments for rank 2, got 14: map, dtype, rank, base address, globalDim{{\[}}2], globalStrides{{\[}}1] (bytes), boxDim{{\[}}2], elementStrides{{\[}}2], interleave, swizzle, l2Promotion, oobFill
# CHECK: {{.*}}err_tensor_map.py:37:9: error: tensor map 'A_map' is never encoded: call T.call_packed("runtime.cuTensorMapEncodeTiled", A_map, ...) before T.device_entry()
# CHECK: {{.*}}err_tensor_map.py:44:11: error: T.call_packed("runtime.something", ...) is not supported before T.device_entry(): only "runtime.cuTensorMapEncodeTiled" (TMA tensor maps) is
# CHECK: {{.*}}err_tensor_map.py:50:15: error: only T.tvm_stack_alloca("tensormap", 1) is supported (a host CUtensorMap for TMA); other stack allocations need TVM's host codegen
# CHECK: {{.*}}err_tensor_map.py:57:78: error: the base address of tensor map A_map must be a parameter's data pointer (A.data), the address of one of its elements (A.ptr_to({{\[}}i, j]), T.address_of(A{{\[}}i, j])) or a T.handle parameter
# CHECK: {{.*}}err_tensor_map.py:65:9: error: tensor map A_map: boxDim{{\[}}0] of A (300) must be in {{\[}}1, 256]
# CHECK: {{.*}}err_tensor_map.py:73:75: error: runtime.cuTensorMapEncodeTiled takes the tensorRank as an integer constant in 1..5
# CHECK: {{.*}}err_tensor_map.py:82:11: error: tensor map 'A_map' is encoded twice (first at line 81)
# CHECK: {{.*}}err_tensor_map.py:90:80: error: the base address of tensor map A_map is A's data + 8 bytes, which is not 16-byte aligned
# CHECK: {{.*}}err_tensor_map.py:98:117: error: swizzle of tensor map A_map must be an integer constant
# CHECK: {{.*}}err_tensor_map.py:106:9: error: tensor map A_map: Unsupported data type int16 for A (int8, uint8/16/32/64, int32, int64, float16/32/64, bfloat16, float8_e4m3fn, float8_e5m2, float4_e2m1fn)
# CHECK: {{.*}}err_tensor_map.py:113:59: error: runtime.cuTensorMapEncodeTiled takes first a tensor map bound before it by T.tvm_stack_alloca("tensormap", 1)
# CHECK: {{.*}}err_tensor_map.py:119:9: error: host code before T.device_entry() is not supported yet
# CHECK: {{.*}}err_tensor_map.py:127:15: error: T.tvm_stack_alloca runs on the host: it must come before T.device_entry() (tensor maps are encoded there and passed to the kernel)
# CHECK: {{.*}}err_tensor_map.py:128:11: error: T.call_packed runs on the host: it must come before T.device_entry()
# CHECK-NOT: error
@I.ir_module
class Module:
    @T.prim_func
    def count(A: T.Buffer((64, 128), "float16")):
        A_map: T.let[T.handle("tensormap")] = T.tvm_stack_alloca("tensormap", 1)
        T.call_packed("runtime.cuTensorMapEncodeTiled", A_map, "float16", 2, A.data, 128, 64, 256, 64, 32, 1, 1, 0, 0, 0)
        T.device_entry()
        tx = T.thread_id([32])
        T.ptx.prefetch.tensormap(A_map)

    @T.prim_func
    def never(A: T.Buffer((64, 128), "float16")):
        A_map: T.let[T.handle("tensormap")] = T.tvm_stack_alloca("tensormap", 1)
        T.device_entry()
        tx = T.thread_id([32])
        T.ptx.prefetch.tensormap(A_map)

    @T.prim_func
    def other(A: T.Buffer((64, 128), "float16")):
        T.call_packed("runtime.something", A.data)
        T.device_entry()
        tx = T.thread_id([32])

    @T.prim_func
    def alloca(A: T.Buffer((64, 128), "float16")):
        s = T.tvm_stack_alloca("shape", 2)
        T.device_entry()
        tx = T.thread_id([32])

    @T.prim_func
    def base(A: T.Buffer((64, 128), "float16"), n: T.int32):
        A_map: T.let[T.handle("tensormap")] = T.tvm_stack_alloca("tensormap", 1)
        T.call_packed("runtime.cuTensorMapEncodeTiled", A_map, "float16", 2, n, 128, 64, 256, 64, 32, 1, 1, 0, 0, 0, 0)
        T.device_entry()
        tx = T.thread_id([32])
        T.ptx.prefetch.tensormap(A_map)

    @T.prim_func
    def box(A: T.Buffer((64, 128), "float16")):
        A_map: T.let[T.handle("tensormap")] = T.tvm_stack_alloca("tensormap", 1)
        T.call_packed("runtime.cuTensorMapEncodeTiled", A_map, "float16", 2, A.data, 128, 64, 256, 300, 32, 1, 1, 0, 0, 0, 0)
        T.device_entry()
        tx = T.thread_id([32])
        T.ptx.prefetch.tensormap(A_map)

    @T.prim_func
    def rank(A: T.Buffer((64, 128), "float16"), r: T.int32):
        A_map: T.let[T.handle("tensormap")] = T.tvm_stack_alloca("tensormap", 1)
        T.call_packed("runtime.cuTensorMapEncodeTiled", A_map, "float16", r, A.data, 128, 64, 256, 64, 32, 1, 1, 0, 0, 0, 0)
        T.device_entry()
        tx = T.thread_id([32])
        T.ptx.prefetch.tensormap(A_map)

    @T.prim_func
    def twice(A: T.Buffer((64, 128), "float16")):
        A_map: T.let[T.handle("tensormap")] = T.tvm_stack_alloca("tensormap", 1)
        T.call_packed("runtime.cuTensorMapEncodeTiled", A_map, "float16", 2, A.data, 128, 64, 256, 64, 32, 1, 1, 0, 0, 0, 0)
        T.call_packed("runtime.cuTensorMapEncodeTiled", A_map, "float16", 2, A.data, 128, 64, 256, 64, 32, 1, 1, 0, 0, 0, 0)
        T.device_entry()
        tx = T.thread_id([32])
        T.ptx.prefetch.tensormap(A_map)

    @T.prim_func
    def align(A: T.Buffer((64, 128), "float16")):
        A_map: T.let[T.handle("tensormap")] = T.tvm_stack_alloca("tensormap", 1)
        T.call_packed("runtime.cuTensorMapEncodeTiled", A_map, "float16", 2, A.ptr_to([0, 4]), 128, 64, 256, 64, 32, 1, 1, 0, 0, 0, 0)
        T.device_entry()
        tx = T.thread_id([32])
        T.ptx.prefetch.tensormap(A_map)

    @T.prim_func
    def enum(A: T.Buffer((64, 128), "float16"), sw: T.int32):
        A_map: T.let[T.handle("tensormap")] = T.tvm_stack_alloca("tensormap", 1)
        T.call_packed("runtime.cuTensorMapEncodeTiled", A_map, "float16", 2, A.data, 128, 64, 256, 64, 32, 1, 1, 0, sw, 0, 0)
        T.device_entry()
        tx = T.thread_id([32])
        T.ptx.prefetch.tensormap(A_map)

    @T.prim_func
    def dtype(A: T.Buffer((64, 128), "float16")):
        A_map: T.let[T.handle("tensormap")] = T.tvm_stack_alloca("tensormap", 1)
        T.call_packed("runtime.cuTensorMapEncodeTiled", A_map, "int16", 2, A.data, 128, 64, 256, 64, 32, 1, 1, 0, 0, 0, 0)
        T.device_entry()
        tx = T.thread_id([32])
        T.ptx.prefetch.tensormap(A_map)

    @T.prim_func
    def notmap(A: T.Buffer((64, 128), "float16")):
        T.call_packed("runtime.cuTensorMapEncodeTiled", A.data, "float16", 2, A.data, 128, 64, 256, 64, 32, 1, 1, 0, 0, 0, 0)
        T.device_entry()
        tx = T.thread_id([32])

    @T.prim_func
    def hostbind(A: T.Buffer((64, 128), "float16")):
        A[0, 0] = T.float16(1)
        T.device_entry()
        tx = T.thread_id([32])

    @T.prim_func
    def indevice(A: T.Buffer((64, 128), "float16")):
        T.device_entry()
        tx = T.thread_id([32])
        m = T.tvm_stack_alloca("tensormap", 1)
        T.call_packed("runtime.cuTensorMapEncodeTiled", m, "float16", 2, A.data, 128, 64, 256, 64, 32, 1, 1, 0, 0, 0, 0)
