# Every seed example through tirx.compile (target "cuda": the device's arch) and torch
# tensors, against torch references.
import os
import sys

import torch

from common import check, close, dev, finish, tirx

ex = sys.argv[1]
path = lambda n: os.path.join(ex, n + ".py")
g = torch.Generator(device="cpu").manual_seed(0)
rand = lambda *s: torch.randn(*s, generator=g).to(dev)

arch = tirx.device_arch()
check("device arch %s" % arch, arch.startswith("sm_"))

k = tirx.compile(path("scale"))
check("compiled for the device", k.arch == arch, k.arch)
a = rand(256)
b = torch.empty_like(a)
k(a, b)
close("scale", b, a * 2)

add = tirx.compile(path("add"), defines={"N": 256})
A, B, C = rand(256), rand(256), torch.empty(256, device=dev)
add(A, B, C)
close("add N=256", C, A + B)
addj = tirx.jit(path("add"))
A2, B2, C2 = rand(64), rand(64), torch.empty(64, device=dev)
addj(A2, B2, C2, N=64)
close("add @tirx.jit N=64", C2, A2 + B2)

scal = tirx.compile(path("scal"))
a = torch.arange(256, dtype=torch.float32, device=dev)
b = torch.empty_like(a)
scal(a, b, 0.5)
close("scal s=0.5", b, a * 0.5)

sd = tirx.compile(path("scale_dyn"))
for n in (100, 4096):
    a = rand(n)
    b = torch.empty_like(a)
    sd(a, b)
    close("scale_dyn n=%d" % n, b, a * 2)

sm = tirx.compile(path("smem_demo"))
a = rand(128)
b = torch.empty_like(a)
sm(a, b)
close("smem_demo", b, a * 2)

ds = tirx.compile(path("dyn_shared"))
A, B, C = rand(64), rand(64), torch.empty(64, device=dev)
ds(A, B, C)
close("dyn_shared", C, A + B)

bs = tirx.compile(path("block_sum"))
out = torch.zeros(1, device=dev)
bs(torch.arange(256, dtype=torch.float32, device=dev), out)
close("block_sum == 32640", out, torch.tensor([32640.0]))

wr = tirx.compile(path("warp_reduce"))
a = torch.zeros(32, device=dev)
wr(a)
close("warp_reduce == 496", a, torch.full((32,), 496.0))

dt = tirx.compile(path("dtypes"))
a = rand(256)
o = torch.zeros(256, device=dev)
dt(a, o)
close("dtypes O == A", o, a)

hint = tirx.compile(path("hint"))
a = torch.arange(64, dtype=torch.float32, device=dev) * 3
b = torch.empty_like(a)
hint(a, b)
close("hint", b, a + 1)

pb = tirx.compile(path("print_buffer"))
c = torch.zeros(8, device=dev)
pb(c)
torch.cuda.synchronize()
close("print_buffer", c, torch.arange(8, dtype=torch.float32) * 2)

# A slice with an offset is a different pointer, zero-copy: it must be compact.
big = rand(512)
out = torch.empty(256, device=dev)
k(big[256:], out)
close("a sliced view (zero copy)", out, big[256:] * 2)

# Argument errors: the runtime's messages as TypeError / ValueError.
from common import raises  # noqa: E402

raises("wrong dtype", TypeError, lambda: k(torch.zeros(256, dtype=torch.float16, device=dev), b), "dtype")
raises("wrong shape", ValueError, lambda: k(torch.zeros(255, device=dev), torch.zeros(256, device=dev)),
       "shape")
raises("cpu tensor", ValueError, lambda: k(torch.zeros(256), torch.zeros(256, device=dev)), "device_type")
raises("non-contiguous", ValueError, lambda: k(torch.zeros(512, device=dev)[::2], torch.zeros(256, device=dev)),
       "")
raises("float for a tensor", TypeError, lambda: k(1.0, b), "expected Tensor")

# inspect: every stage, sass through nvdisasm / cuobjdump.
for st in ("tirx", "lowered", "llvm", "ptx"):
    check("inspect %s" % st, isinstance(k.inspect(st), str) and len(k.inspect(st)) > 0)
cubin = k._stage("cubin")
if cubin is not None:
    check("inspect cubin", k.inspect("cubin")[:4] == b"\x7fELF")
    try:
        sass = k.inspect("sass")
        check("inspect sass", "scale_kernel" in sass or "Function" in sass, sass[:80])
    except RuntimeError as e:
        print("skip: sass: %s" % e)

# Bundles: saved and loaded back, the same results.
import tempfile  # noqa: E402

with tempfile.TemporaryDirectory() as d:
    k.save_bundle(os.path.join(d, "scale.tirxb"))
    kb = tirx.load_bundle(os.path.join(d, "scale.tirxb"))
    a = rand(256)
    b = torch.empty_like(a)
    kb(a, b)
    close("load_bundle", b, a * 2)

# CuPy arrays through __dlpack__, where CuPy is installed.
try:
    import cupy
except Exception:  # noqa: BLE001
    print("skip: cupy not installed")
else:
    ca = cupy.arange(256, dtype=cupy.float32)
    cb = cupy.empty_like(ca)
    k(ca, cb, stream=cupy.cuda.get_current_stream().ptr)
    cupy.cuda.get_current_stream().synchronize()
    check("cupy arrays", bool((cb == ca * 2).all()))
finish()
