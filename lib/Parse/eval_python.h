/* The evaluator's Python layer: builtins (builtins.def), the evaluator's own
 * modules (pylib.def), methods (methods.def), Python statements, functions,
 * classes and objects (eval_builtin.c, eval_py.c, eval_class.c). */
#ifndef TIRX_EVAL_PYTHON_H
#define TIRX_EVAL_PYTHON_H

#include "Parse/eval_core.h"
#include "Support/arena.h"

/* The Python layer's state (Eval.py). */
typedef struct EvPython {
  int depth;         /* Python calls being run */
  int64_t steps;     /* statements, loop iterations and calls so far */
  int64_t max_steps; /* the limit (TirxParseOptions.max_steps or the default) */
  bool too_big;      /* a memory or size limit was reported: every later step fails */
  int nframes;       /* frame ids handed out */
  Value ret;         /* value of the innermost `return` */
  struct PyGen *gen; /* the generator whose body runs: what its `yield`s give (NULL: none) */
  /* classes and modules (eval_class.c, eval_module.c) */
  int class_lo;             /* the class body being run binds from here (0: none) */
  struct PyClass *owner;    /* the class of the method being run (super()) */
  Value self;               /* its first argument */
  struct PyModule *cur_mod; /* the module whose code runs (NULL: the input file) */
  struct Args *jit_args; /* .specialize(**kw): the T.constexpr values of the @T.jit being built */
  const char *exc;       /* the exception class the last `raise` named (try/except) */
  Value
      exc_args; /* and its arguments, a tuple (V_ERROR: none kept; its diagnostic is the message) */
  Value environ;      /* os.environ: a parse-time dict, empty at the start (never the process's) */
  Value sys_modules;  /* sys.modules: the modules the program stored there (importlib.util) */
  TxPtrMap grow;      /* list arrays with room to grow: items -> (capacity << 32 | used) */
  TxPtrMap lib_names; /* NAME (interned) -> what MODULE.NAME is, per module (eval_builtin.c) */
  TxPtrMap fplans;    /* f-strings split into parts: the A_FSTR node -> its FPlan (eval_py.c) */
  TxPtrMap memo;      /* pure one-line functions: the A_FUNCDEF -> its kept results (eval_py.c) */
  TxPtrMap dindex;    /* large dicts' key indexes: the keys array -> PyKeyIndex (eval_py.c) */
  TxPtrMap isinstance_kinds; /* isinstance's type names -> what they ask (eval_class.c) */
  TxPtrMap ptx_looks;        /* a T.ptx spelling (interned) -> its PtxSpell (eval_ptx.c) */
  TxPtrMap ir_ops;           /* Call.op: the operator's name (a stable pointer) -> Value* of its
                       * prelude tvm.ir.Op, made once (TVM's operators are singletons) */
  TxPtrMap
      fn_annotations; /* f.__annotations__ = d: f's PyEnv (its def when it has none) -> Value* */
  /* functions' default values that are lists or dicts (one object shared by every
   * call, as in CPython): a mutation's alias update reaches them (eval_py.c) */
  struct PyDefaults {
    Value *v;
    int n;
  } * shared_dflts;
  int nshared_dflts, capshared_dflts;
  struct EvProfile *prof;
  /* _tirx.ir_visit's dispatch per visitor class (eval_irnode.c), valid while class_epoch,
   * which every assignment to a class attribute after its body ran bumps, stays */
  struct IrDispatch *ir_dispatch;
  unsigned class_epoch; /* --time-eval (TirxParseOptions.eval_profile): NULL when off */
  StrBuf fscratch;      /* an f-string's text while it is made (ev_py_fstring): reused, not freed */
} EvPython;

