# Streams: by default a call goes on torch's current stream (a side stream inside
# `with torch.cuda.stream(s)`), or on the stream given; no synchronisation.
import os
import sys

import torch

from common import check, close, dev, finish, tirx

ex = sys.argv[1]
k = tirx.compile(os.path.join(ex, "scale.py"))
a = torch.ones(256, device=dev)
b = torch.zeros(256, device=dev)
k(a, b)  # warm up: module loaded
torch.cuda.synchronize()

# torch's side streams do not synchronise with the legacy default stream: if the call
# went anywhere but s, it would read `a` before the fill that follows the sleep.
s = torch.cuda.Stream()
with torch.cuda.stream(s):
    torch.cuda._sleep(200_000_000)
    a.fill_(3.0)
    k(a, b)  # on s (torch's current stream here)
s.synchronize()
close("current stream (side stream)", b, torch.full((256,), 6.0))

# stream= a torch.cuda.Stream, while the current stream is the default one.
s2 = torch.cuda.Stream()
b.zero_()
torch.cuda.synchronize()
with torch.cuda.stream(s2):
    torch.cuda._sleep(200_000_000)
    a.fill_(5.0)
k(a, b, stream=s2)
s2.synchronize()
close("stream=torch.cuda.Stream", b, torch.full((256,), 10.0))

# The same Stream object again (its handle is remembered from the last call), another
# one, then the first again: each call goes on the stream it names (a wrong handle would
# read `a` before the fill behind the sleep).
for i, (st, v) in enumerate(((s2, 9.0), (s, 11.0), (s2, 13.0))):
    b.zero_()
    torch.cuda.synchronize()
    with torch.cuda.stream(st):
        torch.cuda._sleep(200_000_000)
        a.fill_(v)
    k(a, b, stream=st)
    st.synchronize()
    close("stream=torch.cuda.Stream, call %d (remembered handle)" % i, b, torch.full((256,), 2 * v))
    check("stream=torch.cuda.Stream, call %d: the object is the remembered one" % i,
          tirx._tirx._last_stream() is st)

# stream= an int handle.
b.zero_()
torch.cuda.synchronize()
with torch.cuda.stream(s2):
    torch.cuda._sleep(200_000_000)
    a.fill_(7.0)
k(a, b, stream=s2.cuda_stream)
s2.synchronize()
close("stream=int", b, torch.full((256,), 14.0))

# No synchronisation: the call returns while the stream is still busy.
with torch.cuda.stream(s):
    torch.cuda._sleep(500_000_000)
    k(a, b)
check("no synchronisation (the stream is still busy after the call)", not s.query())
s.synchronize()
finish()
