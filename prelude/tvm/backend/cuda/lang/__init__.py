"""tvm.backend.cuda.lang: the CUDA language helpers TVM's main branch exports here
(TIRx-kernels at 51a6c01 imports them from this package): the barrier and pipeline
classes of tvm.tirx.lang.pipeline, and T.SMEMPool (native, lib/Parse/eval_pool.c)."""
from tvm.script import tirx as T
from tvm.tirx.lang.pipeline import MBarrier, Pipeline, PipelineState, TCGen05Bar, TMABar

SMEMPool = T.SMEMPool
