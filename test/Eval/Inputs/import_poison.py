from poisonpkg import helper, missing_fn as mf
from poisonpkg import (
    helper as h2,
    other_missing,
)
import poisonpkg.nosuch as ns
from tvm.script import tirx as T


def alias():
    return mf(1)


def paren():
    return other_missing(2)


def dotted():
    return ns.x(3)


@T.prim_func
def ok():
    T.evaluate(helper() + h2())
