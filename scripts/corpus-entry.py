#!/usr/bin/env python3
# Evaluates each corpus kernel from its source with --entry and counts how many
# evaluate and how many print (--print-style=tvm) exactly the corpus text.
#   usage: scripts/corpus-entry.py BUILD/bin CHECKOUT   (CHECKOUT: mlc-ai/TIRx-kernels @ 92240d6)
# The factory is the top-level def around the line SOURCES.md names; its arguments
# are the configuration keys that match its parameters (truncated configurations
# keep their complete keys).  Per kernel: file, entry, exit status, identical, first error.
import ast, json, re, subprocess, sys, os, collections
BIN = sys.argv[1]
SRC = sys.argv[2]  # a checkout of mlc-ai/TIRx-kernels at 92240d6
CORPUS = os.environ.get('TIRX_CORPUS', os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'shared', 'corpus'))
rows = []
for line in open(os.path.join(CORPUS, 'SOURCES.md')):
    if not line.startswith('| TIRx-kernels/'): continue
    cells = [c.strip() for c in line.split('|')]
    f, path, arch, cfg = cells[1].split(' (')[0], cells[3], cells[4], cells[5]
    m = re.match(r'(\S+) \((\d+)\)', path)
    rows.append((f, m.group(1), int(m.group(2)), cfg.strip('`')))
def parse_cfg(s):
    s = s.rstrip('…')
    try: return json.loads(s)
    except Exception: pass
    # truncated: keep complete "key": value pairs
    out = {}
    for m in re.finditer(r'"(\w+)": (null|true|false|-?[0-9.e+]+|"[^"]*"|\[[^\]]*\])(?=,|\})', s):
        try: out[m.group(1)] = json.loads(m.group(2))
        except Exception: pass
    return out
def pylit(v):
    if v is None: return 'None'
    if v is True: return 'True'
    if v is False: return 'False'
    if isinstance(v, list): return '[' + ', '.join(pylit(x) for x in v) + ']'
    return repr(v)
stats = collections.Counter(); errs = collections.Counter(); res = []
for f, src, ln, cfg in rows:
    full = os.path.join(SRC, src)
    tree = ast.parse(open(full).read())
    fac = None
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.lineno <= ln <= node.end_lineno: fac = node
    conf = parse_cfg(cfg)
    if fac is None:
        expr = None
    else:
        a = fac.args
        names = [x.arg for x in a.posonlyargs + a.args + a.kwonlyargs]
        kw = {k: v for k, v in conf.items() if k in names}
        if a.kwarg:
            kw.update({k: v for k, v in conf.items() if k not in names})
        expr = fac.name + '(' + ', '.join(f'{k}={pylit(v)}' for k, v in kw.items()) + ')'
    want = open(os.path.join(CORPUS, f)).read()
    i = want.find('# from tvm.script import tirx as T'); want = want[i:]
    cmd = [BIN + '/tirx-opt', '--print-style=tvm', '-I', SRC, full] + (['--entry', expr] if expr else [])
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=20)
        rc, out, err = p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired:
        rc, out, err = 124, '', 'timeout'
    ok = rc == 0
    same = ok and out == want
    stats['n'] += 1; stats['eval'] += ok; stats['same'] += same
    first = ''
    if not ok:
        m = re.search(r'error: (.*)', err)
        first = m.group(1) if m else err.strip()[:100]
        key = re.sub(r"'[^']*'", "'…'", first)[:90]
        errs[key] += 1
    res.append((f, expr, rc, same, first))
for r in res: print('\t'.join(str(x) for x in r))
print('SUMMARY', dict(stats))
for k, v in errs.most_common(15): print(v, k)
