#!/bin/sh
# prepare.sh BUILD_DIR — on the development machine: put what the GPU machine lacks for
# running the lit GPU tests into BUILD_DIR (which then travels there): a copy of lit (a
# pure-Python package).  The GPU tests themselves use no FileCheck (that machine has no
# libz3); they check results with test/gpu/Inputs/check.py and the tools' exit codes.
set -eu
build=${1:?usage: test/gpu/prepare.sh BUILD_DIR}
lit_src=
for d in /usr/lib/llvm-22/utils/lit /usr/lib/llvm-*/utils/lit; do
    if [ -f "$d/lit/main.py" ]; then lit_src=$d/lit; break; fi
done
if [ -z "$lit_src" ]; then
    lit_src=$(python3 -c 'import lit, os; print(os.path.dirname(lit.__file__))' 2>/dev/null) || {
        echo "prepare.sh: no lit found (apt-get install llvm-22-tools or pip install lit)" >&2
        exit 1
    }
fi
rm -rf "$build/lit-py"
mkdir -p "$build/lit-py"
cp -R "$lit_src" "$build/lit-py/lit"
find "$build/lit-py" -name __pycache__ -prune -exec rm -rf {} +
echo "prepare.sh: lit copied to $build/lit-py"
