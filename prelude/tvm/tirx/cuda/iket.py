# tirx prelude: tvm.tirx.cuda.iket -- IKET trace markers in a kernel.
#
#   IketProfiler()          a meta object (no storage)
#     .mark(name, payload=None)         T.cuda.iket.mark
#     .range_start(name, payload=None)  a uint32 token (T.cuda.iket.range_start)
#     .range_end(token, payload=None)   T.cuda.iket.range_end
#     .range_push(name, payload=None) / .range_pop()
#     .sentinel_token(name)             a token for a range that may not start
# The markers lower to nothing unless the kernel is built with tracing
# (tirx.iket.enabled); running the profiler (TVM's .compile/.profile) is host
# code tirx does not provide.
from tvm.script import tirx as T


@T.meta_class
class IketProfiler:
    def mark(self, name, payload=None):
        if payload is None:
            T.evaluate(T.cuda.iket.mark(name))
        else:
            T.evaluate(T.cuda.iket.mark(name, payload))

    def range_start(self, name, payload=None):
        if payload is None:
            return T.cuda.iket.range_start(name)
        return T.cuda.iket.range_start(name, payload)

    def range_end(self, token, payload=None):
        if payload is None:
            T.evaluate(T.cuda.iket.range_end(token))
        else:
            T.evaluate(T.cuda.iket.range_end(token, payload))

    def range_push(self, name, payload=None):
        if payload is None:
            T.evaluate(T.cuda.iket.range_push(name))
        else:
            T.evaluate(T.cuda.iket.range_push(name, payload))

    def range_pop(self):
        T.evaluate(T.cuda.iket.range_pop())

    def sentinel_token(self, name):
        return T.cuda.iket.sentinel_token(name)
