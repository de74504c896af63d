"""torch: the dtype facts a kernel factory asks a tensor library for while it is
traced (torch.empty((), dtype=torch.float32).element_size()).  There is no GPU at
parse time: torch.cuda.is_available() is False, and a tensor on a device other than
the CPU, or one with elements, is an error naming what the factory asked for."""


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


class _Cuda:
    def is_available(self):
        return False


cuda = _Cuda()