/* the functions of builtins.def's rows (the rows: eval_core.h) */
#define BUILTIN(NAME, FN, TYPE) Value FN(Eval *ev, const Builtin *self, Args *a);
#include "Parse/builtins.def"
/* The evaluator's own modules (pylib.def) */
enum {
#define LIBMOD(MODULE)
#define LIBFN(MODULE, NAME, FN) LIB_##MODULE##_##NAME,
#include "Parse/pylib.def"
  LIB_COUNT
};
extern const Builtin ev_libfns[LIB_COUNT];
#define LIBMOD(MODULE)
#define LIBFN(MODULE, NAME, FN) Value FN(Eval *ev, const Builtin *self, Args *a);
#include "Parse/pylib.def"
const char *ev_libmod_find(Eval *ev, const char *module); /* its interned name; NULL: not one */
/* the dict assigned to a function's __annotations__ (NULL: none was) */
Value *ev_py_fn_annotations(Eval *ev, Value fn);
Value ev_libmod_attr(Eval *ev, const char *module, const char *name, Loc loc); /* MODULE.NAME */
bool ev_builtin_nokw(Eval *ev, const Builtin *self, Args *a); /* reports keywords given */

/* Methods of each kind of value (methods.def; the table in eval_builtin.c). */
typedef struct Method Method;
typedef Value (*MethodFn)(Eval *ev, const Method *m, Value self, Args *a, Ast *recv);
struct Method {
  ValueKind type; /* the receiver's kind */
  const char *name;
  MethodFn fn;
};
enum {
#define METHOD(TYPE, NAME, FN) M_##TYPE##_##NAME,
#include "Parse/methods.def"
  M_COUNT
};
extern const Method ev_methods[M_COUNT];
#define METHOD(TYPE, NAME, FN) Value FN(Eval *ev, const Method *m, Value self, Args *a, Ast *recv);
#include "Parse/methods.def"
const Method *ev_method_find(ValueKind type, const char *name);        /* NULL: no such method */
Value ev_method_value(Eval *ev, const Method *m, Value self, Loc loc); /* self.NAME, bound */
/* calls a V_METHOD; recv: the receiver's expression, or NULL */
Value ev_method_call(Eval *ev, Value method, Args *a, Ast *recv);
Value ev_py_range(Eval *ev, Args *a); /* range(...) of parse-time ints as a list */
Value *ev_py_environ(Eval *ev);       /* os.environ of this compile */
Value *ev_py_libmod_dict(Eval *ev, const char *mod, const char *name); /* os.environ, sys.modules */
Value ev_py_convert(
    Eval *ev, const char *fn,
    Args *a); /* int(x[, base]) / float(x) / bool(x), strings too (eval_builtin.c) */
/* f truncated toward zero into *out; false after reporting Python's error (nan:
 * ValueError, inf: OverflowError) or that the value does not fit in 64 bits; WHAT
 * names the operation ("int()", "round()") (eval_builtin.c) */
bool ev_float_to_int(Eval *ev, double f, int64_t *out, const char *what, Loc loc);
/* Python frames and closures (eval_py.c) */
void ev_frame_enter(Eval *ev, PyFrame *f, const PyEnv *env);
void ev_frame_leave(Eval *ev, PyFrame *f);
PyEnv *ev_py_capture(Eval *ev, bool late);                  /* NULL at module level */
void ev_py_env_define(Eval *ev, const PyEnv *env, Loc loc); /* into the callee's scope */

/* plain Python (eval_py.c, eval_module.c) */
Value ev_py_def(Eval *ev, Ast *fd);
void ev_py_free(Eval *ev); /* the evaluator's Python caches */
/* --time-eval: starts measuring the Python functions (when the options ask), and
 * writes their table and stops (eval_py.c) */
void ev_py_profile_begin(Eval *ev);
void ev_py_profile_end(Eval *ev);
/* call(ev, fn, a) of a Python function or lambda fn, measured (while ev->py->prof) */
Value ev_py_profiled(Eval *ev, Value fn, Args *a, CallSlot call);
Value ev_py_call(Eval *ev, Value fn, Args *a);
int ev_py_exec(Eval *ev, Ast **stmts, int n); /* 0 normal, 1 return, 2 break, 3 continue, 4 error */
/* One step of Python code (a statement, a call): false after reporting that the step
 * limit or the memory limit was passed (inline: every statement takes one) */
