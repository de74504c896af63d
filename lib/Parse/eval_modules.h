/* The evaluator's module layer: imports, the prelude and TVM's native names
 * (eval_module.c, eval_tvm.c, prelude_dir.c). */
#ifndef TIRX_EVAL_MODULES_H
#define TIRX_EVAL_MODULES_H

#include "Parse/eval_python.h"

/* The module layer's state (Eval.mod). */
typedef struct EvModules {
  struct PyModState *state;     /* loaded modules, the search path (eval_module.c) */
  struct MetaScope *meta_scope; /* meta_class constructors running (eval_tvm.c) */
  /* an interned path -> its TVM_PRELUDE_NAME row + 1, -1: none (eval_tvm.c) */
  TxPtrMap prelude_rows;
  Expr **calls;
  int ncalls, capcalls; /* calls of the module's functions from kernel bodies
                                         (Eval.callee_name), checked by ev_resolve_calls */
} EvModules;

bool ev_py_import(Eval *ev, Ast *s);
Value ev_py_unresolved(Eval *ev, Value v, Loc loc); /* the error of a use of a V_UNRESOLVED */
void ev_entry(Eval *ev, const char *text);

/* modules (eval_module.c) */
bool ev_module_attr(Eval *ev, Value mod, const char *name, Loc loc, Value *out);
void ev_module_switch(Eval *ev, struct PyModule *to, struct PyModule **saved);
const char *ev_module_file(Eval *ev, const struct PyModule *m); /* EvPythonHooks.module_file */
void ev_modules_free(Eval *ev);
void ev_module_set(Eval *ev, Value mod, const char *name, Value v);
Value ev_module_new(Eval *ev, const Builtin *self, Args *a);  /* _tirx.module_new */
Value ev_module_exec(Eval *ev, const Builtin *self, Args *a); /* _tirx.module_exec */
void ev_module_tag(
    Eval *ev,
    int before); /* locate the diagnostics added since `before` in the running module's file */
/* The native names of TVM's Python library (eval_tvm.c, tvm_builtin.def).
 * Each returns false when the name/value is not one of them. */
bool ev_tvm_import(Eval *ev, const char *module, const char *name, Loc loc, Value *out);
bool ev_tvm_attr(Eval *ev, Value obj, const char *name, Loc loc, Value *out);
bool ev_tvm_call(Eval *ev, const char *path, Args *a, Value *out);
bool ev_tvm_T_call(Eval *ev, const char *name, Args *a,
                   Value *out); /* T.TMEMPool: a prelude class */
bool ev_import_name(Eval *ev, const char *module, const char *name, Loc loc,
                    Value *out); /* eval_module.c */
/* @T.meta_class (eval_tvm.c): a constructor's window of new buffers, and the
 * naming of an instance's buffers when a kernel binds it to a name. */
struct MetaScope *ev_meta_begin(Eval *ev, struct PyClass *k);
void ev_meta_end(Eval *ev, struct MetaScope *s, struct PyObject *o, const Value *init);
void ev_meta_name(Eval *ev, const char *prefix, Value v);
/* The prelude directory (prelude_dir.c), or NULL. */
const char *ev_prelude_dir(Module *m);
Value ev_prelude_missing(Eval *ev, const char *module, Loc loc);
void ev_module_poison(Eval *ev, Ast *s, int nd, int ne,
                      int nerr); /* a failed module-level statement */

#endif
