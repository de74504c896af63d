#!/usr/bin/env python3
"""bench/attention/run.py — the attention ladder (examples/attention/) against torch SDPA.

On the H200, in one process: each rung is compiled by tirx (`tirx-llc --emit=bundle
--mcpu=sm_90a -D DT=... -D D=... -D CAUSAL=...`) and called through libtirxrt (ctypes,
bench/gemm's wrapper; the runtime shares PyTorch's primary context and stream), and
compared with torch's scaled_dot_product_attention on its cuDNN and flash (FA2) backends
(`torch.nn.attention.sdpa_kernel`) for issue 21's shapes: B * S = 32k tokens, H = 16,
D 128 (S 1k, 4k; --long adds 16k) and 64 (S 4k), causal and not, fp16 and bf16; --long
also D 256 at S 4k (rung 3 only).
Layout BSHD (q, k, v [B, S, H, D]); SDPA gets the [B, H, S, D] transposed views of the
same tensors.

For each case: a correctness check of O (and LSE for the rungs) against torch's math
backend in fp32 (batch 0, all heads; LSE = logsumexp of the fp32 scores), then --rounds
rounds timing cuDNN, flash and every rung back to back (median GPU time of --iters
launches, CUDA events around each, after warm-up): median time, TFLOP/s (4 B H S^2 D,
halved when causal) and the ratio to cuDNN (1.0 = cuDNN speed; the median of same-round
ratios, with the range; where torch has no cuDNN kernel for the shape, the ratio is to
its flash backend and says so).  Before any of that, each bundle
runs once in a child process at a small GQA shape with odd lengths (a faulting kernel would
poison this process's context); the compiles and these probes run --jobs at a time.

    python3 bench/attention/run.py --tirx-llc build/bin/tirx-llc --rt build-gpu/lib/libtirxrt.so

Exit status 0 when every rung that compiled is correct, 1 otherwise.
"""
import argparse
import concurrent.futures
import importlib.util
import math
import os
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location("gemm_bench", os.path.join(HERE, "..", "gemm", "run.py"))
gb = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(gb)

# label -> (example file, extra -D defines, head dims, causal modes it is timed for)
R12, R3, BOTH = (64, 128), (64, 128, 256), (0, 1)
RUNGS = {
    "fa2_mma_sync": ("fa2_mma_sync", (), R12, BOTH),
    "fa2_mma_sync[NW=8]": ("fa2_mma_sync", ("NW=8",), R12, BOTH),
    # rung 2 (passes on the H200); its probe still decides whether it is timed
    "fa_tma_wgmma": ("fa_tma_wgmma", (), R12, BOTH),
    # rung 3: warp-specialized, ping-pong and intra-warpgroup overlap (FlashAttention-3)
    "fa3_ws": ("fa3_ws", (), R3, BOTH),
    # causal also persistent (its default is one CTA a tile; not causal, the same kernel)
    "fa3_ws[PERSISTENT=True]": ("fa3_ws", ("PERSISTENT=True",), R3, (1,)),
    # not causal, also one CTA a tile (its default there is persistent)
    "fa3_ws[PERSISTENT=False]": ("fa3_ws", ("PERSISTENT=False",), R3, (0,)),
    # causal with the query blocks aligned to row 0 (the partial block last and longest)
    "fa3_ws[CSHIFT=False]": ("fa3_ws", ("CSHIFT=False",), R3, (1,)),
}
DTYPES = ["float16", "bfloat16"]
TOKENS, HEADS = 32768, 16
# O: max |O - ref| allowed (|O| <= max |V| ~ 4 here); LSE: max |LSE - ref|
TOL_O = {"float16": 1e-2, "bfloat16": 4e-2}
TOL_LSE = 2e-3


