#!/usr/bin/env python3
"""bench/gemm/ncu_fp8.py — one launch of each named fp8 GEMM bundle, for Nsight Compute.

Launches bundles that bench/gemm/run.py --dtypes fp8 built into --work (its labels:
fp8-tensor, fp8-block, fp8-block[BN=192,SL=1], ...) once each at --shape, so that

    ncu -k regex:fp8_ws --section SpeedOfLight --section ComputeWorkloadAnalysis \\
        python3 bench/gemm/ncu_fp8.py --rt libtirxrt.so --work WORK fp8-block ...

reports each build (examples/gemm/README.md's ncu lines).
"""
import argparse
import importlib.util
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location("gemm_bench", os.path.join(HERE, "run.py"))
gb = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(gb)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rt", default="build-gpu/lib/libtirxrt.so")
    ap.add_argument("--work", default="gemm-bench-work")
    ap.add_argument("--shape", default="8192x8192x8192", help="M x N x K")
    ap.add_argument("labels", nargs="+")
    a = ap.parse_args()
    import torch
    m, n, k = (int(x) for x in a.shape.split("x"))
    rt = gb.Runtime(a.rt)
    dev = torch.device("cuda:0")
    stream = torch.cuda.current_stream().cuda_stream
    inputs = {}
    for label in a.labels:
        bundle = os.path.join(a.work, "%s.tirxb" % label)
        if not os.path.exists(bundle):
            print("ncu_fp8.py: %s: no %s (run bench/gemm/run.py --dtypes fp8 first)" % (label, bundle))
            continue
        scaling = "block" if label.startswith("fp8-block") else "tensor"
        if scaling not in inputs:
            inputs[scaling] = gb.fp8_inputs(torch, m, n, k, scaling, dev)[:4]
        C = torch.empty((m, n), device=dev, dtype=torch.bfloat16)
        rt.load(bundle).prepare(list(inputs[scaling]) + [C], stream)()
        torch.cuda.synchronize()
        print("ncu_fp8.py: launched %s at %s" % (label, a.shape))
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
