/* The evaluator: runs the AST the way TVM's parser runs Python, producing IR.
 *
 * Values are either parse-time Python values (ints, floats, strings, tuples,
 * dtypes, namespaces such as `T.cuda`) or IR objects (expressions, buffers).
 * Which one a name holds decides what `x = e`, `x[i]` and `x + 1` mean, just
 * as Python's dynamic types do in TVM (grammar notes §3.4, §4.3). */
#ifndef TIRX_EVAL_H
#define TIRX_EVAL_H

#include <string.h>

#include "Parse/ast.h"
#include "tirx/internal/intrin.h"
#include "tirx/internal/ptx_table.h"
#include "tirx/internal/ir.h"
#include "tirx/internal/parse.h"
#include "Support/ptrmap.h"
#include "Support/strbuf.h"

typedef enum {
#define VALUE_KIND(KIND, NAME, CALL, GETATTR) KIND,
#include "Parse/value_kinds.def"
} ValueKind;
enum {
  V_COUNT = 0
#define VALUE_KIND(KIND, NAME, CALL, GETATTR) +1
#include "Parse/value_kinds.def"
};

struct PyClass;
struct PyObject;
struct PyModule;
struct Builtin;
struct Method;

typedef struct Value Value;
/* What few kinds carry besides u: V_LOCALVEC its shape, V_BUFTYPE its template,
 * a V_METHOD its receiver.  Shared by copies of the value, so never written in
 * place: v_aux gives a value its own. */
typedef struct ValueAux {
  Value *shape;     /* V_LOCALVEC: the shape; tile_indexer: its specs */
  struct Buffer *buftype; /* V_BUFTYPE template; tile_indexer: the buffer */
  const Value *recv; /* V_METHOD: the receiver */
} ValueAux;

/* 64 bytes: values are copied on every step of the evaluator. */
struct Value {
  ValueKind kind;
  bool uint_big;    /* V_INT holding a value above INT64_MAX (bitwise) */
  bool meta;        /* T.meta_var(...): bind the name, emit no IR */
  bool stmt_done;   /* the call already emitted its statement (scope ids) */
  bool ptx_pred;    /* T.ptx.pred(x): x is a .pred operand */
  int nshape;       /* V_LOCALVEC, V_NS (-1: bound Python method, -2: `global`), V_DESCR, V_MACRO: see uses */
  Loc loc;
  union {
    int64_t i;        /* V_INT, V_BOOL */
    double f;
    struct { const char *p; size_t len; } s;
    struct { Value *items; int n; } list;     /* V_TUPLE, V_LIST */
    struct { Value *keys; Value *vals; int n; } dict;
    Expr *e;
    Buffer *buf;
    DType dt;         /* V_DTYPE, V_LOCALVEC (with shape in list) */
    const char *ns;   /* V_NS (interned path) */
    struct { DType elem; bool typed; const char *scope; bool tensormap; } ptr;
    struct { Value *ty; } let; /* V_LETTYPE: NULL ty = infer */
    struct { Value *lo, *hi, *step; } slice;
    struct { Stmt *outer, *inner; Expr *self; } frame; /* V_FRAME: statement with an empty body to fill, the
                                                          innermost one whose body is open, the variable it binds */
    Ast *lambda;
    struct { PrimFunc *f; struct JitPending *pending; } func; /* V_FUNCREF: built, or pending (ev_funcref) */
    struct SmemPool *pool;
    struct { Ast *def; struct PyEnv *env; struct PyModule *mod; struct PyClass *owner; } py; /* V_PYFUNC, V_LAMBDA, V_MACRO */
    struct PyClass *cls;
    struct PyObject *obj;
    struct { Value *fn; Value *self; } bound;
    struct PyModule *mod;
    const struct Builtin *builtin;
    const struct Method *method;
    struct { const char *what; bool failed; } unres;
  } u;
  const ValueAux *aux; /* NULL: none of its fields set */
};

/* A field of v's ValueAux (NULL when it has none). */
#define VAUX(v, field) ((v).aux ? (v).aux->field : NULL)

