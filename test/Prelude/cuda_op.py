# tvm.backend.cuda.op: T.cuda.sm100_2sm_leader_smem_addr(ptr) is the shared
# address of ptr with the CTA pair's peer bit cleared, as TVM builds it
# (cvta_generic_to_shared(ptr) & 0xFEFFFFFF); the print is TVM's (checked with TVM 0.27).
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# CHECK: a: T.uint32 = T.cuda.cvta_generic_to_shared(T.address_of(bar)) & T.uint32(4278190079)
from tvm.script import tirx as T


@T.prim_func
def f():
    bar = T.alloc_shared((1,), "uint64")
    a: T.uint32 = T.cuda.sm100_2sm_leader_smem_addr(T.address_of(bar[0]))
    T.evaluate(a)
