# @tirx.jit: one specialisation per set of T.constexpr values, kept in process.
import os
import sys

import tirx

examples = sys.argv[1]
add = tirx.jit(os.path.join(examples, "add.py"), target="sm_90a")
print("repr:", repr(add).replace(examples, "EX"))
k256 = add.specialize(N=256)
k128 = add.specialize(N=128)
print("N=256:", k256.signature)
print("N=128:", k128.signature)
print("same object again:", add.specialize(N=256) is k256, "distinct:", k128 is not k256)
print("specialisations:", len(add._kernels))
try:
    add.specialize()
except tirx.CompileError as e:
    print("missing N:", e.diagnostics[0].message)
try:
    add(1, 2, 3, N=64)
except (tirx.DeviceError, TypeError) as e:
    print("call:", type(e).__name__)
print("N=64 compiled:", len(add._kernels))
src = open(os.path.join(examples, "add.py")).read()
print("text:", tirx.jit(src, target="sm_90a").specialize(N=8).launch_plan["kernels"][0]["block"])
