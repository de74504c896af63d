# An @T.inline helper assigning to a parameter that is a traced T.local_scalar (the
# element of a one-element local buffer, a BufferLoad) stores into it, as TVM's parser
# does; the prelude's tvm.backend.cuda.lang.clc helper relies on it (issue 24: the
# kern kernel sparse_flashmla_prefill_head128_small_topk_phase1).
# RUN: %tirx-opt %s --entry 'traced()' --print-style=tvm | FileCheck %s
# CHECK: buffer: T.uint32 = T.uint32(7)
# CHECK-NEXT: T.evaluate(buffer + T.uint32(1))
# CHECK: buffer_2: T.uint32
# CHECK-NEXT: response: T.uint128
# CHECK-NEXT: canceled: T.uint32
# CHECK-NEXT: T.ptx.ld(response, {{.*}}, "", "acquire", "cta", "shared", "", "", "", "", "", "b128", "")
# CHECK-NEXT: T.ptx.clusterlaunchcontrol(canceled, response, "query_cancel", "is_canceled", "pred", "b128", "")
# CHECK-NEXT: buffer_2 = T.uint32(4294967295)
# CHECK-NEXT: T.ptx.clusterlaunchcontrol(buffer_2, response, canceled, "query_cancel", "get_first_ctaid::x", "b32", "b128", "pred")
# CHECK-NEXT: T.ptx.fence("proxy", "async", "shared::cta", "")
from tvm.backend.cuda.lang.clc import query_cancel_first_ctaid_x
from tvm.script import tirx as T
from tvm.script.ir_builder import IRBuilder
from tvm.tirx.script.builder import ir as I


@T.inline
def set_seven(dst):
    dst = T.uint32(7)


def traced():
    with IRBuilder() as ib:
        with I.prim_func():
            I.func_name("f")
            I.device_entry()
            tx = I.thread_id([128])
            x = T.local_scalar("uint32")
            set_seven(x)
            T.evaluate(x + T.uint32(1))
            resp = T.alloc_shared((4,), "uint32")
            job = T.local_scalar("uint32")
            query_cancel_first_ctaid_x(job, T.cuda.cvta_generic_to_shared(T.address_of(resp[0])))
    return ib.get()
