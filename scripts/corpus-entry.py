#!/usr/bin/env python3
# Evaluates each corpus kernel from its source with --entry and counts how many
# evaluate and how many print (--print-style=tvm) exactly the corpus text.
#   usage: scripts/corpus-entry.py BUILD/bin CHECKOUT [--expect FILE]
#   (CHECKOUT: mlc-ai/TIRx-kernels @ 92240d6; the corpus: $TIRX_CORPUS, else ../shared/corpus)
# The factory is the top-level def around the line SOURCES.md names; its arguments
# are the configuration keys that match its parameters (truncated configurations
# keep their complete keys).  Kernels whose row is not enough (a truncated
# configuration, a factory that returns several kernels or lives in another file,
# a module specialised by its environment) take their entry from
# scripts/corpus-entries.txt.
# Prints per kernel: file, entry, exit status, result (same, differs,
# error = a located error, UNLOCATED), evaluation time in ms, first error; then
# SUMMARY, the commonest errors, the identical kernels and the timings.
# TIRX_CORPUS_OUT=DIR keeps each kernel's output and wanted text there (NAME.got.py / NAME.want.py).
# TIRX_CORPUS_CMDS=FILE writes the command line that decided each kernel there, one JSON
# list [name, argv...] a line (bench/eval-corpus.py times them).
#   --expect FILE   the kernels (one name a line, '#' comments) that must print identically
#   --only A,B      evaluate only these kernels (names without .py)
# Exits 1 when a kernel of --expect is not identical, or when a kernel neither is identical
# nor fails with a located error (FILE:LINE:COL: error: ...): a crash, a timeout, an
# unlocated error (--entry did not build a PrimFunc) or a print that differs.
import ast, json, re, subprocess, sys, os, collections, time, argparse
ap = argparse.ArgumentParser()
ap.add_argument('bin')
ap.add_argument('src')  # a checkout of mlc-ai/TIRx-kernels at 92240d6
ap.add_argument('--expect')
ap.add_argument('--only')
args = ap.parse_args()
BIN, SRC = args.bin, args.src
HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.environ.get('TIRX_CORPUS', os.path.join(HERE, '..', '..', 'shared', 'corpus'))
rows = []
for line in open(os.path.join(CORPUS, 'SOURCES.md')):
    if not line.startswith('| TIRx-kernels/'): continue
    cells = [c.strip() for c in line.split('|')]
    f, path, arch, cfg = cells[1].split(' (')[0], cells[3], cells[4], cells[5]
    m = re.match(r'(\S+) \((\d+)\)', path)
    rows.append((f, m.group(1), int(m.group(2)), cfg.strip('`')))
all_names = {os.path.basename(r[0])[:-3] for r in rows}
if args.only:
    only = set(args.only.split(','))
    unknown = only - all_names
    if unknown: sys.exit('corpus-entry: unknown kernel ' + ' '.join(sorted(unknown)))
    rows = [r for r in rows if os.path.basename(r[0])[:-3] in only]
