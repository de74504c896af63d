#!/usr/bin/env python3
"""The lowering column of the one T.ptx registry (include/tirx/internal/ptx_table.def):
which code a PTX row's spellings may become, in its FLAGS column, and the column's
data in the same file (its PTX_NVVM and PTX_ALU rows).

  PTXF_LOWER_LLVM  a scalar ALU/conversion family (a PTX_ALU row) whose row is one
                   destination register and plain source registers: the spelling may
                   lower to plain LLVM IR (lib/Target/NVPTX/intrin_ptx_alu.c), which LLVM
                   optimises
  PTXF_LOWER_NVVM  a row without a destination one of whose spellings is a PTX_NVVM row
                   (its emitter, lib/Target/NVPTX/intrin_ptx.c), or a row codegen maps
                   to an NVVM intrinsic by name (the plain TMA tile copies, cvt.bf16x2
                   from f8x2)
  (neither)        inline asm rendered from the row: the default

NVPTX codegen (cg_ptx_instr) reads the column and tries only the lowerings it names;
everything else is rendered as inline asm.  The column is derived, not chosen: this
script computes it from the registry (the rules above) and checks that the FLAGS say the
same, or rewrites them (--write; run it after scripts/ptx-table-from-tvm.py regenerates
the PTX rows or after a PTX_NVVM / PTX_ALU row changes).  It also checks the PTX_NVVM
rows themselves: emit_row takes its intrinsic from the row ("llvm" set), any other
emitter leaves it "" (a row that names both, or neither, is reported).  Prints one
summary line; exits 1 when anything differs.  A lit test runs it
(test/PTX/lowering-column.test).
  usage: scripts/ptx-lowering.py [--write] [REPO]"""
import os, re, sys

# rows cg_ptx_instr maps to an NVVM intrinsic by their name (intrin_ptx_table.c:
# tma_rows, try_f8x2_to_bf16x2)
BY_NAME = ("cp_async_bulk_tensor_g2s_cluster", "cp_async_bulk_tensor_s2g", "cvt_bf16x2_f8x2")

args = [a for a in sys.argv[1:] if a != '--write']
write = '--write' in sys.argv[1:]
repo = args[0] if args else os.path.join(os.path.dirname(os.path.abspath(__file__)), '..')
table_path = os.path.join(repo, 'include', 'tirx', 'internal', 'ptx_table.def')
table = open(table_path).read()
alu = set(re.findall(r'^PTX_ALU\((\w+),', table, re.M))
# PTX_NVVM(ID, "spelling", min, max, "kinds", RET, FLAGS, EMIT, "llvm", "ops", SM, ARCH)
NVVM = re.compile(r'^PTX_NVVM\((\w+), "([^"]*)", -?\d+, -?\d+, "[^"]*", \w+, [^,]+,\s*(\w+), "([^"]*)", "([^"]*)", (\d+), (true|false)\)$', re.M)
nvvm = NVVM.findall(table)
# every PTX_NVVM spelling: codegen takes its emitter for a table spelling without a
# destination whatever the row returns (mbarrier.arrive with its state sunk)
rows_nvvm = [sp for _, sp, _, _, _, _, _ in nvvm]
ROW = re.compile(r'^PTX\((\w+), "([^"]*)", (\w+), ([^,]+),(\s*\n\s*)"([^"]*)",\s*\n\s*"([^"]*)"', re.M)
bad = []
if len(nvvm) != len(re.findall(r'^PTX_NVVM\(', table, re.M)):
    bad.append('a PTX_NVVM row does not have the twelve columns')
for idn, sp, emit, llvm, ops, sm, arch in nvvm:
    if (emit == 'emit_row') != bool(llvm):
        bad.append('%s: emitter %s with intrinsic "%s" (emit_row needs one, any other emitter none)' %
                   (idn, emit, llvm))


def operand(o):
    rw, kind = o.split(';')[0].split('.')[1:3]
    return rw, kind, o


def spells(mnemonic, slots, s):
    """Whether spelling s is mnemonic + tokens of the row's slots in slot order."""
    if s != mnemonic and not s.startswith(mnemonic + '.'):
        return False
    if any('.' in t for sl in slots for t in sl):
        return True  # a token with a dot (the fabric rows): the prefix decides, conservatively
    toks = s[len(mnemonic) + 1:].split('.') if s != mnemonic else []
    k = 0
    for t in toks:  # greedy: each token in the earliest later slot that lists it
        while k < len(slots) and t not in slots[k]:
            k += 1
        if k == len(slots):
            return False
        k += 1
    return True


def lowering(name, mnemonic, slots_text, ops_text):
    slots = [sl.split('=', 1)[1].split('|') for sl in slots_text.split()]
    slots = [[t.split('@')[0] for t in sl] for sl in slots]
    ops = [operand(o) for o in ops_text.split()]
    flags = []
    if (mnemonic.split('.')[0] in alu and ops and ops[0][:2] == ('w', 'reg') and
            all(k == 'reg' and 'pipe=' not in o for _, k, o in ops) and all(rw == 'r' for rw, _, _ in ops[1:])):
        flags.append('PTXF_LOWER_LLVM')
    has_dst = any(rw == 'w' and k == 'reg' for rw, k, _ in ops)
    if name in BY_NAME or (not has_dst and any(spells(mnemonic, slots, s) for s in rows_nvvm)):
        flags.append('PTXF_LOWER_NVVM')
    return flags


counts = {'PTXF_LOWER_LLVM': 0, 'PTXF_LOWER_NVVM': 0}


def fix(m):
    name, mnemonic, arch, flags_text, sep, slots, ops = m.groups()
    have = [f.strip() for f in flags_text.split('|') if f.strip() != '0']
    keep = [f for f in have if not f.startswith('PTXF_LOWER_')]
    want = lowering(name, mnemonic, slots, ops)
    for f in want:
        counts[f] += 1
    if sorted(f for f in have if f.startswith('PTXF_LOWER_')) != sorted(want):
        bad.append('%s: the table says %s, the rule says %s' % (
            name, ' | '.join(f for f in have if f.startswith('PTXF_LOWER_')) or 'asm', ' | '.join(want) or 'asm'))
    new = ' | '.join(keep + want) or '0'
    return 'PTX(%s, "%s", %s, %s,%s"%s",%s"%s"' % (name, mnemonic, arch, new, sep, slots, sep, ops)


out = ROW.sub(fix, table)
nrows = len(ROW.findall(table))
if write:
    open(table_path, 'w').write(out)
    print('ptx-lowering: wrote %d rows: %d LLVM, %d NVVM' % (nrows, counts['PTXF_LOWER_LLVM'], counts['PTXF_LOWER_NVVM']))
    sys.exit(0)
for b in bad:
    print('ptx-lowering: ' + b)
print('ptx-lowering: %d rows: %d LLVM, %d NVVM; %d PTX_NVVM spellings (%d emit_row), %d PTX_ALU families; %d differ' % (
    nrows, counts['PTXF_LOWER_LLVM'], counts['PTXF_LOWER_NVVM'], len(nvvm),
    sum(1 for r in nvvm if r[2] == 'emit_row'), len(alu), len(bad)))
sys.exit(1 if bad else 0)
