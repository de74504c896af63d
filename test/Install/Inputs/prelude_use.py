# install.test: the installed tirx-opt loads tvm.tirx.lang.pipeline from PREFIX/share/tirx/prelude.
from tvm.script import tirx as T
from tvm.tirx.lang.pipeline import PipelineState


@T.prim_func
def f(A: T.Buffer((4,), "int32")):
    T.device_entry()
    tx = T.thread_id([4])
    st = PipelineState(2, 0)
    st.advance()
    A[tx] = st.stage
