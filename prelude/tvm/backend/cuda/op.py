# tirx prelude: tvm.backend.cuda.op -- T.cuda.* helpers that TVM writes in
# Python over other intrinsics (the intrinsics themselves are native rows of
# include/tirx/internal/intrin_cuda.def).
#
#   T.cuda.sm100_2sm_leader_smem_addr(ptr)
#       the shared-address operand of the leader CTA of an SM100 CTA pair:
#       the 32-bit shared address of the generic pointer ptr with bit 24
#       (the pair's peer bit) cleared
from tvm.script import tirx as T


def sm100_2sm_leader_smem_addr(ptr):
    return T.cuda.cvta_generic_to_shared(ptr) & T.uint32(0xFEFFFFFF)
