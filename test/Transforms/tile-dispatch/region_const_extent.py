# A slice whose bounds are one expression plus different constants has a constant extent:
# a ring stage's B rows `s * SR + BM:s * SR + SR` (SR, BM module constants; the evaluator
# folds them to s * 384 + 128 : s * 384 + 384) are 256 rows, as `s * SR + BM:s * SR + BM + BN`
# are, and tile-dispatch lowers the copy (before, "the region of 'B' has a symbolic extent").
# Bounds with different expressions stay symbolic (the error names the region).
# RUN: %tirx-opt %s | FileCheck %s
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %tirx-opt --pass-pipeline=tile-dispatch %s | FileCheck %s --check-prefix=LOW
# RUN: not %tirx-opt --pass-pipeline=tile-dispatch -D SYM=1 %s 2>&1 | FileCheck %s --check-prefix=ERR
SR = 384
BM = 128
SYM = 0
# CHECK: T.cta.copy(B[s * 384 + 128:s * 384 + 128 + 256, 0:64], A[s * 384 + 128:s * 384 + 128 + 256, 0:64])
# CHECK: T.cta.copy(B[s * 384 + 1:s * 384 + 1 + 2, 0:64], A[s * 384 - 1:s * 384 - 1 + 2, 0:64])
# LOW-NOT: T.cta.copy
# ERR: error: T.cta.copy: no variant applies ({{.*}}the region of 'B' has a symbolic extent
@T.prim_func
def f(A: T.Buffer((1024, 64), "float16"), B: T.Buffer((1024, 64), "float16")):
    T.device_entry()
    bx = T.cta_id([2])
    tx = T.thread_id([128])
    s: T.let[T.int32] = bx % 2
    T.cta.copy(B[s * SR + BM:s * SR + SR, 0:64], A[s * SR + BM:s * SR + SR, 0:64])
    T.cta.copy(B[s * SR + 1:s * SR + 3, 0:64], A[s * SR - 1:s * SR + 1, 0:64])
    if SYM:
        T.cta.copy(B[s * SR:bx * SR + 2, 0:64], A[s * SR:s * SR + 2, 0:64])
