# tirx prelude: tvm.backend.cuda.lang.clc -- reading a clusterlaunchcontrol.try_cancel
# response (Blackwell's dynamic CTA scheduling).
#
#   query_cancel_first_ctaid_x(dst, handle, *, use_ld_acquire=True)
#       loads the 16-byte response at shared address `handle` (ld.acquire.cta when
#       use_ld_acquire, else a plain ld: the caller orders it after the mbarrier wait),
#       tests it with query_cancel.is_canceled and, when the cancel succeeded, writes
#       the first scheduled CTA's x id into dst; otherwise dst is 0xFFFFFFFF.  A
#       fence.proxy.async.shared::cta then orders the generic read before the next
#       asynchronous write of the response (PTX ISA, clusterlaunchcontrol).
from tvm.script import tirx as T


@T.inline
def query_cancel_first_ctaid_x(first_ctaid_x, handle, *, use_ld_acquire=True):
    response = T.local_scalar("uint128")
    canceled = T.local_scalar("uint32")
    order = ".acquire.cta" if use_ld_acquire else ""
    T.ptx["ld" + order + ".shared.b128"](response, handle)
    T.ptx.clusterlaunchcontrol.query_cancel.is_canceled.pred.b128(canceled, response)
    first_ctaid_x = T.uint32(0xFFFFFFFF)
    T.ptx.clusterlaunchcontrol.query_cancel.get_first_ctaid__x.b32.b128(
        first_ctaid_x, response, pred=canceled
    )
    T.ptx.fence.proxy.async_.shared__cta()
