# tvm.IRModule (prelude tvm/ir/module.py): a dict of named functions; indexing
# by name or GlobalVar, adding with mod[name] = f, get_global_var(s) (sorted,
# as TVM lists them); tvm.ir.Call(gv, args, ret_ty=...) in a kernel is a call
# of that function, printed by name.  --entry picks one function of the module.
# The CHECK lines are what TVM 0.27 prints for each (checked with the oracle).
# RUN: %tirx-opt --print-style=tvm %s --entry 'mod["main"]' | FileCheck %s --check-prefix=MAIN
# MAIN: @T.prim_func
# MAIN-NEXT: def kernel(A: T.Buffer((4,), "float32")):
# MAIN-NEXT: r: T.float32 = scale(A[0])
# MAIN-NEXT: A[1] = r
# RUN: %tirx-opt --print-style=tvm %s --entry 'mod[mod.get_global_var("scale")]' | FileCheck %s --check-prefix=SCALE
# SCALE: @T.prim_func(private=True)
# SCALE-NEXT: def main(x: T.float32) -> T.float32:
# SCALE-NEXT: return x * T.float32(4.0)
# RUN: %tirx-opt --print-style=tvm %s --entry 'other["k"]' | FileCheck %s --check-prefix=IMPORTED
# IMPORTED: def kernel(A: T.Buffer((4,), "float32")):
import tvm
from tvm import IRModule
from tvm.ir import GlobalVar
from tvm.script import tirx as T


def build(n):
    @T.prim_func(private=True)
    def scale(x: T.float32) -> T.float32:
        return x * T.float32(n)

    mod = tvm.IRModule({"scale": scale})
    gv = mod.get_global_var("scale")

    @T.prim_func
    def kernel(A: T.Buffer((n,), "float32")):
        r: T.float32 = tvm.ir.Call(gv, [A[0]], ret_ty="float32")
        A[1] = r

    mod["main"] = kernel
    return mod


mod = build(4)
assert [v.name_hint for v in mod.get_global_vars()] == ["main", "scale"]
assert [gv.name_hint for gv, _ in mod.functions_items()] == ["main", "scale"]
assert GlobalVar("scale").name_hint == "scale"
other = IRModule({GlobalVar("k"): mod["main"]})
other.update({"s": mod["scale"]})
assert [v.name_hint for v in other.get_global_vars()] == ["k", "s"]
