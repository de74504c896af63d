# Pieces of TVM main's Python that kern's smem pool, role dispatch and host
# prelude read while a kernel is traced (issue 24):
#  - Buffer.ty (TVM main's BufferType) and its .layout: a swizzled pool allocation's
#    T.ComposeLayout, whose .tile_layout layout_utils.strip_swizzle_to_tile returns
#    (a plain buffer's layout is None); isinstance against TileLayout/ComposeLayout;
#    alloc_pool._validate_mma_alloc_shape (TVM main's name for the shape check);
#  - I.Bind(T.tvm_stack_alloca("tensormap", 1)) binds a T.TensorMap() variable;
#  - a T.ptx spelling of the instruction table traced through the IRBuilder is the
#    void instruction (TVM's DPS contract), not the tirx value form;
#  - a loop extent's floor division by a constant sheds a constant it divides, as
#    TVM's canonical simplifier does ((n - 12) // 4 -> n // 4 - 3);
#  - func.with_attr("tirx.persistent_kernel", True) prints as persistent=True.
# RUN: %tirx-opt %s --entry 'get()' --print-style=tvm | FileCheck %s
# CHECK: @T.prim_func(persistent=True)
# CHECK-NEXT: def f(
# CHECK-NOT: persistent_kernel
# CHECK: v: T.let[T.TensorMap()] = T.tvm_stack_alloca("tensormap", 1)
# CHECK: T.ptx.mbarrier(T.cuda.cvta_generic_to_shared(T.address_of(buffer_2)), "arrive", "", "", "shared::cta", "b64", "")
# CHECK: for v_2 in range((n + 7 - v_1 // 4) // 5):
# CHECK: T.evaluate("void:True compose:True tile:True plain:None tile_is_tile:True apply:64 bad:ValueError")
import tvm
from tvm.backend.cuda.lang.alloc_pool import _validate_mma_alloc_shape
from tvm.backend.cuda.tile_primitive.layout_utils import strip_swizzle_to_tile
from tvm.backend.cuda.tile_primitive.tma_utils import SwizzleMode
from tvm.script import tirx as T
from tvm.script.ir_builder import IRBuilder
from tvm.tirx.layout import ComposeLayout, TileLayout
from tvm.tirx.script.builder import ir as I


def probe(tile, plain):
    layout = tile.ty.layout
    t = strip_swizzle_to_tile(layout, lambda: (8, 64))
    try:
        _validate_mma_alloc_shape([4, 64], "float16", SwizzleMode.SWIZZLE_128B_ATOM)
        bad = "none"
    except ValueError:
        bad = "ValueError"
    return "compose:%s tile:%s plain:%s tile_is_tile:%s apply:%s bad:%s" % (
        isinstance(layout, ComposeLayout),
        isinstance(layout.tile_layout, TileLayout),
        plain.ty.layout,
        isinstance(t, TileLayout) and not isinstance(t, ComposeLayout),
        t.apply(64)["m"],
        bad,
    )


def traced():
    with IRBuilder() as ib:
        with I.prim_func():
            I.func_name("f")
            n = I.arg("n", T.int32())
            desc = I.Bind(T.tvm_stack_alloca("tensormap", 1))
            I.device_entry()
            tx = I.thread_id([512])
            pool = T.SMEMPool()
            tile = pool.alloc_tcgen05_mma_AB((8, 64), "float16")
            bar = pool.alloc((1,), "uint64")
            plain = T.alloc_local((4,), "float32")
            pool.commit()
            arrive = T.ptx.mbarrier.arrive.shared__cta.b64(T.cuda.cvta_generic_to_shared(T.address_of(bar[0])))
            void = str(arrive.ty.dtype) == ""
            T.evaluate(arrive)
            T.evaluate(T.address_of(desc))
            with I.serial((n + 4 - (tx - 12) // 4) // 5):
                T.evaluate(0)
            T.evaluate("void:%s %s" % (void, probe(tile, plain)))
    return ib.get()


def get():
    return traced().with_attr("tirx.persistent_kernel", True)
