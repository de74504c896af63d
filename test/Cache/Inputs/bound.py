# The compile cache's size bound (TIRX_CACHE_MAX_BYTES): least recently used entries go
# first, a hit counts as a use, the entry just stored stays, concurrent processes are safe.
import glob
import os
import subprocess
import sys
import time

llc, examples, cache = sys.argv[1], sys.argv[2], sys.argv[3]
add = os.path.join(examples, "add.py")


def compile_n(n, bound=None, check=True):
    env = dict(os.environ, TIRX_CACHE_DIR=cache)
    if bound is not None:
        env["TIRX_CACHE_MAX_BYTES"] = str(bound)
    r = subprocess.run([llc, "--cache-stats", "--emit=ptx", "-D", "N=%d" % n, add, "-o", os.devnull],
                       env=env, stderr=subprocess.PIPE, text=True)
    if check and r.returncode != 0:
        print("FAILED", n, r.stderr)
    time.sleep(0.05)  # distinct mtimes
    return r.stderr


def entries():
    return sorted(glob.glob(os.path.join(cache, "v1", "*.tirxc")))


def key_of(stderr):
    return stderr.split("cache ")[1].split()[1].rstrip(",")


keys = {}
for n in (4, 8, 16):
    keys[n] = key_of(compile_n(n))
sizes = {n: os.path.getsize(os.path.join(cache, "v1", keys[n] + ".tirxc")) for n in keys}
print("three entries:", len(entries()))
total = sum(sizes.values())
# N=4 used again (a hit), so N=8 is now the least recently used
print("hit:", "cache hit" in compile_n(4, bound=total * 4))
# a fourth entry over a bound that holds about three: the least recently used (N=8) goes
keys[32] = key_of(compile_n(32, bound=total))
left = {os.path.basename(p)[:-6] for p in entries()}
print("N=8 removed:", keys[8] not in left, "N=4 kept:", keys[4] in left,
      "N=32 kept:", keys[32] in left)
# a bound below one entry keeps just the one stored
compile_n(64, bound=1)
print("bound 1 keeps one:", len(entries()))
# 0: no bound
for n in (4, 8, 16):
    compile_n(n, bound=0)
print("bound 0 keeps all:", len(entries()))
# not a size: a warning, and the default bound
print("bad value:", compile_n(128, bound="lots").splitlines()[0])
# eight processes storing at once under a tiny bound: every compile succeeds
env = dict(os.environ, TIRX_CACHE_DIR=cache, TIRX_CACHE_MAX_BYTES="1")
procs = [subprocess.Popen([llc, "--emit=ptx", "-D", "N=%d" % (256 + i), add, "-o", os.devnull],
                          env=env, stderr=subprocess.PIPE) for i in range(8)]
print("concurrent:", [p.wait() for p in procs])
print("after concurrent, entries <= 8:", len(entries()) <= 8)
