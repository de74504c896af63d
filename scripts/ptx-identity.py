#!/usr/bin/env python3
"""Compiles every kernel of test/ (its .py files), of the printed corpus
(/work/shared/corpus/*/*.py) and of the TIRx-kernels checkout (scripts/corpus-entry.py's
command lines, --entry) to PTX at sm_90a and sm_100a, one file per kernel and arch
in OUT (the PTX, or the exit status and diagnostics when it fails), to diff the PTX
of two builds byte for byte:
BIN_DIR/../share/tirx/prelude must be there (a copied bin/ needs its share/ beside it).
  usage: scripts/ptx-identity.py [--only KEYS] BIN_DIR OUT_DIR [CORPUS_DIR [CHECKOUT]]
         diff -r OUT_BEFORE OUT_AFTER
  --only KEYS: compile only the kernels named in the file KEYS (output file names, one a line)"""
import concurrent.futures, glob, json, os, subprocess, sys, tempfile

args = sys.argv[1:]
only = None
if args[:1] == ['--only']:
    only = {l.strip().rsplit('.', 2)[0] for l in open(args[1]) if l.strip()}
    args = args[2:]
bindir, out = args[0], args[1]
corpus = args[2] if len(args) > 2 else '/work/shared/corpus'
tk = args[3] if len(args) > 3 else '/work/tk'
here = os.path.dirname(os.path.abspath(__file__))
repo = os.path.join(here, '..')
os.makedirs(out, exist_ok=True)
jobs = []  # (key, argv without --mcpu/-o)
for f in sorted(glob.glob(os.path.join(repo, 'test', '**', '*.py'), recursive=True)):
    jobs.append(('test__' + os.path.relpath(f, os.path.join(repo, 'test')).replace('/', '__'), [f]))
for f in sorted(glob.glob(os.path.join(corpus, '*', '*.py'))):
    jobs.append(('corpus__' + os.path.relpath(f, corpus).replace('/', '__'), [f]))
if os.path.isdir(tk):
    with tempfile.TemporaryDirectory() as tmp:
        cmds = os.path.join(tmp, 'cmds.jsonl')
        subprocess.run([sys.executable, os.path.join(here, 'corpus-entry.py'), bindir, tk],
                       env=dict(os.environ, TIRX_CORPUS_CMDS=cmds), stdout=subprocess.DEVNULL)
        for l in open(cmds):
            row = json.loads(l)  # [name, tirx-opt, args...]
            argv = [a for a in row[2:] if not a.startswith('--print-style')]
            jobs.append(('tk__' + os.path.basename(row[0]).replace('/', '__'), argv))


def one(job, arch):
    key, argv = job
    dst = os.path.join(out, '%s.%s.ptx' % (key, arch))
    p = subprocess.run([os.path.join(bindir, 'tirx-llc'), '--no-cache', '--mcpu=' + arch, '--emit=ptx', '-o', '-'] + argv,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=300)
    with open(dst, 'wb') as o:
        o.write(p.stdout if p.returncode == 0 else b'rc=%d\n' % p.returncode + p.stderr)
    return p.returncode == 0


if only is not None:
    jobs = [j for j in jobs if j[0] in only]
with concurrent.futures.ThreadPoolExecutor(2) as ex:
    res = list(ex.map(lambda ja: one(*ja), [(j, a) for j in jobs for a in ('sm_90a', 'sm_100a')]))
print('ptx-identity: %d kernels x 2 archs: %d compiled, %d failed (kept as their diagnostics)' %
      (len(jobs), sum(res), len(res) - sum(res)))
