#!/usr/bin/env python3
# Times the evaluation of each corpus kernel from its source (issue 11: "the evaluation of
# any one kernel takes under 50 ms").
#   usage: bench/eval-corpus.py [-n RUNS] [BUILD/bin [CHECKOUT]]
#          (defaults: build/bin, /work/tk = mlc-ai/TIRx-kernels @ 92240d6)
# scripts/corpus-entry.py picks each kernel's command line (tirx-opt --print-style=tvm
# -I CHECKOUT FILE --entry EXPR); each runs RUNS times (default 5) and the fastest run
# counts, as CPU time (user + sys of the process: the machine is shared, wall time is
# noise) and wall time.  Prints one row per kernel, "cpu_ms wall_ms rc name", then the
# maximum and the sum.  A Release build measures what users get; no threshold is checked.
import json, os, subprocess, sys, tempfile, time

args = sys.argv[1:]
runs = 5
if args[:1] == ['-n']:
    runs = int(args[1])
    args = args[2:]
bindir = args[0] if args else 'build/bin'
src = args[1] if len(args) > 1 else '/work/tk'
here = os.path.dirname(os.path.abspath(__file__))

with tempfile.TemporaryDirectory() as tmp:
    cmds = os.path.join(tmp, 'cmds.jsonl')
    env = dict(os.environ, TIRX_CORPUS_CMDS=cmds)
    subprocess.run([sys.executable, os.path.join(here, '..', 'scripts', 'corpus-entry.py'), bindir, src],
                   env=env, stdout=subprocess.DEVNULL)  # its exit status is the corpus verdict, not ours
    rows = [json.loads(l) for l in open(cmds)]


def once(argv):
    """(cpu seconds, wall seconds, exit status) of one run."""
    t0 = time.perf_counter()
    p = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, ru = os.wait4(p.pid, 0)
    wall = time.perf_counter() - t0
    p.returncode = os.waitstatus_to_exitcode(status)
    return ru.ru_utime + ru.ru_stime, wall, p.returncode


res = []
for name, *argv in rows:
    best = None
    for _ in range(runs):
        cpu, wall, rc = once(argv)
        best = (cpu, wall, rc) if best is None else (min(best[0], cpu), min(best[1], wall), rc)
    res.append((best[0] * 1e3, best[1] * 1e3, best[2], name))
    print('%8.1f %8.1f %3d  %s' % res[-1], flush=True)
top = max(res)
print('max cpu %.1f ms (%s), sum %.1f ms over %d kernels (cpu_ms = user+sys, fastest of %d runs)'
      % (top[0], top[3], sum(r[0] for r in res), len(res), runs))
