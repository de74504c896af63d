#!/usr/bin/env python3
"""Joins printed corpus kernels (one @T.prim_func per file) into one @I.ir_module: the
multi-kernel module the parallel compile (tirx-llc -j N) is measured on.

    python3 bench/compile/multi_module.py FILE.py... > module.py

Every function keeps its name; the files' comment headers are dropped."""
import sys


def main(argv):
    if len(argv) < 2:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    out = ["# from tvm.script import ir as I", "# from tvm.script import tirx as T", "",
           "@I.ir_module", "class Module:"]
    for path in argv[1:]:
        with open(path) as f:
            lines = f.read().splitlines()
        start = next(i for i, l in enumerate(lines) if l.startswith("@T.prim_func"))
        out += ["    " + l if l.strip() else "" for l in lines[start:]]
        out.append("")
    sys.stdout.write("\n".join(out) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
