# Import cycles see the module partially initialised, as in CPython: the module
# is registered before its body runs, so a package's body may import a submodule
# that imports the package back (names bound so far are there; later ones appear
# once it finished).  __package__, __name__ and a module-level __getattr__ (PEP
# 562) and __file__ too.  The same module-level code runs under CPython for the reference.
# RUN: %tirx-opt -I %S/Inputs %s | FileCheck %s
# RUN: %python -c "import sys; sys.path.insert(0, '%S/Inputs'); from partial_modules import RESULTS; print('\n'.join('    T.evaluate(%%d)' %% r for r in RESULTS))" | FileCheck %s
# CHECK: T.evaluate(16)
# CHECK-NEXT: T.evaluate(800)
# CHECK-NEXT: T.evaluate(1)
# CHECK-NEXT: T.evaluate(1)
# CHECK-NEXT: T.evaluate(1)
# CHECK-NEXT: T.evaluate(1)
# CHECK-NEXT: T.evaluate(500)
# CHECK-NEXT: T.evaluate(600)
# CHECK-NEXT: T.evaluate(1)
# RUN: printf 'import cycpkg.helper\nfrom cycpkg import missing_name\n' > %t.py
# RUN: not %tirx-opt -I %S/Inputs %t.py 2>&1 | FileCheck %s --check-prefix=MISSING
# MISSING: cycpkg/__init__.py:13:5: error: raised AttributeError: missing_name
from partial_modules import RESULTS

assert __package__ is None  # the input is a script, as `python FILE` runs it
assert __file__.endswith("modules_partial.py")  # __file__: the path it was run from


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
