#!/usr/bin/env bash
# scripts/test-wheel.sh — the wheel where there is no LLVM and no CUDA toolkit (the CI job
# `wheel`, .ci/run): build it (scripts/build-wheel.sh, unless a wheel is given), install
# it with its extra tirx[cuda] (ptxas and libdevice from the nvidia-cuda-nvcc /
# nvidia-nvvm wheels, from PyPI) into a fresh venv inside the clone (build-wheel-venv/),
# and, from outside the source tree with the toolkit hidden (CUDA_HOME=/nonexistent, PATH
# = the venv's bin + /usr/bin:/bin: no /usr/local/cuda/bin, no /usr/local/bin; no
# LD_LIBRARY_PATH), check:
#   1. the extension links no shared LLVM (ldd);
#   2. the ptxas the compiler runs and the libdevice it links, as the C lookups resolve
#      them (tirx.ptxas_path(), tirx.libdevice_path(): lib/Driver/ptxas.c,
#      lib/Target/NVPTX/libdevice.c, whose last resort is /usr/local/cuda), are the
#      venv's NVIDIA wheels' files, and the prelude is the package's: where the host has
#      a toolkit in /usr/local/cuda (this one does) the checks below would pass with
#      it, so this is what proves the wheels are used;
#   3. examples/add.py compiles to a cubin (ELF) and its PTX stage can be inspected;
#   4. a kernel calling libdevice (erf, pow, tanh) compiles with the wheel's libdevice;
#   5. the console scripts (tirx-llc, tirx-opt, tirx-run: tirx/_cli.py, the tools run
#      inside the extension) are the venv's small Python launchers: `tirx-llc --emit=ptx
#      examples/add.py`, `--emit=cubin` of the libdevice kernel, `tirx-opt`, and a
#      compile error (exit 1, `file:line:col: error:`) and a usage error (exit 2).
# Last line "N passed, M failed".  pip runs with --timeout, so an unreachable PyPI fails
# the job (the install check), never hangs it.
#
#   bash scripts/test-wheel.sh [WHEEL]
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
root=$PWD
venv=$root/build-wheel-venv
py=${PYTHON:-python3}
pass=0 fail=0
ok() { echo "PASS: $1"; pass=$((pass + 1)); }
bad() { echo "FAIL: $1"; fail=$((fail + 1)); }
finish() { echo "$pass passed, $fail failed"; [[ $fail -eq 0 ]]; exit $?; }

whl=${1:-}
if [[ -z $whl ]]; then
    if sh scripts/build-wheel.sh; then
        ok "build-wheel.sh"
    else
        bad "build-wheel.sh"
        finish
    fi
    whl=$(find "$root/dist/wheel" -name "tirx-*.whl" | head -n 1)
fi
whl=$(cd "$(dirname "$whl")" && pwd)/$(basename "$whl")

rm -rf "$venv"
if ! "$py" -m venv "$venv"; then
    bad "python3 -m venv"
    finish
fi
vpy=$venv/bin/python
# PyPI unreachable: pip gives up after --timeout x --retries, and the check fails.
if timeout 600 "$vpy" -m pip install --no-cache-dir --disable-pip-version-check \
        --timeout 30 --retries 2 "${whl}[cuda]"; then
    ok "pip install tirx[cuda] into a fresh venv"
else
    bad "pip install tirx[cuda] into a fresh venv (is PyPI reachable?)"
    finish
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The environment of a machine with neither LLVM nor a CUDA toolkit.
run() {
    (cd "$work" && env -u LD_LIBRARY_PATH -u TIRX_PTXAS -u TIRX_LIBDEVICE -u TIRX_PRELUDE_DIR \
        -u CUDA_PATH -u PYTHONPATH CUDA_HOME=/nonexistent PATH="$venv/bin:/usr/bin:/bin" \
        TIRX_CACHE_DIR="$work/cache" "$@")
}

so=$(run python -c "import tirx._tirx as m; print(m.__file__)")
if [[ -n $so ]] && ldd "$so" >"$work/ldd" 2>&1 && ! grep -qi llvm "$work/ldd"; then
    ok "the extension links no shared LLVM"
else
    cat "$work/ldd" 2>/dev/null
    bad "the extension links no shared LLVM ($so)"
fi

