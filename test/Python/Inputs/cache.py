# The compile cache from Python: in-process and cross-process hits, corruption,
# cache=False, TIRX_NO_CACHE, concurrency of two processes, and sharing with tirx-llc.
import glob
import os
import subprocess
import sys
import time

import tirx

examples, llc = sys.argv[1], sys.argv[2]
scale = os.path.join(examples, "scale.py")
cache = os.environ["TIRX_CACHE_DIR"]
print("cache_dir:", tirx.cache_dir() == cache)

k1 = tirx.compile(scale, target="sm_90a")
print("first:", k1.cache, len(k1.cache_key))
t = time.perf_counter()
k2 = tirx.compile(scale, target="sm_90a")
ms = (time.perf_counter() - t) * 1e3
print("second:", k2.cache, k2.cache_key == k1.cache_key, "stages equal:",
      all(k1._stage(s) == k2._stage(s) for s in ("tirx", "lowered", "llvm", "llvm-opt", "ptx", "cubin", "bundle")))
print("warm in-process compile: %.3f ms" % ms)
print("other opt:", tirx.compile(scale, target="sm_90a", opt_level=1).cache)
print("cache=False:", tirx.compile(scale, target="sm_90a", cache=False).cache)

child = "import tirx, sys; k = tirx.compile(sys.argv[1], target='sm_90a'); print(k.cache)"
run = lambda env=None: subprocess.run([sys.executable, "-c", child, scale], env=env,
                                      stdout=subprocess.PIPE, check=True).stdout.decode().strip()
print("new process:", run())
print("TIRX_NO_CACHE=1:", run(dict(os.environ, TIRX_NO_CACHE="1")))

# Corrupt every entry: the next compile drops it and rebuilds, with the same result.
for p in glob.glob(os.path.join(cache, "v1", "*.tirxc")):
    data = open(p, "rb").read()
    open(p, "wb").write(data[: len(data) - 7])
k3 = tirx.compile(scale, target="sm_90a")
print("after truncation:", k3.cache, k3.inspect("cubin") == k1.inspect("cubin"))
print("then:", tirx.compile(scale, target="sm_90a").cache)

# Two processes compiling one new kernel at once.
src = open(os.path.join(examples, "block_sum.py")).read()
procs = [subprocess.Popen([sys.executable, "-c", child, os.path.join(examples, "block_sum.py")],
                          stdout=subprocess.PIPE) for _ in range(2)]
outs = sorted(p.communicate()[0].decode().strip() + " exit %d" % p.returncode for p in procs)
print("concurrent:", outs)
print("after concurrent:", tirx.compile(src, target="sm_90a").cache)

# tirx-llc hits what Python stored.  The other way round, tirx-llc --emit=cubin stores a
# lean entry (no lowered TIRx, no LLVM IR texts), which tirx.compile, returning every
# stage, misses once and replaces with a whole one.
r = subprocess.run([llc, "--cache-stats", "--emit=cubin", "--mcpu=sm_90a", scale, "-o", os.devnull],
                   stderr=subprocess.PIPE, check=True)
print("tirx-llc:", r.stderr.decode().split()[2])
smem_demo = os.path.join(examples, "smem_demo.py")
subprocess.run([llc, "--emit=cubin", "--mcpu=sm_90a", smem_demo, "-o", os.devnull], check=True)
k3 = tirx.compile(smem_demo, target="sm_90a")
print("python after tirx-llc:", k3.cache)
k4 = tirx.compile(smem_demo, target="sm_90a")
print("python again:", k4.cache, "stages equal:",
      all(k3._stage(s) == k4._stage(s) for s in ("tirx", "lowered", "llvm", "llvm-opt", "ptx", "cubin", "bundle")))
print("entries:", len(glob.glob(os.path.join(cache, "v1", "*.tirxc"))))
