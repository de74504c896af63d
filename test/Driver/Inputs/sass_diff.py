"""Compares two cubins' SASS for test/Driver/sass-interleave-ffma.test.
  usage: sass_diff.py NVDISASM BEFORE.cubin AFTER.cubin [MIN_RUN]
Disassembles both (nvdisasm -hex -c), pairs the instructions by address and prints what
differs: how many instructions changed, whether each is an FFMA inside a run of >= MIN_RUN
(default 8) consecutive FFMAs, which control bits changed (yield: bit 45 of the high word,
0 = yield; reuse: bits 58-61; any other bit counts as "other"), how many FFMAs of those runs
yield before and after, and the first changed instructions as nvdisasm prints them."""
import re
import subprocess
import sys

YIELD, REUSE = 1 << 45, 0xF << 58


def sass(nvdisasm, path):
    out = subprocess.run([nvdisasm, "-hex", "-c", path], capture_output=True, text=True,
                         check=True).stdout.splitlines()
    insns = []  # (section index, address, text, lo, hi)
    sec = -1
    for i, line in enumerate(out):
        if line.lstrip().startswith(".text."):
            sec += 1
        m = re.match(r"\s*/\*([0-9a-f]{4,})\*/\s+(.*?)\s*;?\s*/\* 0x([0-9a-f]{16}) \*/", line)
        if m:
            hi = re.search(r"/\* 0x([0-9a-f]{16}) \*/", out[i + 1])
            insns.append((sec, int(m.group(1), 16), m.group(2).rstrip(" ;"), int(m.group(3), 16),
                          int(hi.group(1), 16)))
    return insns


def long_runs(insns, min_run):
    """The indices of FFMAs inside runs of >= min_run consecutive FFMAs."""
    ffma = [t.split()[0 if not t.startswith("@") else 1] == "FFMA" for _, _, t, _, _ in insns]
    inrun, i = set(), 0
    while i < len(insns):
        j = i
        while j < len(insns) and ffma[j] and insns[j][0] == insns[i][0]:
            j += 1
        if j - i >= min_run:
            inrun.update(range(i, j))
        i = max(j, i + 1)
    return inrun, sum(ffma)


def main():
    nvdisasm, a, b = sys.argv[1:4]
    min_run = int(sys.argv[4]) if len(sys.argv) > 4 else 8
    x, y = sass(nvdisasm, a), sass(nvdisasm, b)
    if [(s, addr) for s, addr, _, _, _ in x] != [(s, addr) for s, addr, _, _, _ in y]:
        print("layout differs: %d vs %d instructions" % (len(x), len(y)))
        return 1
    inrun, nffma = long_runs(x, min_run)
    changed = [i for i in range(len(x)) if x[i][3:] != y[i][3:]]
    print("instructions: %d, FFMA: %d, in runs >= %d: %d" % (len(x), nffma, min_run, len(inrun)))
    print("changed: %d (in FFMA runs: %d, elsewhere: %d)" % (
        len(changed), sum(i in inrun for i in changed), sum(i not in inrun for i in changed)))
    bits = {"yield": 0, "reuse": 0, "other": 0}
    for i in changed:
        dlo, dhi = x[i][3] ^ y[i][3], x[i][4] ^ y[i][4]
        bits["yield"] += bool(dhi & YIELD)
        bits["reuse"] += bool(dhi & REUSE)
        bits["other"] += bool(dlo or dhi & ~(YIELD | REUSE))
    print("changed bits: yield %(yield)d, reuse %(reuse)d, other %(other)d" % bits)
    cleared = sum(1 for i in changed if x[i][4] & YIELD and not y[i][4] & YIELD)
    print("yield bits cleared (made to yield): %d, set: %d" % (
        cleared, sum(1 for i in changed if y[i][4] & YIELD and not x[i][4] & YIELD)))
    for name, v in (("before", x), ("after", y)):
        print("FFMAs of the runs that yield %s: %d of %d" % (
            name, sum(1 for i in inrun if not v[i][4] & YIELD), len(inrun)))
    for i in changed[:4]:
        print("  %04x %-40s 0x%016x -> %-40s 0x%016x" % (x[i][1], x[i][2], x[i][4], y[i][2], y[i][4]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
