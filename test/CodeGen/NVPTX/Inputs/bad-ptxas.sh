#!/bin/sh
# A stand-in ptxas that fails like the real one does.
echo "ptxas fatal   : Unresolved extern function 'nope'" >&2
exit 255
