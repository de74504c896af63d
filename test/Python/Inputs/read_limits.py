# tirx.compile_file / compile(path) / load_bundle read through the C reader: a regular file
# within TIRX_MAX_INPUT_BYTES, else OSError (open().read() read /dev/zero until memory ran
# out: shared/repros/py-02-compile-file-devzero.sh).
import os
import sys
import tempfile

import tirx

examples = sys.argv[1]
d = tempfile.mkdtemp()
fifo = os.path.join(d, "fifo.py")
os.mkfifo(fifo)
big = os.path.join(d, "big.py")
with open(big, "wb") as f:
    f.truncate(300 << 20)
for name, call in (("compile_file zero", lambda: tirx.compile_file("/dev/zero")),
                   ("load_bundle zero", lambda: tirx.load_bundle("/dev/zero")),
                   ("compile_file fifo", lambda: tirx.compile_file(fifo)),
                   ("compile pathlike fifo", lambda: tirx.compile(__import__("pathlib").Path(fifo))),
                   ("compile_file big", lambda: tirx.compile_file(big)),
                   ("load_bundle dir", lambda: tirx.load_bundle(d))):
    try:
        call()
        print(name, "no error")
    except OSError as e:
        print(name, "OSError:", e)
os.environ["TIRX_MAX_INPUT_BYTES"] = "100"
try:
    tirx.compile_file(os.path.join(examples, "scale.py"))
except OSError as e:
    print("limit OSError:", e)
del os.environ["TIRX_MAX_INPUT_BYTES"]
k = tirx.compile_file(os.path.join(examples, "scale.py"), target="sm_90a", cache=False)
print("ok", k.name)
