# tirx's torch (prelude/pystd/torch.py): the dtype facts a factory asks for while
# it is traced.  A 0-d CPU tensor's element_size() and dtype are known; there is no
# GPU (torch.cuda.is_available() is False) and no tensor data: a CUDA tensor or one
# with elements is an error that says so (torch_dtype_facts_errors.test).
# RUN: %tirx-opt %s | FileCheck %s
# CHECK: T.evaluate("4 2 1 torch.bfloat16 False 0")
import torch
from tvm.script import tirx as T


def facts():
    t = torch.empty((), dtype=torch.bfloat16)
    return "%d %d %d %r %s %d" % (
        torch.empty((), dtype=torch.float32).element_size(),
        t.element_size(),
        torch.empty((), dtype=torch.float8_e4m3fn).element_size(),
        t.dtype,
        torch.cuda.is_available(),
        t.dim(),
    )


@T.prim_func
def f():
    T.evaluate(facts())
