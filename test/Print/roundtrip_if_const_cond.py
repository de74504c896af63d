# RUN: %tirx-opt %s | FileCheck %s --match-full-lines
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %tirx-opt --print-style=tvm --verify-roundtrip %s > /dev/null
# An IR `if` whose condition folds to an integer constant (`n * 0`) prints the constant
# typed: a bare `if 0:` re-parses as a parse-time Python `if` and drops the body
# (shared/repros/roundtrip-05-if-folded-constant.py, seen in recurrent_kda_decode).
# CHECK:    if T.int32(0):
# CHECK-NEXT:        A[tx] = 1
# CHECK:    if T.int32(1):
# CHECK-NEXT:        A[tx] = 2
# CHECK-NEXT:    elif T.int32(0):
# CHECK-NEXT:        A[tx] = 3
# CHECK:    if T.bool(True):
# CHECK-NEXT:        A[tx] = 4
@T.prim_func
def f(A: T.Buffer((4,), "int32"), n: T.int32):
    T.device_entry()
    tx = T.thread_id([4])
    if n * 0:
        A[tx] = 1
    if T.int32(1):
        A[tx] = 2
    elif n * 0:
        A[tx] = 3
    if T.bool(True):
        A[tx] = 4
