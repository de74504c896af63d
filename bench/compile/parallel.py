#!/usr/bin/env python3
"""Beyond one kernel (issue 23): a module of several kernels compiled on threads, and
ptxas in process.

Part 1, `-j`: for each multi-kernel module, `tirx-llc --no-cache --emit=ptx` and
`--emit=cubin` with -j1 and -jN, interleaved --runs times: the median wall clock and CPU
time (user + system of the process) of each, and the ratio -jN / -j1.  It checks that the
PTX is byte-identical.  Without modules it joins gdn_cp_prefill's four kernels from
../shared/corpus (multi_module.py) and uses test/Driver/parallel_kernels.py.

Part 2, `--in-process` (a tirx-llc built with TIRX_NVPTXCOMPILER_LIB): per kernel, the
ptxas stage (--time-passes) and wall clock of `--emit=cubin` with ptxas in process against
the binary (TIRX_PTXAS_IN_PROCESS=0), interleaved; and whether the cubins' code (all
sections but ptxas's note of its command line) is the same.

    python3 bench/compile/parallel.py [--tirx-llc PATH] [-j N] [--runs 7] [MODULE.py ...]
    python3 bench/compile/parallel.py --in-process [--tirx-llc PATH] [KERNEL.py ...]
    python3 bench/compile/multi_module.py KERNEL.py... > MODULE.py   (a module to measure)

No timing is asserted; on a machine shared with other work use more runs.
"""
import argparse
import hashlib
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
CORPUS = os.path.join(ROOT, "..", "shared", "corpus", "TIRx-kernels")
GDN4 = ["gdn_cp_prefill_sm100__%s_sm100.py" % k
        for k in ("mn_precompute", "t_precompute", "prefill", "fixup_utcmma")]
SMALL_AND_LARGE = [os.path.join(ROOT, "examples", "block_sum.py")] + [
    os.path.join(CORPUS, k) for k in ("flashkda_decode_t5_gram.py",
                                      "flash_attention4__kernel.py",
                                      "gdn_prefill_sm100__kernel.py")]
sys.path.insert(0, os.path.join(ROOT, "test", "Driver", "Inputs"))


def run(cmd, env=None):
    """(wall ms, cpu ms, stderr) of one process."""
    t0 = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    err = p.stderr.read().decode()
    _, status, ru = os.wait4(p.pid, 0)
    wall = (time.perf_counter() - t0) * 1000
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit("failed: %s\n%s" % (" ".join(cmd), err))
    return wall, (ru.ru_utime + ru.ru_stime) * 1000, err


def med(xs):
    return statistics.median(xs)


def parallel(args, modules, tmp):
    print("%-34s %-6s %9s %9s %7s   %9s %9s %7s" % ("module (kernels)", "emit", "wall -j1",
                                                   "-j%d" % args.jobs, "ratio", "cpu -j1",
                                                   "-j%d" % args.jobs, "ratio"))
    for mod in modules:
        text = open(mod).read()
        nk = text.count("T.device_entry()") + text.count('"tirx.device_entry": T.bool(True)')
        name = "%s (%d)" % (os.path.basename(mod)[:28], nk)
        ptx = {}
        for j in (1, args.jobs):
            out = os.path.join(tmp, "j%d.ptx" % j)
            subprocess.run([args.tirx_llc, mod, "--no-cache", "--mcpu=" + args.arch,
                            "-j%d" % j, "-o", out], check=True)
            ptx[j] = open(out, "rb").read()
        same = "PTX identical" if ptx[1] == ptx[args.jobs] else "PTX DIFFERS"
        for emit in ("ptx", "cubin"):
            w = {1: [], args.jobs: []}
            c = {1: [], args.jobs: []}
            for _ in range(args.runs):
                for j in (1, args.jobs):
                    wall, cpu, _ = run([args.tirx_llc, mod, "--no-cache", "--mcpu=" + args.arch,
                                        "--emit=" + emit, "-j%d" % j, "-o", os.devnull])
                    w[j].append(wall)
                    c[j].append(cpu)
            a, b = med(w[1]), med(w[args.jobs])
            ca, cb = med(c[1]), med(c[args.jobs])
            print("%-34s %-6s %9.0f %9.0f %6.2fx   %9.0f %9.0f %6.2fx  %s" %
                  (name, emit, a, b, b / a, ca, cb, cb / ca, same if emit == "ptx" else ""))


