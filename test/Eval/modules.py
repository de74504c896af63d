# The module system: `import a.b`, `from a.b import c`, relative imports inside
# a package, package __init__.py, each module run once with its own globals
# (SCALE below is the module's, not ours), classes from another module, a
# module importing a missing module (cupy) at top level still loads.
# RUN: %tirx-opt -I %S/Inputs %s | FileCheck %s
# RUN: %tirx-opt -I%S/Inputs %s | FileCheck %s
# CHECK: T.evaluate(1026)
# CHECK-NEXT: T.evaluate(1026)
# CHECK-NEXT: T.evaluate(100)
# CHECK-NEXT: T.evaluate(12)
# CHECK-NEXT: T.evaluate("pkg.helpers")
import pkg.helpers
from pkg.helpers import scaled, Tile
from pkg import helpers as h
import pkg

SCALE = 7


@T.prim_func
def f(A: T.Buffer((4,), "float32")):
    T.evaluate(pkg.helpers.scaled(2))
    T.evaluate(scaled(2))
    T.evaluate(pkg.PKG_CONST)
    T.evaluate(Tile(4).area())
    T.evaluate(h.__name__)
