# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# Example E33 of the grammar notes, verbatim as TVM's printer writes it: it
# parses, verifies and round-trips (printing is a fixed point after one step).
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def pools():
    T.attr({"tirx.device_entry": T.bool(True)})
    v = T.warp_id([4])
    pool = T.alloc_buffer((16,), "uint8", scope="shared.dyn")
    flag = T.decl_scalar(T.float16, data=pool.data, elem_offset=4, scope="shared.dyn")
    flag = flag + T.float16(1.0)
    alias = T.Buffer((16,), "uint8", scope="shared.dyn")
    alias[0] = T.uint8(1)
