# globals(): the running module's names as a dict (a snapshot: reading is CPython's,
# a store into it does not rebind a name).  The same module-level code runs under
# CPython for the reference.
# RUN: %tirx-opt -I %S/Inputs %s > %t.tirx
# RUN: %python -c "import sys; sys.path.insert(0, '%S/Inputs'); from globals_probe import RESULTS; print('\n'.join('    T.evaluate(%%d)' %% r for r in RESULTS))" > %t.py.txt
# RUN: grep 'T.evaluate' %t.tirx > %t.tirx.txt
# RUN: diff %t.py.txt %t.tirx.txt
# RUN: FileCheck %s < %t.tirx.txt
# CHECK: T.evaluate(5)
# CHECK-NEXT: T.evaluate(7)
# CHECK-NEXT: T.evaluate(3)
# CHECK-NEXT: T.evaluate(1)
# CHECK-NEXT: T.evaluate(1)
# CHECK-NEXT: T.evaluate(7)
from globals_probe import RESULTS


@T.prim_func
def k():
    T.evaluate(RESULTS[0])
    T.evaluate(RESULTS[1])
    T.evaluate(RESULTS[2])
    T.evaluate(RESULTS[3])
    T.evaluate(RESULTS[4])
    T.evaluate(RESULTS[5])
