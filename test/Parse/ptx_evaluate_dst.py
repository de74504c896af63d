# T.evaluate(T.ptx.X(dst, ...)): an instruction given its destination is the
# statement form even where a value form of fewer operands exists
# (mapa.shared::cluster.u32 has both), as TVM's helpers write it.
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# CHECK: mapped: T.uint32
# CHECK-NEXT: T.ptx.mapa(mapped, T.cuda.cvta_generic_to_shared(T.address_of(s[0])), T.uint32(1), "shared::cluster", "u32", "")
# CHECK-NEXT: v: T.let[T.uint32] = T.ptx["mapa.shared::cluster.u32"](T.cuda.cvta_generic_to_shared(T.address_of(s[1])), T.uint32(0))
@T.prim_func
def k(A: T.Buffer((64,), "uint32")):
    T.device_entry()
    tx = T.thread_id([128])
    s = T.alloc_shared((8,), "uint64")
    mapped = T.alloc_local([1], "uint32")
    T.evaluate(T.ptx.mapa.shared__cluster.u32(mapped[0], T.cuda.cvta_generic_to_shared(s.ptr_to([0])), T.uint32(1)))
    v: T.let = T.ptx.mapa.shared__cluster.u32(T.cuda.cvta_generic_to_shared(s.ptr_to([1])), T.uint32(0))
    A[tx] = mapped[0] + v
