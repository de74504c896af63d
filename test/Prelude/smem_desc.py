# tvm.tirx.lang.smem_desc.SmemDescriptor: a uint64 local (<name>__buf), init()
# encodes it with T.cuda.tcgen05.encode_matrix_descriptor, .desc reads it,
# add_16B_offset() adds to the low word through uint32x2 shuffles, and
# make_lo_uniform() declares two uint32 locals and nothing more, as TVM 0.27.
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# The expected lines are what TVM 0.27 prints for this kernel.
# CHECK-LABEL: def descs(A: T.Buffer((64,), "uint64")):
# CHECK-NEXT: T.attr({"tirx.device_entry": T.bool(True)})
# CHECK-NEXT: tx = T.thread_id([128])
# CHECK-NEXT: arena = T.alloc_buffer((8192,), "uint8", scope="shared.dyn")
# CHECK-NEXT: tile = T.decl_buffer((64, 32), "float16", data=arena.data, scope="shared.dyn", align=1024)
# CHECK-NEXT: da__buf: T.uint64
# CHECK-NEXT: buffer: T.uint64
# CHECK-NEXT: T.cuda.tcgen05.encode_matrix_descriptor(T.address_of(da__buf), T.address_of(tile[0, 0]), 1, 64, 2)
# CHECK-NEXT: T.cuda.tcgen05.encode_matrix_descriptor(T.address_of(buffer), T.address_of(tile[8, 0]), 16, 512, 0)
# CHECK-NEXT: buffer_1: T.uint32
# CHECK-NEXT: buffer_2: T.uint32
# CHECK-NEXT: for k in range(4):
# CHECK-NEXT: A[k] = T.reinterpret("uint64", T.Shuffle([T.Shuffle([T.reinterpret("uint32x2", da__buf)], [0]) + T.Cast("uint32", k * 2), T.Shuffle([T.reinterpret("uint32x2", da__buf)], [1])], [0, 1])) + buffer
# CHECK-NEXT: A[tx] = da__buf
# CHECK-NOT: {{.}}
from tvm.script import tirx as T
from tvm.tirx.lang.smem_desc import SmemDescriptor

@T.prim_func
def descs(A: T.Buffer((64,), "uint64")):
    T.device_entry()
    tx = T.thread_id([128])
    arena = T.alloc_buffer([8192], "uint8", scope="shared.dyn")
    pool = T.meta_var(T.SMEMPool(arena.data))
    tile = pool.alloc((64, 32), "float16", align=1024)
    da = SmemDescriptor()
    db = T.meta_var(SmemDescriptor())
    da.init(tile.ptr_to([0, 0]), ldo=1, sdo=64, swizzle=2)
    db.init(tile.ptr_to([8, 0]), 16, 512, 0)
    da.make_lo_uniform()
    for k in T.serial(4):
        A[k] = da.add_16B_offset(k * 2) + db.desc
    A[tx] = da.desc
