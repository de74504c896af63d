#!/bin/sh
# scripts/gpu-run.sh — on the GPU machine, from the repository root: unpack dist/gpu
# (made by scripts/gpu-pack.sh) into build-gpu-run/, run the whole GPU suite (test/gpu
# through test/gpu/run.sh) and the benchmarks (bench/kernels, bench/launch), and write
# the logs into $OUT (default ./gpu-out).  See docs/gpu-testing.md.
#
#   sh scripts/gpu-run.sh [LIT_ARGS...]
#
# $OUT/summary.txt  environment, lit's counts, benchmark tables (read this first)
# $OUT/lit.log      lit -sv output (failures in full)
# $OUT/bench.log    bench/kernels, bench/launch, bench/python, bench/gemm and bench/attention output
# $OUT/gemm.log     bench/gemm: the GEMM ladder vs cuBLAS (also in bench.log / summary.txt)
# $OUT/attention.log bench/attention: the attention ladder vs torch SDPA (cuDNN, flash)
# $OUT/env.log      the machine: GPU, driver, toolkit, what was packed
# $OUT/demo.log     scripts/demo.sh with the packed tools
# Exit status: lit's (non-zero if a test failed), or 1 if the demo or a benchmark failed.
#
# Where there is no GPU it still runs (a dry run of the packing): test/gpu/run.sh forces
# the cuda feature on, so each GPU test runs its compile steps and then fails at its
# first GPU step with "no CUDA device", and the benchmarks stop there too.
set -u
cd "$(dirname "$0")/.." || exit 1
OUT=${OUT:-$PWD/gpu-out}
mkdir -p "$OUT"
b=build-gpu-run
log() { echo "gpu-run: $*" | tee -a "$OUT/summary.txt"; }
: >"$OUT/summary.txt"

if [ ! -f dist/gpu/MANIFEST ]; then
    log "dist/gpu is missing: run scripts/gpu-pack.sh on the development machine and carry dist/gpu"
    exit 1
