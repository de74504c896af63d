#entry: k
from tvm.script import tirx as T

name = "tile"
w = 3.25
label = f"{name}_{w:.1f}_{7:04d}_{255:x}_{name!r}_{'%s-%d' % (name, 2)}_{'{}:{}'.format(1, 2)}"
parts = label.split("_")
N = len(parts) + len(label.replace("_", "").upper().strip())


@T.prim_func
def k(A: T.Buffer((N,), "float32")):
    A[0] = T.float32(w)
