# A one-line helper that reads only its parameters (a configuration table's
# `_code(x)`) gives the same value for the same arguments, so an equal call
# reuses the first one's result; everything else still runs every time.
# RUN: %tirx-opt %s | FileCheck %s
# CHECK: T.evaluate("fp16 bf16 fp16|c s c|1 0p01 1|1 True 1 True|0.0 -0.0 0.0 -0.0|(1, 'a') (1, 'a')")
# A helper that reads a module name sees it rebound; one that appends to a list runs each time.
# CHECK: T.evaluate("g1 g2|3|kv kv|2")


def short(dtype):
    return {"float16": "fp16", "bfloat16": "bf16"}[dtype]


def code(layout):
    return "c" if layout == "compact" else "s"


def scale_code(scale):
    return f"{scale:g}".replace(".", "p")


def same(x):
    return x


def text(x):
    return f"{x}"


PREFIX = "g1"


def prefixed():
    return PREFIX


def tagged(x):
    return PREFIX + x


SEEN = []


def record(x):
    return SEEN.append(x) or x


def key(k, v):
    return f"{k}{v}"


A = " ".join(short(d) for d in ("float16", "bfloat16", "float16"))
B = " ".join(code(l) for l in ("compact", "strided", "compact"))
C = " ".join(scale_code(s) for s in (1.0, 0.01, 1.0))
D = " ".join(text(same(v)) for v in (1, True, 1, True))  # True == 1, but prints otherwise
E = " ".join(text(v) for v in (0.0, -0.0, 0.0, -0.0))  # 0.0 == -0.0, but prints otherwise
F = " ".join(str(same(t)) for t in ((1, "a"), (1, "a")))
G1 = tagged("")
PREFIX = "g2"
G2 = tagged("")
record(1)
record(1)
record(1)
H = key("k", "v") + " " + key("k", "v")


@T.prim_func
def f(A_: T.Buffer((len(SEEN) - 1,), "float32")):
    T.evaluate(A + "|" + B + "|" + C + "|" + D + "|" + E + "|" + F)
    T.evaluate(G1 + " " + G2 + "|" + str(len(SEEN)) + "|" + H + "|" + str(len(SEEN) - 1))
