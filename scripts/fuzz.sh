#!/bin/sh
# Builds the libFuzzer harnesses (fuzz/, clang, TIRX_FUZZ=ON: ASan + UBSan + coverage) into
# build-fuzz/ and runs each for SECONDS (default 30) on a corpus seeded from the tests.
#   scripts/fuzz.sh [-t SECONDS] [-j 1] [HARNESS...]     harnesses: parse eval compile bundle npy
# Corpora grow in build-fuzz/corpus/NAME; crash inputs land in build-fuzz/crashes/NAME/ —
# keep each one as a regression test: fix the bug, then copy the input to
# fuzz/regressions/NAME/ (test/Fuzz/regressions.test replays them in every build).
# Prints one line per harness ("fuzz NAME: N execs, K crashes") and, last,
# "N passed, M failed" (a harness with a crash fails); exit status 1 if any failed.
set -u
cd "$(dirname "$0")/.." || exit 1
secs=30
while getopts t:j: o; do
    case $o in
        t) secs=$OPTARG ;;
        j) : ;;
        *) echo "usage: $0 [-t SECONDS] [HARNESS...]" >&2; exit 2 ;;
    esac
done
shift $((OPTIND - 1))
harnesses=${*:-parse eval compile bundle npy}
cc=${TIRX_FUZZ_CC:-clang}
b=${TIRX_FUZZ_BUILD:-build-fuzz}   # the campaign of a session: TIRX_FUZZ_BUILD=build-fuzz-long

if ! command -v "$cc" >/dev/null 2>&1; then
    echo "fuzz: $cc not found (apt-get install clang-14 libclang-rt-14-dev)"
    echo "0 passed, 1 failed"
    exit 1
fi
if ! CC=$cc cmake -S . -B $b -DCMAKE_BUILD_TYPE=Release -DTIRX_FUZZ=ON >$b.log 2>&1 ||
   ! cmake --build $b -j"${TIRX_FUZZ_JOBS:-2}" --target tirx-llc $(for h in $harnesses; do printf 'tirx-fuzz-%s ' "$h"; done) >>$b.log 2>&1; then
    tail -n 20 $b.log
    echo "fuzz: the fuzz build failed (log: $b.log)"
    echo "0 passed, 1 failed"
    exit 1
fi

# Seeds: the test and example sources; bundles compiled from the examples; small .npy files.
seed() {
    d=$b/corpus/$1
    mkdir -p "$d"
    case $1 in
        parse|compile)
            find test examples -name '*.py' -path '*' ! -path '*/Inputs/gen_*' -size -16k |
                while read -r f; do cp "$f" "$d/$(echo "$f" | tr / _)"; done ;;
        eval) # Python-subset programs (some open with "#entry: EXPR") and the evaluator's tests
            cp fuzz/corpus/eval/*.py "$d/"
            find test/Eval test/Prelude test/Errors -name '*.py' -size -16k |
                while read -r f; do cp "$f" "$d/$(echo "$f" | tr / _)"; done ;;
        bundle)
            for f in examples/scale.py examples/scale_dyn.py examples/block_sum.py; do
                [ -f "$f" ] && $b/bin/tirx-llc --emit=bundle "$f" -o "$d/$(basename "$f" .py).tirxb" 2>/dev/null
            done ;;
        npy)
            python3 - "$d" <<'PY'
import struct, sys
def npy(path, descr, shape, nbytes):
    h = "{'descr': '%s', 'fortran_order': False, 'shape': %s, }" % (descr, shape)
    h += " " * ((64 - (10 + len(h) + 1) % 64) % 64) + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(h)) + h.encode() + b"\0" * nbytes)
npy(sys.argv[1] + "/f32.npy", "<f4", "(4,)", 16)
npy(sys.argv[1] + "/f16.npy", "<f2", "(2, 3)", 12)
npy(sys.argv[1] + "/u2.npy", "<u2", "()", 2)
npy(sys.argv[1] + "/i8.npy", "|i1", "(0,)", 0)
PY
            ;;
    esac
}

passed=0 failed=0
for h in $harnesses; do
    seed "$h"
    mkdir -p "$b/crashes/$h"
    log=$b/fuzz-$h.log
    # one process, one core; -timeout: an input slower than 20 s is a hang (a finding)
    dict=
    [ -f "fuzz/$h.dict" ] && dict=-dict=fuzz/$h.dict
    nice -n 19 "$b/bin/tirx-fuzz-$h" $dict -max_total_time="$secs" -max_len=16384 -timeout=20 \
        -rss_limit_mb=2048 -print_final_stats=1 \
        -artifact_prefix="$b/crashes/$h/" "$b/corpus/$h" >"$log" 2>&1
    rc=$?
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
    crashes=$(find "$b/crashes/$h" -type f | wc -l)
    echo "fuzz $h: ${execs:-0} execs, $crashes crashes (corpus $(ls "$b/corpus/$h" | wc -l) inputs, log $log)"
    if [ "$rc" -ne 0 ] || [ "$crashes" -ne 0 ]; then
        failed=$((failed + 1))
        find "$b/crashes/$h" -type f | sed 's/^/  crash input: /'
        grep -m 3 'ERROR\|SUMMARY' "$log" | sed 's/^/  /'
    else
        passed=$((passed + 1))
    fi
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
