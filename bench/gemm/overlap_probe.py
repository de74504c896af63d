#!/usr/bin/env python3
"""bench/gemm/overlap_probe.py -- runs bench/gemm/fp8_overlap_probe.py (a TIRx kernel) on the
GPU in the combinations that say whether the block-scaled fp8 kernel's promotion (FFMAs)
can run while the other consumer's wgmmas do (issue 26), and prints cycles per unit
(median over the CTAs, one per SM):

  wgmma alone          warpgroup 0: k-tiles of 4 x m64n192k32, wait 0 each (384 tensor
                       cycles each at 8192 fp8 FLOP/clk/SM)
  wgmma + wgmma        both warpgroups: the two consumers sharing the tensor cores
  wgmma + ffma (long)  warpgroup 1 runs FFMAs (the promotion's form) for longer than
                       warpgroup 0's loop: does the tensor work slow down?
  wgmma + ffma (short) warpgroup 1's FFMAs lie inside warpgroup 0's loop: do the FFMAs
                       slow down?
  ffma alone           the FFMAs' own rate (cycles per 96 FFMA per warp, one warp per
                       scheduler)

    python3 bench/gemm/overlap_probe.py --tools BUILD/bin [--iters 2000]
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.join(HERE, "fp8_overlap_probe.py")


def run(tools, tmp, name, defs):
    bundle = os.path.join(tmp, name + ".tirxb")
    cmd = [os.path.join(tools, "tirx-llc"), SRC, "--mcpu=sm_90a", "--emit=bundle", "-o", bundle]
    for k, v in defs.items():
        cmd += ["-D", "%s=%s" % (k, v)]
    subprocess.run(cmd, check=True)
    out = os.path.join(tmp, name + ".npy")
    subprocess.run([os.path.join(tools, "tirx-run"), bundle, "--arg", "O=int64[132,4]",
                    "--arg", "F=float32[132,256]", "--save", "O=" + out], check=True,
                   stdout=subprocess.DEVNULL)
    o = np.load(out)
    res = []
    for wg in range(2):
        units = o[:, 2 * wg + 1]
        if units[0] == 0:
            res.append(None)
            continue
        res.append(statistics.median((o[:, 2 * wg] / units).tolist()))
    return res


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tools", required=True, help="the folder of tirx-llc and tirx-run")
    ap.add_argument("--iters", type=int, default=2000, help="warpgroup 0's k-tiles")
    a = ap.parse_args()
    it = a.iters
    # ~100 cycles per FFMA iteration: "short" ends within warpgroup 0's loop (384+ cycles a
    # k-tile), "long" outlasts it
    cases = [
        ("wgmma alone", {"AMODE": '"wgmma"', "BMODE": '"idle"'}),
        ("wgmma + wgmma", {"AMODE": '"wgmma"', "BMODE": '"wgmma"'}),
        ("wgmma + ffma (long)", {"AMODE": '"wgmma"', "BMODE": '"ffma"', "FITERS": str(it * 6)}),
        ("wgmma + ffma (short)", {"AMODE": '"wgmma"', "BMODE": '"ffma"', "FITERS": str(it * 2)}),
        ("ffma alone", {"AMODE": '"idle"', "BMODE": '"ffma"', "FITERS": str(it * 2)}),
    ]
    print("%-22s %22s %22s" % ("case", "wg0 cycles/k-tile", "wg1 cycles/unit"))
    with tempfile.TemporaryDirectory() as tmp:
        for i, (name, defs) in enumerate(cases):
            defs = dict(defs, ITERS=str(it))
            r = run(a.tools, tmp, "c%d" % i, defs)
            f = lambda x: "-" if x is None else "%.1f" % x
            print("%-22s %22s %22s" % (name, f(r[0]), f(r[1])))
    return 0


if __name__ == "__main__":
    sys.exit(main())