def stage(err, name):
    m = re.search(r"^\s*%s\s+([0-9.]+)" % re.escape(name), err, re.M)
    return float(m.group(1)) if m else float("nan")


def code_digest(path):
    from cubin_sections import sections
    h = hashlib.sha256()
    for n, size, d in sections(path):
        if n != ".note.nv.tkinfo":
            h.update(("%s %d %s\n" % (n, size, d)).encode())
    return h.hexdigest()


def in_process(args, kernels, tmp):
    binary = dict(os.environ, TIRX_PTXAS_IN_PROCESS="0")
    print("ms, medians: the ptxas stage (--time-passes), the process's wall clock and CPU "
          "time (user + system, ptxas's child included)")
    print("%-30s %9s %8s %7s  %9s %8s %7s  %9s %8s %7s  %s" % (
        "kernel (arch)", "ptxas bin", "in-proc", "saved", "wall bin", "in-proc", "saved",
        "cpu bin", "in-proc", "saved", "code"))
    for k in kernels:
        arch = args.arch
        cub = {}
        for tag, env in (("bin", binary), ("in", None)):
            cub[tag] = os.path.join(tmp, tag + ".cubin")
            run([args.tirx_llc, k, "--no-cache", "--emit=cubin", "--mcpu=" + arch, "-o",
                 cub[tag]] + args.define, env)
        same = "identical" if code_digest(cub["bin"]) == code_digest(cub["in"]) else "DIFFERS"
        if open(cub["bin"], "rb").read() == open(cub["in"], "rb").read():
            same += " (whole file: the library was not used?)"
        st = {"bin": [], "in": []}
        wall = {"bin": [], "in": []}
        cpu = {"bin": [], "in": []}
        for _ in range(args.runs):
            for tag, env in (("bin", binary), ("in", None)):
                w, c, err = run([args.tirx_llc, k, "--no-cache", "--emit=cubin",
                                 "--mcpu=" + arch, "--time-passes", "-o", os.devnull] +
                                args.define, env)
                st[tag].append(stage(err, "ptxas"))
                wall[tag].append(w)
                cpu[tag].append(c)
        sb, si = med(st["bin"]), med(st["in"])
        wb, wi = med(wall["bin"]), med(wall["in"])
        cb, ci = med(cpu["bin"]), med(cpu["in"])
        print("%-30s %9.1f %8.1f %7.1f  %9.1f %8.1f %7.1f  %9.1f %8.1f %7.1f  %s" % (
            os.path.basename(k)[:20] + " (" + arch + ")", sb, si, sb - si, wb, wi, wb - wi,
            cb, ci, cb - ci, same))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tirx-llc", default=os.path.join(ROOT, "build", "bin", "tirx-llc"))
    ap.add_argument("--arch", default="sm_100a")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--in-process", action="store_true")
    ap.add_argument("-D", dest="define", action="append", default=[],
                    help="passed to tirx-llc as -D (examples with T.constexpr)")
    ap.add_argument("files", nargs="*")
    args = ap.parse_args()
    args.define = [x for d in args.define for x in ("-D", d)]
    with tempfile.TemporaryDirectory() as tmp:
        if args.in_process:
            kernels = args.files or [k for k in SMALL_AND_LARGE if os.path.exists(k)]
            in_process(args, kernels, tmp)
            return
        modules = list(args.files)
        if not modules:
            if all(os.path.exists(os.path.join(CORPUS, k)) for k in GDN4):
                gdn4 = os.path.join(tmp, "gdn_cp_prefill_4.py")
                with open(gdn4, "w") as f:
                    subprocess.run([sys.executable, os.path.join(HERE, "multi_module.py")] +
                                   [os.path.join(CORPUS, k) for k in GDN4], stdout=f, check=True)
                modules.append(gdn4)
            modules.append(os.path.join(ROOT, "test", "Driver", "parallel_kernels.py"))
        parallel(args, modules, tmp)


if __name__ == "__main__":
    main()
