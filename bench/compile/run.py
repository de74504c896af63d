#!/usr/bin/env python3
"""Compile-time benchmark: tirx-llc --emit=cubin vs nvcc -cubin, side by side.

For every example in examples/ (and its CUDA C twin in bench/compile/cuda/) it
times both compilers from the command line (wall clock, median of --runs),
prints the ratio tirx-llc / nvcc and tirx-llc's per-stage split from
--time-passes (first compile in a fresh process, and the fastest of 20
compiles in one process: "warm").

    python3 bench/compile/run.py [--tirx-llc build/bin/tirx-llc] [--nvcc nvcc]
                                 [--arch sm_90a] [--runs 5]

Targets (README of this folder): tirx-llc <= 1/10 of nvcc's time per kernel,
and parse -> PTX under 5 ms for block_sum.
"""
import argparse
import math
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
STAGES = ["parse", "verify", "passes", "llvm-irgen", "llvm-opt", "ptx-emit", "ptxas"]
DEFINES = {"add": ["-D", "N=1024"]}


def find_tool(explicit, names, extra):
    if explicit:
        return explicit
    for n in names:
        p = shutil.which(n)
        if p:
            return p
    for p in extra:
        if os.access(p, os.X_OK):
            return p
    return None


def wall(cmd, runs):
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        r = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        times.append((time.perf_counter() - t) * 1e3)
        if r.returncode != 0:
            raise RuntimeError("%s failed:\n%s" % (" ".join(cmd), r.stderr.decode()))
    return statistics.median(times)


def stage_times(cmd):
    """(first, warm) dicts of stage -> ms from --time-passes --repeat=20."""
    r = subprocess.run(cmd + ["--time-passes", "--repeat=20"], stdout=subprocess.DEVNULL,
                       stderr=subprocess.PIPE, check=True)
    first, warm = {}, {}
    for line in r.stderr.decode().splitlines():
        m = re.match(r"\s+([a-z-]+)\s+([0-9.]+)(?:\s+([0-9.]+))?$", line)
        if m:
            first[m.group(1)] = float(m.group(2))
            warm[m.group(1)] = float(m.group(3) or m.group(2))
    return first, warm


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tirx-llc")
    ap.add_argument("--nvcc")
    ap.add_argument("--arch", default="sm_90a")
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()

    llc = find_tool(args.tirx_llc, ["tirx-llc"],
                    [os.path.join(ROOT, d, "bin", "tirx-llc") for d in ("build", "build-cg")])
    nvcc = find_tool(args.nvcc, ["nvcc"], ["/usr/local/cuda/bin/nvcc"])
    if not llc:
        sys.exit("run.py: tirx-llc not found (build it, or pass --tirx-llc)")
    if not nvcc:
        sys.exit("run.py: nvcc not found (pass --nvcc)")

    names = sorted(f[:-3] for f in os.listdir(os.path.join(HERE, "cuda")) if f.endswith(".cu"))
    tmp = tempfile.mkdtemp(prefix="tirx-bench-")
    out = os.path.join(tmp, "k.cubin")
    print("tirx-llc: %s\nnvcc:     %s\narch: %s, median of %d runs, wall clock ms\n"
          % (llc, nvcc, args.arch, args.runs))
    head = "%-13s %9s %9s %7s | %s" % ("kernel", "nvcc", "tirx-llc", "ratio",
                                      " ".join("%8s" % s for s in STAGES))
    print(head)
    print("-" * len(head))
    ratios, warm_rows = [], []
    try:
        for n in names:
            src = os.path.join(ROOT, "examples", n + ".py")
            if not os.path.exists(src):
                continue
            tcmd = [llc, "--no-cache", "--emit=cubin", "--mcpu=" + args.arch, "-O3"] + DEFINES.get(n, []) + [src, "-o", out]
            ncmd = [nvcc, "-cubin", "-arch=" + args.arch, "-O3", os.path.join(HERE, "cuda", n + ".cu"), "-o", out]
            tn = wall(ncmd, args.runs)
            tt = wall(tcmd, args.runs)
            first, warm = stage_times(tcmd)
            ratios.append(tt / tn)
            warm_rows.append((n, warm))
            print("%-13s %9.1f %9.1f %7.3f | %s" % (n, tn, tt, tt / tn,
                                                    " ".join("%8.2f" % first.get(s, 0) for s in STAGES)))
        print()
        print("warm (fastest of 20 compiles in one process), ms:")
        print("%-13s %s %9s" % ("kernel", " ".join("%8s" % s for s in STAGES), "->PTX"))
        block_sum_ptx = None
        for n, w in warm_rows:
            to_ptx = sum(w.get(s, 0) for s in STAGES[:6])
            if n == "block_sum":
                block_sum_ptx = to_ptx
            print("%-13s %s %9.2f" % (n, " ".join("%8.2f" % w.get(s, 0) for s in STAGES), to_ptx))
        geo = math.exp(sum(math.log(r) for r in ratios) / len(ratios))
        print()
        print("geometric mean tirx-llc/nvcc: %.3f (target <= 0.100): %s"
              % (geo, "ok" if geo <= 0.1 else "MISSED"))
        if block_sum_ptx is not None:
            print("block_sum parse->PTX (warm): %.2f ms (target < 5 ms): %s"
                  % (block_sum_ptx, "ok" if block_sum_ptx < 5 else "MISSED"))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
