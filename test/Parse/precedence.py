# Operator precedence and associativity, every level of the expression grammar (loosest
# first: lambda, if-else, or, and, not, comparisons, |, ^, &, shifts, + -, * / // % @,
# unary, **).  The module constants are evaluated at parse time: each value differs from
# what a parse that swapped two neighbouring levels, or grouped a chain the other way,
# would give (noted beside each; a zero would vanish, T.evaluate(0) prints nothing).  The
# kernel's IR expressions show the tree through the printer's parentheses and calls.
# RUN: %tirx-opt --verify-roundtrip %s | FileCheck %s
# `@` (no value of ours has it) shows its level by where the error points: a binary node
# is located at its left operand, so `2 + 3 @ 4` reports at the 3 (at the 2 if the sum
# were the left operand).
# RUN: not %tirx-opt %S/Inputs/precedence_matmul.py 2>&1 | FileCheck %s --check-prefix=AT
# AT: precedence_matmul.py:2:9: error: unsupported operator '@' on integer constants
B0 = 1 | 2 ^ 3            # 1    ((1 | 2) ^ 3 = 0)
B1 = 6 ^ 3 & 5            # 7    ((6 ^ 3) & 5 = 5)
B2 = 6 & 1 << 2           # 4    ((6 & 1) << 2 = 0)
B3 = 1 << 2 + 1           # 8    ((1 << 2) + 1 = 5)
B4 = 2 + 3 * 4            # 14   ((2 + 3) * 4 = 20)
B5 = 7 % 4 * 2            # 6    (7 % (4 * 2) = 7)
B6 = -3 // 2              # -2   (-(3 // 2) = -1)
B7 = ~1 + 1               # -1   (~(1 + 1) = -3)
B8 = -2 ** 2              # -4   ((-2) ** 2 = 4)
B9 = 2 ** 3 ** 2          # 512  ((2 ** 3) ** 2 = 64)
B10 = 4 ** -1 ** 2        # 0.25 (4 ** ((-1) ** 2) = 4)
B11 = 10 - 3 - 2          # 5    (10 - (3 - 2) = 9)
B12 = 1 - 2 + 3           # 2    (1 - (2 + 3) = -4)
B13 = 100 // 10 // 5      # 2    (100 // (10 // 5) = 50)
B14 = 64 >> 2 >> 1        # 8    (64 >> (2 >> 1) = 32)
B15 = 2 * 3 | 8           # 14   (2 * (3 | 8) = 22)
B16 = 6 & 8 >> 1          # 4    ((6 & 8) >> 1 = 0)
B17 = 8 >> 1 + 1          # 2    ((8 >> 1) + 1 = 5)
B18 = 1 << 3 - 1          # 4    ((1 << 3) - 1 = 7)
B19 = 2 * 3 - 1           # 5    (2 * (3 - 1) = 4)
B20 = 9 - 8 / 4           # 7.0  ((9 - 8) / 4 = 0.25)
B21 = 9 - 7 // 2          # 6    ((9 - 7) // 2 = 1)
C0 = 1 | 2 == 3           # True (1 | (2 == 3) = 1)
C1 = 1 < 3 > 2            # True, chained ((1 < 3) > 2 = False)
C2 = 3 - 1 in [2] in [[2]]  # True, chained
C3 = [] is not None not in [None]  # False, chained (True not in [None] = True)
L0 = not 1 == 2           # True ((not 1) == 2 = False)
L1 = not 0 and 5          # 5    (not (0 and 5) = True)
L2 = 1 or 2 and 3         # 1    ((1 or 2) and 3 = 3)
L3 = 0 and 1 or 7         # 7    (0 and (1 or 7) = 0)
L4 = 4 or 0 and 0         # 4    ((4 or 0) and 0 = 0)
I0 = 1 if 1 else 2 if 0 else 3  # 1  ((1 if 1 else 2) if 0 else 3 = 3)
I1 = 5 if 0 else 6 or 7   # 6    (the else branch holds the whole or)
F0 = (lambda x: x + 1 if x else 9)(2)  # 3: the lambda's body is the whole if-else
W0 = (w := 2 + 3) * w     # 25: the walrus binds the whole sum

