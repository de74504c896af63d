"""The warm call path for torch tensors without torch: a stand-in `torch` module whose
Tensor publishes DLPack's C exchange API (__dlpack_c_exchange_api__, made with
ctypes) and counts what the extension asks of it.  Runs under the fake driver."""
import ctypes as C
import os
import sys
import types

import tirx

examples = sys.argv[1]


class DLDevice(C.Structure):
    _fields_ = [("device_type", C.c_int), ("device_id", C.c_int32)]


class DLDataType(C.Structure):
    _fields_ = [("code", C.c_uint8), ("bits", C.c_uint8), ("lanes", C.c_uint16)]


class DLTensor(C.Structure):
    _fields_ = [("data", C.c_void_p), ("device", DLDevice), ("ndim", C.c_int32),
                ("dtype", DLDataType), ("shape", C.POINTER(C.c_int64)),
                ("strides", C.POINTER(C.c_int64)), ("byte_offset", C.c_uint64)]


class DLManagedTensor(C.Structure):
    _fields_ = [("dl_tensor", DLTensor), ("manager_ctx", C.c_void_p), ("deleter", C.c_void_p)]


FROM = C.CFUNCTYPE(C.c_int, C.py_object, C.POINTER(DLTensor))
STREAM = C.CFUNCTYPE(C.c_int, C.c_int, C.c_int32, C.POINTER(C.c_void_p))


class API(C.Structure):
    _fields_ = [("major", C.c_uint32), ("minor", C.c_uint32), ("prev", C.c_void_p),
                ("alloc", C.c_void_p), ("from_managed", C.c_void_p), ("to_py", C.c_void_p),
                ("dltensor_from", FROM), ("current_stream", STREAM)]


counts = {"from": 0, "stream": 0, "to_dlpack": 0, "raw_stream": 0, "__dlpack__": []}
state = {"current": 0, "fail": False}
shape256 = (C.c_int64 * 1)(256)


def fill(t, out):
    counts["from"] += 1
    if state["fail"]:
        return -1
    d = out.contents
    d.data = C.addressof(t.buf)
    d.device = DLDevice(2, 0)  # kDLCUDA: the fake driver's "device" memory is host memory
    d.ndim = 1
    d.dtype = DLDataType(2, 32, 1)  # float32
    d.shape = C.cast(shape256, C.POINTER(C.c_int64))
    d.strides = None
    d.byte_offset = 0
    return 0


def current(dev_type, dev_id, out):
    counts["stream"] += 1
    out[0] = state["current"]
    return 0


keep = [FROM(fill), STREAM(current)]
api = API(1, 3, None, None, None, None, keep[0], keep[1])
C.pythonapi.PyCapsule_New.restype = C.py_object
C.pythonapi.PyCapsule_New.argtypes = [C.c_void_p, C.c_char_p, C.c_void_p]
capsule = C.pythonapi.PyCapsule_New(C.addressof(api), b"dlpack_exchange_api", None)


class Tensor:
    __dlpack_c_exchange_api__ = capsule

    def __init__(self):
        self.buf = (C.c_float * 256)()
        self.mt = DLManagedTensor()
        fill(self, C.pointer(self.mt.dl_tensor))
        counts["from"] -= 1

    def __dlpack_device__(self):
        return (2, 0)

    def __dlpack__(self, stream=None):
        counts["__dlpack__"].append(stream)
        return C.pythonapi.PyCapsule_New(C.addressof(self.mt), b"dltensor", None)


class SubTensor(Tensor):
    pass


def to_dlpack(t):
    counts["to_dlpack"] += 1
    return C.pythonapi.PyCapsule_New(C.addressof(t.mt), b"dltensor", None)


def raw_stream(dev):
    counts["raw_stream"] += 1
    return state["current"]


torch = types.ModuleType("torch")
torch.Tensor = Tensor
torch._C = types.SimpleNamespace(_cuda_getCurrentRawStream=raw_stream)
dl = types.ModuleType("torch.utils.dlpack")
dl.to_dlpack = to_dlpack
sys.modules["torch"] = torch
sys.modules["torch.utils"] = types.ModuleType("torch.utils")
sys.modules["torch.utils.dlpack"] = dl

k = tirx.compile(os.path.join(examples, "scale.py"), target="sm_100a")  # PTX: the fake loads it
a, b = Tensor(), Tensor()
print("py: data A=%#x B=%#x" % (C.addressof(a.buf), C.addressof(b.buf)))
sys.stdout.flush()


def call(what, *args, **kw):
    for key in ("from", "stream", "to_dlpack", "raw_stream"):
        counts[key] = 0
    counts["__dlpack__"] = []
    try:
        k(*args, **kw)
        r = "ok"
    except Exception as e:  # noqa: BLE001
        r = "%s: %s" % (type(e).__name__, str(e).splitlines()[0])
    print("py: %s: %s; filled %d, stream asked %d, to_dlpack %d, raw_stream %d, "
          "__dlpack__ %s" % (what, r, counts["from"], counts["stream"], counts["to_dlpack"],
                             counts["raw_stream"], counts["__dlpack__"]))
    sys.stdout.flush()


call("default", a, b)
call("stream=0, torch's current 0", a, b, stream=0)
call("stream=1 (legacy), current 0", a, b, stream=1)
call("stream=7, current 0: the handshake", a, b, stream=7)
state["current"] = 7
call("stream=7, current 7", a, b, stream=7)
call("default, current 7", a, b)


class Stream:  # torch.cuda.Stream's two spellings of its handle
    def __init__(self, attr, method):
        self.cuda_stream, self.method = attr, method

    def __cuda_stream__(self):
        return (0, self.method)


call(".cuda_stream 7, current 7", a, b, stream=Stream(7, 3))
call(".cuda_stream not an int: __cuda_stream__ 3", a, b, stream=Stream(None, 3))
state["current"] = 0
call("a subclass: the exporter", SubTensor(), b)
state["fail"] = True
call("torch refuses", a, b)
state["fail"] = False
