#!/usr/bin/env python3
"""bench/gemm/tile_gemm.py — examples/tile/gemm.py (the tile-primitive GEMM) against cuBLAS.

On the H200: the example is compiled by tirx for each shape and dtype (its M, N, K are module
constants: `tirx-llc --emit=bundle --mcpu=sm_90a -D M=.. -D N=.. -D K=.. -D DT=..`), called
through libtirxrt as bench/gemm/run.py calls its rungs, checked against torch.matmul(A, B.t())
(relative Frobenius error) and timed against it (median of --iters launches, CUDA events):

    python3 bench/gemm/tile_gemm.py --tirx-llc build/bin/tirx-llc --rt build-gpu/lib/libtirxrt.so

bench/gemm/run.py times the same kernel as its rung `tile_gemm` in interleaved rounds with cuBLAS
and the native ladder (the numbers to quote); this script is the quick, single-round look.

Exit status 0 when every build is correct.
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import run as ladder  # noqa: E402  (bench/gemm/run.py: Runtime, compile_rung, time_it, TOL)

SHAPES = [(4096, 4096, 4096), (8192, 8192, 8192)]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tirx-llc", default="build/bin/tirx-llc")
    ap.add_argument("--rt", default="build-gpu/lib/libtirxrt.so")
    ap.add_argument("--src", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                                                  "examples", "tile", "gemm.py"))
    ap.add_argument("--work", default="tile-gemm-work")
    ap.add_argument("--iters", type=int, default=20)
    ap.add_argument("--dtypes", default="float16,bfloat16")
    a = ap.parse_args()
    import torch

    os.makedirs(a.work, exist_ok=True)
    rt = ladder.Runtime(a.rt)
    torch.manual_seed(0)
    stream = torch.cuda.current_stream().cuda_stream
    ok = True
    print("%-10s %-16s %9s %8s %9s %8s %7s  %s" % ("dtype", "MxNxK", "ms", "TFLOP/s", "cuBLAS ms", "TFLOP/s", "ratio", "check"))
    for dt in a.dtypes.split(","):
        tdt = getattr(torch, dt)
        for (m, n, k) in SHAPES:
            bundle = os.path.join(a.work, "tile_gemm.%s.%d_%d_%d.tirxb" % (dt, m, n, k))
            err = ladder.compile_rung(a.tirx_llc, a.src, dt, bundle, defines=("M=%d" % m, "N=%d" % n, "K=%d" % k))
            if err:
                print("%-10s %-16s does not compile: %s" % (dt, "%dx%dx%d" % (m, n, k), err))
                ok = False
                continue
            A = torch.randn(m, k, device="cuda", dtype=tdt)
            B = torch.randn(n, k, device="cuda", dtype=tdt)
            Cout = torch.full((m, n), float("nan"), device="cuda", dtype=tdt)
            call = rt.load(bundle).prepare([A, B, Cout], stream)
            call()
            torch.cuda.synchronize()
            ref = torch.matmul(A, B.t())
            rel = ((Cout.float() - ref.float()).norm() / ref.float().norm()).item()
            good = rel == rel and rel <= ladder.TOL[dt]
            ok = ok and good
            t = ladder.time_it(torch, call, a.iters)
            tc = ladder.time_it(torch, lambda: torch.matmul(A, B.t()), a.iters)
            fl = 2.0 * m * n * k
            print("%-10s %-16s %9.3f %8.1f %9.3f %8.1f %7.3f  %s rel %.2e" % (
                dt, "%dx%dx%d" % (m, n, k), t, fl / t / 1e9, tc, fl / tc / 1e9, tc / t, "ok" if good else "WRONG", rel))
            sys.stdout.flush()
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
