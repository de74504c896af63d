# Writes a kernel whose nesting is proportional to N (test/Errors/nesting_limits.test):
#   add / mul / and: one line of N terms; elif: N branches; meta: N chained T.meta_vars.
import sys

kind, n = sys.argv[1], int(sys.argv[2])
out = ['@T.prim_func',
       'def f(A: T.Buffer((32,), "float32"), B: T.Buffer((32,), "float32"),'
       ' C: T.Buffer((32,), "int32")):',
       '    T.device_entry()',
       '    tx = T.thread_id([32])']
if kind in ('add', 'mul'):
    out.append('    B[tx] = ' + (' + ' if kind == 'add' else ' * ').join(['A[tx]'] * n))
elif kind == 'and':
    out.append('    if ' + ' and '.join(['C[tx] > 0'] * n) + ':')
    out.append('        B[tx] = A[tx]')
elif kind == 'elif':
    for i in range(n):
        out.append('    %s C[tx] == %d:' % ('if' if i == 0 else 'elif', i))
        out.append('        B[tx] = T.float32(%d)' % i)
elif kind == 'meta':
    out.append('    x0 = T.meta_var(A[tx])')
    for i in range(1, n):
        out.append('    x%d = T.meta_var(x%d + A[tx])' % (i, i - 1))
    out.append('    B[tx] = x%d' % (n - 1))
print('\n'.join(out))
