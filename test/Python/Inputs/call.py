# Calling a Kernel: DLPack tensors (numpy here) and Python scalars.  argv[2]:
#   nodevice  no CUDA driver/device: compile for sm_100a, every call raises DeviceError
#   fake      the fake driver (one sm_90 "device", host memory): the runtime checks
#             numpy's CPU tensors and rejects them with its own messages; a kernel with
#             scalar parameters only is launched.
import os
import sys

import numpy as np

import tirx

examples, mode = sys.argv[1], sys.argv[2]
scale = os.path.join(examples, "scale.py")
a = np.arange(256, dtype=np.float32)
b = np.zeros(256, dtype=np.float32)


def attempt(what, fn):
    try:
        fn()
        print("py: %s: ok" % what)
    except Exception as e:  # noqa: BLE001 - the test prints the exception kind
        print("py: %s: %s: %s" % (what, type(e).__name__, str(e).replace("\n", "\\n")))
    sys.stdout.flush()


if mode == "nodevice":
    attempt("device_arch", tirx.device_arch)
    k = tirx.compile(scale)
    print("py: compiled for", k.arch)
    attempt("numpy", lambda: k(a, b))
    attempt("scalars", lambda: k(1, 2.5))
    attempt("stream", lambda: k(a, b, stream=0))
    print("py: DeviceError is a RuntimeError:", issubclass(tirx.DeviceError, RuntimeError))
    try:
        import torch
    except ImportError:
        print("py: torch: skipped (not installed)")
    else:
        attempt("torch", lambda: k(torch.zeros(256), torch.zeros(256)))
        print("py: torch: done")
    sys.exit(0)

print("py: device_arch:", tirx.device_arch())
k = tirx.compile(scale, target="sm_100a")  # not the device's arch: PTX, JIT-loaded
attempt("numpy (host memory)", lambda: k(a, b))
attempt("float for a tensor", lambda: k(1.5, b))
attempt("too few", lambda: k(a))
attempt("no __dlpack__", lambda: k(object(), b))
attempt("keyword", lambda: k(a, b, strem=0))
attempt("bad stream", lambda: k(a, b, stream="s"))
attempt("int32 data", lambda: k(a.astype(np.int32), b))
attempt("readonly", lambda: k(np.broadcast_to(a, (256,)), b))


class CudaLike:
    """Claims a CUDA device and records the stream its __dlpack__ is asked for."""

    def __init__(self, arr):
        self.arr, self.streams = arr, []

    def __dlpack_device__(self):
        return (2, 0)

    def __dlpack__(self, stream=None):
        self.streams.append(stream)
        return self.arr.__dlpack__()


cl = CudaLike(a)
attempt("numpy with stream=5", lambda: k(a, b, stream=5))
attempt("cuda-like with stream=5", lambda: k(cl, b, stream=5))
attempt("cuda-like with stream=0", lambda: k(cl, b, stream=0))
attempt("cuda-like without stream", lambda: k(cl, b))
print("py: streams asked of __dlpack__:", cl.streams)

scalars = tirx.compile('''@T.prim_func
def fill(n: T.int32, x: T.float32, flag: T.bool):
    T.device_entry()
    bx = T.cta_id([n])
    tx = T.thread_id([32])
    T.evaluate(0)
''', target="sm_100a")
print("py:", scalars.signature)
attempt("scalars", lambda: scalars(3, 2.5, True))
attempt("scalars on a stream", lambda: scalars(5, 1.0, False, stream=0x1234))


class S:
    def __cuda_stream__(self):
        return (0, 0x99)


attempt("__cuda_stream__", lambda: scalars(2, 1.0, False, stream=S()))
attempt("str for int", lambda: scalars("3", 1.0, False))
attempt("huge int", lambda: scalars(1 << 70, 1.0, False))
