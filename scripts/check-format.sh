#!/bin/sh
# Checks that the C sources of lib/ include/ runtime/ tools/ are formatted as .clang-format
# says, without changing them (fuzz/ and the C inputs of test/ are not checked).  Uses
# clang-format-14 (Debian 12's clang-format package; installed with apt-get when missing,
# as scripts/deps.sh installs the build's packages): another version formats differently.
#   usage: sh scripts/check-format.sh [--fix]      (--fix rewrites the files in place)
# Last line "N passed, M failed" (N files formatted, M not), as .ci/run's jobs end;
# exit 1 when a file is not formatted.
cd "$(dirname "$0")/.." || exit 1
CF=${TIRX_CLANG_FORMAT:-clang-format-14}
if ! command -v "$CF" >/dev/null 2>&1; then
    if [ "$(id -u)" = 0 ]; then sudo=; elif command -v sudo >/dev/null 2>&1; then sudo=sudo; else
        echo "error: $CF is missing; as root run: apt-get install -y clang-format-14" >&2
        echo "0 passed, 1 failed"
        exit 1
    fi
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get update -q >/dev/null &&
        $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q clang-format-14 >/dev/null || {
            echo "error: apt-get install clang-format-14 failed" >&2
            echo "0 passed, 1 failed"
            exit 1
        }
fi
fix=0
[ "${1:-}" = --fix ] && fix=1
# The preprocessor directives of a file (continuation lines joined), one word each:
# clang-format 14 can fold the directive after a one-line macro into that macro
# (lib/IR/visit.c's X-macros), which no whitespace-only check sees.
directives() { awk '{ while (/\\$/) { sub(/\\$/, ""); if ((getline nxt) > 0) $0 = $0 nxt; else break } } /^[ \t]*#/ { print $1 }'; }
pass=0 fail=0
for f in $(git ls-files lib include runtime tools | grep -E '\.(c|h)$'); do
    if [ "$(directives <"$f")" != "$("$CF" "$f" | directives)" ]; then
        echo "check-format: $f: clang-format would change its preprocessor directives; keep those lines out with /* clang-format off */ ... /* clang-format on */"
        fail=$((fail + 1))
        continue
    fi
    if [ $fix = 1 ]; then
        "$CF" -i "$f" && "$CF" -i "$f" # twice: clang-format 14 settles a few lines only then
    elif ! "$CF" --dry-run --Werror "$f" >/dev/null 2>&1; then
        n=$("$CF" "$f" | diff "$f" - | grep -c '^[<>]')
        echo "check-format: $f: $n lines differ (sh scripts/check-format.sh --fix)"
        fail=$((fail + 1))
        continue
    fi
    pass=$((pass + 1))
done
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
