#!/usr/bin/env python3
"""Compile time on the printed corpus: our stages against ptxas alone, and nvcc.

For every kernel of the printed corpus (../shared/corpus/TIRx-kernels, each at its arch
from SOURCES.md) it prints, in ms (the fastest of --runs; the machine is shared):

  stages   tirx-llc --emit=ptx: our stages, parse -> PTX, and the process around them (its
           split by stage from --time-passes is printed on the right, wall clock)
  ptxas    ptxas alone on that PTX (the options tirx-llc uses)
  total    tirx-llc --emit=cubin
  nvcc     nvcc -cubin on the kernel's CUDA twin (_cuda/NAME.cu), when there is one

Times are the CPU time (user + system) of each process, which the load of a shared machine
disturbs far less than the wall clock (--wall for that).
  st/px    stages / ptxas, in %: the target is <= 35 % on the ten largest kernels (by PTX
           size, marked *) and <= 50 % on all

--callgrind N adds instruction counts (valgrind --tool=callgrind) for the N largest kernels:
ours (tirx-llc --emit=ptx) and ptxas alone on the same PTX, and their ratio.  They do not
depend on the machine's load, so they are the numbers to compare between builds.

    python3 bench/compile/corpus.py [--tirx-llc build/bin/tirx-llc] [--runs 3]
        [--nvcc-runs 1 | --no-nvcc] [--callgrind 10] [--filter SUBSTR]

Exit status 0 always (a benchmark, not a test); "MISSED" lines say which target failed.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
WALL = False
STAGES = ["parse", "verify", "passes", "llvm-irgen", "llvm-opt", "ptx-emit"]


def corpus_dir(explicit):
    for d in [explicit, os.environ.get("TIRX_CORPUS"), os.path.join(ROOT, "..", "shared", "corpus")]:
        if d and os.path.isdir(os.path.join(d, "TIRx-kernels")):
            return os.path.abspath(d)
    sys.exit("corpus.py: no printed corpus (pass --corpus DIR or set TIRX_CORPUS)")


def archs(corpus):
    """file (relative to the corpus) -> arch, from SOURCES.md's table."""
    out = {}
    with open(os.path.join(corpus, "SOURCES.md")) as f:
        for line in f:
            cells = [c.strip() for c in line.split("|")]
            if len(cells) > 5 and cells[1].endswith(".py"):
                out[cells[1]] = cells[4]
    return out


class Done:
    def __init__(self, returncode, stderr):
        self.returncode, self.stderr = returncode, stderr


def timed(cmd):
    """(ms, result): the CPU time (user + system) of the process, which a loaded machine
    disturbs far less than the wall clock; --wall gives the wall clock instead."""
    t = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    err = p.stderr.read()
    _, status, ru = os.wait4(p.pid, 0)
    p.returncode = os.waitstatus_to_exitcode(status)
    wall = (time.perf_counter() - t) * 1e3
    cpu = (ru.ru_utime + ru.ru_stime) * 1e3
    return (wall if WALL else cpu), Done(p.returncode, err)


def stages(llc, src, arch, ptx):
    """(ms of the whole tirx-llc --emit=ptx process, {stage: wall ms it reports})."""
    ms, r = timed([llc, src, "--no-cache", "--emit=ptx", "--mcpu=" + arch, "--time-passes",
                   "-o", ptx])
    if r.returncode:
        return None
    st = {"process": ms}
    for line in r.stderr.decode().splitlines():
        m = re.match(r"\s+([a-z-]+)\s+([0-9.]+)$", line)
        if m:
            st[m.group(1)] = float(m.group(2))
    return st


