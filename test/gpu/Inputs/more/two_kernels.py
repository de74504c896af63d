# An IRModule with two kernels; tirx-run picks one with --func.
@I.ir_module
class Module:
    @T.prim_func
    def double(A: T.Buffer((128,), "int32"), B: T.Buffer((128,), "int32")):
        T.device_entry()
        bx = T.cta_id([1])
        tx = T.thread_id([128])
        B[tx] = A[tx] * 2

    @T.prim_func
    def negate(A: T.Buffer((128,), "int32"), B: T.Buffer((128,), "int32")):
        T.device_entry()
        bx = T.cta_id([2])
        tx = T.thread_id([64])
        B[bx * 64 + tx] = 0 - A[bx * 64 + tx]
