#!/usr/bin/env python3
"""bench/gemm/run.py — the tensor-core GEMM ladder (examples/gemm/) against cuBLAS.

On the H200, in one process: each rung is compiled by tirx (`tirx-llc --emit=bundle
--mcpu=sm_90a -D DT=...`) and called through libtirxrt (ctypes; the runtime shares
PyTorch's primary context and stream), and compared with cuBLAS through torch for
fp16 and bf16 at 4096^3, 8192^3 and 8192 x 8192 x 1024 (M x N x K; --shapes picks others):

    C[M, N] = A[M, K] @ B[N, K]^T          cuBLAS: torch.matmul(A, B.t())

For each case: a correctness check against torch's result (relative Frobenius error
and the largest element error relative to max |C|), then --rounds rounds of timing
cuBLAS and every rung back to back (median GPU time over --iters launches, CUDA events
around each launch, after warm-up): the median time, TFLOP/s (2 M N K / time) and the
throughput ratio to cuBLAS (1.0 = cuBLAS speed) as the median over rounds of the
same-round ratios, with their range.

    python3 bench/gemm/run.py --tirx-llc build/bin/tirx-llc --rt build-gpu/lib/libtirxrt.so

FP8 rows (--dtypes ...,fp8): examples/gemm/fp8_ws_persistent.py with e4m3 inputs and bf16
output, at the same shapes, timed in the same interleaved rounds against cuBLASLt through
torch._scaled_mm (e4m3 x e4m3 -> bf16, per-tensor scales):
  fp8-tensor   per-tensor scales; checked against _scaled_mm's result
  fp8-block    DeepGEMM's block scales (A per 1 x 128, B per 128 x 128 along K); checked
               against the fp32 matmul of the dequantized inputs, timed against the
               per-tensor _scaled_mm (the ratio the issue asks for)
  fp8-block-auto  the block-scaled build examples/gemm/fp8_block_config.py picks for the
               shape (128 x 256, or 128 x 192 with OVERLAP=1): that build's row repeated
--fp8-variant SCALING:NAME=V[:NAME=V] adds a build with module constants overridden
(e.g. block:STAGES=5:GROUP_M=8); an item starting with -- is a tirx-llc option instead
(e.g. block:BN=192:SL=1:--sass-interleave-ffma=1).

Exit status 0 when every rung that compiled is correct, 1 otherwise.
The rung tile_gemm is examples/tile/gemm.py (the GEMM written with tile primitives only); its
M, N, K are module constants, so it is compiled once per shape (and probed at that shape).
--sass DIR also writes the cubin of each rung and, when cuobjdump is on PATH, its SASS
and resource usage (registers, spills, HGMMA / QGMMA (fp8) count) for the report.
"""
import argparse
import ctypes as C
import os
import shutil
import statistics
import subprocess
import sys

RUNGS = ["mma_sync", "tma_wgmma", "ws_persistent", "cluster_multicast", "tile_gemm"]
# the rungs whose M, N, K are module constants, compiled once per shape (-D M= -D N= -D K=):
# the name and the source, relative to the repository root
PER_SHAPE = {"tile_gemm": os.path.join("examples", "tile", "gemm.py")}
SHAPES = [(4096, 4096, 4096), (8192, 8192, 8192), (8192, 8192, 1024)]
DTYPES = ["float16", "bfloat16"]
# relative Frobenius-norm error allowed against cuBLAS's own rounded result
TOL = {"float16": 2e-3, "bfloat16": 1e-2}


class DLDevice(C.Structure):
    _fields_ = [("device_type", C.c_int32), ("device_id", C.c_int32)]


class DLDataType(C.Structure):
    _fields_ = [("code", C.c_uint8), ("bits", C.c_uint8), ("lanes", C.c_uint16)]


class DLTensor(C.Structure):
    _fields_ = [("data", C.c_void_p), ("device", DLDevice), ("ndim", C.c_int32),
                ("dtype", DLDataType), ("shape", C.POINTER(C.c_int64)),
                ("strides", C.POINTER(C.c_int64)), ("byte_offset", C.c_uint64)]


