# RUN: not %tirx-opt %s 2>&1 | FileCheck %s
# Node constructors do not promote, so their operands must already agree; logic
# operands must be bool.  Every error of the function is reported.
@T.prim_func
def f(a: T.int32, w: T.int64, flag: T.bool, h: T.float16):
    # CHECK: operand_types.py:[[@LINE+1]]:18: error: operands of Add have different dtypes: int32 and int64
    T.evaluate(T.Add(a, w))
    # CHECK: operand_types.py:[[@LINE+1]]:18: error: operands of Min have different dtypes: int32 and int64
    T.evaluate(T.Min(a, w))
    # CHECK: operand_types.py:[[@LINE+1]]:18: error: operands of LT have different dtypes: float16 and int32
    T.evaluate(T.LT(h, a))
    # CHECK: operand_types.py:[[@LINE+1]]:18: error: operand of 'not' must be bool, got int32
    T.evaluate(T.Not(a))
    # CHECK: operand_types.py:[[@LINE+1]]:18: error: operands of And must be bool
    T.evaluate(T.And(flag, a))
