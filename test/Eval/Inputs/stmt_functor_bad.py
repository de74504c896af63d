import _tirx
from tvm.script import tirx as T
from tvm.script.ir_builder import IRBuilder
from tvm.tirx.script.builder import ir as I


def traced():
    with IRBuilder() as ib:
        with I.prim_func():
            I.func_name("f")
            I.device_entry()
            T.evaluate(0)
    return ib.get()


def bad_field():
    return traced().body.seq


def bad_node():
    return _tirx.ir_children(3)


def bad_walk():
    return _tirx.ir_visit(1, traced().body, 2)
