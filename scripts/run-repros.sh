#!/bin/sh
# Runs every reproducer of ../shared/repros (or $1) against one build and checks that
# each ends in a located error or a clean exit: no timeout, no signal, no sanitizer
# report, no LLVM abort (issue 25).  A .py reproducer runs the command of its header
# ("# command: ..."), with the build's tools put in place of the build dirs it names
# (the libFuzzer harnesses' inputs go to tirx-opt / tirx-llc); a .sh one runs as it is
# with B set and build/ rewritten to the build.  The last line: "N ok, M failed".
#   sh scripts/run-repros.sh [REPRO_DIR]          B=build-asan (the default) or B=build
set -u
cd "$(dirname "$0")/.." || exit 2
dir=${1:-../shared/repros}
B=${B:-build-asan}
case $B in /*) ;; *) B=$PWD/$B ;; esac
[ -x "$B/bin/tirx-opt" ] || { echo "error: no $B/bin/tirx-opt (build it first)" >&2; exit 2; }
# A sanitized build's extension loads into python3 only with the ASan runtime preloaded
# (as test/lit.cfg.py does); ASan's shadow memory does not fit under `ulimit -v`.
py=python3 ulimit_v=
if grep -q '^TIRX_SANITIZE:BOOL=ON' "$B/CMakeCache.txt" 2>/dev/null; then
    cc=$(sed -n 's/^CMAKE_C_COMPILER:[A-Z]*=//p' "$B/CMakeCache.txt")
    rt=$("${cc:-cc}" -print-file-name=libasan.so 2>/dev/null)
    case $rt in /*) py="env LD_PRELOAD=$rt ASAN_OPTIONS=detect_leaks=0 python3" ;; esac
    ulimit_v='s#ulimit -v [0-9]*#:#g'
fi
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
ok=0 bad=0
for f in "$dir"/*.py "$dir"/*.sh; do
    [ -f "$f" ] || continue
    name=$(basename "$f")
    case $name in
    *.py)
        cmd=$(sed -n 's/^# command: *//p' "$f" | head -1 | sed 's/  *\(->\|(\).*$//')
        cmd=$(printf '%s\n' "$cmd" | sed -e "s#build-fuzz/bin/tirx-fuzz-eval#@B@/bin/tirx-opt#" \
            -e "s#build-fuzz/bin/tirx-fuzz-compile#@B@/bin/tirx-llc --no-cache --emit=ptx -o /dev/null#" \
            -e "s# -timeout=[0-9]*##" -e "s#build-asan/#@B@/#g" -e "s#\(^\|[ =]\)build/#\1@B@/#g" \
            -e "s#^timeout [0-9]* ##" -e "s#$name#$f#g" -e "s#python3 #$py #g" -e "s#@B@#$B#g")
        ;;
    *.sh) cmd="sed -e 's#\\(^\\|[ =]\\)build/#\\1$B/#g' -e 's#python3 #$py #g' -e '${ulimit_v:-s#^##}' '$f' | B='$B' sh" ;;
    esac
    ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1} timeout 120 sh -c "$cmd" >"$tmp/out" 2>&1
    rc=$?
    why=
    if [ $rc -ge 124 ]; then why="exit $rc (timeout or signal)"
    elif grep -q 'runtime error\|Sanitizer\|LLVM ERROR\|exit 1[23][0-9]\|Segmentation\|Aborted' "$tmp/out"; then
        why=$(grep -m1 'runtime error\|Sanitizer\|LLVM ERROR\|exit 1[23][0-9]\|Segmentation\|Aborted' "$tmp/out")
    elif [ $rc -ne 0 ] && case $name in *.py) ! grep -q ':[0-9]*:[0-9]*: error: \|Error: ' "$tmp/out" ;; *) false ;; esac; then
        why="exit $rc without a located error"
    fi
    if [ -n "$why" ]; then
        bad=$((bad + 1))
        echo "FAIL $name: $why"
        sed 's/^/    /' "$tmp/out" | head -8
    else
        ok=$((ok + 1))
        echo "ok   $name (exit $rc) $(grep -m1 'error' "$tmp/out" | cut -c1-150)"
    fi
done
echo "$ok ok, $bad failed"
[ $bad -eq 0 ]
