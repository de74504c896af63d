# RUN: %tirx-opt --pass-pipeline=lower-tirx,flatten-buffer %s | FileCheck %s
# RUN: %tirx-llc --mcpu=sm_100a --emit=ptx %s -o /dev/null
# An access inside a declared buffer's aliased pointer (data=T.address_of(B[i, j, k]),
# as the kern DSL's views print) is flattened with the rest; it used to be left
# 3-d and fail the verifier after the pass.
# CHECK-LABEL: def k(
# CHECK: view = T.decl_buffer((4096,), "bfloat16", data=arena.data, scope="shared.dyn", align=1024)
# CHECK: words = T.decl_buffer((2048,), "uint32", data=T.reinterpret(T.handle("uint32", "global").ty, T.address_of(view[1152])), align=1024)
# CHECK: A[tx] = words[tx]
from tvm.script import tirx as T


@T.prim_func
def k(A: T.Buffer((2048,), "uint32")):
    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([128])
    arena = T.alloc_buffer((4096,), "uint8", scope="shared.dyn", align=1024)
    view = T.decl_buffer((2, 16, 128), "bfloat16", data=arena.data, scope="shared.dyn", align=1024)
    words = T.decl_buffer((2048,), "uint32", data=T.reinterpret(T.handle("uint32", "global").ty, T.address_of(view[0, 9, 0])), align=1024)
    A[tx] = words[tx]
