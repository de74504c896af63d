"""Prints a cubin's (ELF64) sections, one a line: name, size, and the SHA-256 of the
contents (first 16 hex digits).  --code leaves out .note.nv.tkinfo, ptxas's record of its
own command line, which is all that --split-compile or the in-process assembler change."""
import hashlib
import struct
import sys


def sections(path):
    d = open(path, "rb").read()
    if d[:4] != b"\x7fELF":
        sys.exit(f"{path}: not an ELF file")
    shoff = struct.unpack_from("<Q", d, 0x28)[0]
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", d, 0x3A)
    hdrs = [struct.unpack_from("<IIQQQQIIQQ", d, shoff + i * shentsize) for i in range(shnum)]
    strtab = hdrs[shstrndx][4]
    for name, kind, _, _, off, size, *_ in hdrs:
        n = d[strtab + name:d.index(b"\0", strtab + name)].decode()
        body = d[off:off + size] if kind != 8 else b""  # SHT_NOBITS has no contents
        yield n, size, hashlib.sha256(body).hexdigest()[:16]


if __name__ == "__main__":
    code = "--code" in sys.argv
    for path in [a for a in sys.argv[1:] if a != "--code"]:
        for n, size, h in sections(path):
            if not (code and n == ".note.nv.tkinfo"):
                print(n, size, h)
