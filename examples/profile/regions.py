# In-kernel profiling (issue 25, TVM's docs/tirx/native_basics/cuda/profiling.rst):
# the prelude's CudaProfiler brackets a load / compute / store sequence; one leader
# thread per (block, group) lane stamps %globaltimer into `prof`, a zeroed uint64
# buffer passed like any argument.  tirx.profile decodes it (docs/profiling.md):
#
#   k = tirx.compile("examples/profile/regions.py")
#   prof = torch.zeros(4096, dtype=torch.int64, device="cuda")
#   k(out, inp, prof)
#   print(tirx.profile.decode(prof, ["load", "compute", "store"]).format())
#
# NUM_GROUPS splits a block's threads into that many groups of equal size, each its own
# lane (its first thread is the leader); group 0 runs ITERS0 FMA iterations, the others
# ITERS1.  PROFILE=False compiles every marker out (the buffer stays zero).
from enum import Enum

from tvm.tirx.bench import CudaProfiler

NUM_BLOCKS = 4
BLOCK = 128
NUM_GROUPS = 1
ITERS0 = 4000
ITERS1 = 4000
PROFILE = True
PROF_SIZE = 4096
N = NUM_BLOCKS * BLOCK
GROUP_SIZE = BLOCK // NUM_GROUPS


class Ev(Enum):
    Load = 0
    Compute = 1
    Store = 2


@T.prim_func
def regions(out_ptr: T.handle, inp_ptr: T.handle, prof_ptr: T.handle):
    out = T.match_buffer(out_ptr, (N,), "float32")
    inp = T.match_buffer(inp_ptr, (N,), "float32")
    prof = T.match_buffer(prof_ptr, (PROF_SIZE,), "uint64")
    T.device_entry()
    bid = T.cta_id([NUM_BLOCKS])
    tid = T.thread_id([BLOCK])
    idx = bid * BLOCK + tid
    p = CudaProfiler(prof, write_stride=NUM_BLOCKS * NUM_GROUPS, num_groups=NUM_GROUPS,
                     default_leader=(tid % GROUP_SIZE == 0), profiler_enabled=PROFILE)
    p.init(tid // GROUP_SIZE)

    p.start(Ev.Load)
    x: T.f32 = inp[idx]
    p.end(Ev.Load)

    p.start(Ev.Compute)
    acc: T.f32 = T.float32(0)
    if tid < GROUP_SIZE:
        for _ in range(ITERS0):
            acc = acc * T.float32(1.0001) + x
    else:
        for _ in range(ITERS1):
            acc = acc * T.float32(1.0001) + x
    p.end(Ev.Compute)

    p.start(Ev.Store)
    out[idx] = acc
    p.end(Ev.Store)

    p.finalize()
