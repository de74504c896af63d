# TVM's parser names the buffer a kernel body binds: `x = buf` and each name
# of `a, b = f(...)` rename the buffer itself, so the last name bound to it is
# the one printed; what a plain Python helper binds names nothing (TVM's
# default "buffer", which the printer numbers per scope).  The CHECK lines are
# what TVM 0.27 prints.
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# CHECK:      vals = T.alloc_shared((8,), "uint32")
# CHECK-NEXT: c16 = vals.view("uint16")
# CHECK-NEXT: q = T.alloc_shared((2,), "uint32")
# CHECK-NEXT: for i in range(2):
# CHECK-NEXT:     buffer: T.uint32
# CHECK-NEXT:     T.ptx.ld(buffer, T.address_of(A[i]), "", "", "", "global", "", "", "", "", "", "b32", "")
# CHECK-NEXT:     x: T.uint32 = buffer
# CHECK-NEXT:     buffer_1: T.uint32
# CHECK-NEXT:     T.ptx.ld(buffer_1, T.address_of(A[i + 1]), "", "", "", "global", "", "", "", "", "", "b32", "")
# CHECK-NEXT:     y: T.uint32 = buffer_1
# CHECK-NEXT:     vals[i] = x + y
# CHECK-NEXT: for i in range(2):
# CHECK-NEXT:     buffer: T.uint32
# CHECK-NEXT:     T.ptx.ld(buffer, T.address_of(A[i]), "", "", "", "global", "", "", "", "", "", "b32", "")
# CHECK-NEXT:     z: T.uint32 = buffer
# CHECK-NEXT:     c16[i] = T.Cast("uint16", z)
# CHECK-NEXT: buffer: T.uint32
# CHECK-NEXT: T.ptx.ld(buffer, T.address_of(A[0]), "", "", "", "global", "", "", "", "", "", "b32", "")
# CHECK-NEXT: w: T.uint32 = buffer
# CHECK-NEXT: q[0] = w
# CHECK-NEXT: vals[1] = w
# CHECK-NEXT: q[1] = w
from tvm.script import tirx as T

def make():
    a = T.alloc_buffer((8,), "uint32", scope="shared")
    v = a.view("uint16")
    b = a
    s = T.alloc_buffer((2,), "uint32", scope="shared")
    return a, v, b, s

def ld(A, i):
    out = T.alloc_local((1,), "uint32")
    T.evaluate(T.ptx.ld.global_.b32(out[0], A.ptr_to([i])))
    return out[0]

@T.prim_func
def f(A: T.Buffer((8,), "uint32")):
    T.device_entry()
    c32, c16, vals, scan = make()
    for i in T.serial(2):
        x = ld(A, i)
        y = ld(A, i + 1)
        c32[i] = x + y
    for i in T.serial(2):
        z = ld(A, i)
        c16[i] = T.Cast("uint16", z)
    w = ld(A, 0)
    scan[0] = w
    vals[1] = w
    q = scan
    q[1] = w
