# When two parts of a module (lib/Target/NVPTX/split.c) define one symbol differently, the
# join is refused and the module compiles whole: here each part would specialise the
# recursive (so never inlined) device function for its own constant `s` (2 in ka, 3 in kb).
# The PTX is the same for every -j, with one `power`.
# RUN: %tirx-llc %s --mcpu=sm_90a --no-cache -j1 -o %t.j1.ptx
# RUN: %tirx-llc %s --mcpu=sm_90a --no-cache -j2 -o %t.j2.ptx
# RUN: cmp %t.j1.ptx %t.j2.ptx
# RUN: FileCheck %s --check-prefix=PTX < %t.j2.ptx
# PTX-COUNT-1: .func  (.param .b32 func_retval0) power(
# PTX-NOT: .func  (.param .b32 func_retval0) power(
# RUN: %tirx-llc %s --mcpu=sm_90a --no-cache -j2 --emit=llvm-opt | FileCheck %s --check-prefix=IR
# IR-NOT: ; ---- part
# IR: define ptx_kernel void @ka_kernel(
# IR: define internal {{.*}}float @power(i32 {{.*}}%n, float %s)
# IR: define ptx_kernel void @kb_kernel(
# RUN: %if ptxas %{ %tirx-llc %s --mcpu=sm_90a --no-cache -j2 --emit=cubin -o %t.cubin %}
from tvm.script import ir as I
from tvm.script import tirx as T

@I.ir_module
class Module:
    @T.prim_func(private=True)
    def power(n: T.int32, s: T.float32) -> T.float32:
        if n <= 0:
            return T.float32(1)
        return s * power(n - 1, s)

    @T.prim_func
    def ka(A: T.Buffer((256,), "float32")):
        T.device_entry()
        tx = T.thread_id([128])
        A[tx] = power(tx, T.float32(2))

    @T.prim_func
    def kb(A: T.Buffer((256,), "float32")):
        T.device_entry()
        tx = T.thread_id([128])
        A[tx] = power(tx, T.float32(3))
