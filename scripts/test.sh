#!/bin/sh
# Build tirx into build/ (or $TIRX_BUILD_DIR) and run the lit test suite.
# The last line printed is "N passed, M failed"; the exit status is lit's.
# Extra CMake options: TIRX_CMAKE_ARGS="-DTIRX_SANITIZE=ON" sh scripts/test.sh
set -u
cd "$(dirname "$0")/.." || exit 1
. scripts/deps.sh

tirx_deps || exit 1
# shellcheck disable=SC2086
if ! tirx_build ${TIRX_CMAKE_ARGS:-}; then
    echo "error: the build failed" >&2
    exit 1
fi

bd=${TIRX_BUILD_DIR:-build}
lit=$(sed -n 's/^TIRX_LIT:FILEPATH=//p' "$bd/CMakeCache.txt")
[ -n "$lit" ] || lit=lit
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
{ "$lit" -sv "$bd/test" 2>&1; echo $? >"$tmp/rc"; } | tee "$tmp/log"
rc=$(cat "$tmp/rc")

# lit's summary, after "Total Discovered Tests: N": "  Passed: 3 (75.00%)", "  Failed: 1 (25.00%)", ...
awk -F': ' '
    /^Total Discovered Tests:/ { summary = 1 }
    summary && /^ +[A-Za-z ]+: [0-9]+/ {
        label = $1; gsub(/^ +| +$/, "", label); n = $2 + 0
        if (label == "Passed" || label == "Passed With Retry") passed += n
        else if (label == "Failed" || label == "Unresolved" || label == "Timed Out" ||
                 label == "Unexpectedly Passed") failed += n
        else if (label == "Unsupported" || label == "Expectedly Failed" ||
                 label == "Skipped" || label == "Excluded") other = other sep label " " n
        if (other != "") sep = ", "
    }
    END {
        if (other != "") print "(not counted: " other ")"
        printf "%d passed, %d failed\n", passed, failed
    }' "$tmp/log"
exit "$rc"