if run python -c "
import os, sys, tirx
p, l, d = tirx.ptxas_path(), tirx.libdevice_path(), os.environ.get('TIRX_PRELUDE_DIR', '')
print('ptxas:', p); print('libdevice:', l); print('prelude:', d)
wheels = os.path.realpath(os.path.join(sys.prefix, 'lib')) + os.sep
for f in (p, l):
    assert f and os.path.isfile(f), f
    r = os.path.realpath(f)
    assert r.startswith(wheels) and '/site-packages/nvidia/' in r, (r, wheels)
    assert not r.startswith('/usr/local/cuda'), r
assert d.startswith(os.path.dirname(tirx.__file__)), d
"; then
    ok "ptxas, libdevice and the prelude from the installed wheels"
else
    bad "ptxas, libdevice and the prelude from the installed wheels"
fi

if run python -c "
import tirx
k = tirx.compile('$root/examples/add.py', target='sm_90a', defines={'N': 256})
ptx = k.inspect('ptx')
cubin = k.inspect('cubin')
print('ptx lines:', ptx.count(chr(10)), 'cubin bytes:', len(cubin))
assert '.entry' in ptx and '.target sm_90a' in ptx, ptx[:400]
assert cubin[:4] == b'\x7fELF', cubin[:8]
"; then
    ok "examples/add.py to a cubin, PTX inspected"
else
    bad "examples/add.py to a cubin, PTX inspected"
fi

# erf/pow/tanh come from libdevice: linked in, the PTX calls no __nv_ function.
if run python -c "
import tirx
k = tirx.compile('$root/test/CodeGen/NVPTX/Inputs/libdevice_user.py', target='sm_90a')
ptx = k.inspect('ptx')
assert '.entry' in ptx and '__nv_' not in ptx, ptx[:400]
assert len(k.inspect('cubin')) > 0
print('libdevice kernel ptx lines:', ptx.count(chr(10)))
"; then
    ok "a kernel using libdevice (erf, pow, tanh) compiles"
else
    bad "a kernel using libdevice (erf, pow, tanh) compiles"
fi

# The console scripts: small launchers in the venv's bin (no LLVM of their own), each
# running its tool in the extension.
ok_scripts=1
for t in tirx-llc tirx-opt tirx-run; do
    f=$(run sh -c "command -v $t")
    if [[ $f != "$venv/bin/$t" ]] || [[ $(wc -c <"$f") -gt 4096 ]]; then
        echo "$t: '$f'"
        ok_scripts=0
    fi
done
if [[ $ok_scripts -eq 1 ]] && run tirx-run --help >/dev/null; then
    ok "console scripts tirx-llc, tirx-opt, tirx-run in the venv (launchers, no LLVM)"
else
    bad "console scripts tirx-llc, tirx-opt, tirx-run in the venv (launchers, no LLVM)"
fi

if run tirx-llc --emit=ptx "$root/examples/add.py" -D N=256 >"$work/add.ptx" &&
   grep -q '^\.visible \.entry add_kernel(' "$work/add.ptx" &&
   run tirx-llc --emit=cubin --mcpu=sm_90a "$root/test/CodeGen/NVPTX/Inputs/libdevice_user.py" \
       -o "$work/ld.cubin" && [[ $(head -c 4 "$work/ld.cubin" | od -An -c | tr -d ' ') == 177ELF ]]; then
    ok "tirx-llc --emit=ptx examples/add.py; --emit=cubin of a libdevice kernel"
else
    head -n 20 "$work/add.ptx" 2>/dev/null
    bad "tirx-llc --emit=ptx examples/add.py; --emit=cubin of a libdevice kernel"
fi

if run tirx-opt "$root/examples/scale.py" >"$work/scale.opt" && grep -q '^@T.prim_func' "$work/scale.opt"; then
    ok "tirx-opt examples/scale.py"
else
    cat "$work/scale.opt" 2>/dev/null
    bad "tirx-opt examples/scale.py"
fi

printf 'x = (\n' >"$work/bad.py"
run tirx-llc --emit=ptx "$work/bad.py" >"$work/bad.out" 2>"$work/bad.err"
rc=$?
run tirx-llc --bogus >/dev/null 2>"$work/usage.err"
urc=$?
if [[ $rc -eq 1 ]] && [[ ! -s $work/bad.out ]] && grep -q "bad.py:1:5: error: '(' was never closed" "$work/bad.err" &&
   [[ $urc -eq 2 ]] && grep -q 'tirx-llc: unknown option: --bogus' "$work/usage.err"; then
    ok "tirx-llc errors: a located compile error (exit 1), a usage error (exit 2)"
else
    cat "$work/bad.err" "$work/usage.err"
    bad "tirx-llc errors: a located compile error (exit 1, got $rc), a usage error (exit 2, got $urc)"
fi

finish
