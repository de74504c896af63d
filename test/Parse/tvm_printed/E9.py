# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# Example E9 of the grammar notes, verbatim as TVM's printer writes it: it
# parses, verifies and round-trips (printing is a fixed point after one step).
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def buffers(A: T.Buffer((128,), "float16")):
    T.attr({"tirx.device_entry": T.bool(True)})
    tx = T.thread_id([128])
    A_smem = T.alloc_shared((128,), "float16")
    acc = T.alloc_local((4,))
    arena = T.alloc_buffer((256,), "uint8", scope="shared.dyn")
    half = T.decl_buffer((64,), "float16", data=arena.data, elem_offset=32, scope="shared.dyn")
    big = T.alloc_buffer((1024,), align=128)
    A_smem[tx] = A[tx]
    acc[0] = T.Cast("float32", A_smem[tx])
    half[0] = A_smem[tx]
    big[tx] = acc[0]
