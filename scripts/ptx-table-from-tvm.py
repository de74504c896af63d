#!/usr/bin/env python3
"""Maintainer aid, not part of the build: derive include/tirx/internal/ptx_table.def.

TVM 0.27 prints every T.ptx call in a flat form whose trailing strings are the
instruction's modifier slots in the order of TVM's instruction table, so tirx's
table must list the same slots, in the same order, with the same token sets, to
read and print that text.  This script reads those facts (slot names, token
sets, operand shapes, arch floors) from an installed TVM 0.27
(`tvm/backend/cuda/ptx/table.py`, pure data) and writes them in tirx's own row
format (documented at the top of ptx_table.def).  Properties TVM computes with
functions of the modifier map (register-group lengths, derived operand types,
dtype sets, sinkable lanes, and the cross-slot legality rules) are evaluated
here over their closed domains and written out as lookup tables.  The few rules
too wide to tabulate (the scalar ld/st/cvt spellings) are left to ptxas (see
docs/codegen.md).

    python3 scripts/ptx-table-from-tvm.py PATH/TO/tvm/backend/cuda/ptx/table.py --write
    python3 scripts/ptx-lowering.py --write    # then: tirx's lowering column (PTXF_LOWER_*)

ptx_table.def is the one T.ptx registry: after the generated PTX rows it holds the
lowering column's hand-written data (the PTX_NVVM, PTX_IR and PTX_ALU rows, from the line
starting with MARK below to the end).  The script keeps that part as it is: it reads it
from the current file and writes it after the new rows (--write rewrites the file in
place; without it the whole file goes to stdout).
"""
import builtins
import functools
import importlib.util
import io
import itertools
import os
import sys

BAD = set(" ;,>+|[]=-\"")


