"""Profile rung 3 of the GEMM ladder from inside the kernel and write its timeline.

    PYTHONPATH=build/python python3 examples/profile/gemm_profile.py [M N K] [--out DIR]

Compiles examples/gemm/ws_persistent.py's profiled kernel (the entry `profiled()`: the
same kernel with CudaProfiler markers on each warpgroup), runs C = A @ B^T once to warm up and once profiled on torch tensors, checks C
against torch, and writes DIR/gemm_ws.trace.json (open it in ui.perfetto.dev) and
DIR/gemm_ws.svg (the first CTAs' lanes).  Prints the per-region summary."""
import argparse
import os
import sys

import torch

import tirx
import tirx.profile as tp

HERE = os.path.dirname(os.path.abspath(__file__))
NAMES = ["wait-empty", "issue-tma", "wait-full", "mma", "epilogue"]
NSM = 132


def run(m, n, k, out_dir=None, svg_lanes=12):
    kern = tirx.compile(os.path.join(HERE, "..", "gemm", "ws_persistent.py"), entry="profiled()")
    a = torch.randn(m, k, device="cuda", dtype=torch.float16)
    b = torch.randn(n, k, device="cuda", dtype=torch.float16)
    c = torch.empty(m, n, device="cuda", dtype=torch.float16)
    tiles = -(-m // 128) * -(-n // 256)
    nk = -(-k // 64)
    per_cta = -(-tiles // NSM)
    records = per_cta * (4 * nk + 2) + 1           # the consumers' count is the larger
    prof = torch.zeros(1 + 3 * NSM * records, dtype=torch.uint64, device="cuda")
    kern(a, b, c, prof)                              # warm-up (module load, caches)
    prof.zero_()
    kern(a, b, c, prof)
    torch.cuda.synchronize()
    ref = (a.float() @ b.float().t())
    err = ((c.float() - ref).abs().max() / ref.abs().max()).item()
    trace = tp.decode(prof, NAMES)
    if out_dir:
        os.makedirs(out_dir, exist_ok=True)
        trace.write_chrome_trace(os.path.join(out_dir, "gemm_ws.trace.json"))
        tp.to_svg(trace, os.path.join(out_dir, "gemm_ws.svg"), max_lanes=svg_lanes,
                  title="ws_persistent %dx%dx%d fp16 on one H200: CTAs 0-%d, one row per "
                        "warpgroup (group 0 producer, 1-2 consumers)"
                        % (m, n, k, svg_lanes // 3 - 1))
    return trace, err, tiles, nk


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("shape", nargs="*", type=int, default=[2048, 2048, 2048])
    ap.add_argument("--out", default=".")
    args = ap.parse_args()
    m, n, k = args.shape
    trace, err, tiles, nk = run(m, n, k, args.out)
    print("C vs torch: max relative error %.2e" % err)
    print(repr(trace))
    for name, (cnt, tot, lo, hi) in sorted(trace.summary().items()):
        print("%-11s %6d regions  mean %8.0f ns  min %7d  max %8d" % (name, cnt, tot / cnt, lo, hi))
    for p in trace.problems[:5]:
        print("problem:", p)
    print("wrote %s" % os.path.join(args.out, "gemm_ws.trace.json"))
    return 0 if not trace.problems and err < 1e-2 else 1


if __name__ == "__main__":
    sys.exit(main())
