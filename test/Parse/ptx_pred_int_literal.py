# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %tirx-llc --mcpu=sm_100a --emit=ptx %s | FileCheck %s --check-prefix=PTX
# RUN: %if ptxas %{ %tirx-llc --mcpu=sm_100a --emit=cubin %s -o %t.cubin %}
# A bare integer at a .pred operand of TVM's flat form (the "p8" marker) is TVM's
# untyped int literal: an int32, printed bare (the kern DSL passes a Python int);
# T.ptx.pred(1) in TVMScript source stays a uint32, as TVM makes it.
# CHECK-LABEL: def mma(
# CHECK: T.ptx.tcgen05(T.Cast("uint32", d), a_desc, b_desc, idesc, T.uint32(0), T.uint32(0), T.uint32(0), T.uint32(0), 0, T.cuda.elect_sync(), "mma", "cta_group::1", "kind::f16", "", "pred,p8")
# CHECK: T.ptx.tcgen05(T.Cast("uint32", d), a_desc, b_desc, idesc, T.uint32(0), T.uint32(0), T.uint32(0), T.uint32(0), 1, T.cuda.elect_sync(), "mma", "cta_group::1", "kind::f16", "", "pred,p8")
# CHECK: T.ptx.tcgen05(T.Cast("uint32", d), a_desc, b_desc, idesc, T.uint32(0), T.uint32(0), T.uint32(0), T.uint32(0), T.uint32(1), T.cuda.elect_sync(), "mma", "cta_group::1", "kind::f16", "", "pred,p8")
# PTX: tcgen05.mma.cta_group::1.kind::f16
from tvm.script import tirx as T


@T.prim_func
def mma(a_desc: T.uint64, b_desc: T.uint64, idesc: T.uint32, d: T.int32):
    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([128])
    T.ptx.tcgen05(T.Cast("uint32", d), a_desc, b_desc, idesc, T.uint32(0), T.uint32(0), T.uint32(0), T.uint32(0), 0, T.cuda.elect_sync(), "mma", "cta_group::1", "kind::f16", "", "pred,p8")
    T.ptx.tcgen05(T.Cast("uint32", d), a_desc, b_desc, idesc, T.uint32(0), T.uint32(0), T.uint32(0), T.uint32(0), 1, T.cuda.elect_sync(), "mma", "cta_group::1", "kind::f16", "", "pred,p8")
    T.ptx["tcgen05.mma.cta_group::1.kind::f16"](T.Cast("uint32", d), a_desc, b_desc, idesc, T.uint32(0), T.uint32(0), T.uint32(0), T.uint32(0), T.ptx.pred(1), pred=T.cuda.elect_sync())
