# importlib.util (prelude/pystd/importlib/util.py), sys.modules, os.environ and
# pathlib.Path, as a kernel factory uses them to load a source file under a new
# module name with environment variables set (TIRx-kernels'
# basic/utils/_specialize.py), checked against CPython (see datamodel_operators.py):
# each name runs the file once more with its own globals; sys.modules holds what
# was stored there; the environment is restored afterwards.
# RUN: %tirx-opt %s | FileCheck %s
# RUN: %python %S/Inputs/cpython_eval.py %s | FileCheck %s
# CHECK: T.evaluate("8 16 32 cached:True env:None popped:True py:specialized_src.py stem:specialized_src suffix:.py parent:Inputs none:True")
import importlib.util
import os
import sys
import threading
from collections.abc import Mapping
from pathlib import Path
from types import ModuleType

from tvm.script import tirx as T

_LOCK = threading.RLock()
SRC = Path(__file__).parent / "Inputs" / "specialized_src.py"


def load(name, environment: Mapping[str, int]) -> ModuleType:
    with _LOCK:
        cached = sys.modules.get(name)
        if cached is not None:
            return cached
        previous = {k: os.environ.get(k) for k in environment}
        os.environ.update({k: str(v) for k, v in environment.items()})
        try:
            spec = importlib.util.spec_from_file_location(name, Path(SRC))
            module = importlib.util.module_from_spec(spec)
            sys.modules[name] = module
            spec.loader.exec_module(module)
            return module
        finally:
            for k, v in previous.items():
                if v is None:
                    os.environ.pop(k, None)
                else:
                    os.environ[k] = v


def run():
    plain = load("tirx_test_spec_plain", {})
    big = load("tirx_test_spec_16", {"TIRX_TEST_SIZE": 16})
    again = load("tirx_test_spec_16", {"TIRX_TEST_SIZE": 99})
    sys.modules["tirx_test_gone"] = plain
    popped = sys.modules.pop("tirx_test_gone", None) is plain
    none = importlib.util.spec_from_file_location("x", Path("a/b.txt")) is None
    return "%d %d %d cached:%s env:%s popped:%s py:%s stem:%s suffix:%s parent:%s none:%s" % (
        plain.SIZE,
        big.SIZE,
        big.twice(),
        again is big,
        os.environ.get("TIRX_TEST_SIZE"),
        popped,
        SRC.name,
        SRC.stem,
        SRC.suffix,
        SRC.parent.name,
        none,
    )


@T.prim_func
def f():
    T.evaluate(run())
