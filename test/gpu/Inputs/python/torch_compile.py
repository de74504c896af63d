# A tirx kernel as a torch custom operator (tirx.torch_op, torch.library): called
# eagerly, checked by torch.library.opcheck, and traced by torch.compile with
# fullgraph=True (a graph break would raise) under aot_eager and inductor.
import os
import sys

import torch

from common import check, close, dev, finish, raises, tirx

ex = sys.argv[1]
k = tirx.compile(os.path.join(ex, "scale.py"))       # B[i] = A[i] * 2, 256 floats
op = tirx.torch_op(k, "tirx_test::scale", mutates_args=["B"])
check("the operator is torch.ops.tirx_test.scale",
      hasattr(torch.ops.tirx_test, "scale"), repr(op))

a = torch.rand(256, device=dev)
b = torch.zeros(256, device=dev)
op(a, b)
close("eager call", b, a * 2)
b.zero_()
op(A=a, B=b)
close("eager call by keyword", b, a * 2)

try:
    torch.library.opcheck(op, (a, torch.zeros(256, device=dev)))
    check("torch.library.opcheck", True)
except Exception as e:  # noqa: BLE001
    check("torch.library.opcheck", False, "%s: %s" % (type(e).__name__, str(e)[:300]))

raises("mutates_args must name tensor parameters", ValueError,
       lambda: tirx.torch_op(k, "tirx_test::bad", mutates_args=["C"]), "names C")


def f(x):
    y = x + 1
    out = torch.empty_like(y)
    op(y, out)
    return out * 3


x = torch.rand(256, device=dev)
want = (x + 1) * 2 * 3
expl = torch._dynamo.explain(f)(x)
check("torch._dynamo.explain: one graph, no graph break",
      expl.graph_count == 1 and expl.graph_break_count == 0,
      "graphs %d, breaks %d" % (expl.graph_count, expl.graph_break_count))
for backend in ("aot_eager", "inductor"):
    torch._dynamo.reset()
    try:
        cf = torch.compile(f, backend=backend, fullgraph=True)
        close("torch.compile(fullgraph=True, backend=%s)" % backend, cf(x), want)
        x2 = torch.rand(256, device=dev)
        close("  ... again on new data", cf(x2), (x2 + 1) * 6)
    except Exception as e:  # noqa: BLE001
        check("torch.compile(fullgraph=True, backend=%s)" % backend, False,
              "%s: %s" % (type(e).__name__, str(e).splitlines()[0][:300]))

# the method spelling, and the kernel inside a CUDA graph captured by torch.compile's
# "reduce-overhead" mode is left to python-graph.test (tirx calls are capturable)
op2 = k.torch_op("tirx_test::scale2", mutates_args=("B",))
b.zero_()
op2(a, b)
close("Kernel.torch_op", b, a * 2)
finish()
