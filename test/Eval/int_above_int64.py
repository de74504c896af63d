# Integers above INT64_MAX (below 2**64) in parse-time Python: a shift or a bitwise
# operation that lands there (TVM's uint64 descriptors: layout << 61) is exact, and so
# is arithmetic on it; meeting a negative integer is the overflow error.  The same
# module-level code runs under CPython for the reference.
# RUN: %tirx-opt -I %S/Inputs %s > %t.tirx
# RUN: %python -c "import sys; sys.path.insert(0, '%S/Inputs'); from big_ints import RESULTS; print('\n'.join('    T.evaluate(%%d)' %% r for r in RESULTS))" > %t.py.txt
# RUN: grep 'T.evaluate(' %t.tirx | grep -v uint64 > %t.tirx.txt
# RUN: diff %t.py.txt %t.tirx.txt
# RUN: FileCheck %s < %t.tirx
# CHECK: T.evaluate(T.uint64(9223442680476925952))
# RUN: printf 'X = (1 << 63) | -1\n' > %t.neg.py
# RUN: not %tirx-opt %t.neg.py 2>&1 | FileCheck %s --check-prefix=NEG
# NEG: error: integer overflow in constant expression (tirx folds constants in 64 bits: a value above 2**63 meets a negative one)
from big_ints import DESC, RESULTS


@T.prim_func
def k():
    T.evaluate(T.uint64(DESC))
    T.evaluate(RESULTS[0])
    T.evaluate(RESULTS[1])
    T.evaluate(RESULTS[2])
    T.evaluate(RESULTS[3])
    T.evaluate(RESULTS[4])
    T.evaluate(RESULTS[5])
    T.evaluate(RESULTS[6])
    T.evaluate(RESULTS[7])
    T.evaluate(RESULTS[8])
    T.evaluate(RESULTS[9])
