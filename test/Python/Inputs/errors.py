# Compile errors raise tirx.CompileError: str() is the compiler's located report with
# the source line and a caret, .diagnostics the entries.
import os
import sys

import tirx

examples = sys.argv[1]
bad = '''@T.prim_func
def f(A: T.Buffer((16,), "float32")):
    T.device_entry()
    tx = T.thread_id([16])
    A[tx] = undefined_name
'''
try:
    tirx.compile(bad)
except tirx.CompileError as e:
    print("str:")
    print(e)
    print("diagnostics:", e.diagnostics)
    d = e.diagnostics[0]
    print("fields:", d.filename, d.line, d.col, d.level)
    print("is Exception:", isinstance(e, Exception))

# A file: the path is in the diagnostics; a missing constexpr.
try:
    tirx.compile(os.path.join(examples, "add.py"))
except tirx.CompileError as e:
    print("file:", str(e).splitlines()[0])
# An unknown function.
try:
    tirx.compile(os.path.join(examples, "scale.py"), func="nope")
except tirx.CompileError as e:
    print("func:", e)
# A syntax error.
try:
    tirx.compile("@T.prim_func\ndef f(:\n    pass\n")
except tirx.CompileError as e:
    print("syntax:", str(e).splitlines()[0])
# Not text or a path.
try:
    tirx.compile(42)
except TypeError as e:
    print("TypeError:", e)
# A compile error is not cached: the same error again.
for _ in range(2):
    try:
        tirx.compile(bad)
    except tirx.CompileError as e:
        print("again:", e.diagnostics[0].message)
