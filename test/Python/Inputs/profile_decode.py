"""tirx.profile on synthetic buffers written as the profiler writes them (plain
Python: no numpy, torch or device)."""
import enum
import json
import os
import struct
import sys
import tempfile

import tirx.profile as tp


def word(ts, lane, event, kind):
    return (ts & 0xFFFFFFFF) << 32 | lane << 12 | event << 2 | kind


def lay_out(num_blocks, num_groups, lanes, stride, size):
    """lanes: {lane: [(ts, event, kind)]} -> the buffer, each lane at 1 + lane + k*stride."""
    buf = [0] * size
    buf[0] = num_groups << 32 | num_blocks
    for lane, recs in lanes.items():
        for k, (ts, ev, kind) in enumerate(recs):
            buf[1 + lane + k * stride] = word(ts, lane, ev, kind)
    return buf


class Ev(enum.Enum):
    Load = 0
    Compute = 1
    Store = 2


# 2 blocks x 2 groups, stride 4: lanes interleave; times from 1000 ns
T0 = 1000
lanes = {}
for lane in range(4):
    b = T0 + 10 * lane
    c = 100 * (lane + 1)   # compute: 100, 200, 300, 400 ns
    lanes[lane] = [(b, 0, 0), (b + 32, 0, 1), (b + 32, 1, 0), (b + 32 + c, 1, 1),
                   (b + 32 + c, 2, 0), (b + 96 + c, 2, 1), (b + 96 + c, 0, 3)]
buf = lay_out(2, 2, lanes, 4, 64)
t = tp.decode(buf, ["load", "compute", "store"])
print(repr(t))
print(t.format())
print("lanes:", t.lanes(), "finalized:", sorted(t.finalized), "problems:", t.problems)
print("lane 3 starts:", [s.start for s in t.lane(1, 1)])
print("summary compute:", t.summary()["compute"])

# the same records as little-endian bytes, names from the Enum class
t2 = tp.decode(struct.pack("<64Q", *buf), Ev)
print("bytes+enum:", t2.durations()[(1, 0)])

# nested regions of different events, an instant, and a timer that wraps mid-kernel
near = 0xFFFFFFFF - 50
lanes = {0: [(near, 0, 0), (near + 20, 1, 0), (near + 30, 3, 2), (near + 80, 1, 1),
             (near + 100, 0, 1), (near + 100, 0, 3)]}
t3 = tp.decode(lay_out(1, 1, lanes, 1, 16))
print("wrapped:", [(s.name, s.start, s.end) for s in t3.spans],
      "instants:", [(i.name, i.time) for i in t3.instants])

# records after a lane's finalize (an earlier, longer launch into an unzeroed buffer)
# are skipped; an end without its start and a region left open are problems
lanes = {0: [(10, 0, 0), (20, 0, 1), (20, 0, 3), (30, 1, 0), (40, 1, 1)],
         1: [(10, 5, 1), (15, 4, 0)]}
t4 = tp.decode(lay_out(2, 1, lanes, 2, 16), ["a", "b"])
print("stale:", t4.durations())
for p in t4.problems:
    print("problem:", p)

# a record whose lane is beyond the header
bad = lay_out(1, 1, {0: [(1, 0, 0), (2, 0, 1)]}, 1, 8)
bad[5] = word(3, 7, 0, 0)
print("beyond:", tp.decode(bad).problems)

for b, what in (([0, 0, 0], "zero header"), ([], "empty"), (b"\x01\x02\x03", "ragged bytes")):
    try:
        tp.decode(b)
    except ValueError as e:
        print("%s: ValueError: %s" % (what, e))

# the Chrome trace JSON: metadata per block/group, one X event per span, in us
d = tempfile.mkdtemp()
path = os.path.join(d, "trace.json")
t5 = tp.export_to_perfetto_trace(buf, path, ["load", "compute", "store"])
with open(path) as f:
    doc = json.load(f)
ev = doc["traceEvents"]
print("json spans:", sum(e["ph"] == "X" for e in ev), "processes:",
      sorted(e["args"]["name"] for e in ev if e["name"] == "process_name"),
      "threads:", sorted({e["args"]["name"] for e in ev if e["name"] == "thread_name"}))
x = [e for e in ev if e["ph"] == "X" and e["pid"] == 1 and e["tid"] == 1]
print("block 1 group 1:", [(e["name"], e["ts"], e["dur"]) for e in x])
print("other:", doc["displayTimeUnit"], doc["otherData"]["num_blocks"], t5.num_groups)

svg = tp.to_svg(t, os.path.join(d, "t.svg"), title="synthetic")
print("svg:", svg.startswith("<svg"), svg.count("<rect") - 1 - 3, "bars,",
      "compute" in svg, os.path.getsize(os.path.join(d, "t.svg")) > 0)
print("slots:", tp.buffer_slots(132, 3, 130))
print("decode_tag:", tp.decode_tag(word(5, 7, 3, 1) & 0xFFFFFFFF, 2),
      tp.EventType(tp.KIND_FINALIZE).name)
