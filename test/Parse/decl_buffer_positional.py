# T.decl_buffer / T.alloc_buffer take TVM's positional order after the dtype:
# data, strides, elem_offset, byte_offset, scope, align, offset_factor, layout,
# allocated_addr (the print is TVM's for the same source, checked with TVM 0.27).
# A positional and a keyword value of one argument, or too many positional
# arguments, are located errors.
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# CHECK: X = T.decl_buffer((4,), "uint32", data=A.data, elem_offset=4)
# CHECK-NEXT: Y = T.decl_buffer((2,), "uint32", data=A.data)
# RUN: printf '@T.prim_func\ndef g(A: T.Buffer((8,), "uint8")):\n    X = T.decl_buffer((2,), "uint8", A.data, data=A.data)\n' > %t1.py
# RUN: not %tirx-opt %t1.py 2>&1 | FileCheck %s --check-prefix=TWICE
# TWICE: .py:3:40: error: T.decl_buffer() got multiple values for argument 'data'
# RUN: printf '@T.prim_func\ndef g(A: T.Buffer((8,), "uint8")):\n    X = T.decl_buffer((2,), "uint8", A.data, None, None, None, "global", 0, 0, None, None, None)\n' > %t2.py
# RUN: not %tirx-opt %t2.py 2>&1 | FileCheck %s --check-prefix=MANY
# MANY: .py:3:{{[0-9]+}}: error: T.decl_buffer() takes at most 11 positional arguments


@T.prim_func
def f(A: T.Buffer((64,), "uint8")):
    X = T.decl_buffer((4,), "uint32", A.data, None, 4)
    Y = T.decl_buffer((2,), "uint32", A.data, None, None, None, "global")
    X[0] = T.uint32(1)
    Y[1] = T.uint32(2)
