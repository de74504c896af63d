# tirx prelude: tvm.ir.module -- IRModule, a module of named functions
# (also reached as tvm.IRModule and tvm.ir.IRModule).
#
#   IRModule(functions=None, attrs=None)
#       functions: a dict from a name (or a tvm.ir.GlobalVar) to a PrimFunc
#     mod[name], mod[gv]         the function of that name (ValueError otherwise)
#     mod[name] = func           adds or replaces a function
#     .get_global_var(name)      the GlobalVar of a function of the module
#     .get_global_vars()         the GlobalVars, sorted by name (as TVM lists them)
#     .functions_items()         (GlobalVar, function) pairs sorted by name
#     .update(other)             adds the functions of another module (or dict)
#
# A GlobalVar is native (lib/Parse/eval_tvm.c): tvm.ir.GlobalVar(name) names a
# function, `.name_hint` is the name, and tvm.ir.Call(gv, [args], ret_ty=...)
# in a kernel is a call of that function, printed `name(args)`.  What --entry
# compiles is one function: select it, `--entry 'factory(...)["main"]'`.
import tvm


def _name_of(var):
    if isinstance(var, str):
        return var
    return var.name_hint  # a GlobalVar


class IRModule:
    def __init__(self, functions=None, attrs=None, global_infos=None):
        self._names = []
        self._funcs = {}
        if functions is not None:
            if not isinstance(functions, dict):
                raise TypeError("Expect functions to be Dict[GlobalVar, Function]")
            for k, v in functions.items():
                self[k] = v
        if attrs:
            raise ValueError("IRModule: module attributes are not supported by tirx")

    def __setitem__(self, var, func):
        name = _name_of(var)
        if name not in self._funcs:
            self._names.append(name)
        self._funcs[name] = func

    def __getitem__(self, var):
        name = _name_of(var)
        if name not in self._funcs:
            raise ValueError("Cannot find global var \"" + name + "\" in the Module")
        return self._funcs[name]

    def get_global_var(self, name):
        if name not in self._funcs:
            raise ValueError("Cannot find global var \"" + name + "\" in the Module")
        return tvm.ir.GlobalVar(name)

    def get_global_vars(self):
        return [tvm.ir.GlobalVar(n) for n in sorted(self._names)]

    def functions_items(self):
        return [(tvm.ir.GlobalVar(n), self._funcs[n]) for n in sorted(self._names)]

    def update(self, other):
        if isinstance(other, dict):
            other = IRModule(other)
        for n in other._names:
            self[n] = other._funcs[n]