class ArgValue(C.Union):
    _fields_ = [("i", C.c_int64), ("f", C.c_double), ("ptr", C.c_void_p),
                ("tensor", C.POINTER(DLTensor))]


class Arg(C.Structure):
    _fields_ = [("kind", C.c_int32), ("v", ArgValue)]


ARG_TENSOR = 7
DL_CUDA = 2
# (DLPack code, bits): kDLFloat, kDLBfloat, kDLFloat8_e4m3fn, kDLFloat8_e5m2
DL_CODES = {"float16": (2, 16), "bfloat16": (4, 16), "float32": (2, 32),
            "float8_e4m3fn": (10, 8), "float8_e5m2": (12, 8)}


class Runtime:
    """The few libtirxrt calls the benchmark needs (runtime/include/tirx/runtime.h)."""

    def __init__(self, path):
        self.lib = C.CDLL(path)
        for name, args in [
            ("tirxrt_context_create", [C.POINTER(C.c_void_p), C.POINTER(C.c_void_p)]),
            ("tirxrt_module_load_file", [C.c_void_p, C.c_char_p, C.POINTER(C.c_void_p),
                                         C.POINTER(C.c_void_p)]),
            ("tirxrt_module_get_function", [C.c_void_p, C.c_char_p, C.POINTER(C.c_void_p),
                                            C.POINTER(C.c_void_p)]),
            ("tirxrt_call", [C.c_void_p, C.POINTER(Arg), C.c_int, C.c_void_p,
                             C.POINTER(C.c_void_p)]),
        ]:
            f = getattr(self.lib, name)
            f.argtypes = args
            f.restype = C.c_int
        self.ctx = C.c_void_p()
        self._check(self.lib.tirxrt_context_create, C.byref(self.ctx))

    @staticmethod
    def _check(f, *args):
        err = C.c_void_p()
        if f(*args, C.byref(err)) != 0:
            raise RuntimeError(C.string_at(err.value).decode() if err.value else "failed")

    def load(self, bundle):
        mod, fn = C.c_void_p(), C.c_void_p()
        self._check(self.lib.tirxrt_module_load_file, self.ctx, bundle.encode(), C.byref(mod))
        self._check(self.lib.tirxrt_module_get_function, mod, None, C.byref(fn))
        return Kernel(self, fn)


class Kernel:
    def __init__(self, rt, fn):
        self.rt, self.fn = rt, fn

    def prepare(self, tensors, stream):
        """Build the argument array once (the DLTensors point at the torch tensors)."""
        keep, args = [], (Arg * len(tensors))()
        for i, t in enumerate(tensors):
            shape = (C.c_int64 * t.dim())(*t.shape)
            strides = (C.c_int64 * t.dim())(*t.stride())
            dl = DLTensor(C.c_void_p(t.data_ptr()), DLDevice(DL_CUDA, t.device.index or 0),
                          t.dim(), DLDataType(*DL_CODES[str(t.dtype).split(".")[1]], 1),
                          shape, strides, 0)
            keep += [shape, strides, dl]
            args[i].kind = ARG_TENSOR
            args[i].v.tensor = C.pointer(dl)
        keep.append(args)
        err = C.c_void_p()
        stream = C.c_void_p(stream)

        def call():
            if self.rt.lib.tirxrt_call(self.fn, args, len(tensors), stream, C.byref(err)) != 0:
                raise RuntimeError(C.string_at(err.value).decode())
        call.keep = keep
        return call


def compile_rung(llc, src, dt, out, emit="bundle", defines=()):
    cmd = [llc, src, "--mcpu=sm_90a", "--emit=" + emit, "-D", 'DT="%s"' % dt, "-o", out]
    for d in defines:  # NAME=V is a -D; a tirx-llc option (--NAME[=V]) goes as it is
        cmd += [d] if d.startswith("--") else ["-D", d]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        return (r.stderr or r.stdout).strip().splitlines()[0] if (r.stderr or r.stdout) else "failed"
    return None


