#!/bin/sh
# A ptxas that warns (on stderr, as ptxas does) and then runs the real one ($REAL_PTXAS).
case "$*" in *--version*) exec "$REAL_PTXAS" "$@" ;; esac
echo "ptxas warning : a warning from the test's wrapper" >&2
exec "$REAL_PTXAS" "$@"
