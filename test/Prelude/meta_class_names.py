# @T.meta_class: binding an instance in a kernel names the buffers its own
# __init__ made <name>_<field> (list items _0, _1; dict items _<key>), a nested
# meta object's by its own fields; an instance of a subclass with an inherited
# __init__ owns none (default names); T.meta_var(obj) names nothing; a second
# name for a named object changes nothing.
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# The expected lines are what TVM 0.27 prints for this kernel.
# CHECK-LABEL: def names(A: T.Buffer((64,), "float32")):
# CHECK-NEXT: T.attr({"tirx.device_entry": T.bool(True)})
# CHECK-NEXT: tx = T.thread_id([128])
# CHECK-NEXT: arena = T.alloc_buffer((1024,), "uint8", scope="shared.dyn")
# CHECK-NEXT: pr_left_buf = T.decl_buffer((1,), "uint64", data=arena.data, scope="shared.dyn", align=8)
# CHECK-NEXT: pr_parts_0 = T.decl_buffer((2,), data=arena.data, elem_offset=2, scope="shared.dyn")
# CHECK-NEXT: pr_parts_1 = T.decl_buffer((2,), data=arena.data, elem_offset=4, scope="shared.dyn")
# CHECK-NEXT: pr_table_lo = T.decl_buffer((4,), "int32", data=arena.data, elem_offset=6, scope="shared.dyn")
# CHECK-NEXT: pr_scratch: T.int32
# CHECK-NEXT: plain_left_buf = T.decl_buffer((1,), "uint64", data=arena.data, elem_offset=5, scope="shared.dyn", align=8)
# CHECK-NEXT: buffer = T.decl_buffer((2,), data=arena.data, elem_offset=12, scope="shared.dyn")
# CHECK-NEXT: buffer_1 = T.decl_buffer((2,), data=arena.data, elem_offset=14, scope="shared.dyn")
# CHECK-NEXT: buffer_2 = T.decl_buffer((4,), "int32", data=arena.data, elem_offset=16, scope="shared.dyn")
# CHECK-NEXT: buffer_3: T.int32
# CHECK-NEXT: buffer_4 = T.decl_buffer((1,), "uint64", data=arena.data, elem_offset=10, scope="shared.dyn", align=8)
# CHECK-NEXT: d__buf: T.uint64
# CHECK-NEXT: pipe_full_buf = T.decl_buffer((1,), "uint64", data=arena.data, elem_offset=11, scope="shared.dyn", align=8)
# CHECK-NEXT: if T.cuda.thread_rank() == 0:
# CHECK-NEXT: for i in T.unroll(1):
# CHECK-NEXT: T.ptx.mbarrier(T.cuda.cvta_generic_to_shared(T.address_of(pipe_full_buf[i])), T.uint32(1), "init", "", "shared", "b64", "")
# CHECK-NEXT: pipe_empty_buf = T.decl_buffer((1,), "uint64", data=arena.data, elem_offset=12, scope="shared.dyn", align=8)
# CHECK-NEXT: if T.cuda.thread_rank() == 0:
# CHECK-NEXT: for i in T.unroll(1):
# CHECK-NEXT: T.ptx.mbarrier(T.cuda.cvta_generic_to_shared(T.address_of(pipe_empty_buf[i])), T.uint32(1), "init", "", "shared", "b64", "")
# CHECK-NEXT: A[tx] = pr_parts_1[0] + T.Cast("float32", pr_table_lo[0] + pr_scratch) + buffer[1]
# CHECK-NOT: {{.}}
from tvm.script import tirx as T
from tvm.tirx.lang.pipeline import MBarrier, Pipeline
from tvm.tirx.lang.smem_desc import SmemDescriptor

@T.meta_class
class Pair:
    def __init__(self, pool):
        self.left = MBarrier(pool, 1)
        self.parts = [pool.alloc((2,), "float32"), pool.alloc((2,), "float32")]
        self.table = {"lo": pool.alloc((4,), "int32")}
        self.scratch = T.alloc_local([1], "int32")

class Plain(Pair):
    pass

@T.prim_func
def names(A: T.Buffer((64,), "float32")):
    T.device_entry()
    tx = T.thread_id([128])
    arena = T.alloc_buffer([1024], "uint8", scope="shared.dyn")
    pool = T.meta_var(T.SMEMPool(arena.data))
    pr = Pair(pool)
    again = pr
    plain = Plain(pool)
    hidden = T.meta_var(MBarrier(pool, 1))
    d = SmemDescriptor()
    pipe = Pipeline(pool, 1, full="mbar", empty="mbar")
    A[tx] = pr.parts[1][0] + T.Cast("float32", pr.table["lo"][0] + pr.scratch[0]) + plain.parts[0][1]