/* One binding in the lexical scope stack. */
typedef struct Binding {
  const char *name;
  Value v;
  int depth;       /* scope depth at definition */
  int frame;       /* id of the Python call (or kernel body) that made it; 0: none,
                      -1: a closure's view of its enclosing functions */
  bool immutable;  /* loop vars, let, scope ids, params */
} Binding;

/* A Python function's call as the closures defined in it see it (Python's
 * late binding): while the call runs they read its current bindings, after it
 * returned its last ones.  Arena-owned; made when a closure first refers to it. */
typedef struct PyFrameRef {
  int id, lo;            /* its bindings: index >= lo with Binding.frame == id */
  bool live;
  Binding *last; int nlast; /* after it returned */
  const struct PyEnv *outer; /* what the function it runs sees (the enclosing chain) */
} PyFrameRef;

/* A running Python call or kernel body (on the C stack). */
typedef struct PyFrame {
  int id, lo;
  struct PyFrame *up;
  PyFrameRef *ref;
  const struct PyEnv *env; /* the running function's own closure */
  bool comp;               /* a comprehension's: it sees the frame it runs in */
} PyFrame;

/* What a nested def, lambda or macro sees of its enclosing function: that
 * call's frame (late binding), or the values at definition (@T.macro and
 * @T.inline capture them when decorated, as TVM does). */
typedef struct PyEnv {
  Binding *b;
  int n;
  PyFrameRef *frame;
} PyEnv;

/* Attributes of a class, an instance or a module: names (interned) in order. */
typedef struct PyAttrs {
  const char **names;
  Value *vals;
  int n, cap;
} PyAttrs;

enum { DK_PROPERTY = 1, DK_STATIC, DK_CLASSMETHOD, DK_CACHE, DK_PARTIAL, DK_FIELD, DK_SUPER, DK_JIT };

struct PyClass {
  const char *name;
  struct PyClass **bases; int nbases;
  PyAttrs attrs;
  bool dataclass, frozen;
  bool meta_class;            /* @T.meta_class (or a subclass of one): eval_tvm.c names its buffers */
  int enum_kind;              /* 1 Enum, 2 IntEnum */
  Value *members; int nmembers;/* enum members in order */
  struct PyModule *mod;
  Loc loc;
};

struct PyObject {
  struct PyClass *cls;
  PyAttrs attrs;
  bool frozen;
  /* a meta_class instance (eval_tvm.c): the buffers its own constructor made, and
   * the name prefix it was first bound to */
  Buffer **meta_owned; int nmeta_owned;
  const char *meta_name;
};

typedef struct StmtVec {
  Stmt **v; int n, cap;
} StmtVec;

