# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %tirx-opt --print-style=tvm --verify-roundtrip %s -o %t
# RUN: sed -n '/^# from tvm.script import tirx as T/,$p' %s > %t.want
# RUN: diff %t.want %t
# TVM's printer: bitwise and shift calls print as Python operators with
# Python's precedence; a constant under ~ folds (T.BitwiseNot) only for index
# types; x % 1 folds (T.FloorMod) only for index types.  Exactly this text
# comes back from --print-style=tvm.
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def bitwise(A: T.Buffer((16,), "uint32"), B: T.Buffer((16,), "int32"), C: T.Buffer((16,), "uint64")):
    T.attr({"tirx.device_entry": T.bool(True)})
    tx = T.thread_id([16])
    a: T.uint32 = A[tx]
    b: T.int32 = B[tx]
    A[tx] = (a >> T.uint32(3) << T.uint32(2) | T.uint32(1)) ^ a & T.uint32(255)
    B[tx] = ~b + (b & 3 | 4) + T.BitwiseNot(3)
    C[tx] = C[tx] & ~T.uint64(16383)
    A[tx] = a % T.uint32(1) + a % T.uint32(3)
    B[tx] = T.FloorMod(b, 1)
    T.evaluate(b << 1)
    if b & 1 == 0:
        B[0] = 1