# NAME<TAB>ENTRY[<TAB>FILE[<TAB>FLAGS]]: the entry (source file, tirx-opt flags) for a kernel whose row is not enough
overrides = {}
for line in open(os.path.join(HERE, 'corpus-entries.txt')):
    if not line.strip() or line.startswith('#'): continue
    cells = line.rstrip('\n').split('\t')
    file = cells[2] if len(cells) > 2 and cells[2] != '-' else None
    overrides[cells[0]] = (cells[1], file, cells[3].split() if len(cells) > 3 else [])
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
        if isinstance(node, ast.FunctionDef):
            start = min([node.lineno] + [d.lineno for d in node.decorator_list])
            if start <= ln <= node.end_lineno: fac = node
    conf = parse_cfg(cfg)
    # a @T.jit kernel is built by the top-level factory that calls KERNEL.specialize(...)
    if fac is not None and any(ast.unparse(d).endswith('T.jit') for d in fac.decorator_list):
        spec = fac.name + '.specialize'
        defs = [n for n in tree.body if isinstance(n, ast.FunctionDef)]
        fac = next((n for n in defs if n.name == 'get_kernel'), None) or \
              next((n for n in defs if spec in ast.unparse(n)), None)
    # The corpus prints the PrimFunc as its decorator made it (the function at the
    # SOURCES.md line), before the factory's .with_attr("tirx.kernel_launch_params", ...)
    # (and .with_attr("tirx.persistent_kernel", True))
    # (TVM's own print of the factory's result shows that attribute: checked with the
    # TVM oracle): the entry drops it again.
    text = open(full).read()
    drop = ''.join(f'.without_attr("{k}")' for k in ('tirx.persistent_kernel', 'tirx.kernel_launch_params')
                   if k in text)
    exprs = [None]
    if fac is not None:
        a = fac.args
        names = [x.arg for x in a.posonlyargs + a.args + a.kwonlyargs]
        kw = {k: v for k, v in conf.items() if k in names}
        if a.kwarg:
            kw.update({k: v for k, v in conf.items() if k not in names})
        # the device the corpus was printed for (sm_100a): the library's runner
        # falls back to 148 SMs (hardware_num_sms) when no GPU is queried
        if 'num_sms' in names and 'num_sms' not in kw:
            kw['num_sms'] = 148
        exprs = [fac.name + '(' + ', '.join(f'{k}={pylit(v)}' for k, v in kw.items()) + ')' + drop]
        # a module-level @T.prim_func at the row's line (configuration "(module level)")
        # is its own entry: its name
        if any('prim_func' in ast.unparse(d) for d in fac.decorator_list):
            exprs = [fac.name + drop]
        if cfg.endswith('…'):
            # truncated: the first entry of the source's own benchmark/test list whose
            # keys agree with the shown ones
            lists = [t.id for n in tree.body if isinstance(n, (ast.Assign, ast.AnnAssign))
                     for t in (n.targets if isinstance(n, ast.Assign) else [n.target])
                     if isinstance(t, ast.Name) and re.fullmatch(r'_?[A-Z_]*(CONFIGS|CASES)', t.id)]
            lists.sort(key=lambda n: (n.startswith('_'), 'BENCH' not in n, n))
            keep = '' if a.kwarg else ' if k in (' + ', '.join(repr(n) for n in names) + ',)'
            shown = '{' + ', '.join(f'{k!r}: {pylit(v)}' for k, v in conf.items()) + '}'
            exprs = [f'({fac.name}(**{{k: v for k, v in {L}[0].items(){keep}}}){drop} if all((list({L}[0].get(k)) if isinstance({L}[0].get(k), tuple) else {L}[0].get(k)) == v for k, v in {shown}.items()) else None)'
                     for L in lists] + exprs
    name = os.path.basename(f)[:-3]
    flags = []
    if name in overrides:
        if overrides[name][1]: full = os.path.join(SRC, overrides[name][1])
        drop = '.without_attr("tirx.kernel_launch_params")' if 'tirx.kernel_launch_params' in open(full).read() else ''
        exprs = [overrides[name][0] + drop]
        flags = overrides[name][2]
    want = open(os.path.join(CORPUS, f)).read()
    i = want.find('# from tvm.script import tirx as T'); want = want[i:]
    for expr in exprs:
        cmd = [BIN + '/tirx-opt', '--print-style=tvm', '-I', SRC, full] + flags + (['--entry', expr] if expr else [])
        t0 = time.monotonic()
        try:
            p = subprocess.run(cmd, capture_output=True, text=True, timeout=20)
            rc, out, err = p.returncode, p.stdout, p.stderr
        except subprocess.TimeoutExpired:
            rc, out, err = 124, '', 'timeout'
        ms = (time.monotonic() - t0) * 1000
        if 'did not give a PrimFunc' not in err: break
    ok = rc == 0
    same = ok and out == want
    if os.environ.get('TIRX_CORPUS_CMDS'):
        with open(os.environ['TIRX_CORPUS_CMDS'], 'a') as cf:
            cf.write(json.dumps([f] + cmd) + '\n')
    if os.environ.get('TIRX_CORPUS_OUT'):  # keep what tirx printed and the wanted text
        d = os.environ['TIRX_CORPUS_OUT']; os.makedirs(d, exist_ok=True)
        b = os.path.join(d, os.path.basename(f)[:-3])
        open(b + '.got.py', 'w').write(out + err); open(b + '.want.py', 'w').write(want)
    stats['n'] += 1; stats['eval'] += ok; stats['same'] += same
    first = ''
    located = False
    if not ok:
        located = rc == 1 and re.match(r'[^\s:][^:]*:\d+:\d+: error: ', err) is not None
        m = re.search(r'error: (.*)', err)
        first = m.group(1) if m else err.strip()[:100]
        key = re.sub(r"'[^']*'", "'…'", first)[:90]
        errs[key] += 1
    res.append((f, expr, rc, 'same' if same else 'differs' if ok else 'error' if located else 'UNLOCATED',
                '%.0f' % ms, first))
for r in res: print('\t'.join(str(x) for x in r))
print('SUMMARY', dict(stats))
for k, v in errs.most_common(15): print(v, k)
names = {os.path.basename(r[0])[:-3]: r for r in res}
same = sorted(n for n, r in names.items() if r[3] == 'same')
print('IDENTICAL %d:' % len(same), ' '.join(same))
times = sorted(float(r[4]) for r in res)
print('TIME ms: max %.0f, median %.0f' % (times[-1], times[len(times) // 2]))
bad = sorted(n for n, r in names.items() if r[3] not in ('same', 'error'))
print('NEITHER IDENTICAL NOR A LOCATED ERROR %d:' % len(bad), ' '.join(bad))
failed = bool(bad)
if args.expect:
    want_same = [l.split('#')[0].strip() for l in open(args.expect)]
    want_same = [n for n in want_same if n]
    # with --only, the listed corpus kernels left out are not checked (a name the corpus lacks is)
    want_same = [n for n in want_same if n in names or n not in all_names]
    missing = [n for n in want_same if n not in names or names[n][3] != 'same']
    print('EXPECTED IDENTICAL BUT NOT %d:' % len(missing), ' '.join(missing))
    failed = failed or bool(missing)
sys.exit(1 if failed else 0)
