#!/usr/bin/env python3
"""Function sizes of a source folder (issue 19's target for lib/Parse: no
function over 120 lines, p99 <= 80).  A function is a definition whose body
opens at the end of a line starting at column 0 and closes with `}` at
column 0; its size is its lines from the signature's first line to the `}`.
Prints the largest ones, then max / p99 / count over 120.  With --check
LIMITS (scripts/func-sizes-limit.txt: lines "max N", "p99 N", "over120 N")
it fails when a measure grows past its limit: a ratchet (CI's warnings job,
test/Eval/func-sizes.test); lower a limit when the code gets there.
  usage: scripts/func-sizes.py [DIR (default lib/Parse)] [-n TOP] [--check LIMITS]"""
import os, re, sys

args = sys.argv[1:]
top = 10
if '-n' in args:
    i = args.index('-n')
    top = int(args[i + 1])
    del args[i:i + 2]
limits = None
if '--check' in args:
    i = args.index('--check')
    limits = args[i + 1]
    del args[i:i + 2]
root = args[0] if args else os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'lib', 'Parse')

sizes = []
for f in sorted(os.listdir(root)):
    if not f.endswith('.c'):
        continue
    lines = open(os.path.join(root, f)).read().split('\n')
    start = name = None
    for i, l in enumerate(lines):
        if start is None:
            # a signature's first line: column 0, an identifier, a '(' (static/inline/types before it)
            m = re.match(r'^(?!typedef|struct\s+\w+\s*\{|enum|union|#|/\*| )[A-Za-z_][\w \t\*]*?\b([A-Za-z_]\w*)\s*\(', l)
            if m and not l.rstrip().endswith(';') and '=' not in l.split('(')[0]:
                if l.rstrip().endswith('}') and '{' in l:  # a one-line function
                    sizes.append((1, '%s:%d %s' % (f, i + 1, m.group(1))))
                    continue
                j = i
                while j < len(lines) and not lines[j].rstrip().endswith(('{', ';', '}')):
                    j += 1
                if j < len(lines) and lines[j].rstrip().endswith('{'):
                    start, name = i, m.group(1)
        elif lines[i].startswith('}'):
            sizes.append((i - start + 1, '%s:%d %s' % (f, start + 1, name)))
            start = None

sizes.sort(reverse=True)
for n, where in sizes[:top]:
    print('%5d  %s' % (n, where))
ns = sorted(n for n, _ in sizes)
p99 = ns[min(len(ns) - 1, int(len(ns) * 0.99))] if ns else 0
over = sum(1 for n in ns if n > 120)
print('functions %d, max %d, p99 %d, over 120 lines: %d' % (len(ns), ns[-1] if ns else 0, p99, over))
if limits:
    want = {}
    for l in open(limits):
        l = l.split('#')[0].split()
        if l:
            want[l[0]] = int(l[1])
    bad = ['%s %d > %d' % (k, v, want[k]) for k, v in (('max', ns[-1] if ns else 0), ('p99', p99), ('over120', over))
           if k in want and v > want[k]]
    for b in bad:
        print('func-sizes: over the limit (%s): %s; split the function (or, never by hand, raise the limit)'
              % (limits, b))
    print('func-sizes: %s' % ('%d over the limits' % len(bad) if bad else 'within the limits'))
    sys.exit(1 if bad else 0)
