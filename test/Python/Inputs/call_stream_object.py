"""stream= objects (python/src/_tirx.c parse_stream), through the fake driver, which
prints the stream of each launch (TIRX_FAKE_CUDA_STREAMS): an object with an int
.cuda_stream (torch.cuda.Stream's kind) is asked for its handle once while it stays the
last one given (_tirx._last_stream()); another object, or the first again, is asked
anew; an int or a __cuda_stream__ object leaves the remembered one alone."""
import sys

import tirx
from tirx import _tirx


class TorchLike:
    """.cuda_stream like torch.cuda.Stream's: counts the lookups."""

    def __init__(self, handle):
        self.handle, self.asked = handle, 0

    @property
    def cuda_stream(self):
        self.asked += 1
        return self.handle


class Protocol:
    def __init__(self, handle):
        self.handle, self.asked = handle, 0

    def __cuda_stream__(self):
        self.asked += 1
        return (0, self.handle)


k = tirx.compile('''@T.prim_func
def fill(n: T.int32, x: T.float32):
    T.device_entry()
    bx = T.cta_id([n])
    tx = T.thread_id([32])
    T.evaluate(0)
''', target="sm_100a", cache=False)
s1, s2, p = TorchLike(0x11), TorchLike(0x22), Protocol(0x44)


def call(what, stream):
    sys.stdout.flush()
    k(1, 1.0, stream=stream)
    sys.stdout.flush()
    last = _tirx._last_stream()
    print("py: %s: s1 asked %d, s2 asked %d, protocol asked %d, remembered %s" % (
        what, s1.asked, s2.asked, p.asked,
        {id(s1): "s1", id(s2): "s2", id(None): "none"}.get(id(last), "other")))


print("py: remembered at first:", _tirx._last_stream())
call("s1", s1)
call("s1 again", s1)
call("s2", s2)
call("s1 third", s1)
call("int 0x33", 0x33)
call("s1 after the int", s1)
call("protocol", p)
call("protocol again", p)
call("s1 after the protocol", s1)
