# tirx prelude: tvm.tirx.analysis -- the analyses kernels call at trace time.
#
#   undefined_vars(node, defs=None)
#       the variables node uses that it does not define (and defs does not
#       name), each once, in the order of a post-order walk; over an
#       expression, every variable in it, and a BufferLoad uses its buffer's
#       data variable, as in TVM
from tvm.tirx.stmt_functor import post_order_visit


def undefined_vars(node, defs=None):
    found = []
    known = list(defs) if defs is not None else []

    def visit(n):
        kind = type(n).__name__
        if kind == "BufferLoad":
            n = n.buffer.data
        elif kind != "Var":
            return
        for k in known:
            if n.same_as(k):
                return
        known.append(n)
        found.append(n)

    post_order_visit(node, visit)
    return found
