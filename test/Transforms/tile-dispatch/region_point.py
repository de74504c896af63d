# A region whose every extent is 1 (R[0:1], S[1:2, 0:1]): TVM prints it as an
# element access (R.source[0], S[1, 0]), which is a load when parsed back.
# tirx's style keeps the last dimension a slice so that its print parses back
# to the same region (byte-identical round trip); TVM's text is read as the
# one-element region where the op wants a region (the destination, a cast's or
# copy's source) and as the element's value where a scalar may stand (a binary
# op's operand): both compute the same.
# RUN: %tirx-opt %s | FileCheck %s --check-prefix=TIRX
# RUN: %tirx-opt %s | %tirx-opt - | FileCheck %s --check-prefix=TIRX
# RUN: %tirx-opt --verify-roundtrip %s > /dev/null
# RUN: %tirx-opt --print-style=tvm %s | FileCheck %s --check-prefix=TVM
# RUN: %tirx-opt --print-style=tvm %s | %tirx-opt --pass-pipeline=tile-dispatch - | FileCheck %s --check-prefix=LOW
# RUN: %tirx-opt --pass-pipeline=tile-dispatch %s | FileCheck %s --check-prefix=LOW
# RUN: %if ptxas %{ %tirx-opt --print-style=tvm %s | %tirx-llc --mcpu=sm_90a --emit=cubin - -o %t.cubin %}
@T.prim_func
def point(A: T.Buffer((4,), "float32")):
    T.device_entry()
    T.cta_id([1])
    T.thread_id([1])
    S = T.alloc_local((2, 1), "float32")
    R = T.alloc_local((1,), "float32")
    # TIRX: T.tile.fill(R_1.buffer[0:1], T.float32(0.0))
    # TVM: T.tile.fill(R_1.source[0], T.float32(0.0))
    # LOW: R{{(_1)?}}_local[0] = T.float32(0.0)
    T.tile.fill(R[0:1], T.float32(0))
    # TIRX: T.tile.add(S[0:2, 0], S[0:2, 0], T.float32(1.0))
    T.tile.add(S[0:2, 0:1], S[0:2, 0:1], T.float32(1))
    # TIRX: T.tile.add(S[1, 0:1], S[0, 0:1], T.float32(2.0))
    # TVM: T.tile.add(S[1, 0], S[0, 0], T.float32(2.0))
    # LOW: S_local_1[1] = S{{(_local_1)?}}[0{{(, 0)?}}] + T.float32(2.0)
    T.tile.add(S[1:2, 0:1], S[0:1, 0:1], T.float32(2))
    # TIRX: T.tile.cast(R_1.buffer[0:1], S[1, 0:1])
    # TVM: T.tile.cast(R_1.source[0], S[1, 0])
    T.tile.cast(R[0:1], S[1:2, 0:1])
    A[0] = R[0]
