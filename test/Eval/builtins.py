# Python's builtins are values of one table (builtins.def): the same function
# serves a kernel body and Python code, passed as a value too (key=len,
# map(int, ...)); len() of a buffer is its first dimension.  Checked against CPython.
# RUN: %tirx-opt %s | FileCheck %s
# CHECK: T.evaluate(16)
# CHECK-NEXT: T.evaluate(16)
# CHECK-NEXT: T.evaluate(8)
# CHECK-NEXT: T.evaluate(3)
# CHECK-NEXT: T.evaluate(7)
# CHECK-NEXT: T.evaluate(1)
# CHECK-NEXT: T.evaluate(1)
# CHECK-NEXT: T.evaluate(1)
# CHECK-NEXT: T.evaluate(1)
# CHECK-NEXT: T.evaluate(1)
# CHECK-NEXT: T.evaluate(2)

words = ["abc", "a", "ab"]
by_len = sorted(words, key=len)
lens = list(map(len, words))
nums = list(map(int, "1 2 4".split()))
f = max
checks = [
    by_len == ["a", "ab", "abc"] and lens == [3, 1, 2],
    f(3, 7) == 7 and min(words, key=len) == "a" and sum(nums) == 7,
    isinstance(True, int) and not isinstance(1, bool) and isinstance((1,), (list, tuple)),
    type(3) is int and type("s") == str and type([]) is not tuple,
    str(len) == "<built-in function len>" and repr(int) == "<class 'int'>",
    callable(len) and not callable(NotImplemented) and bool([]) is False,
    print("dropped") is None,
]


def rows(buf):
    return len(buf)


@T.prim_func
def k(A: T.Buffer((16, 4), "float32"), B: T.Buffer((8,), "int32")):
    T.evaluate(len(A))
    T.evaluate(rows(A))
    T.evaluate(len(B))
    T.evaluate(len(A.shape) + 1)
    T.evaluate(sum(nums))
    T.evaluate(int(checks[0]))
    T.evaluate(int(checks[1]))
    T.evaluate(int(checks[2]))
    T.evaluate(int(checks[3]))
    T.evaluate(int(checks[4]))
    T.evaluate(sum(checks[5:]))
# RUN: printf '@T.prim_func\ndef k(A: T.Buffer((), "float32"), n: T.int32, B: T.Buffer((n, 4), "float32")):\n    T.evaluate(len(B))\n    T.evaluate(len(A))\n' > %t.py
# RUN: not %tirx-opt %t.py 2>&1 | FileCheck %s --check-prefix=LEN
# LEN: .py:3:16: error: len() of buffer 'B': its first dimension is not a constant
# LEN: .py:4:16: error: len() of a 0-d buffer
