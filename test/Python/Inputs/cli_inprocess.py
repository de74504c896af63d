"""The tools run in process (tirx._cli, _tirx._tool_main): what Python printed before a
tool's output comes before it, the exit status comes back, bad arguments are Python
errors, and the console scripts of pyproject.toml match tools/common/tools.def.
argv: examples dir, repository root."""
import os
import re
import sys

import tirx
from tirx import _cli, _tirx

ex, root = sys.argv[1], sys.argv[2]
print("before", flush=False)                      # still in Python's buffer
rc = _cli.main_of("tirx-opt", [os.path.join(ex, "scale.py")])
print("after: rc", rc)
rc = _cli.main_of("tirx-llc", ["--emit=ptx", "--no-cache", os.path.join(ex, "add.py"), "-D", "N=64",
                               "-o", os.devnull])
print("llc to a file: rc", rc)
rc = _cli.main_of("tirx-llc", ["--bogus"])
print("usage error: rc", rc)
for bad in (("tirx-nope", ["tirx-nope"]), ("tirx-opt", ["tirx-opt", 3]),
            ("tirx-opt", ["tirx-opt", "a\0b"]), ("tirx-opt", []), ("tirx-opt", "tirx-opt")):
    try:
        _tirx._tool_main(*bad)
        print("no error for", bad)
    except (TypeError, ValueError) as e:
        print("%s: %s" % (type(e).__name__, e))

# every tool has its console script, and every script names a function of tirx._cli
rows = re.findall(r'^TIRX_TOOL\("([\w-]+)", (\w+), (\w+)\)',
                  open(os.path.join(root, "tools", "common", "tools.def")).read(), re.M)
toml = open(os.path.join(root, "pyproject.toml")).read()
scripts = dict(re.findall(r'^(tirx-[\w-]+) = "tirx\._cli:(\w+)"', toml, re.M))
print("tools:", [r[0] for r in rows])
print("scripts match:", scripts == {name: cli for name, _, cli in rows}
      and all(callable(getattr(_cli, f)) for f in scripts.values()))
