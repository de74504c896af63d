# A module of several kernels compiles each kernel's LLVM optimisation and PTX as a part of
# its own, on up to -j threads (lib/Target/NVPTX/split.c), and ptxas gets --split-compile:
# the PTX does not depend on -j and is the module's as compiled whole (byte for byte: the
# shared declaration of the dynamic shared memory once, each kernel's labels numbered as in
# the whole module); the cubin's code is the same.
# RUN: %tirx-llc %s --mcpu=sm_90a --no-cache -j1 -o %t.j1.ptx
# RUN: %tirx-llc %s --mcpu=sm_90a --no-cache -j3 -o %t.j3.ptx
# RUN: %tirx-llc %s --mcpu=sm_90a --no-cache --jobs=8 -o %t.j8.ptx
# RUN: cmp %t.j1.ptx %t.j3.ptx
# RUN: cmp %t.j1.ptx %t.j8.ptx
# RUN: env TIRX_JOBS=2 %tirx-llc %s --mcpu=sm_90a --no-cache -o %t.env.ptx
# RUN: cmp %t.j1.ptx %t.env.ptx
# RUN: FileCheck %s --check-prefix=PTX < %t.j3.ptx
# PTX: .address_size 64
# PTX-EMPTY:
# PTX-NEXT: // .globl first_kernel
# PTX-NEXT: .extern .shared .align {{[0-9]+}} .b8 __tirx_dyn_smem[];
# PTX-NOT: __tirx_dyn_smem[];
# PTX: .visible .entry first_kernel(
# PTX: $L__BB0_
# PTX: // .globl second_kernel
# PTX-NEXT: .visible .entry second_kernel(
# PTX: $L__BB1_
# PTX: // .globl third_kernel
# PTX-NEXT: .visible .entry third_kernel(
# PTX-NOT: .entry
#
# The optimised LLVM IR is the parts', one after the other.
# RUN: %tirx-llc %s --mcpu=sm_90a --no-cache -j2 --emit=llvm-opt | FileCheck %s --check-prefix=IR
# IR: ; ---- part 1 of 3: kernel first_kernel
# IR: define ptx_kernel void @first_kernel(
# IR-NOT: define ptx_kernel
# IR: ; ---- part 2 of 3: kernel second_kernel
# IR-NOT: define ptx_kernel void @first_kernel(
# IR: ; ---- part 3 of 3: kernel third_kernel
#
# -O0 keeps the device function: each part has its own copy, in the PTX once.
# RUN: %tirx-llc %s --mcpu=sm_90a --no-cache -O0 -j1 -o %t.o0.j1.ptx
# RUN: %tirx-llc %s --mcpu=sm_90a --no-cache -O0 -j3 -o %t.o0.j3.ptx
# RUN: cmp %t.o0.j1.ptx %t.o0.j3.ptx
# RUN: FileCheck %s --check-prefix=O0 < %t.o0.j3.ptx
# O0-COUNT-1: .func  (.param .b32 func_retval0) scaled(
# O0-NOT: .func  (.param .b32 func_retval0) scaled(
#
# ptxas (--split-compile 3 with -j3): the same sections but ptxas's note of its command
# line, every kernel's code in the cubin; a bundle holds each kernel's launch plan.
# RUN: %if ptxas %{ %tirx-llc %s --mcpu=sm_90a --no-cache -j1 --emit=cubin -o %t.j1.cubin %}
# RUN: %if ptxas %{ %tirx-llc %s --mcpu=sm_90a --no-cache -j3 --emit=cubin -o %t.j3.cubin %}
# RUN: %if ptxas %{ %python %S/Inputs/cubin_sections.py --code %t.j1.cubin > %t.j1.sec %}
# RUN: %if ptxas %{ %python %S/Inputs/cubin_sections.py --code %t.j3.cubin > %t.j3.sec %}
# RUN: %if ptxas %{ diff %t.j1.sec %t.j3.sec %}
# RUN: %if ptxas %{ FileCheck %s --check-prefix=SEC < %t.j3.sec %}
# SEC-DAG: .text.first_kernel
# SEC-DAG: .text.second_kernel
# SEC-DAG: .text.third_kernel
# RUN: %if ptxas %{ %tirx-llc %s --mcpu=sm_90a --no-cache -j3 --emit=bundle -o %t.tirxb %}
# RUN: %if ptxas %{ tirx-bundle-dump %t.tirxb | FileCheck %s --check-prefix=BUNDLE %}
# BUNDLE-DAG: first_kernel
# BUNDLE-DAG: second_kernel
# BUNDLE-DAG: third_kernel
#
# -j takes a count of at least 1.
# RUN: not %tirx-llc %s -j0 2>&1 | FileCheck %s --check-prefix=ERR0
# ERR0: tirx-llc: --jobs needs a count >= 1: 0
# RUN: not %tirx-llc %s --jobs=many 2>&1 | FileCheck %s --check-prefix=ERRX
# ERRX: tirx-llc: {{.*}}--jobs{{.*}}many
from tvm.script import ir as I
from tvm.script import tirx as T


@I.ir_module
class Module:
    @T.prim_func(private=True)
    def scaled(v: T.float32, s: T.float32) -> T.float32:
        return v * s

    @T.prim_func
    def first(A: T.Buffer((256,), "float32")):
        T.device_entry()
        tx = T.thread_id([128])
        buf = T.alloc_buffer((128,), "float32", scope="shared.dyn")
        buf[tx] = A[tx]
        T.tvm_storage_sync("shared")
        if tx < 64:
            A[tx] = scaled(buf[127 - tx], T.float32(2))

    @T.prim_func
    def second(A: T.Buffer((256,), "float32")):
        T.device_entry()
        tx = T.thread_id([128])
        for i in range(4):
            if A[tx] > T.float32(i):
                A[tx + 128] = scaled(A[tx], T.float32(i))

    @T.prim_func
    def third(A: T.Buffer((256,), "float32")):
        T.device_entry()
        tx = T.thread_id([128])
        buf = T.alloc_buffer((128,), "float32", scope="shared.dyn")
        buf[tx] = A[tx] + T.float32(1)
        T.tvm_storage_sync("shared")
        A[tx] = buf[(tx + 1) % 128]