def callgrind(cmd, tmp):
    out = os.path.join(tmp, "cg.out")
    r = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=" + out] + cmd,
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    m = re.search(r"Collected\s*:\s*([0-9]+)", r.stderr.decode())
    if os.path.exists(out):
        os.unlink(out)
    return int(m.group(1)) if m and r.returncode == 0 else None


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tirx-llc", default=os.path.join(ROOT, "build", "bin", "tirx-llc"))
    ap.add_argument("--ptxas", default=shutil.which("ptxas") or "/usr/local/cuda/bin/ptxas")
    ap.add_argument("--nvcc", default=shutil.which("nvcc") or "/usr/local/cuda/bin/nvcc")
    ap.add_argument("--corpus")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--nvcc-runs", type=int, default=1)
    ap.add_argument("--no-nvcc", action="store_true")
    ap.add_argument("--callgrind", type=int, default=0, metavar="N")
    ap.add_argument("--filter", default="")
    ap.add_argument("--wall", action="store_true", help="wall clock instead of CPU time")
    a = ap.parse_args()
    global WALL
    WALL = a.wall
    corpus = corpus_dir(a.corpus)
    arch_of = archs(corpus)
    kdir = os.path.join(corpus, "TIRx-kernels")
    names = sorted(f[:-3] for f in os.listdir(kdir) if f.endswith(".py") and a.filter in f)
    tmp = tempfile.mkdtemp(prefix="tirx-corpus-bench-")
    rows, failed = [], []
    try:
        for n in names:
            src = os.path.join(kdir, n + ".py")
            arch = arch_of.get("TIRx-kernels/" + n + ".py", "sm_100a")
            ptx = os.path.join(tmp, n + ".ptx")
            best = None
            for _ in range(a.runs):
                st = stages(a.tirx_llc, src, arch, ptx)
                if st is None:
                    break
                s = st["process"]
                if best is None or s < best[0]:
                    best = (s, st)
            if best is None:
                failed.append(n)
                continue
            cub = os.path.join(tmp, "k.cubin")
            px = min(timed([a.ptxas, "-arch=" + arch, "-O3", "-o", cub, ptx])[0]
                     for _ in range(a.runs))
            tot = min(timed([a.tirx_llc, src, "--no-cache", "--emit=cubin", "--mcpu=" + arch,
                             "-o", cub])[0] for _ in range(a.runs))
            nv = None
            cu = os.path.join(kdir, "_cuda", n + ".cu")
            if not a.no_nvcc and os.path.exists(cu) and os.access(a.nvcc, os.X_OK):
                ts = []
                for _ in range(a.nvcc_runs):
                    ms, r = timed([a.nvcc, "-cubin", "-arch=" + arch, "-O3", cu, "-o", cub])
                    if r.returncode == 0:
                        ts.append(ms)
                nv = min(ts) if ts else None
            rows.append({"name": n, "arch": arch, "src": src, "ptx": ptx,
                         "size": os.path.getsize(ptx), "stages": best[0], "split": best[1],
                         "ptxas": px, "total": tot, "nvcc": nv})
            sys.stderr.write(".")
            sys.stderr.flush()
        sys.stderr.write("\n")
        big = {r["name"] for r in sorted(rows, key=lambda r: -r["size"])[:10]}
        print("tirx-llc: %s\nptxas:    %s\n%s ms of each process, fastest of %d runs (nvcc: %d); "
              "* = the ten largest (PTX bytes); the stage split is tirx-llc's own (wall clock)\n"
              % (a.tirx_llc, a.ptxas, "wall-clock" if WALL else "CPU (user + system)", a.runs,
                 a.nvcc_runs))
        head = "%-48s %8s %8s %8s %8s %8s %6s | %s" % (
            "kernel", "PTX KB", "stages", "ptxas", "total", "nvcc", "st/px",
            " ".join("%7s" % s[:7] for s in STAGES))
        print(head)
        print("-" * len(head))
        miss = []
        for r in rows:
            ratio = 100.0 * r["stages"] / r["ptxas"]
            limit = 35 if r["name"] in big else 50
            if ratio > limit:
                miss.append((r["name"], ratio, limit))
            print("%-48s %8.0f %8.1f %8.1f %8.1f %8s %5.0f%% | %s" % (
                ("* " if r["name"] in big else "  ") + r["name"][:46], r["size"] / 1024.0,
                r["stages"], r["ptxas"], r["total"],
                "%.0f" % r["nvcc"] if r["nvcc"] is not None else "-", ratio,
                " ".join("%7.1f" % r["split"].get(s, 0) for s in STAGES)))
        if failed:
            print("\nno PTX (tirx-llc failed): %s" % ", ".join(failed))
        sums = [sum(r[k] for r in rows) for k in ("stages", "ptxas", "total")]
        print("\nsum over %d kernels: stages %.0f ms, ptxas %.0f ms (stages %.0f%%), total %.0f ms"
              % (len(rows), sums[0], sums[1], 100.0 * sums[0] / sums[1], sums[2]))
        for name, ratio, limit in miss:
            print("MISSED: %s stages %.0f%% of ptxas (target <= %d%%)" % (name, ratio, limit))
        if not miss:
            print("ok: stages <= 35%% of ptxas on the ten largest, <= 50%% on all")
        if a.callgrind and shutil.which("valgrind"):
            print("\ninstructions (callgrind), the %d largest kernels:" % a.callgrind)
            print("%-48s %14s %14s %7s" % ("kernel", "ours (->PTX)", "ptxas alone", "ratio"))
            for r in sorted(rows, key=lambda r: -r["size"])[:a.callgrind]:
                ours = callgrind([a.tirx_llc, r["src"], "--no-cache", "--emit=ptx",
                                  "--mcpu=" + r["arch"], "-o", os.path.join(tmp, "cg.ptx")], tmp)
                px = callgrind([a.ptxas, "-arch=" + r["arch"], "-O3", "-o",
                                os.path.join(tmp, "cg.cubin"), r["ptx"]], tmp)
                print("%-48s %14s %14s %6s" % (
                    r["name"][:48], "{:,}".format(ours) if ours else "-",
                    "{:,}".format(px) if px else "-",
                    "%.0f%%" % (100.0 * ours / px) if ours and px else "-"))
                sys.stdout.flush()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
