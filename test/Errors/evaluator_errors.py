# Evaluator errors, one per part of the file (--split-input-file keeps the file's line
# numbers; each part must give exactly the errors its comments expect).
# RUN: %tirx-opt --split-input-file --verify-diagnostics %s
@T.prim_func
def f(A: T.Buffer((4,), "float32")):
    tx = T.thread_id([4])  # expected-error@+0:12 {{T.thread_id is only valid after T.device_entry()}}

# -----
@T.prim_func
def f(A: T.Buffer((4,), "float32")):
    T.device_entry()
    tx = T.thread_id([4])
    T.cuda.cta_synk()  # expected-error@+0:12 {{unknown intrinsic 'T.cuda.cta_synk'; did you mean 'T.cuda.cta_sync'?}}

# -----
@T.prim_func
def f(A: T.Buffer((4,), "float32"), b: T.bool):
    T.evaluate(b + b)  # expected-error@+0:16 {{arithmetic on boolean values; cast to an integer type first}}

# -----
# A float is never a condition; an integer `if` condition (TVM's `if flag:`)
# is accepted, see test/Parse/tvm_printed/int_if_condition.py.
@T.prim_func
def f(A: T.Buffer((4,), "float32"), x: T.float32):
    # expected-error@+1:8 {{if condition must be a boolean expression, got float32 (compare explicitly, e.g. x != 0)}}
    if x:
        A[0] = T.float32(1.0)

# -----
@T.prim_func
def f(A: T.Buffer((4,), "float33")):  # expected-error@+0:25 {{unknown dtype "float33"}}
    A[0] = T.float32(1.0)
