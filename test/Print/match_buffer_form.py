# RUN: %tirx-opt --verify-roundtrip %s | FileCheck %s
# What the T.Buffer annotation cannot say prints in the match_buffer form, so that the text
# re-parses to the same IR: a handle the body uses itself (it printed as `A.data`, a different
# variable) and a shape variable that is not int32 (the signature makes int32 ones).
# CHECK-LABEL: def uses_handle(a: T.handle, b: T.handle):
# CHECK-NEXT: A = T.match_buffer(a, (4,), "float32")
# CHECK-NEXT: B = T.match_buffer(b, (4,), "float32")
# CHECK-NEXT: T.call_extern("void", "foo", a, B.data)
# CHECK-LABEL: def int16_shape(a: T.handle, b: T.handle):
# CHECK-NEXT: n = T.int16()
# CHECK-NEXT: A = T.match_buffer(a, (n,), "float32")
# CHECK-NEXT: B = T.match_buffer(b, (n, 4), "float32", align=32)
# CHECK-NEXT: A[0] = T.float32(1.0)
# CHECK-LABEL: def plain(A: T.Buffer((4,), "float32")):
@T.prim_func
def uses_handle(a: T.handle, b: T.handle):
    A = T.match_buffer(a, (4,), "float32")
    B = T.match_buffer(b, (4,), "float32")
    T.evaluate(T.call_extern("void", "foo", a, B.data))


@T.prim_func
def int16_shape(a: T.handle, b: T.handle):
    n = T.int16()
    A = T.match_buffer(a, (n,), "float32")
    B = T.match_buffer(b, (n, 4), "float32", align=32)
    A[0] = T.float32(1)


@T.prim_func
def plain(a: T.handle):
    A = T.match_buffer(a, (4,), "float32")
    A[0] = T.float32(1)
