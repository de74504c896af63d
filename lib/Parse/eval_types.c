/* The wiring of the evaluator's layers: the type object of each kind of value
 * (value_kinds.def) and the rows of builtins.def, pylib.def and methods.def,
 * each naming the function of the layer that implements it.  The layers below
 * reach a higher layer's behaviour only through these tables (a call slot, a
 * builtin's row, a hook: ev_core_hooks, ev_python_hooks), never by name
 * (scripts/check-layers.py). */
#include <stddef.h>

#include "Parse/eval.h"

#define no_call NULL
#define no_getattr NULL
#define no_getitem NULL
#define no_proto ev_no_proto
const ValueProto ev_no_proto = {0};
const ValueType ev_types[V_COUNT] = {
#define VALUE_KIND(KIND, NAME, CALL, GETATTR, GETITEM, PROTO) \
  [KIND] = {NAME, CALL, GETATTR, GETITEM, &PROTO},
#include "Parse/value_kinds.def"
};
#undef no_call
#undef no_getattr
#undef no_getitem
#undef no_proto

const Builtin ev_builtins[BI_COUNT] = {
#define BUILTIN(NAME, FN, TYPE) [BI_##NAME] = {#NAME, FN, TYPE, NULL},
#include "Parse/builtins.def"
};

const Builtin ev_libfns[LIB_COUNT] = {
#define LIBMOD(MODULE)
#define LIBFN(MODULE, NAME, FN) [LIB_##MODULE##_##NAME] = {#NAME, FN, V_ERROR, #MODULE},
#include "Parse/pylib.def"
};

const Method ev_methods[M_COUNT] = {
#define METHOD(TYPE, NAME, FN) [M_##TYPE##_##NAME] = {TYPE, #NAME, FN},
#include "Parse/methods.def"
};

const EvCoreHooks ev_core_hooks = {
    .comp = ev_py_comp,
    .fstring = ev_py_fstring,
    .lambda = ev_py_lambda,
    .set = ev_py_set,
    .dict_display = ev_py_dict_display,
    .contains = ev_py_contains,
    .attr_callee = ev_py_attr_callee,
    .obj_attr = ev_py_obj_attr,
    .call_lazy = ev_py_call_lazy,
    .module_tag = ev_module_tag,
};

const EvPythonHooks ev_python_hooks = {
    .import = ev_py_import,
    .unresolved = ev_py_unresolved,
    .module_attr = ev_module_attr,
    .module_set = ev_module_set,
    .module_new = ev_module_new,
    .module_exec = ev_module_exec,
    .module_switch = ev_module_switch,
    .module_file = ev_module_file,
    .meta_begin = ev_meta_begin,
    .meta_end = ev_meta_end,
    .define_kernel = ev_define_kernel,
    .inline_value = ev_inline_value,
    .loop_spec = ev_loop_spec,
};