typedef struct Eval {
  Module *m;
  TirxDiag *d;
  const TirxParseOptions *opts;
  Binding *binds; int nbinds, capbinds;
  /* the module's globals (depth 0) are the first nglob bindings; globix maps
   * each name to its latest one (index + 1) so a lookup need not scan the
   * callers' frames; glob_stray: a global was bound elsewhere (scan then) */
  int nglob; bool glob_stray; TxPtrMap globix;
  int depth;
  int loop_depth;
  StmtVec *cur;            /* where statements are appended */
  PrimFunc *func;          /* function being built */
  bool in_signature;       /* evaluating parameter annotations */
  bool sig_fresh_vars;     /* undefined names in quoted shapes become fresh vars */
  Var **sig_vars; int nsig_vars; /* vars created in the signature */
  Ast *sig_def;            /* the function definition whose signature is evaluated */
  bool ptr_arith_ok;       /* promote(): a pointer + / - an integer is allowed */
  bool seen_device_entry;
  bool in_device;
  const char *name_hint;   /* target name of the assignment being evaluated */
  bool stmt_call;          /* the call being evaluated is a whole statement */
  bool call_as_stmt;       /* ev_call to V_NS's call slot: the same, for the call being made */
  Ast *call_recv;          /* ev_call to V_METHOD's call slot: the receiver's expression */
  bool callee_name;        /* evaluating a call's callee name: an unbound one in a
                              kernel body is a function of the module (I_CALL_FUNC) */
  Expr **calls; int ncalls, capcalls; /* those calls, checked by ev_resolve_calls */
  Value *tuple_hints; int ntuple_hints; /* a, b = ... */
  bool is_jit;
  int nerr;
  /* @T.inline expansion state (eval_macro.c) */
  int inline_depth;        /* calls being expanded */
  Value inline_ret;        /* value of the innermost call's `return` */
  bool inline_returned;    /* its body has returned: stop evaluating */
  int inline_loop_base;    /* loop depth at the innermost call */
  int ir_nesting;          /* IR blocks (if/loop/with bodies) being built */
  int inline_nest_base;    /* ir_nesting at the innermost call */
  /* T.env_thread variables and their thread tags (arena-owned arrays) */
  Var **env_vars; const char **env_tags; int nenv;
  /* plain Python (eval_py.c) */
  int py_depth;            /* Python calls being run */
  int py_body;             /* Python function bodies being run since the innermost
                            * kernel body began: 0 = TVM's parser rules apply */
  int64_t py_steps;        /* statements, loop iterations and calls so far */
  int64_t max_steps;       /* the limit (TirxParseOptions.max_steps or the default) */
  bool py_too_big;         /* a memory or size limit was reported: every later step fails */
  int py_floor;            /* bindings below this index are the caller's: only module names show */
  PyFrame *frame;          /* the innermost Python call or kernel body running (NULL: module code) */
  int nframes;             /* frame ids handed out */
  Value py_ret;            /* value of the innermost `return` */
  /* classes and modules (eval_class.c, eval_module.c) */
  int py_class_lo;         /* the class body being run binds from here (0: none) */
  struct PyClass *py_owner;/* the class of the method being run (super()) */
  Value py_self;           /* its first argument */
  struct MetaScope *meta_scope; /* meta_class constructors running (eval_tvm.c) */
  struct PyModule *cur_mod;/* the module whose code runs (NULL: the input file) */
  struct PyModState *mods; /* loaded modules, the search path */
  struct Args *jit_args;          /* .specialize(**kw): the T.constexpr values of the @T.jit being built */
  const char *py_exc;      /* the exception class the last `raise` named (try/except) */
  Stmt *with_if;           /* the `with T.If(...)` whose T.Then()/T.Else() may follow (eval_stmt.c) */
  Value py_environ;        /* os.environ: a parse-time dict, empty at the start (never the process's) */
  TxPtrMap py_grow;        /* list arrays with room to grow: items -> (capacity << 32 | used) */
  TxPtrMap py_dicts;       /* dict displays: the A_DICT node -> its DictPlan (eval_expr.c) */
  TxPtrMap builtin_names;  /* an unbound builtin name -> its value (eval_expr.c) */
  TxPtrMap lib_names;      /* "module.name" -> the Builtin row made for a library name without one */
  TxPtrMap py_fplans;      /* f-strings split into parts: the A_FSTR node -> its FPlan (eval_py.c) */
  TxPtrMap py_memo;        /* pure one-line functions: the A_FUNCDEF -> its kept results (eval_py.c) */
  TxPtrMap py_dindex;      /* large dicts' key indexes: the keys array -> PyKeyIndex (eval_py.c) */
} Eval;

/* Limits on parse-time values (hostile input gets a located error, never a
 * hang or an exhausted machine): items of one list/tuple/dict/range, characters
 * of one string, and the memory a compile's evaluation may take (the module
 * arena, checked at every step). */
#define EV_MAX_ITEMS 1000000
#define EV_MAX_STR ((size_t)1 << 24)
#define EV_MAX_BYTES ((size_t)1 << 30)

