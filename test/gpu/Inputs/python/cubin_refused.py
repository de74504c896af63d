"""A cubin the H200's driver really refuses (issue 25 section 3): the bundle of
examples/scale.py for sm_90a with its cubin swapped for the sm_100a one, still labelled
sm_90a so that the runtime offers it to the device.  The driver refuses it; the runtime
warns on stderr and loads the bundle's sm_90a PTX instead (runtime/src/runtime.c); the
result is right.  The load runs in a child process so that the C runtime's stderr can be
read.  argv: examples dir [--child BUNDLE]."""
import os
import struct
import subprocess
import sys
import tempfile

import torch

from common import check, close, dev, finish, tirx


def swap_cubin(bundle, cubin):
    """The bundle with each cubin CODE section's image replaced by `cubin` (.tirxb: a
    24-byte header, then tag/reserved/length sections padded to 8; docs/bundle-format.md)."""
    out = bytearray(bundle[:24])
    pos, swapped = 24, 0
    while pos < len(bundle):
        tag, _, n = struct.unpack_from("<IIQ", bundle, pos)
        payload = bundle[pos + 16:pos + 16 + n]
        pos += 16 + n + (-n % 8)
        if tag == struct.unpack("<I", b"CODE")[0] and struct.unpack_from("<I", payload, 0)[0] == 1:
            alen = struct.unpack_from("<I", payload, 4)[0]
            payload = payload[:8 + alen] + struct.pack("<Q", len(cubin)) + cubin
            swapped += 1
        out += struct.pack("<IIQ", tag, 0, len(payload)) + payload + b"\0" * (-len(payload) % 8)
    struct.pack_into("<Q", out, 16, len(out))
    return bytes(out), swapped


if len(sys.argv) > 3 and sys.argv[2] == "--child":
    k = tirx.load_bundle(sys.argv[3])
    a = torch.arange(256, device=dev, dtype=torch.float32)
    b = torch.zeros(256, device=dev)
    k(a, b)
    torch.cuda.synchronize()
    print("child: result right:", bool(torch.equal(b, a * 2)))
    sys.exit(0)

src = os.path.join(sys.argv[1], "scale.py")
k90 = tirx.compile(src, target="sm_90a", cache=False)
k100 = tirx.compile(src, target="sm_100a", cache=False)
bundle, n = swap_cubin(k90.inspect("bundle"), k100.inspect("cubin"))
check("the bundle's sm_90a cubin swapped for the sm_100a one", n == 1, "swapped %d" % n)
path = os.path.join(tempfile.mkdtemp(), "refused.tirxb")
with open(path, "wb") as f:
    f.write(bundle)
p = subprocess.run([sys.executable, __file__, sys.argv[1], "--child", path],
                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=120)
out, err = p.stdout.decode(errors="replace"), p.stderr.decode(errors="replace")
print("child stdout: " + out.strip())
print("child stderr: " + err.strip())
check("the child ran (exit 0)", p.returncode == 0, "exit %d" % p.returncode)
check("the driver refused the cubin: the runtime's warning",
      "tirx: warning: the driver refused the cubin for sm_90a on device 0 (CUDA_ERROR_" in err
      and "loading the bundle's PTX" in err, err[:300])
check("the PTX the driver compiled instead computes B = 2A", "child: result right: True" in out)

# the same kernel unmodified: no warning
ok_path = os.path.join(os.path.dirname(path), "ok.tirxb")
k90.save_bundle(ok_path)
p = subprocess.run([sys.executable, __file__, sys.argv[1], "--child", ok_path],
                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=120)
check("the unmodified bundle loads its cubin without a warning",
      p.returncode == 0 and b"warning" not in p.stderr and b"result right: True" in p.stdout,
      p.stderr.decode(errors="replace")[:300])
finish()