bool ev_py_step_slow(Eval *ev, Loc loc);
static inline bool ev_py_step(Eval *ev, Loc loc) {
  EvPython *py = ev->py;
  if (py->steps < py->max_steps && !py->too_big && ev->m->arena->used_total <= EV_MAX_BYTES) {
    py->steps++;
    return true;
  }
  return ev_py_step_slow(ev, loc);
}
Value ev_py_fstring(Eval *ev, Ast *a);
Value ev_py_comp(Eval *ev, Ast *c);
Value ev_py_set(Eval *ev, Value list);      /* a set: the list without duplicates */
Value ev_py_dict_display(Eval *ev, Ast *a); /* {**d, k: v} */
bool ev_py_binop(Eval *ev, int op, Value a, Value b, Loc loc, Value *out);
bool ev_py_contains(Eval *ev, Value x, Value c, bool *out);
bool ev_py_attr(Eval *ev, Value obj, const char *name, Loc loc, Value *out);
/* a call of a prelude function marked @_tirx.walk_visit / walk_children (Ast.native):
 * done natively into *out (eval_irnode.c); false: run its body */
bool ev_py_native_walk(Eval *ev, Value fn, Args *a, Value *out);
/* EvCoreHooks.call_lazy (eval_py.c) */
bool ev_py_call_lazy(Eval *ev, Value callee, Ast *call, Value *out);
/* EvCoreHooks.attr_callee (eval_class.c) */
bool ev_py_attr_callee(Eval *ev, Value obj, Ast *attr, CalleeSlot *st, Value *out);
/* EvCoreHooks.obj_attr (eval_class.c) */
bool ev_py_obj_attr(Eval *ev, Value obj, Ast *attr, Value *out);
Value ev_py_subscript(Eval *ev, Value obj, Ast *a);
/* Is d the decorator @T.ATTR (or @T.ATTR(...)), T being any name the tirx script
 * module is bound to (import ... as Tx)?  An @T.inline / @T.macro def? (eval_py.c) */
bool ev_decorator_is(Eval *ev, const Ast *d, const char *attr);
bool ev_is_inline_def(Eval *ev, const Ast *fd);
bool ev_py_plain_def(Eval *ev, const Ast *fd); /* no T./I. decorator: a Python function */
Value ev_py_def_decorated(Eval *ev, Ast *fd);
/* classes, objects and generic calls (eval_class.c) */
Value ev_class_def(Eval *ev, Ast *c);
bool ev_class_attr(Eval *ev, Value obj, const char *name, Loc loc,
                   Value *out); /* false: not a class value */
bool ev_class_setattr(Eval *ev, Value obj, const char *name, Value v, Loc loc);
/* the call slots of the Python kinds (ev_call_value dispatches) */
Value ev_lambda_call(Eval *ev, Value fn, Args *a);
Value ev_class_call(Eval *ev, Value fn, Args *a);
Value ev_bound_call(Eval *ev, Value fn, Args *a);
Value ev_object_call(Eval *ev, Value fn, Args *a);
Value ev_descr_call(Eval *ev, Value fn, Args *a);
bool ev_class_text(Eval *ev, Value v, bool repr, StrBuf *b,
                   bool *ok); /* str()/repr() of an object */
bool ev_class_equal(Eval *ev, Value a, Value b,
                    bool *eq); /* false: neither is an object or class */
/* An exception for __exit__: an instance of type (a class, a builtin exception's row or
 * a name) with .args (a tuple), its __init__ run (eval_class.c) */
Value ev_exc_instance(Eval *ev, Value type, Value args, Loc loc);
/* the data model's pieces of eval_class.c that eval_object.c's slots use */
Value *ev_class_find(struct PyClass *k,
                     const char *name); /* a class attribute, MRO order; NULL: none */
bool ev_object_setattr_plain(Eval *ev, Value obj, const char *name, Value v,
                             Loc loc); /* object.__setattr__ */
bool ev_class_delattr(Eval *ev, Value obj, const char *name, Loc loc);
bool ev_object_store_back(Eval *ev, Value obj, const char *name,
                          Value v); /* a grown container, in place */
/* the items a `for` over `it` visits (eval_py.c); false after reporting an error */
bool ev_py_items(Eval *ev, Value it, Value **items, int *n, Loc loc);
bool ev_py_equal(Value a, Value b); /* Python ==: numbers, strings, containers, enum members */
Value ev_try_attr(Eval *ev, Value obj, const char *name, Loc loc,
                  bool *found); /* no error when missing */