# CHECK-LABEL: def f(
# CHECK:      tx = T.thread_id([64])
# CHECK-NEXT: T.evaluate(1)
# CHECK-NEXT: T.evaluate(7)
# CHECK-NEXT: T.evaluate(4)
# CHECK-NEXT: T.evaluate(8)
# CHECK-NEXT: T.evaluate(14)
# CHECK-NEXT: T.evaluate(6)
# CHECK-NEXT: T.evaluate(-2)
# CHECK-NEXT: T.evaluate(-1)
# CHECK-NEXT: T.evaluate(-4)
# CHECK-NEXT: T.evaluate(512)
# CHECK-NEXT: T.evaluate(T.float32(0.25))
# CHECK-NEXT: T.evaluate(5)
# CHECK-NEXT: T.evaluate(2)
# CHECK-NEXT: T.evaluate(2)
# CHECK-NEXT: T.evaluate(8)
# CHECK-NEXT: T.evaluate(14)
# CHECK-NEXT: T.evaluate(4)
# CHECK-NEXT: T.evaluate(2)
# CHECK-NEXT: T.evaluate(4)
# CHECK-NEXT: T.evaluate(5)
# CHECK-NEXT: T.evaluate(T.float32(7.0))
# CHECK-NEXT: T.evaluate(6)
# CHECK-NEXT: T.evaluate(T.bool(True))
# CHECK-NEXT: T.evaluate(T.bool(True))
# CHECK-NEXT: T.evaluate(T.bool(True))
# CHECK-NEXT: T.evaluate(T.bool(False))
# CHECK-NEXT: T.evaluate(T.bool(True))
# CHECK-NEXT: T.evaluate(5)
# CHECK-NEXT: T.evaluate(1)
# CHECK-NEXT: T.evaluate(7)
# CHECK-NEXT: T.evaluate(4)
# CHECK-NEXT: T.evaluate(1)
# CHECK-NEXT: T.evaluate(6)
# CHECK-NEXT: T.evaluate(3)
# CHECK-NEXT: T.evaluate(25)
# On IR values: the printer writes the tree it got.
# CHECK-NEXT: A[tx] = n - tx - 1
# CHECK-NEXT: A[tx] = n - (tx - 1)
# CHECK-NEXT: A[tx] = T.bitwise_or(n, T.bitwise_xor(tx, T.bitwise_and(n, T.shift_left(tx, 1 + 2 * n))))
# CHECK-NEXT: A[tx] = T.bitwise_and(T.bitwise_xor(T.bitwise_or(n, tx), n), tx)
# CHECK-NEXT: A[tx] = T.shift_right(T.shift_left(n, tx), 1) - n
# CHECK-NEXT: A[tx] = n // 2 // tx % 3 * n
# CHECK-NEXT: A[tx] = n * (tx - n) // (n + tx)
# CHECK-NEXT: A[tx] = T.if_then_else(n < tx and not n == tx or tx > 3, n, tx)
# CHECK-NEXT: A[tx] = T.if_then_else(n < tx and (not n == tx or tx > 3), n, tx)
@T.prim_func
def f(A: T.Buffer((64,), "int32"), n: T.int32):
    T.device_entry()
    tx = T.thread_id([64])
    T.evaluate(B0)
    T.evaluate(B1)
    T.evaluate(B2)
    T.evaluate(B3)
    T.evaluate(B4)
    T.evaluate(B5)
    T.evaluate(B6)
    T.evaluate(B7)
    T.evaluate(B8)
    T.evaluate(B9)
    T.evaluate(B10)
    T.evaluate(B11)
    T.evaluate(B12)
    T.evaluate(B13)
    T.evaluate(B14)
    T.evaluate(B15)
    T.evaluate(B16)
    T.evaluate(B17)
    T.evaluate(B18)
    T.evaluate(B19)
    T.evaluate(B20)
    T.evaluate(B21)
    T.evaluate(C0)
    T.evaluate(C1)
    T.evaluate(C2)
    T.evaluate(C3)
    T.evaluate(L0)
    T.evaluate(L1)
    T.evaluate(L2)
    T.evaluate(L3)
    T.evaluate(L4)
    T.evaluate(I0)
    T.evaluate(I1)
    T.evaluate(F0)
    T.evaluate(W0)
    A[tx] = n - tx - 1
    A[tx] = n - (tx - 1)
    A[tx] = n | tx ^ n & tx << 1 + 2 * n
    A[tx] = ((n | tx) ^ n) & tx
    A[tx] = (n << tx >> 1) - n
    A[tx] = n // 2 // tx % 3 * n
    A[tx] = n * (tx - n) // (n + tx)
    A[tx] = T.if_then_else(n < tx and not n == tx or tx > 3, n, tx)
    A[tx] = T.if_then_else(n < tx and (not n == tx or tx > 3), n, tx)
