"""sha256_check.py TIRX_LLC SOURCE DIR: compile SOURCE once per libdevice stand-in of
0, 55, 56, 63, 64, 65, 119, 120 and 100000 bytes (TIRX_LIBDEVICE; every SHA-256 padding
case) with the cache in DIR/cache, and check that the memo the compiler wrote under
DIR/cache/v1/tools/ is hashlib's digest of that file."""
import glob
import hashlib
import os
import subprocess
import sys

llc, source, work = sys.argv[1:4]
cache = os.path.join(work, "cache")
for n in (0, 55, 56, 63, 64, 65, 119, 120, 100000):
    path = os.path.join(work, "ld%d.bc" % n)
    data = bytes((i * 7 + 3) & 0xFF for i in range(n))
    open(path, "wb").write(data)
    env = dict(os.environ, TIRX_CACHE_DIR=cache, TIRX_LIBDEVICE=path)
    subprocess.run([llc, source, "-o", os.devnull], env=env, check=True)
    memos = [open(p).read() for p in glob.glob(os.path.join(cache, "v1", "tools", "*"))]
    print("%d bytes: %s" % (n, "ok" if hashlib.sha256(data).hexdigest() in memos else "MISMATCH"))
