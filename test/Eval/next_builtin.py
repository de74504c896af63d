# next(g[, default]): generator expressions run eagerly (a tuple), so next()
# gives the first item, or the default when there is none; an empty iterator
# without a default is a located StopIteration error.
# RUN: %tirx-opt %s | FileCheck %s
# CHECK: T.evaluate(96)
# CHECK-NEXT: T.evaluate(-1)
# CHECK-NEXT: T.evaluate(3)
# RUN: printf 'x = next(b for b in (1, 2) if b > 5)\n' > %t.py
# RUN: not %tirx-opt %t.py 2>&1 | FileCheck %s --check-prefix=STOP
# STOP: .py:1:5: error: next(): StopIteration (the iterator is empty and no default was given)

num_sm_parts = 74
max_splits = next((bucket for bucket in (32, 64, 96, 128, 160) if num_sm_parts <= bucket), None)
none = next((b for b in (1, 2) if b > 5), -1)
first = next(iter([3, 4])) if False else next(x for x in [3, 4])


@T.prim_func
def f():
    T.evaluate(max_splits)
    T.evaluate(none)
    T.evaluate(first)
