# T.evaluate(T.ptx.X(...)) drops the value, so the T.ptx call is the table's
# instruction, as TVM builds it (the CHECK line is what TVM 0.27 prints); it
# compiles to the instruction.
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s
# RUN: %tirx-llc --mcpu=sm_90a %s -o - | FileCheck %s --check-prefix=PTX
# CHECK: T.ptx.mbarrier(T.cuda.cvta_generic_to_shared(T.address_of(bar)), "arrive", "", "", "shared::cta", "b64", "")
# PTX: mbarrier.arrive.shared.b64
from tvm.script import tirx as T
@T.prim_func
def f(A: T.Buffer((8,), "int32")):
    T.device_entry()
    bar = T.alloc_shared((1,), "uint64")
    T.evaluate(T.ptx.mbarrier.arrive.shared__cta.b64(bar.ptr_to([0])))
    A[0] = 1
