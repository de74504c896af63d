#!/bin/sh
# A ptxas wrapper that leaves a background process holding its descriptors, as a wrapper
# that starts a daemon would: tirx must wait for ptxas itself, not for that process.
sleep 30 </dev/null &
exec "$REAL_PTXAS" "$@"
