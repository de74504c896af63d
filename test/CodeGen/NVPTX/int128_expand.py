# int128/uint128 `//`, `%`, truncdiv and the casts between int128 and floating point have no
# NVPTX instruction; LLVM would make them compiler-rt calls (__divti3, __fixsfti, __floattisf)
# that NVPTX cannot select, and abort the process ("LLVM ERROR: unsupported library call
# operation", exit 134; from Python the interpreter died).  They are expanded in LLVM IR into
# 64-bit operations (lib/Target/NVPTX/target.c: --expand-div-rem-bits / --expand-fp-convert-bits).
# Repro: shared/repros/crash-01-int128-libcall.py.
# RUN: %tirx-llc --no-cache --emit=ptx %s -o %t.ptx
# RUN: FileCheck %s < %t.ptx
# RUN: %tirx-llc --no-cache --emit=ptx -O0 %s | FileCheck %s
# CHECK-LABEL: .entry f_kernel(
# CHECK-NOT: call
# CHECK-NOT: __divti3
# CHECK-NOT: __fix
# CHECK-NOT: __float
# CHECK: ret;
# RUN: %if ptxas %{ %tirx-llc --no-cache --emit=cubin %s -o %t.cubin %}
@T.prim_func
def f(A: T.Buffer((32,), "float32"), B: T.Buffer((32,), "float32"), H: T.Buffer((32,), "float16"),
      D: T.Buffer((32,), "float64"), n: T.int32):
    T.device_entry()
    tx = T.thread_id([32])
    a = T.Cast("int128", A[tx])
    u = T.Cast("uint128", D[tx])
    d = T.Cast("int128", n)
    e = T.Cast("uint128", n)
    B[tx] = T.Cast("float32", a // d) + T.Cast("float32", a % d) + T.Cast("float32", T.truncdiv(a, d))
    D[tx] = T.Cast("float64", u // e) + T.Cast("float64", u % e) + T.Cast("float64", T.truncmod(u, e))
    H[tx] = T.Cast("float16", T.Cast("int128", H[tx]) * d)
