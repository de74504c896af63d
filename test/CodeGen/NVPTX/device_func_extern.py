# RUN: %tirx-opt --print-style=tvm --verify-roundtrip %s | FileCheck %s --check-prefix=TIR
# RUN: %tirx-llc %s --mcpu=sm_90a --emit=ptx -o - | FileCheck %s --check-prefix=PTX
# RUN: %tirx-llc %s --mcpu=sm_100a --emit=cubin -o %t.cubin 2>&1 | FileCheck %s --check-prefix=WARN
# RUN: not %tirx-llc %s --mcpu=sm_90a --emit=bundle -o %t.tirxb 2>&1 | FileCheck %s --check-prefix=BUNDLE
# A call of a function the file does not define (TVM prints a kernel that
# calls a helper PrimFunc of another module so): it parses and prints back,
# takes its type from the context (the annotated scalar, the stored
# element), and compiles to a relocatable cubin with an external .func, with
# a warning; it cannot be bundled for loading.
# TIR: r: T.float32 = combine(T.address_of(A[tx]), tx)
# TIR: B[tx] = count_set(T.address_of(A[tx]))
# PTX-DAG: .extern .func  (.param .b32 func_retval0) combine
# PTX-DAG: .extern .func  (.param .b32 func_retval0) count_set
# WARN: device_func_extern.py:21:20: warning: 'combine' (and others) is called but not defined in this module: the cubin is relocatable (ptxas -c)
# BUNDLE: error: no bundle: it needs a kernel's launch plan (a host function with T.device_entry()) and a loadable cubin
# from tvm.script import tirx as T
@T.prim_func
def k(A: T.Buffer((128,), "float32"), B: T.Buffer((128,), "int32")):
    T.device_entry()
    tx = T.thread_id([128])
    r: T.float32 = combine(T.address_of(A[tx]), tx)
    B[tx] = count_set(T.address_of(A[tx]))
    A[tx] = r
