# T.buffer_store(buffer, value, indices[, predicate]): TVM's store statement in
# call form (Python helpers use it); it prints as the assignment TVM prints
# (checked with TVM 0.27).  A bare index is one index; errors are located.
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# CHECK: for i in range(4):
# CHECK-NEXT: A[i + 1] = T.float32(1.0)
# CHECK-NEXT: B[1, 2] = n
# CHECK-NEXT: A[4:8] = T.Broadcast(T.float32(2.0), 4)
# CHECK-NEXT: A[0] = T.float32(3.0)
# RUN: printf '@T.prim_func\ndef g(n: T.int32):\n    T.buffer_store(n, 1, [0])\n' > %t1.py
# RUN: not %tirx-opt %t1.py 2>&1 | FileCheck %s --check-prefix=NOTBUF
# NOTBUF: .py:3:20: error: T.buffer_store: the first argument must be a buffer
# RUN: printf '@T.prim_func\ndef g(B: T.Buffer((4, 4), "int32")):\n    T.buffer_store(B, 1, [0])\n' > %t2.py
# RUN: not %tirx-opt %t2.py 2>&1 | FileCheck %s --check-prefix=DIMS
# DIMS: .py:3:{{[0-9]+}}: error: buffer 'B' has 2 dimensions but 1 indices were given
# RUN: printf '@T.prim_func\ndef g(B: T.Buffer((4,), "int32")):\n    T.buffer_store(B, 1)\n' > %t3.py
# RUN: not %tirx-opt %t3.py 2>&1 | FileCheck %s --check-prefix=ARGS
# ARGS: .py:3:{{[0-9]+}}: error: T.buffer_store takes (buffer, value, indices[, predicate])


def store_one(dst, i):
    T.buffer_store(dst, T.float32(1), [i + 1])


@T.prim_func
def f(A: T.Buffer((8,), "float32"), B: T.Buffer((4, 4), "int32"), n: T.int32):
    for i in range(4):
        store_one(A, i)
    T.buffer_store(B, n, [1, 2])
    T.buffer_store(A, T.Broadcast(T.float32(2), 4), [T.Ramp(4, 1, 4)])
    T.buffer_store(A, T.float32(3), 0)
