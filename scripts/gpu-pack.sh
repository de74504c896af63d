#!/bin/sh
# scripts/gpu-pack.sh — on the development machine: build tirx with LLVM linked
# statically (build-gpu/) and pack into dist/gpu/ everything the GPU machine needs to
# run test/gpu and the benchmarks with scripts/gpu-run.sh.  That machine has no LLVM,
# no lit and no FileCheck; it has python3 + numpy, gcc, xz and ptxas.  See
# docs/gpu-testing.md.
#
#   sh scripts/gpu-pack.sh            # then carry dist/gpu to the GPU machine
#
# dist/gpu/ (must stay under 64 MiB; the script fails if it does not):
#   bin/tirx-{llc,run,opt}.xz   the LLVM-linked tools, stripped and xz-compressed
#   bin/*                       the runtime programs test/gpu runs (no LLVM inside) and
#                               tirx-bench-kernels (bench/kernels)
#   lib/libtirxrt.so            the runtime as a shared library (bench/gemm, via ctypes)
#   gpu-inputs/                 nvcc-built kernels of the runtime's GPU tests
#   lit-py/lit/                 a copy of lit (test/gpu/prepare.sh)
#   test/lit.site.cfg.py        the build tree's site config (paths relative to itself)
#   bench-prebuilt/             nvcc cubins for bench/kernels, used if nvcc is missing there
#   libdevice.10.bc             used when the GPU machine has no CUDA libdevice
#   python/tirx/                the Python package: *.py, prelude/ and _tirx.abi3.so.xz (the
#                               limited-API extension, LLVM linked in statically)
#   corpus/                     the printed corpus kernels test/gpu/corpus-run.test runs
#                               (scripts/corpus-gpu.py --list-files; from $TIRX_CORPUS,
#                               else ../shared/corpus; test data, never in the repository)
#   MANIFEST                    what was packed, from which commit
set -eu
cd "$(dirname "$0")/.."
build="build-gpu"
dist=dist/gpu
jobs=${TIRX_JOBS:-2}

echo "gpu-pack: configuring $build (TIRX_LLVM_STATIC=ON, Release)"
cmake -S . -B "$build" -DTIRX_LLVM_STATIC=ON -DCMAKE_BUILD_TYPE=Release >/dev/null
echo "gpu-pack: building (-j$jobs)"
targets="tirx-llc tirx-run tirx-opt tirx-device-info tirx-bundle-dump tirx-example-load-bundle tirx-rt-gpu-selftest tirx-bench-launch"
if grep -q '^TIRX_NVCC:FILEPATH=.*nvcc$' "$build/CMakeCache.txt"; then
    targets="$targets tirx-gpu-inputs"
fi
python_ext=
if grep -q '^TIRX_PYTHON:BOOL=ON$' "$build/CMakeCache.txt"; then
    targets="$targets tirx-python"
    python_ext=$build/python/tirx/_tirx.abi3.so
else
    echo "gpu-pack: no Python module (TIRX_PYTHON is off: no Python >= 3.10 headers)" >&2
fi
# shellcheck disable=SC2086
cmake --build "$build" -j"$jobs" --target $targets
cc -std=c11 -O2 -Wall -Wextra -Werror -D_POSIX_C_SOURCE=200809L \
    bench/kernels/bench_kernels.c -ldl -lm -o "$build/bin/tirx-bench-kernels"
