#!/usr/bin/env python3
"""ptxas against in-process assembly through the CUDA toolkit's nvJitLink library.

For each PTX file (or every kernel of the printed corpus, compiled to PTX with tirx-llc),
it assembles the PTX twice: with the ptxas binary tirx-llc runs (`ptxas -arch=ARCH -O3`,
a child process) and in this process through libnvJitLink (`nvJitLinkAddData(PTX)`,
`-arch=ARCH -O3`, ctypes), and prints side by side the CPU time of each (the ptxas
process's user + system; the library's calls in this process, measured with
CLOCK_PROCESS_CPUTIME_ID, every thread counted) and whether the code is the same: the
cubins' `.text.KERNEL` sections compared byte for byte with ptxas's, and their sizes (in
16-byte instructions) against ptxas's and `ptxas -c`'s (separate compilation: what
nvJitLink runs before it links; the linker then patches the relocations, so the bytes
differ and the size is the same).

    python3 bench/compile/nvjitlink.py [--tirx-llc build/bin/tirx-llc] [--lib PATH]
        [--ptxas PATH] [--filter SUBSTR] [--runs 3] [FILE.ptx ...]

The finding this measures (issue 23, docs in README.md): nvJitLink does not replace
ptxas.  It assembles PTX as a relocatable object (ptxas -c) and links it, so its cubins
differ from whole-program ptxas's (relocations resolved by the linker, extra tcgen05
guardrail functions on sm_100a, `setmaxnreg` ignored "to maintain compatibility across
compilation units"), and it costs as much CPU as the ptxas process.
"""
import argparse
import ctypes
import glob
import os
import resource
import struct
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
CORPUS = os.path.join(ROOT, "..", "shared", "corpus")


