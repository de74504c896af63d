#!/usr/bin/env python3
"""SASS instruction counts of the printed corpus and the GEMM ladder, to compare two builds.

A change of tirx's LLVM pipeline changes the PTX; what matters is the machine code ptxas
makes of it.  This compiles each kernel to a cubin (tirx-llc --no-cache --emit=cubin) and
counts, per kernel, the SASS instructions (the size of the cubin's .text.KERNEL sections /
16 bytes: every sm_70+ instruction is 16 bytes; no cuobjdump needed) and the registers
(ptxas -v on the same PTX).  With --base it compiles with a second tirx-llc too and prints
the kernels whose count or registers differ, and the totals.

    python3 bench/compile/sass_size.py --tirx-llc NEW [--base OLD] [--filter SUBSTR]

Environment variables of tirx-llc (TIRX_*) apply to both builds alike.
"""
import argparse
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
GEMM = [("mma_sync", "float16"), ("tma_wgmma", "float16"), ("ws_persistent", "float16"),
        ("cluster_multicast", "float16"), ("ws_persistent", "bfloat16"),
        ("fp8_ws_persistent", None), ("tcgen05_sm100", None)]


def text_sizes(cubin):
    """{kernel: bytes of .text.kernel} from the ELF section headers of a cubin."""
    with open(cubin, "rb") as f:
        d = f.read()
    if d[:4] != b"\x7fELF" or d[4] != 2:
        return {}
    shoff, = struct.unpack_from("<Q", d, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", d, 0x3A)
    def sh(i):
        return struct.unpack_from("<IIQQQQIIQQ", d, shoff + i * shentsize)
    stroff = sh(shstrndx)[4]
    out = {}
    for i in range(shnum):
        h = sh(i)
        end = d.index(b"\0", stroff + h[0])
        name = d[stroff + h[0]:end].decode()
        if name.startswith(".text."):
            out[name[6:]] = h[5]
    return out


def compile_one(llc, args, tmp, tag):
    cub = os.path.join(tmp, tag + ".cubin")
    ptx = os.path.join(tmp, tag + ".ptx")
    r = subprocess.run([llc, "--no-cache", "--emit=cubin", "-o", cub] + args,
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    if r.returncode:
        return None
    subprocess.run([llc, "--no-cache", "--emit=ptx", "-o", ptx] + args,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    arch = [x for x in args if x.startswith("--mcpu=")][0][7:]
    v = subprocess.run([shutil.which("ptxas") or "/usr/local/cuda/bin/ptxas", "-arch=" + arch,
                        "-O3", "-v", "-o", os.devnull, ptx], capture_output=True, text=True)
    regs = sum(int(x) for x in re.findall(r"Used (\d+) registers", v.stderr))
    return sum(n // 16 for n in text_sizes(cub).values()), regs


def jobs(corpus, flt):
    out = []
    for rung, dt in GEMM:
        src = os.path.join(ROOT, "examples", "gemm", rung + ".py")
        if not os.path.exists(src):
            continue
        arch = "sm_100a" if "sm100" in rung else "sm_90a"
        extra = ["-D", 'DT="%s"' % dt] if dt else []
        out.append(("gemm/%s%s" % (rung, ":" + dt if dt else ""), [src, "--mcpu=" + arch] + extra))
    kdir = os.path.join(corpus, "TIRx-kernels") if corpus else None
    if kdir and os.path.isdir(kdir):
        arch_of = {}
        for line in open(os.path.join(corpus, "SOURCES.md")):
            c = [x.strip() for x in line.split("|")]
            if len(c) > 5 and c[1].endswith(".py"):
                arch_of[c[1]] = c[4]
        for f in sorted(os.listdir(kdir)):
            if f.endswith(".py"):
                out.append((f[:-3], [os.path.join(kdir, f),
                                     "--mcpu=" + arch_of.get("TIRx-kernels/" + f, "sm_100a")]))
    return [j for j in out if flt in j[0]]


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tirx-llc", default=os.path.join(ROOT, "build", "bin", "tirx-llc"))
    ap.add_argument("--base")
    ap.add_argument("--corpus", default=os.environ.get("TIRX_CORPUS") or
                    os.path.join(ROOT, "..", "shared", "corpus"))
    ap.add_argument("--filter", default="")
    a = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix="tirx-sass-")
    tot = [0, 0, 0, 0]
    ndiff = worse = 0
    try:
        for name, args in jobs(a.corpus, a.filter):
            new = compile_one(a.tirx_llc, args, tmp, "new")
            old = compile_one(a.base, args, tmp, "old") if a.base else None
            if new is None or (a.base and old is None):
                print("%-50s compile failed (%s)" % (name, "new" if new is None else "base"))
                continue
            tot[0] += new[0]
            tot[1] += new[1]
            if not a.base:
                print("%-50s sass %7d  regs %4d" % (name, new[0], new[1]))
                continue
            tot[2] += old[0]
            tot[3] += old[1]
            if new != old:
                ndiff += 1
                bad = new[0] > old[0] or new[1] > old[1]
                worse += bad
                print("%-50s sass %7d -> %7d (%+.1f%%)  regs %4d -> %4d%s" % (
                    name, old[0], new[0], 100.0 * (new[0] - old[0]) / max(old[0], 1),
                    old[1], new[1], "  WORSE" if bad else ""))
            sys.stdout.flush()
        if a.base:
            print("total sass %d -> %d, regs %d -> %d; %d kernels differ, %d worse"
                  % (tot[2], tot[0], tot[3], tot[1], ndiff, worse))
        else:
            print("total sass %d, regs %d" % (tot[0], tot[1]))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
