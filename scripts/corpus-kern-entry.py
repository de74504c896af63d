#!/usr/bin/env python3
# Evaluates each kernel of the printed kern corpus (TIRx-kernels @ 51a6c01, the
# `kern` DSL and the TVMScript kernels beside it) from its source with --entry, and
# groups the first error of each kernel by cause.
#   usage: scripts/corpus-kern-entry.py BUILD/bin CHECKOUT [--only A,B] [--out DIR] [--expect LIST]
#   (CHECKOUT: mlc-ai/TIRx-kernels @ 51a6c01; the corpus: $TIRX_CORPUS_KERN, else
#   ../shared/corpus-kern next to the source tree)
# Each printed file's header names its source (`... @ COMMIT: PATH`) and its
# `# Entry:` expression; a kernel is `kern` when SOURCES.md lists its printed file in
# the table of the kern DSL kernels, else `tvmscript`.  Every kernel is evaluated with
# -D TIRX_TORCH_CUDA_DEVICE=(SMS, MAJOR, MINOR) of the GPU SOURCES.md says the trace's
# torch reported.
# Prints one line per kernel (name, kind, result: same / differs / error / UNLOCATED /
# crash, ms, first error), then the causes (the first error with names, numbers and
# quoted text blanked) with their kernels, then SUMMARY as a dict.
# --out DIR keeps each kernel's output (NAME.got.py), wanted text and stderr there.
# Then IDENTICAL (the kernels printed exactly), TIME ms (max, median, the slowest),
# NEITHER IDENTICAL NOR A LOCATED ERROR (differs, unlocated errors, crashes); exits 1
# when there is one of those, or when a kernel of --expect LIST (one name a line,
# `#` comments) is not identical.  --known-differ LIST (NAME REASON a line) names
# kernels known to evaluate to a different text: they are listed as KNOWN DIFFER
# and do not fail the run, unless one stops differing (then the list is stale).
# TIRX_CORPUS_CMDS=FILE writes each kernel's command line there, one JSON list
# [name, argv...] a line (bench/eval-corpus.py --kern times them).
import argparse, collections, json, os, re, subprocess, sys, time

ap = argparse.ArgumentParser()
ap.add_argument('bin')
ap.add_argument('src')
ap.add_argument('--only')
ap.add_argument('--out')
ap.add_argument('--timeout', type=int, default=120)
ap.add_argument('--expect')
ap.add_argument('--known-differ')
args = ap.parse_args()
HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.environ.get('TIRX_CORPUS_KERN', os.path.join(HERE, '..', '..', 'shared', 'corpus-kern'))
KDIR = os.path.join(CORPUS, 'TIRx-kernels')
names = sorted(f[:-3] for f in os.listdir(KDIR) if f.endswith('.py'))
all_names = set(names)
if args.only:
    only = set(args.only.split(','))
    if only - set(names): sys.exit('corpus-kern-entry: unknown kernel ' + ' '.join(sorted(only - set(names))))
    names = [n for n in names if n in only]
if args.out: os.makedirs(args.out, exist_ok=True)

def header(path):
    src = entry = None
    for line in open(path):
        if not line.startswith('#'): break
        m = re.match(r'# Printed by .* @ \w+: (\S+)', line)
        if m: src = m.group(1)
        m = re.match(r'# Entry: (.*)', line)
        if m: entry = m.group(1).strip()
    return src, entry

def want_text(path):
    text = open(path).read()
    i = text.find('# from tvm.script import tirx as T')
    return text[i:] if i >= 0 else text

LOCATED = re.compile(r'^(\S+?):(\d+):(\d+): error: (.*)$', re.M)
def cause(err):
    s = re.sub(r"'[^']*'", "'…'", err)
    s = re.sub(r'"[^"]*"', '"…"', s)
    s = re.sub(r'\b\d+\b', 'N', s)
    return s[:160]

kern_files, section = set(), None
for line in open(os.path.join(CORPUS, 'SOURCES.md')):
    if line.startswith('## '):
        section = line
    elif section and 'kern DSL' in section and line.startswith('| '):
        cells = [c.strip() for c in line.split('|')]
        if len(cells) > 3 and cells[3].startswith('TIRx-kernels/'):
            kern_files.add(os.path.basename(cells[3])[:-3])

# The device the corpus was traced against: SOURCES.md names the GPU its torch stand-in
# reported ("a B200 (148 SMs, cc 10.0)"); factories that size a kernel by the SM count
# (sparse_flashmla_decode_head64) see it through tirx's torch (-D TIRX_TORCH_CUDA_DEVICE).
m = re.search(r'\((\d+) SMs, cc (\d+)\.(\d+)\)', open(os.path.join(CORPUS, 'SOURCES.md')).read())
DEVICE = ['-D', 'TIRX_TORCH_CUDA_DEVICE=(%s, %s, %s)' % m.groups()] if m else []

