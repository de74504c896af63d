#!/usr/bin/env python3
# Times the evaluation of each corpus kernel from its source (issues 11 and 24: "the
# evaluation of any one kernel takes under 50 ms").
#   usage: bench/eval-corpus.py [-n RUNS] [--kern] [--base BASE/bin] [--ir] [--only A,B]
#                               [BUILD/bin [CHECKOUT]]
# The corpus: TIRx-kernels @ 92240d6 (scripts/corpus-entry.py; CHECKOUT defaults to
# /work/tk), or with --kern the HEAD corpus of the `kern` DSL and the TVMScript kernels
# beside it (scripts/corpus-kern-entry.py; CHECKOUT defaults to /work/tk-head).  That
# script picks each kernel's command line (tirx-opt --print-style=tvm -I CHECKOUT FILE
# --entry EXPR); each runs RUNS times (default 5) and the fastest run counts, as CPU
# time (user + sys of the process: the machine is shared, wall time is noise).
# --ir counts instructions instead (valgrind --tool=callgrind, one run: exact and
# repeatable, slow; valgrind 3.19 cannot read the debug info of a tirx-opt with LLVM
# linked in statically, the default where LLVM's static libraries are installed, so
# measure a build configured with -DTIRX_OPT_LLVM_STATIC=OFF: its counts include
# libLLVM.so's ~19 M instructions of dynamic loading, which the static tirx-opt skips).  --base BASE/bin measures that build of tirx-opt too (a build of
# the commit before a change) on the same command lines and prints the two side by
# side with their ratio (base / this).  Prints one row per kernel, then the maximum,
# the median and the sum.  A Release build measures what users get; no threshold is
# checked.
import argparse, json, os, re, subprocess, sys, tempfile, time

ap = argparse.ArgumentParser()
ap.add_argument('-n', type=int, default=5, dest='runs')
ap.add_argument('--kern', action='store_true')
ap.add_argument('--base')
ap.add_argument('--ir', action='store_true')
ap.add_argument('--only')
ap.add_argument('bindir', nargs='?', default='build/bin')
ap.add_argument('src', nargs='?')
args = ap.parse_args()
src = args.src or ('/work/tk-head' if args.kern else '/work/tk')
here = os.path.dirname(os.path.abspath(__file__))
script = 'corpus-kern-entry.py' if args.kern else 'corpus-entry.py'

with tempfile.TemporaryDirectory() as tmp:
    cmds = os.path.join(tmp, 'cmds.jsonl')
    env = dict(os.environ, TIRX_CORPUS_CMDS=cmds)
    extra = ['--only', args.only] if args.only else []
    subprocess.run([sys.executable, os.path.join(here, '..', 'scripts', script), args.bindir, src] + extra,
                   env=env, stdout=subprocess.DEVNULL)  # its exit status is the corpus verdict, not ours
    rows = [json.loads(l) for l in open(cmds)]


def cpu_once(argv):
    """(cpu seconds, exit status) of one run."""
    p = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, ru = os.wait4(p.pid, 0)
    return ru.ru_utime + ru.ru_stime, os.waitstatus_to_exitcode(status)


def measure(argv):
    """ms of CPU (fastest of RUNS) or instructions (--ir), and the exit status."""
    if args.ir:
        with tempfile.TemporaryDirectory() as tmp:
            p = subprocess.run(['valgrind', '--tool=callgrind', '--callgrind-out-file=' + os.path.join(tmp, 'cg')]
                               + argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        m = re.search(r'Collected : (\d+)', p.stderr) or re.search(r'I\s+refs:\s+([\d,]+)', p.stderr)
        return (int(m.group(1).replace(',', '')) if m else -1), p.returncode
    best, rc = None, 0
    for _ in range(args.runs):
        cpu, rc = cpu_once(argv)
        best = cpu if best is None else min(best, cpu)
    return best * 1e3, rc


def with_bin(argv, bindir):
    return [os.path.join(bindir, os.path.basename(argv[0]))] + argv[1:]


unit = 'Ir' if args.ir else 'cpu_ms'
fmt = '%14d' if args.ir else '%8.1f'
sfmt = '%d' if args.ir else '%.1f'
res = []
for name, *argv in rows:
    new, rc = measure(argv)
    if args.base:
        old, _ = measure(with_bin(argv, args.base))
        ratio = old / new if new > 0 else 0
        res.append((new, name, old))
        print((fmt + ' ' + fmt + ' %6.2fx %3d  %s') % (old, new, ratio, rc, name), flush=True)
    else:
        res.append((new, name, None))
        print((fmt + ' %3d  %s') % (new, rc, name), flush=True)
if not res:
    sys.exit('eval-corpus: no kernels')
res.sort()
top, med = res[-1], res[len(res) // 2]
how = 'one callgrind run' if args.ir else 'user+sys, fastest of %d runs' % args.runs
print('%s: max %s (%s), median %s, sum %s over %d kernels (%s)' %
      (unit, sfmt % top[0], top[1], sfmt % med[0], sfmt % sum(r[0] for r in res), len(res), how))
if args.base:
    olds = sorted(r[2] for r in res)
    print('base %s: max %s, median %s, sum %s; ratio of the sums %.2fx' %
          (unit, sfmt % olds[-1], sfmt % olds[len(olds) // 2], sfmt % sum(olds),
           sum(olds) / max(sum(r[0] for r in res), 1e-9)))