def time_it(torch, fn, iters, warmup=3):
    for _ in range(warmup):
        fn()
    torch.cuda.synchronize()
    evs = [(torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True))
           for _ in range(iters)]
    for s, e in evs:
        s.record()
        fn()
        e.record()
    torch.cuda.synchronize()
    return statistics.median(s.elapsed_time(e) for s, e in evs)


def sass_report(cubin, outdir, name):
    """Registers / spills / instruction counts of a cubin (cuobjdump, when available)."""
    tool = shutil.which("cuobjdump")
    if not tool:
        return "cuobjdump not found"
    sass = subprocess.run([tool, "-sass", cubin], capture_output=True, text=True).stdout
    res = subprocess.run([tool, "-res-usage", cubin], capture_output=True, text=True).stdout
    with open(os.path.join(outdir, name + ".sass"), "w") as f:
        f.write(res + "\n" + sass)
    count = lambda op: sum(1 for ln in sass.splitlines() if (" " + op) in ln)
    regs = [ln.strip() for ln in res.splitlines() if "REG" in ln]
    return ("%s | HGMMA %d, QGMMA %d, HMMA %d, LDSM %d, UTMALDG %d, UTMASTG %d, SYNCS %d, "
            "LDL %d, STL %d") % (
        regs[0] if regs else res.strip()[:200], count("HGMMA"), count("QGMMA"), count("HMMA"),
        count("LDSM"),
        count("UTMALDG"), count("UTMASTG"), count("SYNCS"), count("LDL"), count("STL"))


