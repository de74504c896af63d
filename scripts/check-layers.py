#!/usr/bin/env python3
"""The evaluator's layers (docs/architecture.md "Evaluator"): a file of lib/Parse
may use the functions of its own layer and of the layers below it, never those
of a layer above (a lower layer reaches a higher one's behaviour through the
wiring's tables: a value kind's slots, a builtin's row, a hook table such as
ev_core_hooks), and includes no higher layer's header.  Lists every use of a
higher layer's function (a call, or a function named in a table) and every
such include, and exits 1 if there is one.  There are no exceptions.  Run by
CI's warnings job and a lit test.
  usage: scripts/check-layers.py [REPO]"""
import os, re, sys

# lowest first; a file not listed is an error (every evaluator file has a layer)
LAYERS = [
    ('core', ['eval_value.c', 'eval_expr.c']),  # values, scopes, expressions, calls
    ('python', ['eval_builtin.c', 'eval_py.c', 'eval_class.c', 'eval_object.c', 'eval_irnode.c']),  # builtins, statements, classes
    ('modules', ['eval_module.c', 'eval_tvm.c']),  # imports, the prelude, TVM's native names
    ('tirx', ['eval_stmt.c', 'eval_call.c', 'eval_buffer.c', 'eval_view.c', 'eval_pool.c', 'eval_ptx.c',
              'eval_frames.c', 'eval_macro.c', 'eval_irbuilder.c']),  # kernels: statements, T.* builders, buffers, views, ...
    ('wiring', ['eval_types.c']),  # the type table and the rows naming every layer's functions
]

args = sys.argv[1:]
repo = args[0] if args else os.path.join(os.path.dirname(os.path.abspath(__file__)), '..')
parse = os.path.join(repo, 'lib', 'Parse')

layer_of = {f: i for i, (_, fs) in enumerate(LAYERS) for f in fs}
files = sorted(f for f in os.listdir(parse) if f.startswith('eval_') and f.endswith('.c'))
missing = [f for f in files if f not in layer_of]
if missing:
    print('check-layers: no layer for ' + ', '.join(missing) + ' (add it to LAYERS in scripts/check-layers.py)')
    sys.exit(1)


def code(path):
    """The file's text without comments and string literals."""
    s = open(path).read()
    s = re.sub(r'/\*.*?\*/', lambda m: '\n' * m.group(0).count('\n'), s, flags=re.S)
    s = re.sub(r'//[^\n]*', '', s)
    return re.sub(r'"(\\.|[^"\\\n])*"', '""', s)


def with_defs(f):
    """f's code and that of the .def tables it includes (their rows name functions)."""
    s = code(os.path.join(parse, f))
    for d in re.findall(r'#include "Parse/(\w+\.def)"', open(os.path.join(parse, f)).read()):
        s += code(os.path.join(parse, d))
    return s


texts = {f: with_defs(f) for f in files}
# functions defined with external linkage: a line at column 0 that opens a body
defined = {}
for f, s in texts.items():
    for m in re.finditer(r'^(?!static\b)[A-Za-z_][\w \t\*]*?\b([A-Za-z_]\w*)\s*\([^;{]*\)\s*\{', s, re.M):
        defined[m.group(1)] = f

uses = set()
for f, s in texts.items():
    for name in set(re.findall(r'\b[A-Za-z_]\w*\b', s)):
        g = defined.get(name)
        if g and g != f and layer_of[g] > layer_of[f]:
            uses.add('%s -> %s (%s)' % (f, name, g))

# headers: a file includes its own layer's (each includes the one below); the
# whole evaluator's eval.h only the wiring
HEADERS = {'eval_core.h': 0, 'eval_python.h': 1, 'eval_modules.h': 2, 'eval_tirx.h': 3, 'eval.h': len(LAYERS) - 1}
bad_includes = []
for f in files:
    for h in re.findall(r'#include "Parse/(eval\w*\.h)"', open(os.path.join(parse, f)).read()):
        if HEADERS.get(h, 0) > layer_of[f]:
            bad_includes.append('%s includes %s, a higher layer\'s header' % (f, h))

for u in sorted(uses):
    print('check-layers: a lower layer uses a higher one: ' + u)
for b in bad_includes:
    print('check-layers: ' + b)
names = ' -> '.join(n for n, _ in LAYERS)
print('check-layers: %s; %d upward uses, %d includes of a higher layer\'s header' % (names, len(uses), len(bad_includes)))
sys.exit(1 if uses or bad_includes else 0)
