"""Python-side benchmark of tirx (issue 13): call overhead and compile times, with Triton
and CuPy side by side where they are installed.

    PYTHONPATH=build/python python3 bench/python/bench_python.py [--tirx-llc build/bin/tirx-llc]
                                                                  [--iters 20000] [--quick]

Call overhead (needs a GPU and torch): the host time per call of
  tirx    kernel(a, b)                  examples/scale.py (256 threads, 2 tensors)
  tirx    kernel(a, b, 8 ints)          the same body with eight more int32 parameters
  tirx    kernel(a, b, stream=...)      torch's current stream as an int / a Stream; a
                                        side stream (the DLPack handshake: an event)
  tirx    [to_dlpack path]              the same through torch's exporter, not DLPack's C
                                        exchange API (what torch < 2.10 gets)
  ctypes  cuLaunchKernel                the same cubin, the same grid, torch's stream
  cupy    RawModule of the same cubin   (if CuPy is installed)
  torch   a.add_(1)
  triton  warm launch, 2 tensors / + 8 ints (if Triton is installed)
measured two ways: `burst` = one batch of 200 calls timed on the host (median of 50
batches, synchronised between them: the CPU cost, before the launch queue fills) and
`stream` = 20000 back-to-back calls (what a loop of launches sustains).  The rows are
measured interleaved (measure_rows: a warm-up pass, then 10 rounds over all rows, the
starting row rotating), so a row's figure does not depend on where it stands.

Compile (no GPU needed; a fresh cache directory per row):
  cold             tirx.compile in a new process, empty cache (in-process ms, and the
                   whole process)
  warm cache       the same in a new process, the entry already on disk
  in process       tirx.compile again in the same process (a disk-cache hit) and
                   JitFunction.specialize again (in-memory)
  tirx-llc hit     a whole `tirx-llc --emit=cubin` run on a cache hit (wall, median)
  tirx-llc cold    the same with --no-cache
  triton           the same three for a Triton kernel (fresh TRITON_CACHE_DIR)
Targets (issue 13): <= 5 us per call, warm-cache compile <= 1 ms in process, a
tirx-llc run on a hit <= 5 ms.
"""
import argparse
import ctypes
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SCALE = os.path.join(ROOT, "examples", "scale.py")

SCALE_INTS = '''@T.prim_func
def scale_ints(A_ptr: T.handle, B_ptr: T.handle, i0: T.int32, i1: T.int32, i2: T.int32,
               i3: T.int32, i4: T.int32, i5: T.int32, i6: T.int32, i7: T.int32):
    A = T.match_buffer(A_ptr, (256,), "float32")
    B = T.match_buffer(B_ptr, (256,), "float32")
    T.device_entry()
    bx = T.cta_id([1])
    tx = T.thread_id([256])
    B[tx] = A[tx] * T.float32(2.0) + T.float32(i0 + i1 + i2 + i3 + i4 + i5 + i6 + i7)
'''


class Row:
    """One call-overhead row: fn() is one call; setup()/teardown() run around each of the
    row's turns (a global switch such as the DLPack path); scale shrinks the back-to-back
    count of a slow row."""

    def __init__(self, name, fn, sync, scale=1, setup=None, teardown=None):
        self.name, self.fn, self.sync, self.scale = name, fn, sync, scale
        self.setup, self.teardown = setup or (lambda: None), teardown or (lambda: None)
        self.bursts, self.streams = [], []


