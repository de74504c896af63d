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

# The summary line: scripts/lit-summary.awk.
awk -F': *' -f scripts/lit-summary.awk "$tmp/log"
exit "$rc"
