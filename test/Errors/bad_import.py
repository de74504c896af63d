# RUN: not %tirx-opt %s 2>&1 | FileCheck %s
# A module tirx does not load binds its names lazily: the first use is a
# located error naming the module (host-side code beside a kernel never runs).
# CHECK: {{.*}}bad_import.py:8:8: error: module 'numpy' is not available to tirx (not found on the -I search path
# CHECK-NOT: error
import numpy as np
from torch import nn
X = np.zeros(4)

@T.prim_func
def f(A: T.Buffer((4,), "float32")):
    T.evaluate(0)
