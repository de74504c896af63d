"""torch: the dtype facts a kernel factory asks a tensor library for while it is
traced (torch.empty((), dtype=torch.float32).element_size()).  There is no GPU at
parse time: torch.cuda.is_available() is False, and a tensor on a device other than
the CPU, or one with elements, is an error naming what the factory asked for.
A factory that sizes its kernel by the device (its SM count) can be given one:
-D TIRX_TORCH_CUDA_DEVICE=(SMS, MAJOR, MINOR), e.g. (148, 10, 0) for the B200 the
kern corpus was traced with, and torch.cuda then reports that one device 0."""

import _tirx

_DEVICE = _tirx.define("TIRX_TORCH_CUDA_DEVICE")
_DEVICE_OK = _DEVICE is None or (
    isinstance(_DEVICE, tuple) and len(_DEVICE) == 3
    and all(isinstance(x, int) and x >= 0 for x in _DEVICE) and _DEVICE[0] >= 1)
_int = int


class dtype:
    def __init__(self, name, itemsize, is_floating_point):
        self.name = name
        self.itemsize = itemsize
        self.is_floating_point = is_floating_point

    def __repr__(self):
        return "torch." + self.name


float64 = dtype("float64", 8, True)
float32 = dtype("float32", 4, True)
float16 = dtype("float16", 2, True)
bfloat16 = dtype("bfloat16", 2, True)
float8_e4m3fn = dtype("float8_e4m3fn", 1, True)
float8_e5m2 = dtype("float8_e5m2", 1, True)
int64 = dtype("int64", 8, False)
int32 = dtype("int32", 4, False)
int16 = dtype("int16", 2, False)
int8 = dtype("int8", 1, False)
uint8 = dtype("uint8", 1, False)
bool = dtype("bool", 1, False)
float = float32
half = float16
double = float64
long = int64
int = int32


class Tensor:
    def __init__(self, shape, dtype):
        self.shape = tuple(shape)
        self.dtype = dtype

    def element_size(self):
        return self.dtype.itemsize

    def dim(self):
        return len(self.shape)


def _shape(size):
    if len(size) == 1 and isinstance(size[0], (tuple, list)):
        return tuple(size[0])
    return tuple(size)


def empty(*size, dtype=None, device=None):
    shape = _shape(size)
    if device is not None and str(device) != "cpu":
        raise RuntimeError(f"torch.empty(device={device!r}): tirx traces without a GPU (only dtype facts are available)")
    n = 1
    for s in shape:
        n = n * s
    if n != 1 or len(shape) != 0:
        raise RuntimeError(f"torch.empty({shape}): tirx's torch has no tensor data (only a 0-d tensor's dtype facts)")
    return Tensor(shape, float32 if dtype is None else dtype)


class device:
    def __init__(self, type, index=None):
        if isinstance(type, device):
            type, index = type.type, type.index
        elif ":" in type:
            type, num = type.split(":")
            index = _int(num)
        self.type = type
        self.index = index

    def __str__(self):
        return self.type if self.index is None else f"{self.type}:{self.index}"

    def __repr__(self):
        return f"device(type={self.type!r})" if self.index is None else f"device(type={self.type!r}, index={self.index})"


class _DeviceProperties:
    def __init__(self, sms, major, minor):
        self.name = "tirx: -D TIRX_TORCH_CUDA_DEVICE"
        self.multi_processor_count = sms
        self.major = major
        self.minor = minor


class _Cuda:
    def is_available(self):
        self._device("is_available()") if _DEVICE is not None else None
        return _DEVICE is not None

    def device_count(self):
        return 0 if not self.is_available() else 1

    def _device(self, what, index=0):
        if not _DEVICE_OK:
            raise ValueError(f"-D TIRX_TORCH_CUDA_DEVICE={_DEVICE!r}: expected (SMS, MAJOR, MINOR), e.g. (148, 10, 0)")
        if _DEVICE is None:
            raise RuntimeError(f"torch.cuda.{what}: tirx traces without a GPU (give the device with -D TIRX_TORCH_CUDA_DEVICE=(SMS, MAJOR, MINOR))")
        if isinstance(index, device):
            index = index.index or 0
        if index not in (0, None):
            raise RuntimeError(f"torch.cuda.{what}: device {index}, but -D TIRX_TORCH_CUDA_DEVICE gives one device, 0")
        return _DEVICE

    def current_device(self):
        self._device("current_device()")
        return 0

    def get_device_properties(self, index=None):
        d = self._device("get_device_properties()", index)
        return _DeviceProperties(d[0], d[1], d[2])

    def get_device_capability(self, index=None):
        d = self._device("get_device_capability()", index)
        return (d[1], d[2])


cuda = _Cuda()
