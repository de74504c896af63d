#!/usr/bin/env python3
"""bench/attention/ncu.py — one launch of each named attention bundle, for Nsight Compute.

Launches bundles that bench/attention/run.py built into --work (its file names:
LABEL.DTYPE.dD.cCAUSAL.tirxb) once each at B * S = 32k tokens, H = 16, so that

    ncu -k regex:^fa --section SpeedOfLight --section Occupancy --section LaunchStats \\
        python3 bench/attention/ncu.py --rt libtirxrt.so --work WORK fa3_ws:float16:128:0:4096 ...

reports each rung (the README's ncu lines).  A case is LABEL:DTYPE:D:CAUSAL:S.
"""
import argparse
import importlib.util
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location("gemm_bench", os.path.join(HERE, "..", "gemm", "run.py"))
gb = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(gb)
TOKENS, HEADS = 32768, 16


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rt", default="build-gpu/lib/libtirxrt.so")
    ap.add_argument("--work", default="attention-bench-work")
    ap.add_argument("cases", nargs="+")
    a = ap.parse_args()
    import torch
    rt = gb.Runtime(a.rt)
    stream = torch.cuda.current_stream().cuda_stream
    for case in a.cases:
        label, dt, d, causal, s = case.split(":")
        d, causal, s = int(d), int(causal), int(s)
        bundle = os.path.join(a.work, "%s.%s.d%d.c%d.tirxb" % (label, dt, d, causal))
        if not os.path.exists(bundle):
            print("ncu.py: %s: no %s (run bench/attention/run.py first)" % (case, bundle))
            continue
        tdt = getattr(torch, dt)
        bsz = TOKENS // s
        q, k, v = (torch.randn(bsz, s, HEADS, d, device="cuda", dtype=tdt) for _ in range(3))
        o = torch.empty_like(q)
        lse = torch.empty(bsz, HEADS, s, device="cuda")
        rt.load(bundle).prepare([q, k, v, o, lse], stream)()
        torch.cuda.synchronize()
        print("ncu.py: launched %s" % case)
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
