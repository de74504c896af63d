# The in-kernel profiler on the GPU (issue 25 section 4): examples/profile/regions.py
# (TVM's profiling.rst kernel) and the profiled GEMM rung; the regions' order, the
# durations' proportions, the trace's files.  argv: examples dir [output dir].
import json
import os
import sys
import tempfile

import torch

from common import check, close, dev, finish, tirx
import tirx.profile as tp

ex = sys.argv[1]
out_dir = sys.argv[2] if len(sys.argv) > 2 else tempfile.mkdtemp()
os.makedirs(out_dir, exist_ok=True)
src = os.path.join(ex, "profile", "regions.py")
NAMES = ["load", "compute", "store"]


def launch(defines, nblocks=4, block=128):
    k = tirx.compile(src, defines=defines)
    n = nblocks * block
    inp = torch.ones(n, device=dev)
    out = torch.zeros(n, device=dev)
    prof = torch.zeros(4096, dtype=torch.uint64, device=dev)
    k(out, inp, prof)          # warm-up
    prof.zero_()
    k(out, inp, prof)
    torch.cuda.synchronize()
    return out, prof


def reference(iters, n):
    acc = torch.zeros(n, device=dev)
    x = torch.ones(n, device=dev)
    for _ in range(iters):
        acc = acc * 1.0001 + x
    return acc


# one group per block, 4000 FMA iterations
out, prof = launch({})
close("regions.py computes", out, reference(4000, 512), rtol=1e-4)
t = tp.decode(prof, NAMES)
print(t.format())
check("header: 4 blocks x 1 group", (t.num_blocks, t.num_groups) == (4, 1))
check("every lane finalized, no problems", t.finalized == {(b, 0) for b in range(4)}
      and not t.problems, str(t.problems))
ordered = True
for b in range(4):
    spans = t.lane(b)
    ordered &= [s.name for s in spans] == NAMES
    ordered &= all(x.end <= y.start for x, y in zip(spans, spans[1:]))
check("each lane: load, compute, store, in order, not overlapping", ordered)
d = t.durations()
comp = [dict(d[(b, 0)])["compute"] for b in range(4)]
small = [max(dict(d[(b, 0)])["load"], dict(d[(b, 0)])["store"]) for b in range(4)]
check("compute dominates (> 2 us, > 5x load and store)",
      all(c > 2000 and c > 5 * s for c, s in zip(comp, small)), "compute %s, load/store %s"
      % (comp, small))
check("blocks agree (compute within 25%)", max(comp) < 1.25 * min(comp), str(comp))

# two warpgroups per block, 1000 against 5000 iterations: two lanes per block
out, prof = launch({"BLOCK": 256, "NUM_GROUPS": 2, "ITERS0": 1000, "ITERS1": 5000}, 4, 256)
t2 = tp.decode(prof, NAMES)
print(t2.format())
check("header: 4 blocks x 2 groups", (t2.num_blocks, t2.num_groups) == (4, 2))
d2 = t2.durations()
light = [dict(d2[(b, 0)])["compute"] for b in range(4)]
heavy = [dict(d2[(b, 1)])["compute"] for b in range(4)]
check("the 5000-iteration group's compute is 3-7x the 1000-iteration one's",
      all(3 * l < h < 7 * l for l, h in zip(light, heavy)), "light %s heavy %s" % (light, heavy))

# the Chrome trace JSON
path = os.path.join(out_dir, "regions.trace.json")
tp.export_to_perfetto_trace(prof, path, NAMES)
with open(path) as f:
    doc = json.load(f)
xs = [e for e in doc["traceEvents"] if e["ph"] == "X"]
check("trace JSON: 24 regions on 8 tracks", len(xs) == 24 and
      len({(e["pid"], e["tid"]) for e in xs}) == 8)

# compiled out: nothing written
out, prof = launch({"PROFILE": False})
check("PROFILE=False writes nothing", int(prof.count_nonzero()) == 0)
close("PROFILE=False computes", out, reference(4000, 512), rtol=1e-4)

# the profiled GEMM rung: correct C, every lane clean, the expected region counts
sys.path.insert(0, os.path.join(ex, "profile"))
import gemm_profile  # noqa: E402
M = N = K = 2048
tg, err, tiles, nk = gemm_profile.run(M, N, K, out_dir)
check("profiled GEMM: C matches torch", err < 1e-2, "max rel err %.3g" % err)
check("profiled GEMM: no problems, every used lane finalized",
      not tg.problems and len(tg.finalized) == 3 * min(tiles, 132), str(tg.problems[:3]))
s = tg.summary()
print({k: (v[0], v[1] // max(v[0], 1)) for k, v in s.items()})
check("profiled GEMM: one issue-tma per k-tile, two mma per k-tile (two consumers)",
      s["issue-tma"][0] == tiles * nk and s["mma"][0] == 2 * tiles * nk
      and s["epilogue"][0] == 2 * tiles, str({k: v[0] for k, v in s.items()}))
lane_ok = True
for b in range(min(tiles, 132)):
    prod = [x.name for x in tg.lane(b, 0)]
    cons = [x.name for x in tg.lane(b, 1)]
    lane_ok &= prod[:2] == ["wait-empty", "issue-tma"] and cons[:2] == ["wait-full", "mma"]
    lane_ok &= cons[-1] == "epilogue"
check("profiled GEMM: producer and consumer lanes in program order", lane_ok)
finish()