def text_sections(blob):
    """{section name: bytes} of the .text.* sections of an ELF cubin."""
    (shoff,) = struct.unpack_from("<Q", blob, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", blob, 0x3A)

    def sh(i):
        return struct.unpack_from("<IIQQQQIIQQ", blob, shoff + i * shentsize)

    stro = sh(shstrndx)[4]
    out = {}
    for i in range(shnum):
        s = sh(i)
        name = blob[stro + s[0]: blob.index(b"\0", stro + s[0])].decode()
        if name.startswith(".text."):
            out[name] = blob[s[4]: s[4] + s[5]]
    return out


def run_ptxas(ptxas, ptx_path, arch, extra, tmp):
    out = os.path.join(tmp, "p.cubin")
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    p = subprocess.run([ptxas] + extra + ["-arch=" + arch, "-O3", "-o", out, ptx_path],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    if p.returncode:
        return None, None
    ms = (r1.ru_utime - r0.ru_utime + r1.ru_stime - r0.ru_stime) * 1e3
    return ms, open(out, "rb").read()


class JitLink:
    def __init__(self, path):
        t = time.clock_gettime(time.CLOCK_PROCESS_CPUTIME_ID)
        self.lib = ctypes.CDLL(path)
        self.load_ms = (time.clock_gettime(time.CLOCK_PROCESS_CPUTIME_ID) - t) * 1e3
        ver = "13_0"
        for v in ("13_0", "12_9", "12_8", "12_6", "12_4", "12_0"):
            if hasattr(self.lib, "__nvJitLinkCreate_" + v):
                ver = v
                break
        f = lambda n: getattr(self.lib, "__nvJitLink%s_%s" % (n, ver))
        self.create, self.add, self.complete = f("Create"), f("AddData"), f("Complete")
        self.size, self.get, self.destroy = f("GetLinkedCubinSize"), f("GetLinkedCubin"), f("Destroy")
        self.logsize, self.log = f("GetErrorLogSize"), f("GetErrorLog")

    def assemble(self, ptx, arch):
        """(CPU ms, cubin bytes) or (None, error text)."""
        h = ctypes.c_void_p()
        opts = (ctypes.c_char_p * 2)(("-arch=" + arch).encode(), b"-O3")
        t = time.clock_gettime(time.CLOCK_PROCESS_CPUTIME_ID)
        rc = self.create(ctypes.byref(h), 2, opts)
        if rc:
            return None, "nvJitLinkCreate: %d" % rc
        rc = self.add(h, 2, ptx, len(ptx), b"kernel.ptx") or self.complete(h)  # 2: PTX
        if rc:
            n = ctypes.c_size_t()
            self.logsize(h, ctypes.byref(n))
            buf = ctypes.create_string_buffer(n.value + 1)
            self.log(h, buf)
            self.destroy(ctypes.byref(h))
            return None, buf.value.decode(errors="replace")
        n = ctypes.c_size_t()
        self.size(h, ctypes.byref(n))
        buf = ctypes.create_string_buffer(n.value)
        self.get(h, buf)
        self.destroy(ctypes.byref(h))
        return (time.clock_gettime(time.CLOCK_PROCESS_CPUTIME_ID) - t) * 1e3, buf.raw


def corpus_ptx(llc, filt, tmp):
    """[(name, arch, ptx path)] for the printed corpus, through tirx-llc --emit=ptx."""
    arch_of = {}
    for line in open(os.path.join(CORPUS, "SOURCES.md")):
        cells = [c.strip() for c in line.split("|")]
        if len(cells) > 5 and cells[1].endswith(".py"):
            arch_of[cells[1]] = cells[4]
    out = []
    for src in sorted(glob.glob(os.path.join(CORPUS, "*", "*.py"))):
        rel = os.path.relpath(src, CORPUS)
        name = os.path.basename(src)[:-3]
        if filt and filt not in name:
            continue
        arch = arch_of.get(rel, "sm_100a") or "sm_100a"
        ptx = os.path.join(tmp, name + ".ptx")
        if subprocess.run([llc, src, "--no-cache", "--emit=ptx", "--mcpu=" + arch, "-o", ptx],
                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode == 0:
            out.append((name, arch, ptx))
    return out


def arch_of_ptx(text):
    for line in text.splitlines():
        if line.startswith(".target "):
            return line.split()[1].rstrip(",")
    return "sm_90a"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("ptx", nargs="*", help="PTX files (default: the printed corpus, via tirx-llc)")
    ap.add_argument("--tirx-llc", default=os.path.join(ROOT, "build", "bin", "tirx-llc"))
    ap.add_argument("--ptxas", default="/usr/local/cuda/bin/ptxas")
    ap.add_argument("--lib", default="/usr/local/cuda/lib64/libnvJitLink.so")
    ap.add_argument("--filter", default="")
    ap.add_argument("--runs", type=int, default=1, help="the fastest of N runs each")
    a = ap.parse_args()
    if not os.path.exists(a.lib):
        print("no nvJitLink at %s (--lib)" % a.lib)
        return 0
    jl = JitLink(a.lib)
    with tempfile.TemporaryDirectory() as tmp:
        items = [(os.path.basename(p), arch_of_ptx(open(p).read()), p) for p in a.ptx] or \
            corpus_ptx(a.tirx_llc, a.filter, tmp)
        print("loading %s: %.1f ms CPU" % (a.lib, jl.load_ms))
        print("%-46s %8s %8s %6s  %-9s %7s %7s %7s" % (
            "kernel", "ptxas", "jitlink", "jl/px", "code", "SASS", "-c", "jitlink"))
        tot = [0.0, 0.0]
        same = same_c = n = 0
        for name, arch, path in items:
            ptx = open(path, "rb").read()
            px = [run_ptxas(a.ptxas, path, arch, [], tmp) for _ in range(a.runs)]
            pc = run_ptxas(a.ptxas, path, arch, ["-c"], tmp)[1]
            jr = [jl.assemble(ptx, arch) for _ in range(a.runs)]
            if px[0][0] is None or jr[0][0] is None:
                print("%-46s failed: %s" % (name[:46], "ptxas" if px[0][0] is None else jr[0][1][:80]))
                continue
            pms, jms = min(r[0] for r in px), min(r[0] for r in jr)
            tp, tj, tc = text_sections(px[0][1]), text_sections(jr[0][1]), text_sections(pc)
            eq = all(tj.get(k) == v for k, v in tp.items())
            kern = lambda t: sum(len(v) for k, v in t.items() if k in tp) // 16
            eqc = kern(tj) == kern(tc)
            extra = len(set(tj) - set(tp))
            tot[0] += pms
            tot[1] += jms
            same += eq
            same_c += eqc
            n += 1
            print("%-46s %8.1f %8.1f %5.0f%%  %-9s %7d %7d %7d%s" % (
                name[:46], pms, jms, 100 * jms / pms, "same" if eq else "DIFFERENT",
                kern(tp), kern(tc), kern(tj), "  +%d functions" % extra if extra else ""))
        if n:
            print("\n%d kernels: ptxas %.0f ms, nvJitLink %.0f ms CPU (%.0f%%); kernel code "
                  "byte-identical to ptxas's on %d, the size of ptxas -c's on %d" % (
                      n, tot[0], tot[1], 100 * tot[1] / tot[0], same, same_c))
    return 0


if __name__ == "__main__":
    sys.exit(main())
