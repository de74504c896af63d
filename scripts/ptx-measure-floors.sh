#!/bin/sh
# Maintainer aid: measure each T.ptx row's arch floor with the installed ptxas and
# rewrite the ARCH column of include/tirx/internal/ptx_table.def.  The floor of a row is the
# oldest arch whose ptxas assembles the row's sample (its minimal legal spelling,
# built by tirx-ptx-gen, lowered for sm_103a and re-targeted); a spelling with more
# modifiers may need a newer one, which ptxas then reports.  Rows no arch assembles
# keep their column.
#   sh scripts/ptx-measure-floors.sh build      (takes a few minutes)
set -eu
B=${1:-build}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
"$B/bin/tirx-ptx-gen" --rows | while read -r row _; do
  floor=
  "$B/bin/tirx-ptx-gen" any --only "$row" > "$T/k.py" 2>/dev/null || continue
  # PTX for the newest arch (codegen's own floor check passes), re-targeted
  "$B/bin/tirx-llc" "$T/k.py" --mcpu=sm_103a --emit=ptx -o "$T/k.ptx" >/dev/null 2>&1 || { echo "$row none"; continue; }
  for a in sm_80 sm_90 sm_90a sm_100 sm_100a sm_103a; do
    sed "s/^\.target sm_103a/.target $a/" "$T/k.ptx" > "$T/a.ptx"
    if ptxas -arch=$a "$T/a.ptx" -o "$T/a.cubin" >/dev/null 2>&1; then
      floor=$a
      break
    fi
  done
  echo "$row ${floor:-none}"
done > "$T/floors"
python3 - "$T/floors" include/tirx/internal/ptx_table.def <<'PY'
import re, sys
floors = dict(l.split() for l in open(sys.argv[1]))
name = {"sm_80": "SM_80", "sm_90": "SM_90", "sm_90a": "SM_90A", "sm_100": "SM_100",
        "sm_100a": "SM_100A", "sm_103a": "SM_103A"}
src = open(sys.argv[2]).read()
def fix(m):
    f = floors.get(m.group(1), "none")
    return m.group(0) if f == "none" else f"PTX({m.group(1)}, {m.group(2)}, {name[f]},"
src = re.sub(r'PTX\((\w+), ("[^"]*"), SM_\w+,', fix, src)
open(sys.argv[2], "w").write(src)
PY
echo "floors: $(awk '{print $2}' "$T/floors" | sort | uniq -c | tr '\n' ' ')"
