# buf.allocated_addr is TVM's tuple of the buffer's allocated address
# expressions (tensor-memory columns); () when none was given (the print is
# TVM's, checked with TVM 0.27).
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# CHECK: T.evaluate(32 + i * 4)
# CHECK: T.evaluate(5)


@T.prim_func
def f():
    t = T.decl_buffer((128, 4), "float32", scope="tmem", allocated_addr=32)
    for i in range(2):
        T.evaluate(t.allocated_addr[0] + i * 4)
    u = T.alloc_local((2,), "float32")
    T.evaluate(len(u.allocated_addr) + 5)
