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


def bad_transform_result():
    import tvm
    return tvm.tirx.stmt_functor.ir_transform(traced().body, None, lambda s: 1)


def bad_only_enable():
    import tvm
    return tvm.tirx.stmt_functor.ir_transform(traced().body, None, None, ["tirx.Add"])


def bad_if():
    import tvm
    return tvm.tirx.IfThenElse(True, 3)


def bad_ctor():
    import tvm
    return tvm.tirx.For(1, 2)


def bad_with_body():
    return traced().with_body(3)
