"""tirx.profile — decode the in-kernel profiler's buffer; write a Perfetto timeline.

A kernel profiles itself with the prelude's ``tvm.tirx.bench.CudaProfiler``
(``init`` / ``start`` / ``end`` / ``finalize``, TVM's API): one leader thread per
(block, group) lane stamps ``%globaltimer`` into a zeroed ``uint64`` buffer that the
kernel takes as an ordinary argument.  After the launch::

    import tirx.profile as tp
    trace = tp.decode(prof, ["load", "compute", "store"])   # prof: torch/numpy/list/bytes
    print(trace.format())                                   # per-lane region durations
    trace.write_chrome_trace("kernel.json")                 # open in ui.perfetto.dev
    tp.export_to_perfetto_trace(prof, "kernel.json", names) # TVM's name for the same

The wire format (TVM's): slot 0 is ``num_groups << 32 | num_blocks``; every other
non-zero slot is a record, ``timestamp << 32 | tag`` with ``tag = lane << 12 |
event << 2 | kind`` (kind 0 start, 1 end, 2 instant, 3 finalize; lane = block *
num_groups + group).  Lane L writes slots ``1 + L``, ``1 + L + stride``, ... in time
order, so reading the buffer in slot order reads each lane in time order.  Timestamps
are the low 32 bits of the nanosecond global timer: they are unwrapped around the
earliest record (a kernel shorter than 2 s decodes exactly) and reported from 0.

Plain Python: no numpy or torch needed (they are accepted as inputs).  See
docs/profiling.md.
"""
import enum
import json
import struct
from collections import namedtuple

__all__ = ["decode", "Trace", "Span", "Instant", "export_to_perfetto_trace", "to_svg",
           "buffer_slots", "decode_tag", "EventType", "KIND_START", "KIND_END",
           "KIND_INSTANT", "KIND_FINALIZE"]

KIND_START, KIND_END, KIND_INSTANT, KIND_FINALIZE = 0, 1, 2, 3


class EventType(enum.Enum):
    """A record's kind (the tag's low two bits), with TVM's names."""
    kBegin = KIND_START
    kEnd = KIND_END
    kInstant = KIND_INSTANT
    kFinalize = KIND_FINALIZE


def decode_tag(tag, num_groups):
    """A record's low word -> (block, group, event, kind), as TVM's decode_tag."""
    lane = tag >> 12
    return lane // num_groups, lane % num_groups, (tag >> 2) & 0x3FF, tag & 3

Span = namedtuple("Span", "block group event name start end")
Span.__doc__ = "A closed region of one lane: start and end in ns from the trace's origin."
Span.duration = property(lambda s: s.end - s.start)
Instant = namedtuple("Instant", "block group event name time")
Instant.__doc__ = "A point event (kind 2) of one lane."


def buffer_slots(num_blocks, num_groups, records_per_lane):
    """The uint64 slots a buffer needs: the header plus records_per_lane records for
    each of the num_blocks * num_groups lanes (write_stride = num_blocks * num_groups;
    a start/end pair is two records, finalize one)."""
    return 1 + num_blocks * num_groups * records_per_lane