Value ev_py_lambda(Eval *ev, Ast *a);
bool ev_is_jit_def(Eval *ev, const Ast *fd);
Value ev_jit_value(Eval *ev, Ast *fd); /* a @T.jit def: built at .specialize(...) */
Value ev_jit_build(Eval *ev, Value jit, Args *a);
/* The PrimFunc of a V_FUNCREF: a .specialize(...) deferred under --entry is
 * built now (NULL: its build reported an error). */
PrimFunc *ev_funcref(Eval *ev, Value v);
void ev_diag_rollback(Eval *ev, int n, int nerrors,
                      int nerr); /* drops the diagnostics added since */

/* What the Python layer needs of the layers above it: the module system
 * (eval_module.c: imports, a module's names, running a function under its own
 * module's globals), @T.meta_class constructors (eval_tvm.c), and the kernels
 * a Python program defines (eval_stmt.c, eval_macro.c) or a range() in a kernel
 * body (eval_frames.c).  The wiring (eval_types.c) fills the table, so this
 * layer never names a higher layer's function (scripts/check-layers.py). */
typedef struct EvPythonHooks {
  bool (*import)(Eval *ev, Ast *s);                /* import / from ... import */
  Value (*unresolved)(Eval *ev, Value v, Loc loc); /* the error of a use of a V_UNRESOLVED */
  bool (*module_attr)(Eval *ev, Value mod, const char *name, Loc loc, Value *out);
  void (*module_set)(Eval *ev, Value mod, const char *name, Value v);
  /* importlib.util's module of a new name for a file, and running its file in it */
  Value (*module_new)(Eval *ev, const Builtin *self, Args *a);
  Value (*module_exec)(Eval *ev, const Builtin *self, Args *a);
  /* makes `to`'s globals the running ones (NULL: the input file's); *saved: the previous module */
  void (*module_switch)(Eval *ev, struct PyModule *to, struct PyModule **saved);
  /* the file of a module's code (NULL: the input's) */
  const char *(*module_file)(Eval *ev, const struct PyModule *m);
  /* a @T.meta_class constructor's window of new buffers, and its end */
  struct MetaScope *(*meta_begin)(Eval *ev, struct PyClass *k);
  void (*meta_end)(Eval *ev, struct MetaScope *s, struct PyObject *o, const Value *init);
  Value (*define_kernel)(Eval *ev, Ast *fd); /* a @T.prim_func: V_FUNCREF */
  Value (*inline_value)(Eval *ev, Ast *fd);  /* an @T.inline def's V_MACRO */
  Value (*loop_spec)(Eval *ev, Args *a, ForKind kind,
                     const char *fn); /* range(...) in a kernel body */
} EvPythonHooks;
extern const EvPythonHooks ev_python_hooks;
/* TVM's IR nodes as Python values (eval_irnode.c): PrimFunc.body, an expression's node
 * fields (Call.args, BufferLoad.predicate, IntImm/StringImm.value); false: none */
bool ev_irnode_func_attr(Eval *ev, Value obj, const char *name, Loc loc, Value *out);
bool ev_irnode_expr_attr(Eval *ev, Value obj, const char *name, Loc loc, Value *out);
/* isinstance(x, tvm.tirx.IfThenElse) and the other statement classes (false: tn names
 * none); tvm.tirx.IfThenElse(...) / SeqStmt(...) (false: path is no statement class) */
bool ev_irnode_isinstance(Value x, const char *tn, bool *out);
/* the same in two steps: the StmtKind of TVM's class tn (-1: none; worked out once per
 * name by a caller that keeps it), and isinstance(x, that class) */
int ev_irnode_stmt_kind(const char *tn);
bool ev_irnode_is_stmt(Value x, int kind);
bool ev_irnode_construct(Eval *ev, const char *path, Args *a, Value *out);
/* -D NAME=VALUE (eval_class.c): VALUE's text for name (NULL: none), and VALUE
 * evaluated as a Python literal (false: it is not one) */
const char *ev_define_text(Eval *ev, const char *name);
bool ev_parse_define_value(Eval *ev, const char *text, Value *out);

#endif
