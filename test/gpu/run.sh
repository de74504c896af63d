#!/bin/sh
# run.sh BUILD_DIR [LIT_ARGS...] — on the GPU machine, from the repository root: run the
# GPU lit tests (test/gpu) of a build tree made on the development machine (see
# prepare.sh).  Uses lit from BUILD_DIR/lit-py, else a lit on PATH / python3 -m lit.
# Ends with lit's summary; exit status is lit's.
set -eu
build=${1:?usage: test/gpu/run.sh BUILD_DIR [LIT_ARGS...]}
shift
export TIRX_HAVE_GPU=1
if [ -f "$build/lit-py/lit/main.py" ]; then
    exec python3 -c 'import sys; sys.path.insert(0, sys.argv[1]); from lit.main import main; sys.argv = ["lit"] + sys.argv[2:]; main()' \
        "$build/lit-py" -sv --filter "gpu/" "$@" "$build/test"
elif command -v lit >/dev/null 2>&1; then
    exec lit -sv --filter "gpu/" "$@" "$build/test"
else
    exec python3 -m lit -sv --filter "gpu/" "$@" "$build/test"
fi