sh test/gpu/prepare.sh "$build" >/dev/null
# libtirxrt as a shared library, for bench/gemm (Python through ctypes).
cuda_inc=$(sed -n 's/^TIRX_CUDA_INCLUDE_DIR:PATH=//p' "$build/CMakeCache.txt")
mkdir -p "$build/lib"
cc -std=c11 -O2 -fPIC -shared -Wall -Wextra -Werror -D_POSIX_C_SOURCE=200809L \
    -DTIRX_VERSION="\"$(sed -n 's/^CMAKE_PROJECT_VERSION:STATIC=//p' "$build/CMakeCache.txt")\"" \
    -Iruntime/include -Iruntime/src -isystem "${cuda_inc:-/usr/local/cuda/include}" \
    runtime/src/*.c -ldl -lpthread -o "$build/lib/libtirxrt.so"

echo "gpu-pack: packing $dist"
rm -rf "$dist"
mkdir -p "$dist/bin" "$dist/test" "$dist/gpu-inputs"
for t in tirx-llc tirx-run tirx-opt; do
    strip -o "$dist/bin/$t" "$build/bin/$t"
    xz -T"$jobs" -6 -f "$dist/bin/$t"
done
for t in tirx-device-info tirx-bundle-dump tirx-example-load-bundle tirx-rt-gpu-selftest \
         tirx-bench-launch tirx-bench-kernels; do
    strip -o "$dist/bin/$t" "$build/bin/$t"
done
if [ -d "$build/gpu-inputs" ]; then
    cp "$build"/gpu-inputs/*.cubin "$build"/gpu-inputs/*.ptx "$dist/gpu-inputs/" 2>/dev/null || true
fi
mkdir -p "$dist/lib"
strip -o "$dist/lib/libtirxrt.so" "$build/lib/libtirxrt.so"
if [ -n "$python_ext" ]; then
    mkdir -p "$dist/python/tirx"
    cp "$build"/python/tirx/*.py "$dist/python/tirx/"
    strip --strip-unneeded -o "$dist/python/tirx/_tirx.abi3.so" "$python_ext"
    xz -T"$jobs" -6 -f "$dist/python/tirx/_tirx.abi3.so"
    # the prelude (tvm.tirx.bench, ...) inside the package, where `import tirx` looks
    # first: the pack has neither a build tree nor a source tree beside it
    rm -rf "$dist/python/tirx/prelude"
    cp -R prelude "$dist/python/tirx/prelude"
fi
# The corpus kernels scripts/corpus-gpu.py runs (test/gpu/corpus-run.test finds them
# at <build>/corpus); without a corpus here that test is skipped there.
corpus=${TIRX_CORPUS:-../shared/corpus}
if [ -d "$corpus/TIRx-kernels" ]; then
    mkdir -p "$dist/corpus/TIRx-kernels"
    for f in $(python3 scripts/corpus-gpu.py --list-files) SOURCES.md NOTICE; do
        if [ -f "$corpus/$f" ]; then
            cp "$corpus/$f" "$dist/corpus/$f"
        else
            echo "gpu-pack: corpus file $corpus/$f is missing" >&2
            exit 1
        fi
    done
else
    echo "gpu-pack: no corpus at $corpus (TIRX_CORPUS): test/gpu/corpus-run.test will be skipped" >&2
fi
# The kern corpus kernels (scripts/corpus-gpu.py --kern; test/gpu/corpus-kern-run.test
# finds them at <build>/corpus-kern)
corpus_kern=${TIRX_CORPUS_KERN:-../shared/corpus-kern}
if [ -d "$corpus_kern/TIRx-kernels" ]; then
    mkdir -p "$dist/corpus-kern/TIRx-kernels"
    for f in $(python3 scripts/corpus-gpu.py --kern --list-files); do
        cp "$corpus_kern/$f" "$dist/corpus-kern/$f" || exit 1
    done
fi
cp -R "$build/lit-py" "$dist/lit-py"
cp "$build/test/lit.site.cfg.py" "$dist/test/"
if command -v nvcc >/dev/null 2>&1 || [ -x /usr/local/cuda/bin/nvcc ]; then
    python3 bench/kernels/run.py --build-nvcc-only --work "$dist/bench-prebuilt" >/dev/null
fi
libdevice=$(sed -n 's/^TIRX_LIBDEVICE:FILEPATH=//p' "$build/CMakeCache.txt")
libdevice=${libdevice:-/usr/local/cuda/nvvm/libdevice/libdevice.10.bc}
if [ -f "$libdevice" ]; then cp "$libdevice" "$dist/libdevice.10.bc"; fi

{
    echo "commit $(git rev-parse HEAD)$(git diff --quiet HEAD -- lib include tools runtime || echo ' (+ uncommitted changes)')"
    echo "packed $(date -u +%Y-%m-%dT%H:%M:%SZ) on $(uname -n)"
    (cd "$dist" && find . -type f ! -name MANIFEST | sort | while read -r f; do
        printf '%10d  %s\n' "$(wc -c <"$f")" "$f"
    done)
} >"$dist/MANIFEST"

# The site config must find the sources from wherever dist/gpu is unpacked (one
# directory below the repository root, as build-gpu is here).
grep -q '_obj_root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))' \
    "$dist/test/lit.site.cfg.py" || { echo "gpu-pack: lit.site.cfg.py has absolute paths" >&2; exit 1; }
grep -Eq 'os.path.join\(_obj_root, "\.\./?"\)' "$dist/test/lit.site.cfg.py" ||
    { echo "gpu-pack: $build is not one directory below the repository root" >&2; exit 1; }

size=$(du -sb "$dist" | cut -f1)
tree=$(git ls-files -co --exclude-standard -z | xargs -0 du -cb 2>/dev/null | tail -n 1 | cut -f1)
echo "gpu-pack: $dist is $((size / 1024)) KiB; with the working tree $(((size + tree) / 1024)) KiB (limit 65536 KiB)"
if [ $((size + tree)) -ge $((64 * 1024 * 1024)) ]; then
    echo "gpu-pack: too large to carry" >&2
    exit 1
fi
echo "gpu-pack: done; on the GPU machine run: sh scripts/gpu-run.sh (carry $dist)"