def measure_rows(rows, iters, quick):
    """Times every row in interleaved rounds, so that no row is measured only while the
    process, the CPU clock or the driver's queues are still warming up (the order effect
    of measuring each row once, one after another: the first row read 5.78 us and the same
    call 3.84 us later in the same run).  A warm-up pass runs every row first; then each
    round visits every row (the starting row rotates from round to round), timing bursts
    of 200 calls (synchronised between bursts) and a back-to-back run of iters/rounds
    calls.  burst = the median over all rounds' bursts, stream = the median of the
    rounds' back-to-back figures."""
    rounds = 3 if quick else 10
    bursts_per_round = 3 if quick else 5
    for r in rows:
        r.setup()
        for _ in range(500 if quick else 2000):
            r.fn()
        r.sync()
        r.teardown()
    for k in range(rounds):
        for j in range(len(rows)):
            r = rows[(j + k) % len(rows)]
            r.setup()
            for _ in range(200):
                r.fn()
            r.sync()
            for _ in range(bursts_per_round):
                t = time.perf_counter()
                for _ in range(200):
                    r.fn()
                r.bursts.append((time.perf_counter() - t) / 200 * 1e6)
                r.sync()
            n = max(200, (iters // 10 if quick else iters) // rounds // r.scale)
            t = time.perf_counter()
            for _ in range(n):
                r.fn()
            r.sync()
            r.streams.append((time.perf_counter() - t) / n * 1e6)
            r.teardown()
    return [(r.name, statistics.median(r.bursts), statistics.median(r.streams)) for r in rows]


def timeit_us(fn, n=100000):
    t = time.perf_counter()
    for _ in range(n):
        fn()
    return (time.perf_counter() - t) / n * 1e6


def bench_calls(args):
    try:
        import torch
    except ImportError:
        print("call overhead: skipped (no torch)")
        return
    import tirx
    if not torch.cuda.is_available():
        print("call overhead: skipped (no GPU)")
        return
    dev = torch.device("cuda")
    a = torch.ones(256, device=dev)
    b = torch.zeros(256, device=dev)
    sync = torch.cuda.synchronize
    rows = []

    k = tirx.compile(SCALE)
    rows.append(Row("tirx kernel(a, b)", lambda: k(a, b), sync))
    k8 = tirx.compile(SCALE_INTS)
    rows.append(Row("tirx kernel(a, b, 8 ints)", lambda: k8(a, b, 1, 2, 3, 4, 5, 6, 7, 8), sync))
    s = torch.cuda.current_stream().cuda_stream
    rows.append(Row("tirx kernel(a, b, stream=int)", lambda: k(a, b, stream=s), sync))
    cs = torch.cuda.current_stream()
    rows.append(Row("tirx kernel(a, b, stream=Stream)", lambda: k(a, b, stream=cs), sync))
    # the same calls through torch's exporter (to_dlpack, a capsule per tensor) instead
    # of DLPack's C exchange API: what torch < 2.10 gets (the switch is flipped around
    # each of these rows' turns)
    if tirx._tirx._dlpack_c_api(True):
        off, on = (lambda: tirx._tirx._dlpack_c_api(False)), (lambda: tirx._tirx._dlpack_c_api(True))
        rows.append(Row("tirx kernel(a, b) [to_dlpack path]", lambda: k(a, b), sync,
                        setup=off, teardown=on))
        rows.append(Row("tirx stream=int [to_dlpack path]", lambda: k(a, b, stream=s), sync,
                        scale=4, setup=off, teardown=on))
    side = torch.cuda.Stream()
    rows.append(Row("tirx stream=other (handshake)", lambda: k(a, b, stream=side.cuda_stream),
                    sync, scale=4))

    cubin = k._stage("cubin")
    if cubin is not None:
        cu = ctypes.CDLL("libcuda.so.1")
        mod, fn = ctypes.c_void_p(), ctypes.c_void_p()
        assert cu.cuModuleLoadData(ctypes.byref(mod), cubin) == 0
        assert cu.cuModuleGetFunction(ctypes.byref(fn), mod, b"scale_kernel") == 0
        pa, pb = ctypes.c_void_p(a.data_ptr()), ctypes.c_void_p(b.data_ptr())
        params = (ctypes.c_void_p * 2)(ctypes.cast(ctypes.byref(pa), ctypes.c_void_p),
                                       ctypes.cast(ctypes.byref(pb), ctypes.c_void_p))
        launch = cu.cuLaunchKernel
        st = ctypes.c_void_p(s)
        rows.append(Row("ctypes cuLaunchKernel (same cubin)",
                        lambda: launch(fn, 1, 1, 1, 256, 1, 1, 0, st, params, None), sync))
        b.zero_()
        launch(fn, 1, 1, 1, 256, 1, 1, 0, st, params, None)
        sync()
        assert torch.equal(b, a * 2), "the ctypes launch computed something else"
        try:
            import cupy
            tmp = tempfile.NamedTemporaryFile(suffix=".cubin", delete=False)
            tmp.write(cubin)
            tmp.close()
            m = cupy.RawModule(path=tmp.name)
            f = m.get_function("scale_kernel")
            ca, cb = cupy.ones(256, dtype=cupy.float32), cupy.zeros(256, dtype=cupy.float32)
            rows.append(Row("cupy RawModule (same cubin)", lambda: f((1,), (256,), (ca, cb)),
                            cupy.cuda.Device().synchronize))
            os.unlink(tmp.name)
        except Exception as e:  # noqa: BLE001 - optional
            print("cupy: skipped (%s)" % (str(e).splitlines()[0] if str(e) else type(e).__name__))
    rows.append(Row("torch a.add_(1)", lambda: a.add_(1), sync))

    try:
        import triton
        import triton.language as tl

        @triton.jit
        def tscale(a_ptr, b_ptr, BLOCK: tl.constexpr):
            o = tl.arange(0, BLOCK)
            tl.store(b_ptr + o, tl.load(a_ptr + o) * 2.0)

        @triton.jit
        def tscale8(a_ptr, b_ptr, i0, i1, i2, i3, i4, i5, i6, i7, BLOCK: tl.constexpr):
            o = tl.arange(0, BLOCK)
            tl.store(b_ptr + o, tl.load(a_ptr + o) * 2.0 + (i0 + i1 + i2 + i3 + i4 + i5 + i6 + i7))

        rows.append(Row("triton warm launch, 2 tensors", lambda: tscale[(1,)](a, b, BLOCK=256), sync))
        rows.append(Row("triton warm launch, + 8 ints",
                        lambda: tscale8[(1,)](a, b, 1, 2, 3, 4, 5, 6, 7, 8, BLOCK=256), sync))
    except ImportError:
        print("triton: skipped (not installed)")

    # what the Stream row costs beyond the int row: is the handle remembered (then the
    # C path is the int row's), and what reading it costs in Python
    k(a, b, stream=cs)
    print("stream=Stream: handle remembered: %s; type %s; cs.cuda_stream %r; %s" % (
        tirx._tirx._last_stream() is cs, type(cs).__mro__, cs.cuda_stream,
        "cs.cuda_stream %.3f us in Python" % (timeit_us(lambda: cs.cuda_stream))))
    results = measure_rows(rows, args.iters, args.quick)
    # the ratios the targets are stated in: tirx against CuPy and a raw launch
    ref = {name: burst for name, burst, _ in results}
    print("\n== call overhead (us per call; burst = 200 calls on the host, stream = %d "
          "back-to-back)" % (args.iters // 10 if args.quick else args.iters))
    print("%-36s %9s %9s" % ("", "burst", "stream"))
    for name, burst, stream in results:
        print("%-36s %9.2f %9.2f" % (name, burst, stream))
    for base in ("cupy RawModule (same cubin)", "ctypes cuLaunchKernel (same cubin)"):
        if base in ref:
            print("burst / %s: %s" % (base.split()[0], ", ".join(
                "%s %.2fx" % (n.replace("tirx ", ""), ref[n] / ref[base])
                for n, _, _ in results if n.startswith("tirx"))))


CHILD = r"""
import sys, time
t0 = time.perf_counter()
import tirx
t1 = time.perf_counter()
k = tirx.compile(sys.argv[1], target=sys.argv[2])
t2 = time.perf_counter()
print("%.3f %.3f %s" % ((t2 - t1) * 1e3, (t1 - t0) * 1e3, k.cache))
"""

TRITON_CHILD = r"""
import sys, time, torch, triton, triton.language as tl
@triton.jit
def tscale(a_ptr, b_ptr, BLOCK: tl.constexpr):
    o = tl.arange(0, BLOCK)
    tl.store(b_ptr + o, tl.load(a_ptr + o) * 2.0)
a = torch.ones(256, device="cuda"); b = torch.zeros(256, device="cuda"); torch.cuda.synchronize()
t = time.perf_counter(); tscale[(1,)](a, b, BLOCK=256); torch.cuda.synchronize()
first = (time.perf_counter() - t) * 1e3
t = time.perf_counter(); tscale[(1,)](a, b, BLOCK=256); torch.cuda.synchronize()
print("%.3f %.3f" % (first, (time.perf_counter() - t) * 1e3))
"""


def median_wall(cmd, runs, env=None):
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, env=env)
        times.append((time.perf_counter() - t) * 1e3)
    return statistics.median(times)


def bench_compile(args):
    import tirx
    arch = args.arch
    d = tempfile.mkdtemp(prefix="tirx-bench-cache-")
    env = dict(os.environ, TIRX_CACHE_DIR=d)
    env.pop("TIRX_NO_CACHE", None)
    py = [sys.executable, "-c", CHILD, SCALE, arch]
    rows = []
    try:
        t = time.perf_counter()
        out = subprocess.run(py, env=env, stdout=subprocess.PIPE, check=True).stdout.decode().split()
        rows.append(("tirx cold (new process, empty cache)", float(out[0]),
                     (time.perf_counter() - t) * 1e3, out[2]))
        warm = []
        for _ in range(5):
            t = time.perf_counter()
            out = subprocess.run(py, env=env, stdout=subprocess.PIPE, check=True).stdout.decode().split()
            warm.append((float(out[0]), (time.perf_counter() - t) * 1e3, out[2]))
        warm.sort()
        rows.append(("tirx warm cache (new process)",) + warm[len(warm) // 2])
        os.environ["TIRX_CACHE_DIR"] = d
        tirx.compile(SCALE, target=arch)
        reps = []
        for _ in range(50):
            t = time.perf_counter()
            k = tirx.compile(SCALE, target=arch)
            reps.append((time.perf_counter() - t) * 1e3)
        rows.append(("tirx in process (disk-cache hit)", statistics.median(reps), None, k.cache))
        j = tirx.jit(os.path.join(ROOT, "examples", "add.py"), target=arch)
        j.specialize(N=256)
        reps = []
        for _ in range(1000):
            t = time.perf_counter()
            j.specialize(N=256)
            reps.append((time.perf_counter() - t) * 1e3)
        rows.append(("tirx JitFunction.specialize again", statistics.median(reps), None, "memo"))
        if args.tirx_llc:
            llc = [args.tirx_llc, SCALE, "--emit=cubin", "--mcpu=" + arch, "-o", os.devnull]
            subprocess.run(llc, env=env, check=True)
            rows.append(("tirx-llc whole run, cache hit", None, median_wall(llc, 21, env), "hit"))
            rows.append(("tirx-llc whole run, --no-cache", None,
                         median_wall(llc + ["--no-cache"], 5, env), "off"))
            ver = [args.tirx_llc, "--version"]
            rows.append(("tirx-llc --version (process start)", None, median_wall(ver, 21, env), ""))
    finally:
        shutil.rmtree(d, ignore_errors=True)
    try:
        import triton  # noqa: F401
        import torch
        if torch.cuda.is_available():
            td = tempfile.mkdtemp(prefix="triton-bench-cache-")
            tenv = dict(os.environ, TRITON_CACHE_DIR=td)
            # Triton's @jit reads its function's source: the child is a file
            child = os.path.join(td, "triton_child.py")
            with open(child, "w") as f:
                f.write(TRITON_CHILD)
            tp = [sys.executable, child]
            out = subprocess.run(tp, env=tenv, stdout=subprocess.PIPE, check=True).stdout.decode().split()
            rows.append(("triton cold (first call, empty cache)", float(out[0]), None, ""))
            out = subprocess.run(tp, env=tenv, stdout=subprocess.PIPE, check=True).stdout.decode().split()
            rows.append(("triton warm cache (first call, new process)", float(out[0]), None, ""))
            rows.append(("triton in process (second call)", float(out[1]), None, ""))
            shutil.rmtree(td, ignore_errors=True)
    except ImportError:
        print("triton: skipped (not installed)")
    except (subprocess.CalledProcessError, ValueError, IndexError) as e:
        print("triton: the comparison failed (%s); tirx's rows stand" % e)
    print("\n== compile (%s; ms; in-process = the compile call, process = the whole child)" % arch)
    print("%-44s %12s %12s  %s" % ("", "in-process", "process", "cache"))
    for name, inproc, proc, cache in rows:
        print("%-44s %12s %12s  %s" % (name, "%.3f" % inproc if inproc is not None else "-",
                                       "%.1f" % proc if proc is not None else "-", cache))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tirx-llc", default=None)
    ap.add_argument("--arch", default=None, help="compile for (default: the device's, else sm_90a)")
    ap.add_argument("--iters", type=int, default=20000)
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--no-calls", action="store_true")
    ap.add_argument("--no-compile", action="store_true")
    args = ap.parse_args()
    import tirx
    if args.tirx_llc is None:
        cand = os.path.join(ROOT, "build", "bin", "tirx-llc")
        args.tirx_llc = cand if os.access(cand, os.X_OK) else None
    if args.arch is None:
        try:
            args.arch = tirx.device_arch()
        except tirx.DeviceError:
            args.arch = "sm_90a"
    print("tirx %s from %s; ptxas %s; tirx-llc %s" % (tirx.__version__, os.path.dirname(tirx.__file__),
                                                     tirx.ptxas_path(), args.tirx_llc))
    if not args.no_compile:
        bench_compile(args)
    if not args.no_calls:
        bench_calls(args)


main()
