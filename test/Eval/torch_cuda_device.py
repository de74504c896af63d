# tirx's torch (prelude/pystd/torch.py) given a device: -D TIRX_TORCH_CUDA_DEVICE=(SMS,
# MAJOR, MINOR) makes torch.cuda report that one GPU, device 0, as torch does on it
# (a B200: 148 SMs, compute capability 10.0 -- the device the kern corpus was traced
# against, SOURCES.md); a factory that sizes its kernel by the SM count
# (sparse_flashmla_decode_head64) then builds what TVM built.  Without it there is no
# GPU.  The CHECK lines are what torch prints on a B200.  Errors: torch_cuda_device_errors.test.
# RUN: %tirx-opt %s -D 'TIRX_TORCH_CUDA_DEVICE=(148, 10, 0)' | FileCheck %s
# CHECK: T.evaluate("True 1 0 148 10 0 (10, 0) None cuda cuda:0 0")
# RUN: %tirx-opt %s | FileCheck %s --check-prefix=NONE
# NONE: T.evaluate("False 0")
import torch
from tvm.script import tirx as T


def facts():
    if not torch.cuda.is_available():
        return "%s %d" % (torch.cuda.is_available(), torch.cuda.device_count())
    props = torch.cuda.get_device_properties(torch.cuda.current_device())
    dev = torch.device("cuda")
    return "%s %d %d %d %d %d %r %r %s %s %d" % (
        torch.cuda.is_available(), torch.cuda.device_count(), torch.cuda.current_device(),
        props.multi_processor_count, props.major, props.minor,
        torch.cuda.get_device_capability(), dev.index, dev, torch.device("cuda:0"),
        torch.device("cuda:0").index,
    )


@T.prim_func
def f():
    T.evaluate(facts())
