# RUN: %tirx-opt %s | FileCheck %s --match-full-lines --strict-whitespace
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %tirx-opt %s | %tirx-opt - | FileCheck %s --match-full-lines --strict-whitespace
# Typed literals (int8, uint64 above INT64_MAX, int64, bool, float16, nan,
# integral float64 in fixed notation, bfloat16) and string escapes (\" \\ \t \n \r, \xHH).
# CHECK:@T.prim_func
# CHECK-NEXT:def lits(a: T.int32):
# CHECK-NEXT:    T.evaluate(T.int8(-2))
# CHECK-NEXT:    T.evaluate(T.uint64(18446744073709551615))
# CHECK-NEXT:    T.evaluate(T.int64(-5))
# CHECK-NEXT:    T.evaluate(T.bool(False))
# CHECK-NEXT:    T.evaluate(T.float16(0.5))
# CHECK-NEXT:    T.evaluate(T.float32("nan"))
# CHECK-NEXT:    T.evaluate(T.float64(100000000000000000000.0))
# CHECK-NEXT:    T.evaluate(T.bfloat16(1.0))
# CHECK-NEXT:    T.call_extern("int32", "my_fn", a, "tab\there \"q\" \\ nl\n cr\r \x01 \xFF")

@T.prim_func
def lits(a: T.int32):
    T.evaluate(T.int8(-3) + T.int8(1))
    T.evaluate(T.uint64(18446744073709551615))
    T.evaluate(T.int64(-5))
    T.evaluate(T.bool(False))
    T.evaluate(T.float16(0.5) + T.float16(-0.0))
    T.evaluate(T.float32("nan"))
    T.evaluate(T.float64(1e20))
    T.evaluate(T.bfloat16(1.0))
    T.call_extern("int32", "my_fn", a, "tab\there \"q\" \\ nl\n cr\r \x01 \xff")
