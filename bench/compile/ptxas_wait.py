#!/usr/bin/env python3
"""What tirx-llc's wait for ptxas adds: its reported ptxas stage vs ptxas run by hand.

For each kernel it writes the PTX once (tirx-llc --emit=ptx), then alternates, --runs
times: `tirx-llc --no-cache --emit=cubin --time-passes` (the "ptxas" stage it reports:
temporary files, spawn, wait, reading the cubin back) and the same ptxas on the same PTX
from here (wall clock of the subprocess).  It prints both medians and their difference:
the cost of tirx's wait.  A wait that polls shows up as a difference of tens of ms
that grows in steps with the kernel; a blocking wait adds about the temporary-file work.

    python3 bench/compile/ptxas_wait.py [--tirx-llc build/bin/tirx-llc] [--arch sm_100a]
                                        [--runs 7] [KERNEL.py ...]

Without kernels it uses examples/block_sum.py and, when ../shared/corpus is beside the
checkout, the three largest printed corpus kernels.  Interleaved runs keep a shared
machine's load out of the difference as far as possible; no timing is asserted.
"""
import argparse
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
CORPUS = os.path.join(ROOT, "..", "shared", "corpus", "TIRx-kernels")
BIG = ["gdn_prefill_sm100__kernel.py", "flash_attention4__kernel.py",
       "flashkda_decode_t5_gram.py"]


def reported_ptxas(llc, kernel, arch):
    out = subprocess.run([llc, kernel, "--no-cache", "--emit=cubin", "--mcpu=" + arch,
                          "--time-passes", "-o", os.devnull],
                         capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit("tirx-llc failed on %s:\n%s" % (kernel, out.stderr))
    m = re.search(r"^\s*ptxas\s+([0-9.]+)", out.stderr, re.M)
    if not m:
        sys.exit("no ptxas line in --time-passes of %s" % kernel)
    return float(m.group(1))


def by_hand(ptxas, ptx, arch, tmp):
    t0 = time.perf_counter()
    subprocess.run([ptxas, "-arch=" + arch, "-O3", "-o", os.path.join(tmp, "k.cubin"), ptx],
                   check=True)
    return (time.perf_counter() - t0) * 1000


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tirx-llc", default=os.path.join(ROOT, "build", "bin", "tirx-llc"))
    ap.add_argument("--ptxas", default=shutil.which("ptxas") or "/usr/local/cuda/bin/ptxas")
    ap.add_argument("--arch", default="sm_100a")
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("kernels", nargs="*")
    a = ap.parse_args()
    kernels = a.kernels or [os.path.join(ROOT, "examples", "block_sum.py")] + [
        os.path.join(CORPUS, k) for k in BIG if os.path.exists(os.path.join(CORPUS, k))]
    print("%-34s %12s %12s %10s" % ("kernel", "reported ms", "by hand ms", "wait adds"))
    with tempfile.TemporaryDirectory() as tmp:
        for k in kernels:
            ptx = os.path.join(tmp, "k.ptx")
            subprocess.run([a.tirx_llc, k, "--no-cache", "--emit=ptx", "--mcpu=" + a.arch,
                            "-o", ptx], check=True)
            rep, hand = [], []
            for _ in range(a.runs):
                rep.append(reported_ptxas(a.tirx_llc, k, a.arch))
                hand.append(by_hand(a.ptxas, ptx, a.arch, tmp))
            r, h = statistics.median(rep), statistics.median(hand)
            print("%-34s %12.1f %12.1f %+10.1f" % (os.path.basename(k)[:34], r, h, r - h))


if __name__ == "__main__":
    main()
