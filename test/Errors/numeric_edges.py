# The evaluator's integer and float edges (issue 25, ../shared/repros/ub-0*): where
# Python raises (ValueError, OverflowError) or its exact result is no 64-bit int,
# tirx reports a located error; never UB (UBSan), never a wrapped value.
# RUN: timeout 60 %tirx-opt --split-input-file --verify-diagnostics %s
x = abs(-9223372036854775807 - 1)  # expected-error@+0:5 {{integer overflow: abs(-9223372036854775808) does not fit in 64 bits}}

# -----
x = int(float("nan"))  # expected-error@+0:5 {{int(): cannot convert float NaN to integer}}

# -----
x = int(float("-inf"))  # expected-error@+0:5 {{int(): cannot convert float infinity to integer}}

# -----
x = int(1e19)  # expected-error@+0:5 {{int(): 1e+19 does not fit in a 64-bit integer (tirx's Python ints are 64-bit)}}

# -----
x = int(-9223372036854777856.0)  # expected-error@+0:5 {{int(): -9.22337e+18 does not fit in a 64-bit integer (tirx's Python ints are 64-bit)}}

# -----
x = range(int(1e30))  # expected-error@+0:11 {{int(): 1e+30 does not fit in a 64-bit integer (tirx's Python ints are 64-bit)}}

# -----
x = round(float("inf"))  # expected-error@+0:5 {{round(): cannot convert float infinity to integer}}

# -----
x = round(float("nan"))  # expected-error@+0:5 {{round(): cannot convert float NaN to integer}}

# -----
x = round(1e300)  # expected-error@+0:5 {{round(): 1e+300 does not fit in a 64-bit integer (tirx's Python ints are 64-bit)}}

# -----
import math
x = math.floor(float("inf"))  # expected-error@+0:10 {{math.floor(): cannot convert float infinity to integer}}

# -----
import math
x = math.ceil(float("nan"))  # expected-error@+0:10 {{math.ceil(): cannot convert float NaN to integer}}

# -----
import math
x = math.lcm(9223372036854775807, 9223372036854775806)  # expected-error@+0:10 {{integer overflow: the result of math.lcm() does not fit in 64 bits}}

# -----
import math
x = math.gcd(-9223372036854775807 - 1)  # expected-error@+0:10 {{integer overflow: the result of math.gcd() does not fit in 64 bits}}

# -----
x = len(range(-9223372036854775807 - 1, 9223372036854775807))  # expected-error@+0:9 {{range() of more than 1000000 items at parse time}}

# -----
@T.prim_func
def k(A: T.Buffer((4,), "float32")):
    T.device_entry()
    for i in T.serial(-9223372036854775807 - 1, 9223372036854775807):  # expected-error@+0:16 {{T.serial(-9223372036854775808, 9223372036854775807): the extent does not fit in 64 bits}}
        A[0] = T.float32(1.0)

# -----
x = list(range(9223372036854775807, -9223372036854775807 - 1, -1))  # expected-error@+0:10 {{range() of more than 1000000 items at parse time}}

# -----
x = 3 ** 9223372036854775807  # expected-error@+0:7 {{integer overflow in constant expression (tirx folds constants in 64 bits)}}

# -----
x = "ab" * 4611686018427387904  # expected-error@+0:5 {{repeated sequence longer than 1000000 items}}
