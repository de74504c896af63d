# RUN: %tirx-opt %s | FileCheck %s
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# CHECK-LABEL: @T.prim_func
# CHECK-NEXT: {{^}}def f(A: T.Buffer((16, 16), "int32"), B: T.Buffer((64,), "int32")):
# CHECK-NEXT: {{^}}    i: T.int32 = 0
# CHECK-NEXT: {{^}}    while i < 10:
# CHECK-NEXT: {{^}}        if i % 2 == 1:
# CHECK-NEXT: {{^}}            i = i + 1
# CHECK-NEXT: {{^}}            continue
# CHECK-NEXT: {{^}}        elif i == 4:
# CHECK-NEXT: {{^}}            T.break_loop()
# CHECK-NEXT: {{^}}        else:
# CHECK-NEXT: {{^}}            B[i] = i
# CHECK-NEXT: {{^}}        i = i + 1
# CHECK-NEXT: {{^}}        if i == 7:
# CHECK-NEXT: {{^}}            break
# CHECK-NEXT: {{^}}    for x, y in T.grid(16, 16):
# CHECK-NEXT: {{^}}        A[x, y] = x * y
# CHECK-NEXT: {{^}}    for k in T.unroll(4):
# CHECK-NEXT: {{^}}        B[k] = 0
# CHECK-NEXT: {{^}}    for k in T.vectorized(4):
# CHECK-NEXT: {{^}}        B[k + 4] = 1
# CHECK-NEXT: {{^}}    for k in range(0, 64, 4):
# CHECK-NEXT: {{^}}        B[k] = 2
# CHECK-NEXT: {{^}}    for k in T.serial(2, 10, unroll=2):
# CHECK-NEXT: {{^}}        B[k] = 3
# if/elif/else, while, break/continue (also TVM's T.break_loop spelling, kept as written),
# loop kinds and T.grid.
@T.prim_func
def f(A: T.Buffer((16, 16), "int32"), B: T.Buffer((64,), "int32")):
    i: T.int32 = 0
    while i < 10:
        if i % 2 == 1:
            i = i + 1
            continue
        elif i == 4:
            T.break_loop()
        else:
            B[i] = i
        i = i + 1
        if i == 7:
            break
    for x in range(16):
        for y in range(16):
            A[x, y] = x * y
    for k in T.unroll(4):
        B[k] = 0
    for k in T.vectorized(4):
        B[k + 4] = 1
    for k in range(0, 64, 4):
        B[k] = 2
    for k in T.serial(2, 10, annotations={"pragma_unroll": 2}):
        B[k] = 3
