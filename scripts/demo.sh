#!/bin/sh
# Build tirx into build/, then compile examples/block_sum.py and run it on the GPU:
# with A = arange(256) it prints "block_sum: out[0] = 32640".  Without a GPU it compiles
# the kernel for sm_100a (a cubin, through ptxas) and says that it did not run it.
# Extra arguments go to CMake.  TIRX_DEMO_BIN=DIR skips the build and uses the tools in
# DIR (e.g. on the GPU machine: TIRX_DEMO_BIN=build-gpu-run/bin sh scripts/demo.sh).
set -u
cd "$(dirname "$0")/.." || exit 1

bin=${TIRX_DEMO_BIN:-}
if [ -z "$bin" ]; then
    . scripts/deps.sh
    tirx_deps || exit 1
    tirx_build "$@" || { echo "error: the build failed" >&2; exit 1; }
    bin=build/bin
fi
for t in tirx-llc tirx-run tirx-device-info; do
    [ -x "$bin/$t" ] || { echo "error: $bin/$t was not built" >&2; exit 1; }
done
work=${TMPDIR:-/tmp}/tirx-demo.$$
mkdir -p "$work" || exit 1
trap 'rm -rf "$work"' EXIT

if arch=$("$bin/tirx-device-info" --arch 2>"$work/nodev"); then
    # A = arange(256) as float32 .npy (python3's standard library only).
    python3 -c 'import struct, sys
h = "{\"descr\": \"<f4\", \"fortran_order\": False, \"shape\": (256,), }".replace(chr(34), chr(39))
h += " " * (63 - (10 + len(h)) % 64) + "\n"
sys.stdout.buffer.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(h)) + h.encode()
                        + struct.pack("<256f", *range(256)))' >"$work/a.npy" || exit 1
    echo "+ $bin/tirx-run examples/block_sum.py --arg A=arange(256) --arg out=float32[1] --print out   (device: $arch)"
    out=$("$bin/tirx-run" examples/block_sum.py --arg A="$work/a.npy" --arg out='float32[1]' --print out) ||
        { echo "error: tirx-run failed" >&2; exit 1; }
    echo "block_sum: out[0] = $out"
    [ "$out" = 32640 ] || { echo "error: expected 32640" >&2; exit 1; }
else
    echo "no CUDA device here ($(sed 's/^tirx-device-info: //' "$work/nodev")):"
    echo "compiling examples/block_sum.py for sm_100a without running it"
    echo "+ $bin/tirx-llc examples/block_sum.py --mcpu=sm_100a --emit=cubin -o $work/block_sum.sm_100a.cubin"
    if "$bin/tirx-llc" examples/block_sum.py --mcpu=sm_100a --emit=cubin -o "$work/block_sum.sm_100a.cubin"; then
        echo "block_sum: compiled for sm_100a ($(wc -c <"$work/block_sum.sm_100a.cubin") byte cubin); not run (no GPU)"
    else
        echo "ptxas failed or is missing; PTX only:"
        "$bin/tirx-llc" examples/block_sum.py --mcpu=sm_100a --emit=ptx -o "$work/block_sum.ptx" ||
            { echo "error: tirx-llc failed" >&2; exit 1; }
        echo "block_sum: compiled to PTX for sm_100a ($(wc -l <"$work/block_sum.ptx") lines); not run (no GPU)"
    fi
fi
