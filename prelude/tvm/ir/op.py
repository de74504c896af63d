# tirx prelude: tvm.ir.op -- Op, the operator a Call applies.
#
#   Op(name)     .name: the operator's name as TVM registers it, "tirx.address_of",
#                "tirx.cuda.func_call" ("tirx." and the intrinsic's registry name)
#
# A traced call's .op is one (lib/Parse/eval_irnode.c).


class Op:
    def __init__(self, name):
        self.name = name

    def __eq__(self, other):
        return isinstance(other, Op) and other.name == self.name

    def __hash__(self):
        return hash(self.name)

    def __repr__(self):
        return "Op(" + self.name + ")"
