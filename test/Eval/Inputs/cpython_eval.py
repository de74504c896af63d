"""Runs a test/Eval program under CPython with a stand-in `tvm.script.tirx`:
@T.prim_func calls the kernel at once (its parameters None), and
T.evaluate(x) prints x the way tirx-opt prints a T.evaluate of that constant,
so one set of CHECK lines holds tirx's evaluation to CPython's.
Usage: python3 cpython_eval.py PROGRAM.py"""
import sys
import types


def _show(x):
    if isinstance(x, bool):
        return "T.bool(True)" if x else "T.bool(False)"
    if isinstance(x, int):
        return str(x)
    if isinstance(x, str):
        return '"' + x.replace("\\", "\\\\").replace('"', '\\"') + '"'
    raise TypeError("T.evaluate stand-in: int, bool or str only, got %r" % (x,))


def _evaluate(x):
    print("T.evaluate(%s)" % _show(x))


def _prim_func(f):
    n = f.__code__.co_argcount
    f(*([None] * n))
    return f


T = types.ModuleType("tvm.script.tirx")
T.evaluate = _evaluate
T.prim_func = _prim_func
T.Buffer = lambda *a, **k: None
tvm = types.ModuleType("tvm")
script = types.ModuleType("tvm.script")
script.tirx = T
tvm.script = script
sys.modules.update({"tvm": tvm, "tvm.script": script, "tvm.script.tirx": T})

path = sys.argv[1]
with open(path) as fh:
    code = compile(fh.read(), path, "exec")
exec(code, {"__name__": "__main__", "__file__": path})
