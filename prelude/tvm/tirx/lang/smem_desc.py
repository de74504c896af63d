# tirx prelude: tvm.tirx.lang.smem_desc -- the tcgen05 shared-memory matrix
# descriptor, one uint64 register encoded once and offset per k-step.
#
#   SmemDescriptor()                 a uint64 local (`<name>__buf` when bound to a name)
#     .desc                          its value
#     .init(smem_ptr, ldo, sdo, swizzle)
#                                    T.cuda.tcgen05.encode_matrix_descriptor into it
#     .add_16B_offset(offset)        the descriptor with `offset` added to its low
#                                    32 bits (wrapping, the high word untouched)
#     .make_lo_uniform()             two uint32 locals; TVM 0.27 emits nothing else
#                                    for it (its mov/shfl calls are dropped), and
#                                    neither does tirx
from tvm.script import tirx as T


def _with_lo(desc, lo):
    # desc with its low word replaced by lo
    hi = T.Shuffle([T.reinterpret("uint32x2", desc)], [1])
    return T.reinterpret("uint64", T.Shuffle([T.cast(lo, "uint32"), hi], [0, 1]))


def _add_16B(desc, offset):
    lo = T.Shuffle([T.reinterpret("uint32x2", desc)], [0]) + T.cast(offset, "uint32")
    return _with_lo(desc, lo)


@T.meta_class
class SmemDescriptor:
    def __init__(self):
        self._buf = T.alloc_local([1], "uint64")

    @property
    def desc(self):
        return self._buf[0]

    @T.inline
    def init(self, smem_ptr, ldo, sdo, swizzle):
        T.cuda.tcgen05.encode_matrix_descriptor(T.address_of(self._buf[0]), smem_ptr, ldo, sdo, swizzle)

    def add_16B_offset(self, offset):
        return _add_16B(self._buf[0], offset)

    def make_lo_uniform(self):
        lo = T.alloc_local([1], "uint32")
        hi = T.alloc_local([1], "uint32")
        return None