fi
rm -rf "$b"
mkdir -p "$b"
cp -R dist/gpu/. "$b/"
for f in "$b"/bin/*.xz "$b"/python/tirx/*.xz; do
    [ -f "$f" ] || continue
    xz -d -f "$f" || { log "cannot unpack $f"; exit 1; }
done
chmod +x "$b"/bin/*
if [ -z "${TIRX_LIBDEVICE:-}" ] && [ ! -f /usr/local/cuda/nvvm/libdevice/libdevice.10.bc ] &&
    [ -f "$b/libdevice.10.bc" ]; then
    TIRX_LIBDEVICE=$PWD/$b/libdevice.10.bc
    export TIRX_LIBDEVICE
fi
PATH=$PATH:/usr/local/cuda/bin
export PATH
# The compile cache of the demo and the benchmarks (lit gives each run its own).
TIRX_CACHE_DIR=${TIRX_CACHE_DIR:-$PWD/$b/cache}
export TIRX_CACHE_DIR

{
    echo "== packed"; cat "$b/MANIFEST"
    echo "== machine"; uname -a; nvidia-smi -L 2>&1; nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv 2>&1
    echo "== tools"; for t in nvcc ptxas python3 gcc; do printf '%s: %s\n' "$t" "$(command -v $t || echo missing)"; done
    nvcc --version 2>&1 | tail -n 2; ptxas --version 2>&1 | tail -n 2
    python3 -c 'import numpy; print("numpy", numpy.__version__)' 2>&1
    python3 -c 'import torch; print("torch", torch.__version__)' 2>&1 | tail -n 1
    PYTHONPATH=$b/python python3 -c 'import tirx; print("tirx (python)", tirx.__version__, tirx.__file__); print("tirx.device_arch()", tirx.device_arch())' 2>&1 | tail -n 2
    echo "== tirx-device-info"; "$b/bin/tirx-device-info" 2>&1
    echo "TIRX_LIBDEVICE=${TIRX_LIBDEVICE:-the toolkit one}"
} >"$OUT/env.log" 2>&1
log "device: $("$b/bin/tirx-device-info" 2>&1 | head -n 1); nvcc: $(command -v nvcc || echo missing)"

# 1. The GPU suite.
start=$(date +%s)
PYTHONUNBUFFERED=1 sh test/gpu/run.sh "$b" --show-pass --show-unsupported "$@" >"$OUT/lit.log" 2>&1
lit_rc=$?
log "lit (test/gpu): exit $lit_rc in $(($(date +%s) - start)) s"
sed -n '/^Total Discovered Tests:/,$p' "$OUT/lit.log" | tee -a "$OUT/summary.txt"
# lit's per-result lists ("Passed Tests (N):" and so on, one test a line).
awk '/^[A-Z][A-Za-z ]* Tests \([0-9]+\):$/ { on = 1 } on && /^$/ { on = 0 } on' \
    "$OUT/lit.log" >>"$OUT/summary.txt"
grep -E '^(FAIL|UNRESOLVED|XPASS|TIMEOUT):' "$OUT/lit.log"
# test/gpu/corpus-run.test's report (scripts/corpus-gpu.py): one line per corpus kernel.
corpus_log=$b/test/gpu/Output/corpus-run.test.tmp.log
if [ -f "$corpus_log" ]; then
    log "corpus kernels on the GPU (test/gpu/corpus-run.test):"
    tee -a "$OUT/summary.txt" <"$corpus_log"
fi

# 2. The README's demo (scripts/demo.sh) with the packed tools.
TIRX_DEMO_BIN=$b/bin sh scripts/demo.sh >"$OUT/demo.log" 2>&1
demo_rc=$?
log "demo: exit $demo_rc: $(grep -E '^(block_sum|error)' "$OUT/demo.log" | tr '\n' ' ')"

# 3. The benchmarks.
bench_rc=0
{
    echo "== bench/kernels: tirx cubin vs nvcc cubin (sm_90a), GPU time per launch"
    python3 bench/kernels/run.py --tirx-llc "$b/bin/tirx-llc" --bench "$b/bin/tirx-bench-kernels" \
        --prebuilt "$b/bench-prebuilt" --work "$b/bench-kernels" --arch sm_90a
    echo "bench/kernels: exit $?"
    echo "== bench/launch: tirxrt_call vs raw cuLaunchKernel (nvcc's scale kernel)"
    "$b/bin/tirx-bench-launch" --iters 10000 --rounds 5
    echo "bench/launch: exit $?"
    echo "== bench/launch on tirx's own bundle of examples/scale.py"
    arch=$("$b/bin/tirx-device-info" --arch 2>/dev/null || echo sm_90a)
    "$b/bin/tirx-llc" examples/scale.py --emit=bundle --mcpu="$arch" -o "$b/scale.tirxb" &&
        "$b/bin/tirx-bench-launch" --iters 10000 --rounds 5 "$b/scale.tirxb"
    echo "bench/launch (bundle): exit $?"
    echo "== bench/python: Python call overhead and compile times (tirx, ctypes, CuPy, torch, Triton)"
    if [ -f "$b/python/tirx/_tirx.abi3.so" ]; then
        PYTHONPATH=$b/python python3 bench/python/bench_python.py --tirx-llc "$b/bin/tirx-llc"
        echo "bench/python: exit $?"
    else
        echo "bench/python: skipped (no Python module packed)"
    fi
} >"$OUT/bench.log" 2>&1
# bench/gemm: the tensor-core GEMM ladder against cuBLAS (torch), through libtirxrt.
if python3 -c 'import torch' >/dev/null 2>&1 && [ -f "$b/lib/libtirxrt.so" ]; then
    python3 bench/gemm/run.py --tirx-llc "$b/bin/tirx-llc" --rt "$b/lib/libtirxrt.so" \
        --work "$b/gemm" >"$OUT/gemm.log" 2>&1
    echo "bench/gemm: exit $?" >>"$OUT/gemm.log"
    cat "$OUT/gemm.log" >>"$OUT/bench.log"
else
    echo "bench/gemm: skipped (no torch or no $b/lib/libtirxrt.so)" >>"$OUT/bench.log"
fi
# bench/attention: the attention ladder against torch SDPA's cuDNN and flash backends.
if python3 -c 'import torch' >/dev/null 2>&1 && [ -f "$b/lib/libtirxrt.so" ]; then
    python3 bench/attention/run.py --tirx-llc "$b/bin/tirx-llc" --rt "$b/lib/libtirxrt.so" \
        --work "$b/attention" >"$OUT/attention.log" 2>&1
    echo "bench/attention: exit $?" >>"$OUT/attention.log"
    cat "$OUT/attention.log" >>"$OUT/bench.log"
else
    echo "bench/attention: skipped (no torch or no $b/lib/libtirxrt.so)" >>"$OUT/bench.log"
fi
grep -q 'exit [1-9]' "$OUT/bench.log" && bench_rc=1
log "benchmarks: $([ $bench_rc = 0 ] && echo ok || echo FAILED)"
grep -vE '^bench/kernels: nvcc:' "$OUT/bench.log" | tee -a "$OUT/summary.txt" >/dev/null

[ $lit_rc -ne 0 ] && exit $lit_rc
[ $demo_rc -ne 0 ] && exit 1
exit $bench_rc
