"""Helpers for the compile-cache tests (test/Cache/*.test).

  cachetool.py entries DIR            print the number of entries (*.tirxc) in DIR/v1
  cachetool.py truncate DIR           cut every entry in half
  cachetool.py flip DIR               flip one byte in the middle of every entry
  cachetool.py checksum DIR           check every entry's trailing SHA-256 (hashlib)
  cachetool.py memo-libdevice DIR LIBDEVICE
                                      check that a tools/ memo holds LIBDEVICE's SHA-256
  cachetool.py parallel N CMD...      run CMD N times at once; print each exit status
  cachetool.py same FILE...           check that the files are byte-identical
  cachetool.py sections DIR           per entry (sorted by its sections), the artifacts it holds
"""
import glob
import hashlib
import os
import struct
import subprocess
import sys

# include/tirx/artifact.def's order; 0x100 is the warnings section (lib/Driver/cache.c)
ARTIFACTS = ["tirx", "lowered", "llvm", "llvm-opt", "ptx", "cubin", "bundle"]


def sections(path):
    data = open(path, "rb").read()
    (n,) = struct.unpack_from("<I", data, 88)
    off, names = 92, []
    for _ in range(n):
        kind, _zero, size = struct.unpack_from("<IIQ", data, off)
        names.append(ARTIFACTS[kind] if kind < len(ARTIFACTS) else "warnings")
        off += 16 + size
    return " ".join(names)


def entries(d):
    return sorted(glob.glob(os.path.join(d, "v1", "*.tirxc")))


def main():
    cmd, args = sys.argv[1], sys.argv[2:]
    if cmd == "entries":
        print("entries: %d" % len(entries(args[0])))
    elif cmd in ("truncate", "flip"):
        for p in entries(args[0]):
            data = bytearray(open(p, "rb").read())
            if cmd == "truncate":
                data = data[: len(data) // 2]
            else:
                data[len(data) // 2] ^= 0xFF
            open(p, "wb").write(bytes(data))
            print("%s %s" % (cmd, os.path.basename(p)[:12]))
    elif cmd == "checksum":
        for p in entries(args[0]):
            data = open(p, "rb").read()
            ok = hashlib.sha256(data[:-32]).digest() == data[-32:]
            print("checksum %s" % ("ok" if ok else "BAD"))
    elif cmd == "memo-libdevice":
        want = hashlib.sha256(open(args[1], "rb").read()).hexdigest()
        memos = [open(p).read() for p in glob.glob(os.path.join(args[0], "v1", "tools", "*"))]
        print("libdevice memo %s" % ("ok" if want in memos else "MISSING"))
    elif cmd == "parallel":
        n, prog = int(args[0]), args[1:]
        procs = [subprocess.Popen(prog, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
                 for _ in range(n)]
        for i, p in enumerate(procs):
            out = p.communicate()[0].decode()
            sys.stdout.write(out)
            print("process %d: exit %d" % (i, p.returncode))
    elif cmd == "same":
        blobs = [open(p, "rb").read() for p in args]
        print("same" if all(b == blobs[0] for b in blobs) else "DIFFERENT")
    elif cmd == "sections":
        for line in sorted(sections(p) for p in entries(args[0])):
            print("sections: " + line)
    else:
        sys.exit("cachetool.py: unknown command " + cmd)


main()
