# RUN: not %tirx-opt %s 2>&1 | FileCheck %s
# A kernel loop over a Python list (or an empty one) is no TIRx loop, as in
# TVM's parser: a located error (it used to crash, taking the list's items
# for T.grid's loop frames).
# CHECK: for_python_list.py:11:14: error: a TIRx for loop iterates over range(...), T.serial/T.unroll/T.vectorized/T.parallel(...) or T.grid(...)
# CHECK: for_python_list.py:13:14: error: a TIRx for loop iterates over range(...)
xs = [True, False]

@T.prim_func
def k():
    for c in xs:
        T.evaluate(int(c))
    for d in []:
        T.evaluate(0)
