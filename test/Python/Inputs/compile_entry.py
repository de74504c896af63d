# tirx.compile / compile_file / jit with entry= and include_dirs=, as tirx-llc's --entry / -I.
import os
import sys

import tirx

main = os.path.join(sys.argv[1], "app", "main.py")
root = os.path.join(sys.argv[1], "lib")  # mylib lives here, not beside main.py
k = tirx.compile(main, entry="get_kernel(64)", include_dirs=[root], target="sm_90a", cache=False)
print("compile:", k.name, k.signature)
k = tirx.compile_file(main, entry="get_kernel(N)", include_dirs=root, target="sm_90a",
                      defines={"N": 128})
print("compile_file:", k.signature)
j = tirx.jit(main, entry="get_kernel(N)", include_dirs=[root], target="sm_90a")
print("jit:", j.specialize(N=32).signature, j.specialize(N=8).signature)
print("entry .func:", tirx.compile(main, entry="get_obj(64).func", include_dirs=[root],
                                   target="sm_90a").signature)
for kw in ({"entry": "get_kernel(64)"}, {"entry": "nope(1)", "include_dirs": [root]},
           {"entry": "get_obj(64)", "include_dirs": [root]}):
    try:
        k = tirx.compile(main, target="sm_90a", **kw)
        print("compiled:", k.signature)
    except tirx.CompileError as e:
        print("CompileError:", str(e).splitlines()[0])
try:
    tirx.compile(main, entry=3)
except TypeError as e:
    print("TypeError:", e)
