# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# Example E11 of the grammar notes, verbatim as TVM's printer writes it: it
# parses, verifies and round-trips (printing is a fixed point after one step).
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def lets(A: T.Buffer((128,), "float32")):
    T.attr({"tirx.device_entry": T.bool(True)})
    tx = T.thread_id([128])
    base: T.let[T.int32] = tx * 4
    buf = T.alloc_shared((4,), "uint32")
    ptr: T.let[T.handle("uint32", "shared")] = T.address_of(buf[1])
    T.reinterpret("uint64", ptr)
    A[base % 128] = T.float32(1.0)
