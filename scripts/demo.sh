#!/bin/sh
# Build tirx into build/ and run it on an example kernel.
set -u
cd "$(dirname "$0")/.." || exit 1
. scripts/deps.sh

tirx_deps || exit 1
tirx_build "$@" || { echo "error: the build failed" >&2; exit 1; }

if [ ! -x build/bin/tirx-opt ]; then
    echo "error: build/bin/tirx-opt was not built (tools/tirx-opt.c is not there yet)" >&2
    exit 1
fi
echo "+ build/bin/tirx-opt examples/block_sum.py"
exec build/bin/tirx-opt examples/block_sum.py
