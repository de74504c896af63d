# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %tirx-opt --print-style=tvm --verify-roundtrip %s -o %t
# RUN: sed -n '/^# from tvm.script import tirx as T/,$p' %s > %t.want
# RUN: diff %t.want %t
# TVM's printer (our kernel, printed by TVM 0.27): a device entry and other
# node-less attributes print as T.attr({...}), flat only when the statement
# is its block's whole body; T.break_loop()/T.continue_loop(); no elif; an
# int while condition stays `while 1:`; T.serial prints step= last.
# --print-style=tvm gives back exactly this text, and both styles round-trip.
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def scoping(A: T.Buffer((64,), "int32"), n: T.int32):
    T.attr({"tirx.device_entry": T.bool(True)})
    tx = T.thread_id([32])
    A[tx] = 0
    with T.attr({"tirx.dyn_smem_bytes": 64}):
        for i in range(4):
            if i == n:
                T.break_loop()
            else:
                if i > n:
                    T.continue_loop()
                else:
                    A[i] = i
        k: T.int32 = 0
        while 1:
            k = k + 1
            if k > n:
                T.break_loop()
        for j in T.serial(0, 16, unroll=2, step=4):
            A[j] = k
