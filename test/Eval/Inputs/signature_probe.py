# inspect.signature of a factory-like function, plain enough for CPython too:
# pystd_inspect.py prints RESULTS with tirx and with CPython and checks one set of lines.
import inspect

SCALE = 3


class Tag:
    def __init__(self, n):
        self.n = n


def factory(a, b: int = SCALE * 2, *rest, host: Tag = None, **kw):
    pass


sig = inspect.signature(factory)
names = list(sig.parameters)
p = sig.parameters["b"]
RESULTS = [len(names), p.default, int(p.annotation is int), int(sig.parameters["a"].default is inspect.Parameter.empty),
     int(sig.parameters["host"].kind is inspect.Parameter.KEYWORD_ONLY), int(sig.parameters["rest"].kind is inspect.Parameter.VAR_POSITIONAL),
     int(sig.parameters["kw"].kind is inspect.Parameter.VAR_KEYWORD), int(sig.parameters["a"].kind is inspect.Parameter.POSITIONAL_OR_KEYWORD),
     int(sig.parameters["a"].annotation is inspect.Parameter.empty), int(sig.parameters.get("nope") is None), int(sig.parameters["host"].annotation is Tag)]


def kernel_like(A: Tag(4), n: "i32", m=SCALE):
    pass


ann = inspect.signature(kernel_like).parameters["A"].annotation
RESULTS.append(ann.n * 10 + int(isinstance(ann, Tag)))
RESULTS.append(int(inspect.signature(kernel_like).parameters["n"].annotation == "i32"))
RESULTS.append(inspect.signature(kernel_like).parameters["m"].default)
