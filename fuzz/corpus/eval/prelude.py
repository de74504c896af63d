#entry: k
from tvm.script import tirx as T
from tvm.tirx.lang.pipeline import PipelineState

st = PipelineState(4, 0)
S = 4


@T.prim_func
def k(A: T.Buffer((S,), "int32")):
    T.launch_thread("threadIdx.x", 32)
    A[0] = 1
