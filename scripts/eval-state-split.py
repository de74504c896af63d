#!/usr/bin/env python3
"""The evaluator's state split by layer (issue 19): the fields of `Eval` that only
a higher layer uses moved from eval_core.h's `Eval` into that layer's struct,
declared in the layer's header and reached through a pointer of Eval: the Python
layer's `EvPython` (ev->py, eval_python.h), the module layer's `EvModules`
(ev->mod, eval_modules.h), the TIRx layer's `EvTirx` (ev->tx, eval_tirx.h).  What
the core uses stays Eval's own (eval_core.h).  A lower layer cannot reach a
higher layer's state: the struct is incomplete in its header.

This script rewrites the uses of the old field names (`ev->py_steps`,
`ev.py_grow`) to the new paths (`ev->py->steps`, `ev.py->grow`) in the C files
of lib/Parse (and the rest of lib/, fuzz/, tools/).  It is idempotent: re-run it
after merging a branch that still uses an old name.  A field such a branch adds
to Eval is placed in its layer's struct by hand (the lowest layer that uses it).
  usage: scripts/eval-state-split.py [REPO]   (prints the uses it rewrote)"""
import os, re, sys

# old field -> new path below ev (GROUP->NAME)
MOVED = {
    # the Python layer (eval_python.h, EvPython)
    'py_depth': 'py->depth', 'py_steps': 'py->steps', 'max_steps': 'py->max_steps',
    'py_too_big': 'py->too_big', 'nframes': 'py->nframes', 'py_ret': 'py->ret', 'py_gen': 'py->gen',
    'py_class_lo': 'py->class_lo', 'py_owner': 'py->owner', 'py_self': 'py->self',
    'cur_mod': 'py->cur_mod', 'jit_args': 'py->jit_args', 'py_exc': 'py->exc',
    'py_exc_args': 'py->exc_args', 'py_environ': 'py->environ', 'py_grow': 'py->grow',
    'lib_names': 'py->lib_names', 'py_fplans': 'py->fplans', 'py_memo': 'py->memo',
    'py_dindex': 'py->dindex',
    # the module layer (eval_modules.h, EvModules)
    'mods': 'mod->state', 'meta_scope': 'mod->meta_scope',
    'calls': 'mod->calls', 'ncalls': 'mod->ncalls', 'capcalls': 'mod->capcalls',
    # the TIRx layer (eval_tirx.h, EvTirx)
    'loop_depth': 'tx->loop_depth', 'seen_device_entry': 'tx->seen_device_entry',
    'in_device': 'tx->in_device', 'is_jit': 'tx->is_jit', 'inline_depth': 'tx->inline_depth',
    'inline_ret': 'tx->inline_ret', 'inline_returned': 'tx->inline_returned',
    'inline_loop_base': 'tx->inline_loop_base', 'ir_nesting': 'tx->ir_nesting',
    'inline_nest_base': 'tx->inline_nest_base', 'env_vars': 'tx->env_vars',
    'env_tags': 'tx->env_tags', 'nenv': 'tx->nenv', 'with_if': 'tx->with_if', 'irb': 'tx->irb',
}

repo = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), '..')
USE = re.compile(r'\bev(->|\.)(%s)\b' % '|'.join(sorted(MOVED, key=len, reverse=True)))
total = 0
for top in ('lib', 'fuzz', 'tools'):
    for d, _, fs in os.walk(os.path.join(repo, top)):
        for f in fs:
            if not f.endswith(('.c', '.h')):
                continue
            p = os.path.join(d, f)
            s = open(p).read()
            new, n = USE.subn(lambda m: 'ev%s%s' % (m.group(1), MOVED[m.group(2)]), s)
            if n:
                open(p, 'w').write(new)
                print('eval-state-split: %s: %d uses' % (os.path.relpath(p, repo), n))
                total += n
print('eval-state-split: %d uses rewritten' % total)