def fp8_inputs(torch, m, n, k, scaling, dev):
    """e4m3 A [m, k], B [n, k], the scales SA, SB (float32, the kernel's shapes) and the
    float32 reference of the scaled product.  "tensor": randn inputs cast to e4m3 with
    scales 0.5 and 1.5; "block": randn quantized per 1 x 128 (A) and 128 x 128 (B) blocks
    to the e4m3 range, DeepGEMM's recipe."""
    f8 = torch.float8_e4m3fn
    a = torch.randn(m, k, device=dev)
    b = torch.randn(n, k, device=dev)
    if scaling == "tensor":
        A, B = a.to(f8), b.to(f8)
        SA = torch.tensor([0.5], device=dev)
        SB = torch.tensor([1.5], device=dev)
        return A, B, SA, SB, None
    kb, nb = (k + 127) // 128, (n + 127) // 128
    ap = torch.nn.functional.pad(a, (0, kb * 128 - k)).view(m, kb, 128)
    SA = ap.abs().amax(dim=2).clamp(min=1e-4) / 448.0
    A = (ap / SA[:, :, None]).view(m, kb * 128)[:, :k].to(f8).contiguous()
    bp = torch.nn.functional.pad(b, (0, kb * 128 - k, 0, nb * 128 - n)).view(nb, 128, kb, 128)
    SB = bp.abs().amax(dim=(1, 3)).clamp(min=1e-4) / 448.0
    B = (bp / SB[:, None, :, None]).view(nb * 128, kb * 128)[:n, :k].to(f8).contiguous()
    kidx = torch.arange(k, device=dev) // 128
    ad = A.float() * SA[:, kidx]
    bd = B.float() * SB[torch.arange(n, device=dev) // 128][:, kidx]
    ref = ad @ bd.t()
    del ad, bd, ap, bp
    return A, B, SA.contiguous(), SB.contiguous(), ref


def scaled_mm(torch, A, B, SA, SB):
    return torch._scaled_mm(A, B.t(), scale_a=SA.reshape(()), scale_b=SB.reshape(()),
                            out_dtype=torch.bfloat16)


def fp8_probe(a, torch, bundle, scaling):
    m, n, k = 384, 640, 384
    A, B, SA, SB, ref = fp8_inputs(torch, m, n, k, scaling, torch.device("cuda"))
    if ref is None:
        ref = scaled_mm(torch, A, B, SA, SB).float()
    Cout = torch.full((m, n), float("nan"), device="cuda", dtype=torch.bfloat16)
    Runtime(a.rt).load(bundle).prepare([A, B, SA, SB, Cout],
                                       torch.cuda.current_stream().cuda_stream)()
    torch.cuda.synchronize()
    rel = ((Cout.float() - ref).norm() / ref.norm()).item()
    print("probe rel %.3e" % rel)
    return 0 if rel == rel and rel <= TOL["bfloat16"] else 1


def bench_fp8(a, torch, rt):
    """The fp8 rows: fp8_ws_persistent (per-tensor, block-scaled and --fp8-variant
    builds) against torch._scaled_mm, in interleaved rounds.  True when all correct."""
    src = os.path.join(a.examples, "fp8_ws_persistent.py")
    builds = [("fp8-tensor", "tensor", ()), ("fp8-block", "block", ())]
    for v in a.fp8_variant:
        scaling, *defs = v.split(":")
        builds.append(("fp8-%s[%s]" % (scaling, ",".join(defs)), scaling, tuple(defs)))
    # fp8-block-auto: the block-scaled build examples/gemm/fp8_block_config.py picks for
    # each shape (its row repeats that build's numbers)
    sys.path.insert(0, a.examples)
    from fp8_block_config import block_config
    auto = {}
    for (m, n, k) in a.shapes:
        defs = tuple(block_config(m, n, k))
        auto[(m, n, k)] = "fp8-block[%s]" % ",".join(defs) if defs else "fp8-block"
        if defs and auto[(m, n, k)] not in [b[0] for b in builds]:
            builds.append((auto[(m, n, k)], "block", defs))
    kernels, ok = {}, True
    for label, scaling, defs in builds:
        bundle = os.path.join(a.work, "%s.tirxb" % label)
        err = compile_rung(a.tirx_llc, src, "float8_e4m3fn", bundle,
                           defines=('SCALING="%s"' % scaling,) + defs)
        if err:
            print("%s: does not compile: %s" % (label, err))
            ok = False
            continue
        try:
            probe = subprocess.run([sys.executable, __file__, "--rt", a.rt, "--probe",
                                    bundle + ":fp8-" + scaling], capture_output=True,
                                   text=True, timeout=60)
            rc, out = probe.returncode, probe.stdout + probe.stderr
        except subprocess.TimeoutExpired:
            rc, out = 1, "timed out after 60 s (a hang)"
        if rc != 0:
            tail = out.strip().splitlines()
            print("%s: FAILS its probe run: %s" % (label, tail[-1] if tail else "?"))
            ok = False
            continue
        kernels[label] = (rt.load(bundle), scaling)
        if a.sass and not defs:
            os.makedirs(a.sass, exist_ok=True)
            cubin = os.path.join(a.sass, label + ".cubin")
            if compile_rung(a.tirx_llc, src, "float8_e4m3fn", cubin, emit="cubin",
                            defines=('SCALING="%s"' % scaling,)) is None:
                print("%s SASS: %s" % (label, sass_report(cubin, a.sass, label)))
    dev = torch.device("cuda:0")
    stream = torch.cuda.current_stream().cuda_stream
    for (m, n, k) in a.shapes:
        flop = 2.0 * m * n * k
        shape = "%dx%dx%d" % (m, n, k)
        inputs = {sc: fp8_inputs(torch, m, n, k, sc, dev) for sc in ("tensor", "block")}
        At, Bt, SAt, SBt, _ = inputs["tensor"]
        ref_t = scaled_mm(torch, At, Bt, SAt, SBt).float()
        calls, checks, outs = {}, {}, []
        for label, (kern, scaling) in kernels.items():
            A, B, SA, SB, ref = inputs[scaling]
            ref = ref_t if ref is None else ref
            Cout = torch.full((m, n), float("nan"), device=dev, dtype=torch.bfloat16)
            try:
                call = kern.prepare([A, B, SA, SB, Cout], stream)
                call()
                torch.cuda.synchronize()
            except RuntimeError as e:
                ok = False
                checks[label] = "FAIL: %s" % e
                continue
            cf = Cout.float()
            rel = ((cf - ref).norm() / ref.norm()).item()
            maxe = ((cf - ref).abs().max() / ref.abs().max()).item()
            good = rel == rel and rel <= TOL["bfloat16"]
            ok = ok and good
            checks[label] = "%s rel %.2e max %.2e vs %s" % (
                "ok" if good else "FAIL", rel, maxe,
                "_scaled_mm" if scaling == "tensor" else "dequantized fp32")
            calls[label] = call
            outs.append(Cout)
            del cf
        names = ["cuBLASLt"] + list(calls)
        fns = dict(calls)
        fns["cuBLASLt"] = lambda: scaled_mm(torch, At, Bt, SAt, SBt)
        times = {x: [] for x in names}
        for r in range(a.rounds):
            order = names[r % len(names):] + names[:r % len(names)]
            for x in order:
                times[x].append(time_it(torch, fns[x], a.iters))
        t_ref = statistics.median(times["cuBLASLt"])
        print("%-18s %-8s %-16s %9.4f %8.1f %7.3f  %s" % (
            "cuBLASLt", "e4m3", shape, t_ref, flop / t_ref / 1e9, 1.0,
            "torch._scaled_mm per-tensor (rounds %s ms)"
            % " ".join("%.4f" % x for x in times["cuBLASLt"])))
        for label in kernels:
            if label not in calls:
                print("%-18s %-8s %-16s %9s %8s %7s  %s" % (label, "e4m3", shape, "-", "-",
                                                            "-", checks.get(label, "?")))
                continue
            t = statistics.median(times[label])
            ratios = [tr / tx for tr, tx in zip(times["cuBLASLt"], times[label])]
            print("%-18s %-8s %-16s %9.4f %8.1f %7.3f  %s (ratio %.3f..%.3f)" % (
                label, "e4m3", shape, t, flop / t / 1e9, statistics.median(ratios),
                checks[label], min(ratios), max(ratios)))
        pick = auto[(m, n, k)]
        if pick in calls:
            t = statistics.median(times[pick])
            ratios = [tr / tx for tr, tx in zip(times["cuBLASLt"], times[pick])]
            print("%-18s %-8s %-16s %9.4f %8.1f %7.3f  = %s (fp8_block_config.py)" % (
                "fp8-block-auto", "e4m3", shape, t, flop / t / 1e9, statistics.median(ratios),
                pick))
        sys.stdout.flush()
        del inputs, At, Bt, SAt, SBt, ref_t, outs, calls, fns
        torch.cuda.empty_cache()
    return ok


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tirx-llc", default="build/bin/tirx-llc")
    ap.add_argument("--rt", default="build-gpu/lib/libtirxrt.so", help="libtirxrt.so")
    ap.add_argument("--examples", default=os.path.join(os.path.dirname(__file__), "..", "..",
                                                       "examples", "gemm"))
    ap.add_argument("--work", default="gemm-bench-work")
    ap.add_argument("--rungs", default=",".join(RUNGS))
    ap.add_argument("--iters", type=int, default=20)
    ap.add_argument("--rounds", type=int, default=3,
                    help="timing rounds per case (cuBLAS and the rungs, back to back)")
    ap.add_argument("--sass", default=None, help="write cubin SASS / resource usage here")
    ap.add_argument("--variant", action="append", default=[],
                    help="also time RUNG with module constants overridden: RUNG:NAME=V[:NAME=V]")
    ap.add_argument("--dtypes", default=",".join(DTYPES + ["fp8"]),
                    help="which rows: float16, bfloat16, fp8 (comma-separated)")
    ap.add_argument("--fp8-variant", action="append", default=[],
                    help="also time fp8_ws_persistent with module constants overridden: "
                         "SCALING:NAME=V[:NAME=V]")
    ap.add_argument("--shapes", default=",".join("%dx%dx%d" % s for s in SHAPES),
                    help="M x N x K cases, comma-separated (default: %(default)s)")
    ap.add_argument("--probe", default=None, help=argparse.SUPPRESS)
    a = ap.parse_args()
    try:
        a.shapes = [tuple(int(x) for x in s.split("x")) for s in a.shapes.split(",")]
        if any(len(s) != 3 or min(s) <= 0 for s in a.shapes):
            raise ValueError
    except ValueError:
        ap.error("--shapes: expected MxNxK[,MxNxK...] with positive sizes")
    import torch

    if a.probe:  # child process: one small correctness run of one bundle
        bundle, dt = a.probe.rsplit(":", 1)
        if dt.startswith("fp8-"):
            return fp8_probe(a, torch, bundle, dt[4:])
        m, n, k = 384, 640, 320
        if "@" in dt:  # a per-shape build: dtype@MxNxK
            dt, shape = dt.split("@")
            m, n, k = (int(x) for x in shape.split("x"))
        tdt = getattr(torch, dt)
        A = torch.randn(m, k, device="cuda", dtype=tdt)
        B = torch.randn(n, k, device="cuda", dtype=tdt)
        Cout = torch.full((m, n), float("nan"), device="cuda", dtype=tdt)
        Runtime(a.rt).load(bundle).prepare([A, B, Cout], torch.cuda.current_stream().cuda_stream)()
        torch.cuda.synchronize()
        ref = torch.matmul(A, B.t()).float()
        rel = ((Cout.float() - ref).norm() / ref.norm()).item()
        print("probe rel %.3e" % rel)
        return 0 if rel == rel and rel <= TOL[dt] else 1

    os.makedirs(a.work, exist_ok=True)
    rt = Runtime(a.rt)
    torch.manual_seed(0)
    dev = torch.device("cuda:0")
    stream = torch.cuda.current_stream().cuda_stream
    dtypes = [d for d in DTYPES if d in a.dtypes.split(",")]
    rungs = [(r, r, ()) for r in a.rungs.split(",") if r] if dtypes else []
    for v in a.variant:
        base, *defs = v.split(":")
        rungs.append(("%s[%s]" % (base, ",".join(defs)), base, tuple(defs)))
    kernels, notes, broken = {}, [], False
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
    builds = []  # (label, rung, defines, dtype, shape: None for a rung of every shape)
    for label, rung, defs in rungs:
        for dt in dtypes:
            if rung in PER_SHAPE:
                builds += [(label, rung, defs, dt, s) for s in SHAPES]
            else:
                builds.append((label, rung, defs, dt, None))
    for label, rung, defs, dt, shp in builds:
        src = os.path.join(root, PER_SHAPE[rung]) if rung in PER_SHAPE else \
            os.path.join(a.examples, rung + ".py")
        tag, pdt, bdefs = dt, dt, defs
        if shp:
            bdefs = defs + tuple("%s=%d" % d for d in zip("MNK", shp))
            tag = "%s.%dx%dx%d" % ((dt,) + shp)
            pdt = "%s@%dx%dx%d" % ((dt,) + shp)
        bundle = os.path.join(a.work, "%s.%s.tirxb" % (label, tag))
        err = compile_rung(a.tirx_llc, src, dt, bundle, defines=bdefs)
        if err:
            notes.append("%s %s: does not compile: %s" % (label, tag, err))
            broken = True
            continue
        # a faulting kernel poisons the CUDA context: try each one in a child first
        try:
            probe = subprocess.run([sys.executable, __file__, "--rt", a.rt, "--probe",
                                    bundle + ":" + pdt], capture_output=True, text=True,
                                   timeout=60)
            rc, out = probe.returncode, probe.stdout + probe.stderr
        except subprocess.TimeoutExpired:
            rc, out = 1, "timed out after 60 s (a hang)"
        if rc != 0:
            tail = out.strip().splitlines()
            notes.append("%s %s: FAILS its probe run: %s" % (label, tag,
                                                               tail[-1] if tail else "?"))
            broken = True
            continue
        try:
            kernels[(label, dt, shp) if shp else (label, dt)] = rt.load(bundle)
        except RuntimeError as e:
            notes.append("%s %s: does not load: %s" % (label, tag, e))
            broken = True
        # the SASS report: each rung's fp16 build (a per-shape rung's at 8192^3)
        if a.sass and not defs and dt == dtypes[0] and shp in (None, SHAPES[1]):
            os.makedirs(a.sass, exist_ok=True)
            cubin = os.path.join(a.sass, rung + ".float16.cubin")
            if compile_rung(a.tirx_llc, src, "float16", cubin, emit="cubin",
                            defines=bdefs) is None:
                notes.append("%s SASS: %s" % (rung, sass_report(cubin, a.sass, rung)))

    for line in notes:
        print(line)
    sys.stdout.flush()
    ok = True
    hdr = "%-18s %-8s %-16s %9s %8s %7s  %s" % ("rung", "dtype", "MxNxK", "ms", "TFLOP/s",
                                                 "ratio", "check")
    print(hdr)
    print("-" * len(hdr))
    sys.stdout.flush()
    for (m, n, k) in a.shapes if dtypes else []:
        for dt in dtypes:
            tdt = getattr(torch, dt)
            A = torch.randn(m, k, device=dev, dtype=tdt)
            B = torch.randn(n, k, device=dev, dtype=tdt)
            ref = torch.matmul(A, B.t())
            rf = ref.float()
            flop = 2.0 * m * n * k
            shape = "%dx%dx%d" % (m, n, k)
            # correctness first; each rung's output starts as NaN
            calls, checks, outs = {}, {}, []
            for rung, _, _ in rungs:
                kern = kernels.get((rung, dt), kernels.get((rung, dt, (m, n, k))))
                if kern is None:
                    continue
                Cout = torch.full((m, n), float("nan"), device=dev, dtype=tdt)
                try:
                    call = kern.prepare([A, B, Cout], stream)
                    call()
                    torch.cuda.synchronize()
                except RuntimeError as e:
                    ok = False
                    checks[rung] = "FAIL: %s" % e
                    continue
                cf = Cout.float()
                rel = ((cf - rf).norm() / rf.norm()).item()
                maxe = ((cf - rf).abs().max() / rf.abs().max()).item()
                good = rel == rel and rel <= TOL[dt]
                ok = ok and good
                checks[rung] = "%s rel %.2e max %.2e" % ("ok" if good else "FAIL", rel, maxe)
                calls[rung] = call
                outs.append(Cout)
                del cf
            # timing: --rounds rounds, each timing cuBLAS and every rung back to back (the
            # order rotated per round); a rung's ratio is the median over rounds of
            # t_cuBLAS / t_rung within the same round, so that the H200's clock and
            # power state (it throttles at its 700 W limit on these sizes) weighs on both
            names = ["cuBLAS"] + list(calls)
            fns = dict(calls)
            fns["cuBLAS"] = lambda: torch.matmul(A, B.t())
            times = {x: [] for x in names}
            for r in range(a.rounds):
                order = names[r % len(names):] + names[:r % len(names)]
                for x in order:
                    times[x].append(time_it(torch, fns[x], a.iters))
            t_ref = statistics.median(times["cuBLAS"])
            print("%-18s %-8s %-16s %9.4f %8.1f %7.3f  %s" % (
                "cuBLAS", dt, shape, t_ref, flop / t_ref / 1e9, 1.0,
                "reference (rounds %s ms)" % " ".join("%.4f" % x for x in times["cuBLAS"])))
            for rung, _, _ in rungs:
                if rung not in checks:
                    print("%-18s %-8s %-16s %9s %8s %7s  %s" % (rung, dt, shape, "-", "-", "-",
                                                                "not built"))
                    continue
                if rung not in calls:
                    print("%-18s %-8s %-16s %9s %8s %7s  %s" % (rung, dt, shape, "-", "-", "-",
                                                                checks[rung]))
                    continue
                t = statistics.median(times[rung])
                ratios = [tr / tx for tr, tx in zip(times["cuBLAS"], times[rung])]
                print("%-18s %-8s %-16s %9.4f %8.1f %7.3f  %s (ratio %.3f..%.3f)" % (
                    rung, dt, shape, t, flop / t / 1e9, statistics.median(ratios),
                    checks[rung], min(ratios), max(ratios)))
            sys.stdout.flush()
            del A, B, ref, rf, outs, calls, fns
            torch.cuda.empty_cache()
    if "fp8" in a.dtypes.split(","):
        ok = bench_fp8(a, torch, rt) and ok
    print("bench/gemm: %s" % ("all correct" if ok and not broken else "FAILURES (see above)"))
    return 0 if ok and not broken else 1


if __name__ == "__main__":
    sys.exit(main())
