# inspect.signature / inspect.Parameter (Python in the prelude, prelude/pystd/inspect.py,
# over the evaluator's _tirx.func_params): parameters in order, names, kinds
# (compared with `is`), defaults and annotations evaluated in the function's module,
# Parameter.empty for what is absent; an annotation object stays the object (kern's
# K.gptr[...] parameters).  The same module-level code runs under CPython for the reference.
# RUN: %tirx-opt -I %S/Inputs %s > %t.tirx
# RUN: %python -c "import sys; sys.path.insert(0, '%S/Inputs'); from signature_probe import RESULTS; print('\n'.join('    T.evaluate(%%d)' %% r for r in RESULTS))" > %t.py.txt
# RUN: grep 'T.evaluate' %t.tirx > %t.tirx.txt
# RUN: diff %t.py.txt %t.tirx.txt
# RUN: wc -l < %t.tirx.txt | FileCheck %s --check-prefix=COUNT
# COUNT: 14
# RUN: printf 'import inspect\ns = inspect.signature(len)\n' > %t.builtin.py
# RUN: not %tirx-opt %t.builtin.py 2>&1 | FileCheck %s --check-prefix=BUILTIN
# BUILTIN: error: inspect.signature() takes a plain Python function (tirx has no signature of this value)
from signature_probe import RESULTS


@T.prim_func
def k():
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
    T.evaluate(RESULTS[10])
    T.evaluate(RESULTS[11])
    T.evaluate(RESULTS[12])
    T.evaluate(RESULTS[13])