rows, causes = [], collections.defaultdict(list)
summary = collections.Counter()
for n in names:
    path = os.path.join(KDIR, n + '.py')
    src, entry = header(path)
    srcpath = os.path.join(args.src, src) if src else None
    kind = 'kern' if n in kern_files else 'tvmscript'
    summary['n'] += 1
    summary['n_' + kind] += 1
    if not srcpath or not entry:
        rows.append((n, kind, 'error', 0, 'no source or entry in the header')); continue
    cmd = [os.path.join(args.bin, 'tirx-opt'), '-I', args.src, srcpath, '--entry', entry, '--print-style=tvm'] + DEVICE
    if os.environ.get('TIRX_CORPUS_CMDS'):
        with open(os.environ['TIRX_CORPUS_CMDS'], 'a') as cf:
            cf.write(json.dumps([n] + cmd) + '\n')
    t = time.time()
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=args.timeout)
        rc, out, err = p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired:
        rc, out, err = 124, '', 'timeout'
    ms = (time.time() - t) * 1000
    if args.out:
        open(os.path.join(args.out, n + '.got.py'), 'w').write(out)
        open(os.path.join(args.out, n + '.err'), 'w').write(err)
        open(os.path.join(args.out, n + '.want.py'), 'w').write(want_text(path))
    first = ''
    if rc == 0:
        got = out[out.find('# from tvm.script import tirx as T'):] if '# from tvm.script import tirx as T' in out else out
        res = 'same' if got == want_text(path) else 'differs'
        summary['eval'] += 1
        summary['eval_' + kind] += 1
        if res == 'same':
            summary['same'] += 1
            summary['same_' + kind] += 1
    elif rc < 0 or rc >= 124:
        res, first = 'crash', 'rc=%d %s' % (rc, err.strip().splitlines()[-1:] or '')
    else:
        m = LOCATED.search(err)
        res = 'error' if m else 'UNLOCATED'
        first = ('%s:%s:%s: %s' % (os.path.relpath(m.group(1), args.src) if m.group(1).startswith('/') else m.group(1),
                                    m.group(2), m.group(3), m.group(4))) if m else (err.strip().splitlines() or [''])[0]
        causes[cause(m.group(4) if m else first)].append(n)
    rows.append((n, kind, res, ms, first))
    print('%-58s %-9s %-9s %7.0f  %s' % (n, kind, res, ms, first[:200]), flush=True)

print('\n== first errors by cause ==')
for c, ks in sorted(causes.items(), key=lambda kv: -len(kv[1])):
    print('%3d  %s\n       %s' % (len(ks), c, ' '.join(ks)))
print('SUMMARY', dict(summary))
same = sorted(r[0] for r in rows if r[2] == 'same')
print('IDENTICAL %d:' % len(same), ' '.join(same))
by_time = sorted(rows, key=lambda r: r[3])
if by_time:
    print('TIME ms: max %.0f, median %.0f, slowest %s' % (by_time[-1][3], by_time[len(by_time) // 2][3], by_time[-1][0]))
known = {}
if args.known_differ:
    for l in open(args.known_differ):
        l = l.split('#')[0].strip()
        if l: known[l.split()[0]] = l.split(None, 1)[1] if ' ' in l else ''
differ = {r[0] for r in rows if r[2] == 'differs'}
bad = sorted(r[0] for r in rows if r[2] not in ('same', 'error') and r[0] not in known)
print('NEITHER IDENTICAL NOR A LOCATED ERROR %d:' % len(bad), ' '.join(bad))
ran = {r[0] for r in rows}
stale = sorted(n for n in known if n in ran and n not in differ)
print('KNOWN DIFFER %d:' % len(known.keys() & differ), ' '.join(sorted(known.keys() & differ)))
print('KNOWN DIFFER BUT NOT %d:' % len(stale), ' '.join(stale))
bad = bad + stale
failed = bool(bad)
if args.expect:
    want = [l.split('#')[0].strip() for l in open(args.expect)]
    want = [n for n in want if n and (n in {r[0] for r in rows} or n not in all_names)]
    missing = [n for n in want if n not in same]
    print('EXPECTED IDENTICAL BUT NOT %d:' % len(missing), ' '.join(missing))
    failed = failed or bool(missing)
sys.exit(1 if failed else 0)
