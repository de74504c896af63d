# CUDA-graph capture of a call: torch.cuda.graph makes its capture stream current, the
# call launches there and is captured; replays run the kernel on new data.
import os
import sys

import torch

from common import close, dev, finish, tirx

ex = sys.argv[1]
k = tirx.compile(os.path.join(ex, "scale.py"))
add = tirx.compile(os.path.join(ex, "add.py"), defines={"N": 256})
a = torch.randn(256, device=dev)
b = torch.zeros(256, device=dev)
c = torch.zeros(256, device=dev)
k(a, b)  # warm-up outside the capture (loads the module)
add(a, b, c)
torch.cuda.synchronize()

g = torch.cuda.CUDAGraph()
with torch.cuda.graph(g):
    k(a, b)
    add(a, b, c)
for i in range(3):
    a.copy_(torch.randn(256, device=dev))
    g.replay()
    torch.cuda.synchronize()
    close("graph replay %d: b = 2a" % i, b, a * 2)
    close("graph replay %d: c = a + b" % i, c, a * 3)
finish()