def reference(torch, q, k, v, causal):
    """fp32 O (SDPA math backend) and LSE of q, k, v [B, S, H, D] (k, v heads repeated
    for GQA); causal bottom-right aligned (FlashAttention's; Sq == Skv here or in the
    probe)."""
    from torch.nn.attention import SDPBackend, sdpa_kernel
    hq, hk = q.shape[2], k.shape[2]
    qf = q.float().transpose(1, 2)
    kf = k.float().repeat_interleave(hq // hk, dim=2).transpose(1, 2)
    vf = v.float().repeat_interleave(hq // hk, dim=2).transpose(1, 2)
    sq, skv, d = q.shape[1], k.shape[1], q.shape[3]
    lse = torch.empty(q.shape[0], hq, sq, device=q.device)
    for h in range(hq):  # LSE head by head (the fp32 scores of all heads can be large)
        s = qf[:, h] @ kf[:, h].transpose(-1, -2) / math.sqrt(d)
        if causal:
            i = torch.arange(sq, device=q.device)[:, None]
            j = torch.arange(skv, device=q.device)[None, :]
            s = s.masked_fill(j > i + skv - sq, float("-inf"))
        lse[:, h] = torch.logsumexp(s, dim=-1)
        del s
    # SDPA's is_causal is aligned to the top left: the same as the rungs' only at Sq == Skv
    assert not causal or sq == skv
    with sdpa_kernel([SDPBackend.MATH]):
        o = torch.nn.functional.scaled_dot_product_attention(qf, kf, vf, is_causal=causal)
    return o.transpose(1, 2), lse


def probe(a, torch):
    """Child process: one small run of one bundle (GQA, odd lengths), checked."""
    bundle, dt, d, causal = a.probe.split(":")
    d, causal, tdt = int(d), causal == "1", getattr(torch, dt)
    # GQA, lengths that are not tile multiples; causal at Sq == Skv (see reference())
    b, sq, skv, hq, hk = 2, 131 if causal else 77, 131, 4, 2
    g = torch.Generator(device="cuda").manual_seed(1)
    q = torch.randn(b, sq, hq, d, device="cuda", dtype=tdt, generator=g)
    k = torch.randn(b, skv, hk, d, device="cuda", dtype=tdt, generator=g)
    v = torch.randn(b, skv, hk, d, device="cuda", dtype=tdt, generator=g)
    o = torch.full((b, sq, hq, d), float("nan"), device="cuda", dtype=tdt)
    lse = torch.full((b, hq, sq), float("nan"), device="cuda")
    gb.Runtime(a.rt).load(bundle).prepare([q, k, v, o, lse], torch.cuda.current_stream().cuda_stream)()
    torch.cuda.synchronize()
    ro, rlse = reference(torch, q, k, v, causal)
    eo = (o.float() - ro).abs().max().item()
    el = (lse - rlse).abs().max().item()
    print("probe %s D=%d causal=%d: max |dO| %.3e, max |dLSE| %.3e" % (dt, d, causal, eo, el))
    return 0 if eo <= TOL_O[dt] and el <= TOL_LSE else 1


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tirx-llc", default="build/bin/tirx-llc")
    ap.add_argument("--rt", default="build-gpu/lib/libtirxrt.so", help="libtirxrt.so")
    ap.add_argument("--examples", default=os.path.join(HERE, "..", "..", "examples", "attention"))
    ap.add_argument("--work", default="attention-bench-work")
    ap.add_argument("--rungs", default=",".join(RUNGS))
    ap.add_argument("--dtypes", default=",".join(DTYPES))
    ap.add_argument("--long", action="store_true", help="also D = 128 at S = 16k")
    ap.add_argument("--iters", type=int, default=20)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--jobs", type=int, default=max(1, min(8, os.cpu_count() or 1)),
                    help="compiles and probe runs at a time")
    ap.add_argument("--probe", default=None, help=argparse.SUPPRESS)
    a = ap.parse_args()
    import torch
    from torch.nn.attention import SDPBackend, sdpa_kernel

    if a.probe:
        return probe(a, torch)

    os.makedirs(a.work, exist_ok=True)
    rt = gb.Runtime(a.rt)
    dev = torch.device("cuda:0")
    stream = torch.cuda.current_stream().cuda_stream
    dtypes = [x for x in a.dtypes.split(",") if x]
    rungs = [x for x in a.rungs.split(",") if x]
    cases = ([(128, 1024), (128, 4096)] + ([(128, 16384)] if a.long else []) + [(64, 4096)]
             + ([(256, 4096)] if a.long else []))
    kernels, notes, broken = {}, [], False

    def build(job):
        """Compile one bundle and run its probe: (note, bundle or None)."""
        label, d, causal, dt = job
        src, defs = RUNGS[label][:2]
        bundle = os.path.join(a.work, "%s.%s.d%d.c%d.tirxb" % (label, dt, d, causal))
        err = gb.compile_rung(a.tirx_llc, os.path.join(a.examples, src + ".py"), dt,
                              bundle, defines=defs + ("D=%d" % d, "CAUSAL=%s" % bool(causal)))
        if err:
            return "%s %s D=%d causal=%d: does not compile: %s" % (label, dt, d, causal, err), None
        try:
            p = subprocess.run([sys.executable, __file__, "--rt", a.rt, "--probe",
                                "%s:%s:%d:%d" % (bundle, dt, d, causal)],
                               capture_output=True, text=True, timeout=120)
            rc, out = p.returncode, p.stdout + p.stderr
        except subprocess.TimeoutExpired:
            rc, out = 1, "timed out after 120 s (a hang)"
        tail = out.strip().splitlines()
        if rc != 0:
            return ("%s %s D=%d causal=%d: FAILS its probe run: %s"
                    % (label, dt, d, causal, tail[-1] if tail else "?")), None
        return "%s %s" % (label, tail[-1] if tail else ""), bundle

    jobs = [(label, d, causal, dt) for label in rungs
            for d in sorted({c[0] for c in cases} & set(RUNGS[label][2]))
            for causal in RUNGS[label][3] for dt in dtypes]
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, a.jobs)) as ex:
        built = list(ex.map(build, jobs))
    for job, (note, bundle) in zip(jobs, built):
        notes.append(note)
        if bundle is None:
            broken = True
            continue
        try:
            kernels[job[0], job[3], job[1], job[2]] = rt.load(bundle)
        except RuntimeError as e:
            notes.append("%s %s: does not load: %s" % (job[0], job[3], e))
            broken = True
    for line in notes:
        print(line)
    sys.stdout.flush()

    ok = True
    hdr = "%-20s %-8s %-24s %9s %8s %7s  %s" % ("kernel", "dtype", "B,S,H,D causal", "ms",
                                                 "TFLOP/s", "vs cuDNN", "check")
    print(hdr)
    print("-" * len(hdr))
    for d, s in cases:
        bsz = TOKENS // s
        for causal in (0, 1):
            for dt in dtypes:
                tdt = getattr(torch, dt)
                q = torch.randn(bsz, s, HEADS, d, device=dev, dtype=tdt)
                k = torch.randn(bsz, s, HEADS, d, device=dev, dtype=tdt)
                v = torch.randn(bsz, s, HEADS, d, device=dev, dtype=tdt)
                qt, kt, vt = (x.transpose(1, 2) for x in (q, k, v))
                flop = 4.0 * bsz * HEADS * s * s * d / (2 if causal else 1)
                shape = "%d,%d,%d,%d %s" % (bsz, s, HEADS, d, "causal" if causal else "")
                ro, rlse = reference(torch, q[:1], k[:1], v[:1], bool(causal))

                def sdpa(backend):
                    def f():
                        with sdpa_kernel([backend]):
                            return torch.nn.functional.scaled_dot_product_attention(
                                qt, kt, vt, is_causal=bool(causal))
                    return f
                fns = {"torch cuDNN": sdpa(SDPBackend.CUDNN_ATTENTION),
                       "torch flash": sdpa(SDPBackend.FLASH_ATTENTION)}
                checks = {}
                for name in list(fns):
                    try:
                        out = fns[name]()
                        torch.cuda.synchronize()
                        e = (out.transpose(1, 2)[:1].float() - ro).abs().max().item()
                        checks[name] = "O max|err| %.2e" % e
                    except RuntimeError as ex:
                        checks[name] = "unavailable: %s" % str(ex).splitlines()[0][:80]
                        del fns[name]
                for label in rungs:
                    if d not in RUNGS[label][2] or causal not in RUNGS[label][3]:
                        continue
                    if (label, dt, d, causal) not in kernels:
                        checks[label] = "not built"
                        continue
                    o = torch.full_like(q, float("nan"))
                    lse = torch.full((bsz, HEADS, s), float("nan"), device=dev)
                    try:
                        call = kernels[label, dt, d, causal].prepare([q, k, v, o, lse], stream)
                        call()
                        torch.cuda.synchronize()
                    except RuntimeError as ex:
                        ok = False
                        checks[label] = "FAIL: %s" % ex
                        continue
                    eo = (o[:1].float() - ro).abs().max().item()
                    el = (lse[:1] - rlse).abs().max().item()
                    good = eo <= TOL_O[dt] and el <= TOL_LSE
                    ok = ok and good
                    checks[label] = "%s O max|err| %.2e LSE max|err| %.2e" % (
                        "ok" if good else "FAIL", eo, el)
                    if good:
                        fns[label] = call
                names = list(fns)
                times = {x: [] for x in names}
                for r in range(a.rounds):
                    for x in names[r % len(names):] + names[:r % len(names)]:
                        times[x].append(gb.time_it(torch, fns[x], a.iters))
                ref_name = next((x for x in ("torch cuDNN", "torch flash") if x in times), None)
                for name in ["torch cuDNN", "torch flash"] + rungs:
                    if name not in times and name not in checks:
                        continue
                    if name not in times:
                        print("%-20s %-8s %-24s %9s %8s %7s  %s" % (name, dt, shape, "-", "-", "-",
                                                                  checks.get(name, "-")))
                        continue
                    t = statistics.median(times[name])
                    if ref_name:
                        ratios = [tr / tx for tr, tx in zip(times[ref_name], times[name])]
                        rs = "%7.3f" % statistics.median(ratios)
                        rng = " (ratio %.3f..%.3f%s)" % (min(ratios), max(ratios),
                                                         "" if ref_name == "torch cuDNN"
                                                         else " vs " + ref_name)
                    else:
                        rs, rng = "%7s" % "-", ""
                    print("%-20s %-8s %-24s %9.4f %8.1f %s  %s%s" % (
                        name, dt, shape, t, flop / t / 1e9, rs, checks[name], rng))
                sys.stdout.flush()
                del q, k, v, qt, kt, vt, ro, rlse, fns
                torch.cuda.empty_cache()
    print("bench/attention: %s" % ("all correct" if ok and not broken else "FAILURES (see above)"))
    return 0 if ok and not broken else 1


if __name__ == "__main__":
    sys.exit(main())
