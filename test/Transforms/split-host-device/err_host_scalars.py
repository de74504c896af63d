# RUN: not %tirx-opt --pass-pipeline=default %s 2>&1 | FileCheck %s
# Host scalars before T.device_entry() are integer arithmetic over the parameters and shape
# variables, each computed once; anything else is a located error.
# CHECK: {{.*}}err_host_scalars.py:13:5: error: 'm' is assigned more than once before T.device_entry(): host code there may compute each scalar once
# CHECK: {{.*}}err_host_scalars.py:21:9: error: host code before T.device_entry(): 'm' = ... is not integer arithmetic over the parameters and shape variables (a load of 'A' is not), which is all the host computes for a kernel
# CHECK: {{.*}}err_host_scalars.py:29:22: error: host code before T.device_entry(): 'm' = {{.*}} is not integer arithmetic over the parameters and shape variables ({{.*}} is not), which is all the host computes for a kernel
# CHECK: {{.*}}err_host_scalars.py:40:5: error: host code after T.device_entry() is not supported yet (line 40)


@T.prim_func
def twice(A: T.Buffer((4,), "float32"), n: T.int32):
    m = n * 2
    m = m + 1
    T.device_entry()
    tx = T.thread_id([4])
    A[tx] = T.Cast("float32", m)


@T.prim_func
def load(A: T.Buffer((4,), "float32"), n: T.int32):
    m = A[0]
    T.device_entry()
    tx = T.thread_id([4])
    A[tx] = m


@T.prim_func
def floating(A: T.Buffer((4,), "float32"), n: T.int32):
    m: T.float32 = T.Cast("float32", n) * T.float32(0.5)
    T.device_entry()
    tx = T.thread_id([4])
    A[tx] = m


@T.prim_func
def after(A: T.Buffer((4,), "float32"), n: T.int32):
    with T.device_entry():
        tx = T.thread_id([4])
        A[tx] = T.float32(1.0)
    m = n * 2
