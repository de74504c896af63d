# tirx.compile / compile_file / inspect / launch_plan / bundles, without a GPU.
import os
import pathlib
import sys
import tempfile

import tirx

examples = sys.argv[1]
two = sys.argv[2]
scale_py = os.path.join(examples, "scale.py")

# A path (str or pathlib), source text, compile_file: the same kernel.
k = tirx.compile(scale_py, target="sm_90a")
print("repr:", repr(k))
print("name:", k.name, "arch:", k.arch)
k2 = tirx.compile(pathlib.Path(scale_py), target="sm_90a")
k3 = tirx.compile(open(scale_py).read(), target="sm_90a")
k4 = tirx.compile_file(scale_py, target="sm_90a")
print("same ptx:", k.inspect("ptx") == k2.inspect("ptx") == k3.inspect("ptx") == k4.inspect("ptx"))

# Every stage.
for stage in ("tirx", "lowered", "llvm", "llvm-opt", "ptx"):
    text = k.inspect(stage)
    print("stage %s: %s %s" % (stage, type(text).__name__, text.splitlines()[0][:40] if stage != "ptx" else
                               [l for l in text.splitlines() if l.startswith(".target")][0]))
cubin = k.inspect("cubin")
print("cubin:", type(cubin).__name__, cubin[:4] == b"\x7fELF")
print("bundle:", type(k.inspect("bundle")).__name__, k.inspect("bundle")[:4])
try:
    k.inspect("assembly")
except ValueError as e:
    print("ValueError:", e)
try:
    print("sass:", "scale_kernel" in k.inspect("sass"))
except RuntimeError as e:
    print("sass: unavailable:", "nvdisasm or cuobjdump" in str(e))

# The launch plan as a dict.
plan = k.launch_plan
print("plan:", plan["name"], plan["signature"])
print("params:", [(p["kind"], p["name"], p["dtype"], p["shape"], p["handle"]) for p in plan["params"]])
print("kernels:", [(q["name"], q["grid"], q["block"], q["dyn_smem"]) for q in plan["kernels"]])
dyn = tirx.compile(os.path.join(examples, "scale_dyn.py"), target="sm_90a").launch_plan
print("dyn params:", [(p["name"], p["shape"]) for p in dyn["params"]], "symbols:", dyn["symbols"])
smem = tirx.compile(os.path.join(examples, "dyn_shared.py"), target="sm_90a").launch_plan
print("dyn_shared smem:", [q["dyn_smem"] for q in smem["kernels"]])

# defines: dict or list; the specialisation shows in the plan.
add = tirx.compile(os.path.join(examples, "add.py"), defines={"N": 128}, target="sm_90a")
print("add:", add.signature, add.launch_plan["kernels"][0]["block"])
add2 = tirx.compile(os.path.join(examples, "add.py"), defines=["N=64"], opt_level=2, target="sm_90a")
print("add2:", add2.signature)

# Several functions: func= picks one, without it the error names them.
d = tirx.compile(two, func="double", target="sm_90a")
n = tirx.compile(two, func="negate", target="sm_90a")
print("funcs:", d.name, d.launch_plan["kernels"][0]["grid"], n.name, n.launch_plan["kernels"][0]["grid"])
try:
    tirx.compile(two, target="sm_90a")
except ValueError as e:
    print("ValueError:", e)

# target: "cuda" without a device compiles for sm_100a; a bad target is a ValueError.
print("cuda target:", tirx.compile(scale_py).arch)
try:
    tirx.compile(scale_py, target="rocm")
except ValueError as e:
    print("ValueError:", e)
try:
    tirx.compile("no/such/kernel.py")
except FileNotFoundError as e:
    print("FileNotFoundError:", e)

# Bundles: save, load, the same plan and code; a bad bundle is a ValueError.
with tempfile.TemporaryDirectory() as tmp:
    path = os.path.join(tmp, "scale.tirxb")
    k.save_bundle(path)
    b = tirx.load_bundle(path)
    print("loaded:", repr(b), b.launch_plan == k.launch_plan, b.cache, b.cache_key)
    print("loaded ptx/cubin:", b.inspect("ptx") == k.inspect("ptx"), b.inspect("cubin") == cubin)
    try:
        b.inspect("lowered")
    except ValueError as e:
        print("ValueError:", e)
    bad = os.path.join(tmp, "bad.tirxb")
    open(bad, "wb").write(b"not a bundle")
    try:
        tirx.load_bundle(bad)
    except ValueError as e:
        print("ValueError:", str(e)[:30])
    d.save_bundle(path)
    print("bundle func:", tirx.load_bundle(path, func="double").name)
try:
    tirx.Kernel()
except TypeError as e:
    print("TypeError:", e)
print("done")
