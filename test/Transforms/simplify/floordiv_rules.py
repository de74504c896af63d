# RUN: %tirx-opt --pass-pipeline=lower-tirx,simplify %s | FileCheck %s
# RUN: %tirx-opt --pass-pipeline=lower-tirx,simplify --verify-roundtrip %s > /dev/null
# CHECK-LABEL: {{^}}def rules(A: T.Buffer((16,), "int32"), n: T.int32):
# CHECK-NEXT: {{^}}    T.device_entry()
# CHECK-NEXT: {{^}}    tx = T.launch_thread("threadIdx.x", 16)
# CHECK-NEXT: {{^}}    A[0] = n
# CHECK-NEXT: {{^}}    A[1] = n * 2
# CHECK-NEXT: {{^}}    A[2] = 3
# CHECK-NEXT: {{^}}    A[3] = n
# CHECK-NEXT: {{^}}    A[4] = n // 32
# CHECK-NEXT: {{^}}    A[5] = n
# CHECK-NEXT: {{^}}    A[6] = tx
# CHECK-NEXT: {{^}}    A[7] = tx + 2
# CHECK-NEXT: {{^}}    A[8] = T.Div(n, 4)
# CHECK-NEXT: {{^}}    A[9] = 0
# CHECK-NEXT: {{^}}    A[10] = tx + tx
# Floor division / modulo by positive constants: (x*k*c + y) // c = x*k + y // c
# and (x*k*c + y) % c = y % c for any integer x (exact for floor semantics, not for
# truncation); x // 1 = x, x % 1 = 0; (x // a) // b = x // (a*b);
# (x // c) * c + x % c = x.  With range facts (tx in [0, 16)) tx // 16 = 0,
# tx % 16 = tx, and truncdiv/truncmod of non-negative values become // and %.
@T.prim_func
def rules(A: T.Buffer((16,), "int32"), n: T.int32):
    T.device_entry()
    tx = T.thread_id([16])
    A[0] = n * 4 // 4
    A[1] = (n * 8 + 3) // 4
    A[2] = (n * 8 + 3) % 4
    A[3] = T.FloorDiv(n, 1) + T.FloorMod(n, 1)
    A[4] = n // 4 // 8
    A[5] = n // 16 * 16 + n % 16
    A[6] = tx // 16 + tx % 16
    A[7] = T.truncdiv(tx + 32, 16) + T.truncmod(tx, 16)
    A[8] = T.truncdiv(n, 4)
    A[9] = T.Add(n, 0) * 1 - n + T.Mul(n, 0)
    A[10] = T.min(tx, 20) + T.max(tx, 0)
