#!/usr/bin/env python3
"""Front-end benchmark: parse + verify + print of a generated 10,000-statement
kernel through `tirx-opt`, timed as a whole process (best and median of
several runs).  A benchmark, not a test: it prints numbers and the target.

usage: bench_parse.py [TIRX_OPT] [STATEMENTS] [RUNS]
"""
import os
import statistics
import subprocess
import sys
import tempfile
import time


def kernel(n):
    lines = ['@T.prim_func',
             'def big(A: T.Buffer((1024,), "float32"), B: T.Buffer((1024,), "float32"), n: T.int32):',
             '    T.device_entry()',
             '    bx = T.cta_id([4])',
             '    tx = T.thread_id([256])',
             '    acc: T.float32 = T.float32(0.0)',
             '    k: T.int32 = 0']
    i = 0
    while i < n:
        j = i % 1024
        m = i % 5
        if m == 0:
            lines.append('    B[%d] = A[%d] * T.float32(2.0) + acc' % (j, (j * 7) % 1024))
        elif m == 1:
            lines.append('    acc = acc + A[(tx + %d) %% 1024]' % i)
        elif m == 2:
            lines.append('    k = k + (tx * %d + bx) // 3 %% 17' % (i % 13 + 1))
        elif m == 3:
            lines.append('    if tx < %d and k > n:' % (i % 256))
            lines.append('        B[tx] = T.max(B[tx], acc)')
            i += 1
        else:
            lines.append('    for r in range(%d):' % (i % 8 + 1))
            lines.append('        acc = acc + T.Cast("float32", r)')
            i += 1
        i += 1
    return '\n'.join(lines) + '\n'


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    tool = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, '..', '..', 'build', 'bin', 'tirx-opt')
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 10000
    runs = int(sys.argv[3]) if len(sys.argv) > 3 else 7
    src = kernel(n)
    with tempfile.NamedTemporaryFile('w', suffix='.py', delete=False) as f:
        f.write(src)
        path = f.name
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        r = subprocess.run([tool, path, '-o', os.devnull], capture_output=True)
        times.append(time.perf_counter() - t0)
        if r.returncode != 0:
            sys.stderr.write(r.stderr.decode())
            return 1
    os.unlink(path)
    best, med = min(times), statistics.median(times)
    print('front end (parse + verify + print), %d statements, %d lines of input' % (n, src.count('\n')))
    print('  best   %.3f s' % best)
    print('  median %.3f s' % med)
    print('  target 0.500 s  -> %s (median/target = %.2f)' % ('met' if med < 0.5 else 'MISSED', med / 0.5))
    return 0


if __name__ == '__main__':
    sys.exit(main())