/* errors */
Value ev_error(Eval *ev, Loc loc, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
Value v_make(ValueKind k, Loc loc);
/* v's own ValueAux, to set fields in: a copy of what it had (or zeroes). */
ValueAux *v_aux(Eval *ev, Value *v);
Value v_int(int64_t v, Loc loc);
Value v_expr(Expr *e, Loc loc);

/* scope */
void ev_push_scope(Eval *ev);
void ev_pop_scope(Eval *ev);
Binding *ev_lookup(Eval *ev, const char *name);
void ev_define(Eval *ev, const char *name, Value v, bool immutable, Loc loc);

/* statements */
void ev_emit(Eval *ev, Stmt *s);

/* expressions (eval_expr.c) */
Value ev_expr(Eval *ev, Ast *a);
bool ev_is_number(const Value *v);
/* Converts a value to an IR expression (Python numbers → typed constants,
 * scalars → loads).  Returns NULL after reporting an error. */
Expr *ev_to_expr(Eval *ev, Value v, const char *what);
Expr *ev_const_cast(Eval *ev, DType t, Expr *e, Loc loc); /* cast, folding constants */
/* a binary node with TVM's operator folding: constant pairs and identities
 * (x // 1, x % 1, x * 0, ...) (eval_expr.c) */
Expr *ev_fold_binary(Eval *ev, ExprKind k, Expr *a, Expr *b, Loc loc);
Value ev_binop(Eval *ev, int op, Value a, Value b, Loc loc);
bool ev_truthy_const(Eval *ev, Value v, bool *out); /* Python-level truth, if known */
Expr *ev_load(Eval *ev, Buffer *b, Value *idx, int n, Loc loc, bool *is_region, Expr **region);
bool ev_get_dtype(Eval *ev, Value v, DType *out, const char *what);
bool ev_get_int(Eval *ev, Value v, int64_t *out, const char *what);
bool ev_get_str(Eval *ev, Value v, const char **s, size_t *len, const char *what);
Expr *ev_index_expr(Eval *ev, Value v, Loc loc); /* integer index */

/* Call arguments after evaluation (positional, then keywords). */
typedef struct Args {
  Value *pos; int npos;
  const char **kwn; Value *kwv; int nkw;
  Loc loc;
} Args;
Value *ev_kwarg(Args *a, const char *name);

/* Python's builtins (builtins.def; the table in eval_builtin.c, each function in
 * the file of the values it works on). */
typedef struct Builtin Builtin;
typedef Value (*BuiltinFn)(Eval *ev, const Builtin *self, Args *a);
struct Builtin {
  const char *name;
  BuiltinFn fn;
  ValueKind type;     /* the kind it is the type of (int: V_INT); V_ERROR: none */
  const char *module; /* pylib.def's rows: the module (NULL: a Python builtin) */
};
enum {
#define BUILTIN(NAME, FN, TYPE) BI_##NAME,
#include "Parse/builtins.def"
  BI_COUNT
};
extern const Builtin ev_builtins[BI_COUNT];
#define BUILTIN(NAME, FN, TYPE) Value FN(Eval *ev, const Builtin *self, Args *a);
#include "Parse/builtins.def"
const Builtin *ev_builtin_find(const char *name); /* NULL: no builtin of that name */
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
Value ev_libmod_attr(Eval *ev, const char *module, const char *name, Loc loc); /* MODULE.NAME */
Value ev_builtin_value(const Builtin *b, Loc loc);
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
const Method *ev_method_find(ValueKind type, const char *name); /* NULL: no such method */
Value ev_method_value(Eval *ev, const Method *m, Value self, Loc loc); /* self.NAME, bound */
/* calls a V_METHOD; recv: the receiver's expression, or NULL */
Value ev_method_call(Eval *ev, Value method, Args *a, Ast *recv);
Value ev_py_range(Eval *ev, Args *a); /* range(...) of parse-time ints as a list */
Value *ev_py_environ(Eval *ev); /* os.environ of this compile */
Value ev_py_convert(Eval *ev, const char *fn, Args *a); /* int(x[, base]) / float(x) / bool(x), strings too (eval_builtin.c) */
Value *ev_arg(Args *a, int i, const char *name); /* positional i or keyword */
bool ev_check_kw(Eval *ev, Args *a, const char *fn, const char *const *allowed);

/* T.SMEMPool and buffer views (eval_pool.c) */
Value ev_smem_pool(Eval *ev, Args *a);
Value ev_ldst_frag(Eval *ev, Args *a); /* T.alloc_tcgen05_ldst_frag */
bool ev_pool_field(Eval *ev, struct SmemPool *p, const char *name, Loc loc, Value *out); /* pool.offset, ... */
void ev_rename_buffer(Eval *ev, Buffer *b, const char *name); /* and its data variable */
/* an E_LAYOUT node NAME(args...) ("T.S", "T.TileLayout", "@", "+") (eval_expr.c) */
Expr *ev_layout_node(Eval *ev, const char *name, Expr **args, int n, Loc loc);
Value ev_view(Eval *ev, Buffer *b, Args *a);              /* b.view(...) (eval_pool.c) */
Value ev_buffer_sub(Eval *ev, Buffer *b, Ast *sub);      /* b.sub[...] (eval_view.c) */
Value ev_buffer_permute(Eval *ev, Buffer *b, Args *a);   /* b.permute(...) */
Value ev_buffer_rearrange(Eval *ev, Buffer *b, Args *a); /* b.rearrange("... -> ...", ...) */
Value ev_buffer_tile(Eval *ev, Buffer *b, Args *a);      /* b.tile(dim, factors): an indexer */
Value ev_buffer_tile_pick(Eval *ev, Value indexer, Ast *sub); /* ...[picks] */
bool ev_layout_is_default(Eval *ev, const Expr *l, Expr *const *shape, int ndim); /* row-major of shape */
Buffer *ev_make_buffer(Eval *ev, Args *a, const char *fn, const char *scope_default, bool has_data_kw);
Value ev_new_scalar(Eval *ev, const char *name, DType t, const char *scope, Loc loc);

/* Python frames and closures (eval_py.c) */
void ev_frame_enter(Eval *ev, PyFrame *f, const PyEnv *env);
void ev_frame_leave(Eval *ev, PyFrame *f);
PyEnv *ev_py_capture(Eval *ev, bool late); /* NULL at module level */
void ev_py_env_define(Eval *ev, const PyEnv *env, Loc loc); /* into the callee's scope */

/* @T.inline / @T.macro (eval_macro.c) */
bool ev_is_inline_def(Eval *ev, const Ast *fd);
/* Is d the decorator @T.ATTR (or @T.ATTR(...)), T being any name the tirx script
 * module is bound to (import ... as Tx)? (eval_macro.c) */
bool ev_decorator_is(Eval *ev, const Ast *d, const char *attr);
void ev_define_inline(Eval *ev, Ast *fd);
Value ev_inline_value(Eval *ev, Ast *fd); /* the V_MACRO a definition here makes */
Value ev_call_inline(Eval *ev, Ast *fd, const PyEnv *env, Args *a);
void ev_inline_return(Eval *ev, Ast *s);

/* shared between the eval_*.c files */
Value ev_err(Eval *ev, Loc l, const char *msg);
/* Integer literal range of a dtype; integer division by a constant zero (eval_expr.c). */
bool ev_int_fits(DType t, int64_t v, bool big);
bool ev_check_divisor(Eval *ev, ExprKind k, const Expr *b, Loc loc);
Expr *ev_value_to_any(Eval *ev, Value v);   /* attribute/keyword values (POD constants) */
Value ev_layout_call(Eval *ev, const char *name, Args *a, Loc loc);
bool ev_require_device(Eval *ev, Loc loc, const char *what);
Value ev_frame(Stmt *outer, Stmt *inner, Loc loc);

/* buffers (eval_buffer.c) */
Stmt *ev_store(Eval *ev, Buffer *b, Ast *sub, Value val, Loc loc);
Value ev_alloc(Eval *ev, Args *a, const char *fn, const char *scope, bool decl);
const char *ev_scope_str(Eval *ev, Value *v, const char *dflt); /* "" → "global" */

/* scope ids, loops, frames (eval_frames.c) */
Value ev_scope_id(Eval *ev, ScopeIdKind sid, int maxdims, Args *a, const char *fn);
Value ev_loop_spec(Eval *ev, Args *a, ForKind kind, const char *fn);
Value ev_grid(Eval *ev, Args *a);
Value ev_attr_frame(Eval *ev, Args *a);
Value ev_hint_frame(Eval *ev, Args *a);
/* with T.If(c): / with T.Then(): / with T.Else(): (TVM's IR-builder frames of an if) */
Value ev_if_frame(Eval *ev, Args *a);
Value ev_then_frame(Eval *ev, Args *a);
Value ev_else_frame(Eval *ev, Args *a);
enum { FRAME_THEN = 1, FRAME_ELSE = 2 }; /* V_FRAME with no statement: nshape */
Value ev_launch_thread(Eval *ev, Args *a);
Value ev_env_thread(Eval *ev, Args *a);

/* T.ptx instructions (eval_ptx.c).  `spelling` is the dotted text after
 * "ptx." with `::` restored.  With `nomatch` non-NULL, a call no table entry
 * accepts sets it and reports nothing (the caller tries the value forms). */
bool ev_ptx_is_instr(const char *spelling);
Value ev_ptx_call(Eval *ev, const char *spelling, Args *a, Loc loc, bool *nomatch);

/* calls (eval_call.c) */
Value ev_call(Eval *ev, Ast *call);
/* The one call of a value (kernel bodies and Python code alike): each kind's call slot. */
Value ev_call_value(Eval *ev, Value callee, Args *a);
/* The type object of each kind of value (value_kinds.def; the table in eval_types.c,
 * which the layers below reach only through it). */
typedef Value (*CallSlot)(Eval *ev, Value callee, Args *a);
typedef Value (*GetattrSlot)(Eval *ev, Value obj, const char *name, Loc loc);
typedef struct ValueType {
  const char *name;
  CallSlot call;
  GetattrSlot getattr;
} ValueType;
extern const ValueType ev_types[V_COUNT];
#define VALUE_KIND(KIND, NAME, CALL, GETATTR) \
  Value CALL(Eval *ev, Value callee, Args *a); \
  Value GETATTR(Eval *ev, Value obj, const char *name, Loc loc);
#include "Parse/value_kinds.def"
void ev_resolve_calls(Eval *ev); /* after the module ran (eval_call.c) */
Value ev_attr(Eval *ev, Value obj, const char *name, Loc loc);
Value ev_subscript(Eval *ev, Ast *a);

/* module / functions (eval_stmt.c) */
void ev_block(Eval *ev, Ast **stmts, int n, int from);
Stmt *ev_body(Eval *ev, Ast **stmts, int n);
Module *ev_file(Eval *ev, AstFile *f);

/* plain Python (eval_py.c, eval_module.c) */
Value ev_py_def(Eval *ev, Ast *fd);
void ev_py_free(Eval *ev);                   /* the evaluator's Python caches */
Value ev_py_call(Eval *ev, Value fn, Args *a);
int ev_py_exec(Eval *ev, Ast **stmts, int n); /* 0 normal, 1 return, 2 break, 3 continue, 4 error */
bool ev_py_step(Eval *ev, Loc loc);
Value ev_py_fstring(Eval *ev, Ast *a);
Value ev_py_comp(Eval *ev, Ast *c);
Value ev_py_set(Eval *ev, Value list);       /* a set: the list without duplicates */
Value ev_py_dict_display(Eval *ev, Ast *a); /* {**d, k: v} */
bool ev_py_binop(Eval *ev, int op, Value a, Value b, Loc loc, Value *out);
bool ev_py_contains(Eval *ev, Value x, Value c, bool *out);
bool ev_py_attr(Eval *ev, Value obj, const char *name, Loc loc, Value *out);
Value ev_py_method(Eval *ev, Value callee, Args *a, Ast *recv); /* recv: the receiver's expression (mutators store back) */
Value ev_py_subscript(Eval *ev, Value obj, Ast *a);
bool ev_py_import(Eval *ev, Ast *s);
Value ev_py_unresolved(Eval *ev, Value v, Loc loc); /* the error of a use of a V_UNRESOLVED */
bool ev_py_plain_def(Eval *ev, const Ast *fd);  /* no T./I. decorator: a Python function */
Value ev_py_def_decorated(Eval *ev, Ast *fd);
Value ev_define_kernel(Eval *ev, Ast *fd); /* builds a @T.prim_func: V_FUNCREF */
void ev_entry(Eval *ev, const char *text);

/* classes, objects and generic calls (eval_class.c) */
Value ev_class_def(Eval *ev, Ast *c);
bool ev_class_attr(Eval *ev, Value obj, const char *name, Loc loc, Value *out); /* false: not a class value */
bool ev_class_setattr(Eval *ev, Value obj, const char *name, Value v, Loc loc);
/* the call slots of the Python kinds (ev_call_value dispatches) */
Value ev_macro_call(Eval *ev, Value fn, Args *a);
Value ev_lambda_call(Eval *ev, Value fn, Args *a);
Value ev_class_call(Eval *ev, Value fn, Args *a);
Value ev_bound_call(Eval *ev, Value fn, Args *a);
Value ev_object_call(Eval *ev, Value fn, Args *a);
Value ev_descr_call(Eval *ev, Value fn, Args *a);
bool ev_class_text(Eval *ev, Value v, bool repr, StrBuf *b, bool *ok); /* str()/repr() of an object */
bool ev_class_equal(Value a, Value b, bool *eq);
bool ev_py_equal(Value a, Value b); /* Python ==: numbers, strings, containers, enum members */
Value ev_try_attr(Eval *ev, Value obj, const char *name, Loc loc, bool *found); /* no error when missing */
Value ev_py_lambda(Eval *ev, Ast *a);
bool ev_is_jit_def(Eval *ev, const Ast *fd);
Value ev_jit_value(Eval *ev, Ast *fd); /* a @T.jit def: built at .specialize(...) */
Value ev_jit_build(Eval *ev, Value jit, Args *a);
/* The PrimFunc of a V_FUNCREF: a .specialize(...) deferred under --entry is
 * built now (NULL: its build reported an error). */
PrimFunc *ev_funcref(Eval *ev, Value v);
void ev_diag_rollback(Eval *ev, int n, int nerrors, int nerr); /* drops the diagnostics added since */

/* modules (eval_module.c) */
bool ev_module_attr(Eval *ev, Value mod, const char *name, Loc loc, Value *out);
void ev_module_switch(Eval *ev, struct PyModule *to, struct PyModule **saved);
void ev_modules_free(Eval *ev);
void ev_module_set(Eval *ev, Value mod, const char *name, Value v);
void ev_module_tag(Eval *ev, int before); /* locate the diagnostics added since `before` in the running module's file */
/* The native names of TVM's Python library (eval_tvm.c, tvm_builtin.def).
 * Each returns false when the name/value is not one of them. */
bool ev_tvm_import(Eval *ev, const char *module, const char *name, Loc loc, Value *out);
bool ev_tvm_attr(Eval *ev, Value obj, const char *name, Loc loc, Value *out);
bool ev_tvm_call(Eval *ev, const char *path, Args *a, Value *out);
bool ev_tvm_T_call(Eval *ev, const char *name, Args *a, Value *out); /* T.TMEMPool: a prelude class */
bool ev_import_name(Eval *ev, const char *module, const char *name, Loc loc, Value *out); /* eval_module.c */
/* @T.meta_class (eval_tvm.c): a constructor's window of new buffers, and the
 * naming of an instance's buffers when a kernel binds it to a name. */
struct MetaScope *ev_meta_begin(Eval *ev, struct PyClass *k);
void ev_meta_end(Eval *ev, struct MetaScope *s, struct PyObject *o, const Value *init);
void ev_meta_name(Eval *ev, const char *prefix, Value v);
/* The prelude directory (prelude_dir.c), or NULL. */
const char *ev_prelude_dir(Module *m);
Value ev_prelude_missing(Eval *ev, const char *module, Loc loc);
void ev_module_poison(Eval *ev, Ast *s, int nd, int ne, int nerr); /* a failed module-level statement */

/* A python-level literal parsed from a -D value. */
bool ev_parse_define_value(Eval *ev, const char *text, Value *out);

#endif