def _words(buf):
    """The buffer as a list of Python ints (uint64)."""
    if isinstance(buf, (bytes, bytearray, memoryview)):
        b = bytes(buf)
        if len(b) % 8:
            raise ValueError("a profiler buffer of %d bytes is not a whole number of "
                             "uint64 words" % len(b))
        return list(struct.unpack("<%dQ" % (len(b) // 8), b))
    if hasattr(buf, "detach") and hasattr(buf, "cpu"):  # torch
        buf = buf.detach().cpu()
        if str(buf.dtype) == "torch.uint64":
            buf = buf.view(dtype=__import__("torch").int64)
        buf = buf.tolist()
    elif hasattr(buf, "tolist"):  # numpy, array.array
        buf = buf.tolist()
    return [int(w) & 0xFFFFFFFFFFFFFFFF for w in buf]


def _names(event_names):
    """event index -> name, from a list, a dict or an Enum class (its values)."""
    if event_names is None:
        return {}
    if isinstance(event_names, dict):
        return {int(k): str(v) for k, v in event_names.items()}
    if isinstance(event_names, type):  # an Enum class: value -> member name
        return {int(m.value): m.name for m in event_names}
    return {i: str(n) for i, n in enumerate(event_names)}


class Trace:
    """A decoded profiler buffer.

    num_blocks, num_groups: from the header.  spans: the closed regions (Span), in
    each lane's time order, lanes in order.  instants: Instant records.  finalized:
    the set of (block, group) lanes that wrote their finalize record.  problems: what
    did not decode cleanly (an end without its start, a region left open, a lane out of
    the header's range), as strings; an empty list for a clean trace."""

    def __init__(self, num_blocks, num_groups, spans, instants, finalized, problems,
                 origin):
        self.num_blocks = num_blocks
        self.num_groups = num_groups
        self.spans = spans
        self.instants = instants
        self.finalized = finalized
        self.problems = problems
        self.origin = origin

    def lanes(self):
        """The (block, group) lanes that recorded anything, in order."""
        seen = {(s.block, s.group) for s in self.spans}
        seen |= {(i.block, i.group) for i in self.instants}
        return sorted(seen | set(self.finalized))

    def lane(self, block, group=0):
        """The spans of one lane, in time order."""
        return [s for s in self.spans if s.block == block and s.group == group]

    def durations(self):
        """{(block, group): [(name, ns), ...]} in each lane's order."""
        out = {}
        for s in self.spans:
            out.setdefault((s.block, s.group), []).append((s.name, s.duration))
        return out

    def summary(self):
        """{name: (count, total_ns, min_ns, max_ns)} over every lane."""
        out = {}
        for s in self.spans:
            c, t, lo, hi = out.get(s.name, (0, 0, None, None))
            d = s.duration
            out[s.name] = (c + 1, t + d, d if lo is None else min(lo, d),
                           d if hi is None else max(hi, d))
        return out

    def format(self):
        """One line per lane: 'block 0 group 0: load=32ns, compute=8704ns, ...'."""
        lines = []
        for (b, g), items in sorted(self.durations().items()):
            who = "block %d" % b if self.num_groups == 1 else "block %d group %d" % (b, g)
            lines.append("%s: %s" % (who, ", ".join("%s=%dns" % it for it in items)))
        lines.extend("problem: " + p for p in self.problems)
        return "\n".join(lines)

    def chrome_trace(self):
        """The trace as Chrome's trace-event JSON object (Perfetto and chrome://tracing
        open it): a process per block, a thread per group, one complete ("X") event per
        span, instants as "i"; times in microseconds (floats, ns resolution)."""
        ev = []
        for b, g in self.lanes():
            if g == 0 or not any(x["pid"] == b and x["name"] == "process_name" for x in ev):
                ev.append({"ph": "M", "name": "process_name", "pid": b, "tid": 0,
                           "args": {"name": "block_%d" % b}})
                ev.append({"ph": "M", "name": "process_sort_index", "pid": b, "tid": 0,
                           "args": {"sort_index": b}})
            ev.append({"ph": "M", "name": "thread_name", "pid": b, "tid": g,
                       "args": {"name": "group_%d" % g}})
            ev.append({"ph": "M", "name": "thread_sort_index", "pid": b, "tid": g,
                       "args": {"sort_index": g}})
        for s in self.spans:
            ev.append({"ph": "X", "name": s.name, "cat": "tirx", "pid": s.block,
                       "tid": s.group, "ts": s.start / 1000.0, "dur": s.duration / 1000.0,
                       "args": {"event": s.event, "start_ns": s.start, "dur_ns": s.duration}})
        for i in self.instants:
            ev.append({"ph": "i", "s": "t", "name": i.name, "cat": "tirx", "pid": i.block,
                       "tid": i.group, "ts": i.time / 1000.0})
        return {"traceEvents": ev, "displayTimeUnit": "ns",
                "otherData": {"num_blocks": self.num_blocks, "num_groups": self.num_groups,
                              "globaltimer_origin_ns": self.origin}}

    def write_chrome_trace(self, path):
        """Write chrome_trace() as JSON to path (ui.perfetto.dev opens it)."""
        with open(path, "w") as f:
            json.dump(self.chrome_trace(), f, separators=(",", ":"))
            f.write("\n")

    def __repr__(self):
        return "<tirx.profile.Trace %d blocks x %d groups, %d spans%s>" % (
            self.num_blocks, self.num_groups, len(self.spans),
            ", %d problems" % len(self.problems) if self.problems else "")


def decode(buf, event_names=None):
    """Decode a profiler buffer (torch tensor, numpy array, list of ints, or the raw
    little-endian bytes) into a Trace.  event_names: a list (index = event value), a
    dict, or the Enum class the kernel used; unnamed events are "event_<n>"."""
    words = _words(buf)
    if not words or words[0] == 0:
        raise ValueError("not a profiler buffer: slot 0 (the header) is 0 — was the "
                         "buffer zeroed before the launch and did the kernel call init()?")
    num_groups, num_blocks = words[0] >> 32, words[0] & 0xFFFFFFFF
    if num_groups == 0 or num_blocks == 0:
        raise ValueError("not a profiler buffer: header %#x names %d blocks x %d groups"
                         % (words[0], num_blocks, num_groups))
    names = _names(event_names)
    recs = [(w >> 32, w & 0xFFFFFFFF) for w in words[1:] if w]
    origin = 0
    if recs:
        # unwrap the 32-bit timer around the earliest record: differences within
        # +-2**31 ns from any one record, then shifted so that the earliest is 0
        ref = recs[0][0]
        rel = [((ts - ref + 0x80000000) & 0xFFFFFFFF) - 0x80000000 for ts, _ in recs]
        low = min(rel)
        origin = (ref + low) & 0xFFFFFFFF
        recs = [(r - low, tag) for r, (_, tag) in zip(rel, recs)]
    spans, instants, problems = [], [], []
    finalized = set()
    open_ = {}  # (lane, event) -> [start times]
    nlanes = num_blocks * num_groups
    for ts, tag in recs:
        lane, event, kind = tag >> 12, (tag >> 2) & 0x3FF, tag & 3
        block, group = divmod(lane, num_groups)
        if lane >= nlanes:
            problems.append("a record of lane %d, beyond the header's %d blocks x %d groups"
                            % (lane, num_blocks, num_groups))
            continue
        if (block, group) in finalized:
            continue  # after finalize: stale data from an earlier launch
        name = names.get(event, "event_%d" % event)
        if kind == KIND_START:
            open_.setdefault((lane, event), []).append(ts)
        elif kind == KIND_END:
            starts = open_.get((lane, event))
            if not starts:
                problems.append("block %d group %d: end of %s without its start"
                                % (block, group, name))
                continue
            spans.append(Span(block, group, event, name, starts.pop(), ts))
        elif kind == KIND_INSTANT:
            instants.append(Instant(block, group, event, name, ts))
        else:
            finalized.add((block, group))
    for (lane, event), starts in sorted(open_.items()):
        for _ in starts:
            block, group = divmod(lane, num_groups)
            problems.append("block %d group %d: %s started but never ended (the buffer "
                            "too small, or an end not reached)"
                            % (block, group, names.get(event, "event_%d" % event)))
    spans.sort(key=lambda s: (s.block, s.group, s.start, s.end))
    return Trace(num_blocks, num_groups, spans, instants, finalized, problems, origin)


def export_to_perfetto_trace(profiler_buffer, file_name, event_type_names):
    """TVM's tvm.tirx.bench.export_to_perfetto_trace: decode the buffer and write the
    timeline to file_name (Chrome trace-event JSON, which ui.perfetto.dev opens; one
    process per block, one thread per group).  Returns the Trace."""
    trace = decode(profiler_buffer, event_type_names)
    trace.write_chrome_trace(file_name)
    return trace


def to_svg(trace, path=None, width=960, title=None, max_lanes=24):
    """A static picture of the timeline (the first max_lanes lanes): one row per lane,
    one bar per span, coloured by event, with a legend and a time axis.  Returns the
    SVG text and writes it to path when given."""
    palette = ["#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#edc948",
               "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac"]
    lanes = trace.lanes()[:max_lanes]
    spans = [s for s in trace.spans if (s.block, s.group) in set(lanes)]
    end = max([s.end for s in spans] + [1])
    names = []
    for s in spans:
        if s.name not in names:
            names.append(s.name)
    colour = {n: palette[i % len(palette)] for i, n in enumerate(names)}
    left, row, top = 130, 18, 40 if title else 16
    plot = width - left - 20
    height = top + row * len(lanes) + 60

    def x(t):
        return left + plot * t / end

    def esc(s):
        return str(s).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")

    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" '
           'font-family="sans-serif" font-size="11">' % (width, height),
           '<rect width="100%" height="100%" fill="white"/>']
    if title:
        out.append('<text x="%d" y="20" font-size="14">%s</text>' % (left, esc(title)))
    for i, (b, g) in enumerate(lanes):
        y = top + i * row
        label = "block %d" % b if trace.num_groups == 1 else "block %d group %d" % (b, g)
        out.append('<text x="%d" y="%d" text-anchor="end">%s</text>'
                   % (left - 6, y + row - 6, label))
        out.append('<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#ddd"/>'
                   % (left, y + row - 1, left + plot, y + row - 1))
    index = {lane: i for i, lane in enumerate(lanes)}
    for s in spans:
        y = top + index[(s.block, s.group)] * row
        w = max(x(s.end) - x(s.start), 0.5)
        out.append('<rect x="%.2f" y="%d" width="%.2f" height="%d" fill="%s">'
                   '<title>%s: %d ns</title></rect>'
                   % (x(s.start), y + 2, w, row - 5, colour[s.name], esc(s.name), s.duration))
    axis = top + row * len(lanes) + 4
    out.append('<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="black"/>'
               % (left, axis, left + plot, axis))
    for k in range(6):
        t = end * k / 5
        out.append('<text x="%.1f" y="%d" text-anchor="middle">%.1f us</text>'
                   % (x(t), axis + 14, t / 1000.0))
    lx = left
    for n in names:
        out.append('<rect x="%d" y="%d" width="10" height="10" fill="%s"/>'
                   % (lx, axis + 26, colour[n]))
        out.append('<text x="%d" y="%d">%s</text>' % (lx + 14, axis + 35, esc(n)))
        lx += 24 + 7 * len(n)
    out.append("</svg>")
    text = "\n".join(out) + "\n"
    if path:
        with open(path, "w") as f:
            f.write(text)
    return text