def load(path):
    spec = importlib.util.spec_from_file_location("ptx_table", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


class Rec(dict):
    def __init__(self, base):
        super().__init__(base)
        self.seen = []

    def __getitem__(self, k):
        if k not in self.seen:
            self.seen.append(k)
        return dict.__getitem__(self, k)

    def get(self, k, d=None):
        if k not in self.seen:
            self.seen.append(k)
        return dict.get(self, k, d)


def domain(entry, name):
    for s in entry.slots:
        if s.name == name:
            return list(s.choices) + ([""] if s.optional else [])
    raise KeyError(name)


def tabulate(entry, fn, fmt):
    """fn over the product of the slots it reads -> '[k1+k2]v1+v2>R,...' or a constant."""
    base = {s.name: (s.choices[0] if not s.optional else "") for s in entry.slots}
    keys = []
    while True:
        results = {}
        grown = False
        for combo in itertools.product(*[domain(entry, k) for k in keys]):
            m = Rec(base)
            m.update(dict(zip(keys, combo)))
            try:
                r = fn(m)
            except Exception:  # a combination the function does not define
                r = None
            for k in m.seen:
                if k not in keys:
                    keys.append(k)
                    grown = True
            results[combo] = r
        if not grown:
            break
        if len(keys) > 6:
            raise SystemExit(f"{entry.name}: {fn.__name__} reads too many slots")
    vals = {c: fmt(r) for c, r in results.items() if r is not None}
    distinct = set(vals.values())
    if len(distinct) == 1:
        return distinct.pop()
    common = max(distinct, key=lambda v: sum(1 for x in vals.values() if x == v))
    rows = ["+".join(t or "-" for t in c) + ">" + v for c, v in vals.items() if v != common]
    rows.append("*>" + common)
    return "[" + "+".join(keys) + "]" + ",".join(rows)


COMPOSITE = {  # checks too wide to tabulate: the part that tells shapes apart
    "_check_ld_vec": "_check_vec128",
    "_check_st_vec": "_check_vec128",
}


def check_table(t, e):
    """The cross-slot rule as a table over the slots it reads: `+[keys]combos`
    lists the legal combinations, `-[keys]combos` the illegal ones (whichever
    is shorter); '' when the rule is too wide to tabulate."""
    fn = e.check
    if fn is None:
        return ""
    if fn.__name__ in COMPOSITE:
        fn = getattr(t, COMPOSITE[fn.__name__])
    base = {s.name: "" if s.optional else s.choices[0] for s in e.slots}
    keys = []
    while True:
        results = {}
        grown = False
        total = 1
        for k in keys:
            total *= len(domain(e, k))
        if total > 20000:
            return ""
        for combo in itertools.product(*[domain(e, k) for k in keys]):
            m = Rec(base)
            m.update(dict(zip(keys, combo)))
            try:
                r = fn(m)
            except Exception:
                r = "error"
            for k in m.seen:
                if k not in keys and k in base:
                    keys.append(k)
                    grown = True
            results[combo] = r is None
        if not grown:
            break
    good = [c for c, ok in results.items() if ok]
    bad = [c for c, ok in results.items() if not ok]
    if not bad:
        return ""
    sign, rows = ("+", good) if len(good) < len(bad) else ("-", bad)
    return sign + "[" + "+".join(keys) + "]" + ",".join("+".join(x or "-" for x in c) for c in rows)


def arch(e):
    a = e.cert_arch or ""
    return {"": "ANY", "sm_75": "75", "sm_80": "80", "sm_90": "90", "sm_90a": "90A", "sm_100": "100",
            "sm_100a": "100A", "sm_103a": "103A", "sm_107a": "107A", "sm_107f": "107F"}[a]


def check_tok(t):
    assert not (set(t) & BAD), t


def operand(e, o):
    out = [f"{o.name}.{o.rw}.{o.kind}"]
    if o.space:
        out.append("sp=" + o.space)
    if callable(o.dtype):
        out.append("t=" + tabulate(e, o.dtype, str))
    elif o.dtype:
        out.append("t=" + o.dtype)
    if callable(o.dtypes):
        out.append("dt=" + tabulate(e, o.dtypes, "|".join))
    elif o.dtypes is not None:
        out.append("dt=" + "|".join(o.dtypes))
    if callable(o.lanes):
        out.append("n=" + tabulate(e, o.lanes, str))
    elif o.lanes != 1:
        out.append(f"n={o.lanes}")
    if o.vector is not None:
        out.append(f"vec={int(o.vector)}")
    if o.bracket:
        out.append("br=" + o.bracket)
    if o.pipe:
        out.append("pipe=" + o.pipe)
    if o.allow_imm_offset:
        out.append("off")
    if o.literal is not None:
        out.append("lit=" + o.literal)
    if o.choices is not None:
        out.append("ch=" + "|".join(o.choices))
    if callable(o.sinkable):
        out.append("sink=" + tabulate(e, o.sinkable, lambda b: str(int(bool(b)))))
    elif o.sinkable:
        out.append("sink")
    return ";".join(out)


MARK = "/* ---- the lowering column's data"
HEAD = """/* The one T.ptx registry.  The PTX rows are GENERATED by scripts/ptx-table-from-tvm.py
 * from TVM 0.27's PTX table; see the format description in include/tirx/internal/ptx_table.h.
 * One row per PTX instruction shape:
 * PTX(NAME, "mnemonic", ARCH, FLAGS, "slots", "operands", "sample", "rule")
 * FLAGS holds the row's lowering column (PTXF_LOWER_LLVM / PTXF_LOWER_NVVM / neither:
 * inline asm).  The column's data follows the rows: PTX_NVVM (the NVVM-intrinsic
 * spellings, which are also the IR ids of the printer and tile passes), PTX_IR (the
 * T.ptx ids that are not instructions) and PTX_ALU (the families lowered to LLVM IR).
 * An includer defines the macros it reads; the others expand to nothing. */
#ifndef PTX
#define PTX(NAME, mn, arch, flags, slots, ops, sample, rule)
#endif
#ifndef PTX_NVVM
#define PTX_NVVM(ID, spelling, mn, mx, kinds, ret, flags, emit, llvm, ops, sm, arch)
#endif
#ifndef PTX_IR
#define PTX_IR(ID, name, mn, mx, kinds, ret, flags, emit)
#endif
#ifndef PTX_ALU
#define PTX_ALU(family, nops, rule, mods, types)
#endif"""


def main():
    t = load(sys.argv[1])
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'include', 'tirx', 'internal',
                        'ptx_table.def')
    old = open(path).read()
    if MARK not in old:
        sys.exit('ptx-table-from-tvm: %s has no lowering-column section (%s...)' % (path, MARK))
    kept = old[old.index(MARK):]
    out = io.StringIO()
    print = functools.partial(builtins.print, file=out)
    print(HEAD)
    for e in t.TABLE.values():
        slots = []
        for s in e.slots:
            for c in s.choices:
                check_tok(c)
            slots.append(s.name + ("?" if s.optional else "") + "=" + "|".join(s.choices))
        ops = " ".join(operand(e, o) for o in e.operands)
        flags = []
        if e.orders_memory:
            flags.append("PTXF_ORDERS_MEMORY")
        if not e.asm_volatile:
            flags.append("PTXF_NOT_VOLATILE")
        v = t.variants(e)
        best = min(v, key=lambda c: sum(1 for x in c if x)) if v else ()
        sample = " ".join(x or "-" for x in best)
        print(f'PTX({e.name}, "{e.ptx_name}", SM_{arch(e)}, {" | ".join(flags) or "0"},\n'
              f'    "{" ".join(slots)}",\n    "{ops}",\n    "{sample}",\n    "{check_table(t, e)}")')
    print()
    text = out.getvalue() + kept
    if '--write' in sys.argv[2:]:
        open(path, 'w').write(text)
    else:
        sys.stdout.write(text)


main()
