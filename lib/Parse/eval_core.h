/* The evaluator's core layer: values, scopes, expressions, calls (eval_value.c,
 * eval_expr.c) and the type object of each kind of value (value_kinds.def).
 * The layers above it: eval_python.h, eval_modules.h, eval_tirx.h (each
 * includes the one below; scripts/check-layers.py checks the uses).
 *
 * The evaluator runs the AST the way TVM's parser runs Python, producing IR.
 *
 * Values are either parse-time Python values (ints, floats, strings, tuples,
 * dtypes, namespaces such as `T.cuda`) or IR objects (expressions, buffers).
 * Which one a name holds decides what `x = e`, `x[i]` and `x + 1` mean, just
 * as Python's dynamic types do in TVM (grammar notes §3.4, §4.3). */
#ifndef TIRX_EVAL_CORE_H
#define TIRX_EVAL_CORE_H

#include <string.h>

#include "Parse/ast.h"
#include "tirx/internal/intrin.h"
#include "tirx/internal/ptx_table.h"
#include "tirx/internal/ir.h"
#include "tirx/internal/parse.h"
#include "Support/ptrmap.h"
#include "Support/strbuf.h"
#include "Support/vec.h"

typedef enum {
#define VALUE_KIND(KIND, NAME, CALL, GETATTR, GETITEM, PROTO) KIND,
#include "Parse/value_kinds.def"
} ValueKind;
enum {
  V_COUNT = 0
#define VALUE_KIND(KIND, NAME, CALL, GETATTR, GETITEM, PROTO) +1
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
  Value *shape; /* V_LOCALVEC: the shape; V_INDEXER: its specs; V_LAMBDA, V_PYFUNC: its defaults
                     * (one per parameter, V_ERROR: none), evaluated where the function was made */
  struct Buffer *buftype; /* V_BUFTYPE template; V_INDEXER: the buffer */
  const Value *recv;      /* V_METHOD: the receiver */
} ValueAux;

/* 64 bytes: values are copied on every step of the evaluator. */
struct Value {
  ValueKind kind;
  bool uint_big;  /* V_INT holding a value above INT64_MAX (bitwise) */
  bool meta;      /* T.meta_var(...): bind the name, emit no IR */
  bool stmt_done; /* the call already emitted its statement (scope ids) */
  bool ptx_pred;  /* T.ptx.pred(x): x is a .pred operand */
  bool pyset;     /* a V_LIST that is a Python set (set(), {a, b}, a set comprehension) */
  int nshape; /* V_LOCALVEC, V_NS (-1: bound Python method, -2: `global`), V_DESCR, V_MACRO: see uses */
  Loc loc;
  union {
    int64_t i; /* V_INT, V_BOOL */
    double f;
    struct {
      const char *p;
      size_t len;
    } s;
    struct {
      Value *items;
      int n;
    } list; /* V_TUPLE, V_LIST */
    struct {
      Value *keys;
      Value *vals;
      int n;
    } dict;
    Expr *e;
    struct Stmt *st; /* V_STMT */
    Buffer *buf;
    DType dt;       /* V_DTYPE, V_LOCALVEC (with shape in list) */
    const char *ns; /* V_NS (interned path) */
    struct {
      DType elem;
      bool typed;
      const char *scope;
      bool tensormap;
    } ptr;
    struct {
      Value *ty;
    } let; /* V_LETTYPE: NULL ty = infer */
    struct {
      Value *lo, *hi, *step;
    } slice;
    struct {
      Stmt *outer, *inner;
      Expr *self;
    } frame; /* V_FRAME: statement with an empty body to fill, the
                                                          innermost one whose body is open, the variable it binds */
    Ast *lambda;
    struct {
      PrimFunc *f;
      struct JitPending *pending;
    } func; /* V_FUNCREF: built, or pending (ev_funcref) */
    struct SmemPool *pool;
    struct {
      Ast *def;
      struct PyEnv *env;
      struct PyModule *mod;
      struct PyClass *owner;
    } py; /* V_PYFUNC, V_LAMBDA, V_MACRO */
    struct PyClass *cls;
    struct PyObject *obj;
    struct {
      Value *fn;
      Value *self;
    } bound;
    struct PyModule *mod;
    const struct Builtin *builtin;
    const struct Method *method;
    struct {
      const char *what;
      bool failed;
      bool deleted; /* `del NAME` of a module-level name: later reads fall back to the builtins */
    } unres;
  } u;
  const ValueAux *aux; /* NULL: none of its fields set */
};

/* A field of v's ValueAux (NULL when it has none). */
#define VAUX(v, field) ((v).aux ? (v).aux->field : NULL)

/* One binding in the lexical scope stack. */
typedef struct Binding {
  const char *name;
  Value v;
  int depth;      /* scope depth at definition */
  int frame;      /* id of the Python call (or kernel body) that made it; 0: none,
                      -1: a closure's view of its enclosing functions */
  bool immutable; /* loop vars, let, scope ids, params */
  uint16_t slot;  /* ev_local_slot(name): its counter in Eval.locals (depth > 0) */
} Binding;

/* A Python function's call as the closures defined in it see it (Python's
 * late binding): while the call runs they read its current bindings, after it
 * returned its last ones.  Arena-owned; made when a closure first refers to it. */
typedef struct PyFrameRef {
  int id, lo; /* its bindings: index >= lo with Binding.frame == id */
  bool live;
  Binding *last;
  int nlast;                 /* after it returned */
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

enum {
  DK_PROPERTY = 1,
  DK_STATIC,
  DK_CLASSMETHOD,
  DK_CACHE,
  DK_PARTIAL,
  DK_FIELD,
  DK_SUPER,
  DK_JIT
};

struct PyClass {
  const char *name;
  struct PyClass **bases;
  int nbases;
  PyAttrs attrs;
  bool dataclass, frozen;
  bool meta_class; /* @T.meta_class (or a subclass of one): eval_tvm.c names its buffers */
  int enum_kind;   /* 1 Enum, 2 IntEnum */
  Value *members;
  int nmembers; /* enum members in order */
  struct PyModule *mod;
  Loc loc;
  struct PyClass **mro;
  int nmro; /* C3 linearisation: the class, then its bases in lookup order */
  const char **slots;
  int nslots;     /* __slots__ of the whole hierarchy (slotted: every class has one) */
  int inst_attrs; /* the most attributes an instance has had: a new one's first room */
  bool slotted;
  const struct Builtin *exc_base; /* an exception class: the builtin exception it derives from */
};

struct PyObject {
  struct PyClass *cls;
  PyAttrs attrs;
  bool frozen;
  /* a meta_class instance (eval_tvm.c): the buffers its own constructor made, and
   * the name prefix it was first bound to */
  Buffer **meta_owned;
  int nmeta_owned;
  const char *meta_name;
};

typedef struct StmtVec {
  Stmt **v;
  int n, cap;
} StmtVec;

/* The evaluator's state.  Eval's own fields are the core's (values, scopes,
 * expressions, calls, and what the core's expressions read of the kernel being
 * built); each layer above keeps its own in a struct its header declares
 * (EvPython, eval_python.h; EvModules, eval_modules.h; EvTirx, eval_tirx.h),
 * reached through py, mod and tx, so a layer's state is visible only to it and
 * the layers above (scripts/eval-state-split.py moved them there). */
struct EvPython;
struct EvModules;
struct EvTirx;
typedef struct Eval {
  Module *m;
  TirxDiag *d;
  const TirxParseOptions *opts;
  Binding *binds;
  int nbinds, capbinds;
  /* the module's globals (depth 0) are the first nglob bindings; globix maps
   * each name to its latest one (index + 1) so a lookup need not scan the
   * callers' frames; glob_stray: a global was bound elsewhere (scan then) */
  int nglob;
  bool glob_stray;
  TxPtrMap globix;
  /* counts the module bindings made (in any module): a name's site cache (Ast.site,
   * ev_lookup_at) holds while it is unchanged */
  uint32_t glob_epoch;
  /* every `global` / `nonlocal` marker (a V_GLOBALDECL binding) is below this index
   * (ev_define raises it; a reader may lower it to nbinds): an assignment in a function
   * whose bindings all lie above it need not look for one */
  int decl_hi;
  /* how many bindings above the globals each name hash has (EV_LOCALS counters: a
   * name whose counter is 0 is no local, so a lookup of a module name or a builtin
   * does not scan the locals of the running functions); the running module's
   * (each module keeps its own, as its bindings: ev_module_switch); own_locals: the
   * input file's */
  uint32_t *locals;
  uint32_t own_locals[4096];
  /* ev_try_attr asking a namespace for a name (getattr(x, name, default)): the error
   * of its miss is dropped, so ev_ns_getattr, which takes the pair at its entry, may
   * count that error without making its message */
  const char *probe_ns, *probe_name;
  int depth;
  StmtVec *cur;        /* where statements are appended */
  PrimFunc *func;      /* function being built */
  bool in_signature;   /* evaluating parameter annotations */
  bool sig_fresh_vars; /* undefined names in quoted shapes become fresh vars */
  Var **sig_vars;
  int nsig_vars;         /* vars created in the signature */
  Ast *sig_def;          /* the function definition whose signature is evaluated */
  bool ptr_arith_ok;     /* promote(): a pointer + / - an integer is allowed */
  const char *name_hint; /* target name of the assignment being evaluated */
  bool stmt_call;        /* the call being evaluated is a whole statement */
  bool call_as_stmt;     /* ev_call to V_NS's call slot: the same, for the call being made */
  Ast *call_recv;        /* ev_call to V_METHOD's call slot: the receiver's expression */
  bool callee_name;      /* evaluating a call's callee name: an unbound one in a
                              kernel body is a function of the module (I_CALL_FUNC, EvModules.calls) */
  Value *tuple_hints;
  int ntuple_hints; /* a, b = ... */
  int nerr;
  int py_body;            /* Python function bodies being run since the innermost
                            * kernel body began: 0 = TVM's parser rules apply */
  int py_floor;           /* bindings below this index are the caller's: only module names show */
  PyFrame *frame;         /* the innermost Python call or kernel body running (NULL: module code) */
  TxPtrMap py_dicts;      /* dict displays: the A_DICT node -> its DictPlan (eval_expr.c) */
  TxPtrMap builtin_names; /* an unbound builtin name -> its value (eval_expr.c) */
  TxPtrMap paths;         /* ev_path_join's: NAME (interned) -> its joins (eval_value.c) */
  struct EvTmp *tmp;      /* ev_tmp_alloc's memory (eval_value.c; NULL: none yet) */
  struct EvPython *py;    /* the Python layer's state (eval_python.h) */
  struct EvModules *mod;  /* the module layer's (eval_modules.h) */
  struct EvTirx *tx;      /* the TIRx layer's (eval_tirx.h) */
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
/* A value of kind k, the rest zero (inline: the evaluator makes one per step) */
static inline Value v_make(ValueKind k, Loc loc) {
  Value v;
  memset(&v, 0, sizeof v);
  v.kind = k;
  v.loc = loc;
  return v;
}
/* v's own ValueAux, to set fields in: a copy of what it had (or zeroes). */
ValueAux *v_aux(Eval *ev, Value *v);
static inline Value v_int(int64_t i, Loc loc) {
  Value v = v_make(V_INT, loc);
  v.u.i = i;
  return v;
}
static inline Value v_expr(Expr *e, Loc loc) {
  if (!e) return v_make(V_ERROR, loc);
  Value v = v_make(V_EXPR, loc);
  v.u.e = e;
  return v;
}

/* scope */
enum { EV_LOCALS = 4096 }; /* Eval.own_locals's counters */
static inline unsigned ev_local_slot(const char *name) {
  return (unsigned)(((uintptr_t)name >> 4) * 0x9E3779B97F4A7C15ull >> 52) % EV_LOCALS;
}
void ev_push_scope(Eval *ev);
void ev_pop_scope(Eval *ev);
Binding *ev_lookup(Eval *ev, const char *name);
/* ev_lookup(ev, a->name) for the name a (A_NAME), through its site cache (Ast.site,
 * eval_expr.c); inline: the two hits (a module binding kept while the module made none,
 * the sole local of its hash at the site's index), the rest in ev_lookup_at_slow */
Binding *ev_lookup_at_slow(Eval *ev, Ast *a);
/* The lowest index of the running function's own bindings a site's local hint may name
 * (above the caller's, py_floor, and the module's globals) */
static inline int ev_local_floor(const Eval *ev) {
  int lo = ev->py_floor < ev->nbinds ? ev->py_floor : ev->nbinds;
  return lo < ev->nglob ? ev->nglob : lo;
}
static inline Binding *ev_lookup_at(Eval *ev, Ast *a) {
  if (!ev->glob_stray) {
    uint32_t locals = ev->locals[ev_local_slot(a->name)];
    if (!locals && a->site.scope == ev->locals && a->site.epoch == ev->glob_epoch)
      return a->site.idx < 0 ? NULL : &ev->binds[a->site.idx];
    if (locals == 1) {
      int i = a->site.local;
      if (i >= ev_local_floor(ev) && i < ev->nbinds && ev->binds[i].name == a->name &&
          ev->binds[i].v.kind != V_GLOBALDECL)
        return &ev->binds[i];
    }
  }
  return ev_lookup_at_slow(ev, a);
}
void ev_define(Eval *ev, const char *name, Value v, bool immutable, Loc loc);
/* ev_define of a mutable name in a function's scope (ev->depth > 0; inline: every
 * parameter of every call binds one) */
static inline void ev_define_local(Eval *ev, const char *name, const Value *v) {
  TIRX_VEC_RESERVE(ev->binds, ev->capbinds, ev->nbinds + 1);
  Binding *b = &ev->binds[ev->nbinds++];
  ev->locals[b->slot = (uint16_t)ev_local_slot(name)]++;
  b->name = name;
  b->v = *v;
  b->depth = ev->depth;
  b->frame = ev->frame ? ev->frame->id : 0;
  b->immutable = false;
  if (v->kind == V_GLOBALDECL && ev->decl_hi < ev->nbinds) ev->decl_hi = ev->nbinds;
}
/* Binds again in the current scope, as a closure's view of them (Binding.frame -1:
 * no closure of the running call reads them), the bindings src[lo..hi) (src NULL:
 * ev->binds), only those of frame `frame` at depth > 0 unless frame is 0 */
void ev_define_seen(Eval *ev, const Binding *src, int lo, int hi, int frame, Loc loc);

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
  Value *pos;
  int npos;
  const char **kwn;
  Value *kwv;
  int nkw;
  Loc loc;
} Args;
Value *ev_kwarg(Args *a, const char *name);
/* a's arrays that are temporaries (ev_call makes them for the callees that copy what
 * they keep) copied into the arena: for a callee that may keep a pointer into them */
void ev_args_keep(Eval *ev, Args *a);

Value *ev_arg(Args *a, int i, const char *name); /* positional i or keyword */
bool ev_check_kw(Eval *ev, Args *a, const char *fn, const char *const *allowed);

/* an E_LAYOUT node NAME(args...) ("T.S", "T.TileLayout", "@", "+") (eval_expr.c) */
Expr *ev_layout_node(Eval *ev, const char *name, Expr **args, int n, Loc loc);
Value ev_err(Eval *ev, Loc l, const char *msg);
/* Integer literal range of a dtype; integer division by a constant zero (eval_expr.c). */
bool ev_int_fits(DType t, int64_t v, bool big);
bool ev_check_divisor(Eval *ev, ExprKind k, const Expr *b, Loc loc);
/* values as IR (eval_expr.c): an attribute/keyword value (Python scalars become POD
 * constants), a storage scope argument ("" is "global"; v NULL: dflt; NULL after an
 * error), a buffer's (and its data variable's) name */
Expr *ev_value_to_any(Eval *ev, Value v);
const char *ev_scope_str(Eval *ev, Value *v, const char *dflt);
void ev_rename_buffer(Eval *ev, Buffer *b, const char *name);
/* calls (eval_value.c) */
Value ev_call(Eval *ev, Ast *call);

/* The type object of each kind of value (value_kinds.def; the table in eval_types.c,
 * which the layers below reach only through it). */
typedef Value (*CallSlot)(Eval *ev, Value callee, Args *a);
typedef Value (*GetattrSlot)(Eval *ev, Value obj, const char *name, Loc loc);
typedef Value (*GetitemSlot)(Eval *ev, Value obj, Ast *sub);
/* The rest of a kind's slots (CPython's tp_as_number / tp_as_sequence, Lua's
 * metamethods).  A NULL slot: the kind has none, and the evaluator's own rules
 * for its values apply (ev_setattr and the others below say which). */
typedef struct ValueProto {
  /* obj.name = v / del obj.name; false after reporting an error */
  bool (*setattr)(Eval *ev, Value obj, const char *name, Value v, Loc loc);
  bool (*delattr)(Eval *ev, Value obj, const char *name, Loc loc);
  /* obj[key] = v; false after reporting an error */
  bool (*setitem)(Eval *ev, Value obj, Value key, Value v, Loc loc);
  /* iter(obj) run to its end: the items, arena-owned; false after an error */
  bool (*iter)(Eval *ev, Value obj, Value **items, int *n, Loc loc);
  /* len(obj); false after an error */
  bool (*len)(Eval *ev, Value obj, int64_t *n, Loc loc);
  /* bool(obj): 1 true, 0 false, -1 an error was reported */
  int (*truth)(Eval *ev, Value obj, Loc loc);
  /* hash(obj); false after an error */
  bool (*hash)(Eval *ev, Value obj, int64_t *h, Loc loc);
  /* str(obj) / repr(obj) appended to b; false: not this kind's (*ok false: an error) */
  bool (*text)(Eval *ev, Value obj, bool repr, StrBuf *b, bool *ok);
  /* a OP b, the comparisons too, with either operand of this kind (the left one's slot is
   * tried first, then the right one's: its reflected form); false: not for it (NotImplemented) */
  bool (*binop)(Eval *ev, int op, Value a, Value b, Loc loc, Value *out);
  /* -obj, +obj, ~obj (op: OP_MINUS, OP_PLUS, OP_TILDE); false: not for it */
  bool (*unop)(Eval *ev, int op, Value obj, Loc loc, Value *out);
  /* `with obj as x`: x; and its end: exit(exc_type, exc_value, None), both V_NONE on the
   * normal path, else the class a `raise` named and the exception (an instance of it with
   * .args); *suppress: the exception is swallowed (a true result); false after an error */
  Value (*enter)(Eval *ev, Value obj, Loc loc);
  bool (*exit)(Eval *ev, Value obj, Value exc_type, Value exc_value, Loc loc, bool *suppress);
  /* a class attribute read through an instance (inst V_NONE: through the class) or
   * assigned through one: the descriptor protocol; get's false: not a descriptor of
   * that access (the value itself is the attribute), set's false: not one (the
   * instance's own attribute is set); *out V_ERROR / an error reported on failure */
  bool (*get)(Eval *ev, Value descr, Value inst, Value owner, Loc loc, Value *out);
  bool (*set)(Eval *ev, Value descr, Value inst, Value v, Loc loc, bool *ok);
} ValueProto;
typedef struct ValueType {
  const char *name;
  CallSlot call;
  GetattrSlot getattr;
  GetitemSlot getitem;
  const ValueProto *proto; /* never NULL */
} ValueType;
extern const ValueType ev_types[V_COUNT];
#define no_proto ev_no_proto
#define VALUE_KIND(KIND, NAME, CALL, GETATTR, GETITEM, PROTO)    \
  Value CALL(Eval *ev, Value callee, Args *a);                   \
  Value GETATTR(Eval *ev, Value obj, const char *name, Loc loc); \
  Value GETITEM(Eval *ev, Value obj, Ast *sub);                  \
  extern const ValueProto PROTO;
#include "Parse/value_kinds.def"
#undef no_proto
#define EV_PROTO(v) (ev_types[(v).kind].proto)
/* The generic operations over the slots (eval_value.c): each uses the kind's slot. */
bool ev_setattr(Eval *ev, Value obj, const char *name, Value v, Loc loc);
bool ev_setitem(Eval *ev, Value obj, Value key, Value v, Loc loc);
int ev_truth(Eval *ev, Value v,
             Loc loc); /* 1, 0, or -1: not known at parse time (nothing reported) or an error */
Value ev_attr(Eval *ev, Value obj, const char *name, Loc loc);
/* obj.NAME of the expression a (A_ATTR), obj evaluated: ev_attr, kept per site where obj is
 * a namespace and the result is one too, a dtype or a builtin (T.ptx.mul, tvm.tirx,
 * T.float32: the same at every evaluation of the site) */
Value ev_attr_at(Eval *ev, Value obj, Ast *a);
Value ev_subscript(Eval *ev, Ast *a); /* obj[...]: its kind's getitem slot */

/* Python's builtins: the rows of builtins.def (the table in eval_types.c; each
 * function, eval_python.h, in the file of the values it works on).  The core
 * binds an unbound name that has a row to a V_BUILTIN carrying it. */
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
const Builtin *ev_builtin_find(const char *name); /* NULL: no builtin of that name */
Value ev_builtin_value(const Builtin *b, Loc loc);
/* Temporaries on the heap, not in the module arena (which hands each byte out once):
 * what a call needs only while it runs (the argument arrays of a call of a Python
 * function, the candidates of a T.ptx call).  ev_tmp_alloc gives zeroed memory that
 * lives until ev_tmp_release(ev, mark) with a mark taken before it (ev_tmp_mark);
 * marks nest like calls.  Nothing that outlives the release may point into it.
 * The memory is reused from call to call (sanitizer builds: one heap block per
 * allocation, freed at the release, so that ASan sees a use after it). */
size_t ev_tmp_mark(const Eval *ev);
void *ev_tmp_alloc(Eval *ev, size_t size);
void *ev_tmp_alloc_raw(Eval *ev, size_t size); /* the same, not zeroed */
void ev_tmp_release(Eval *ev, size_t mark);
void ev_tmp_free(Eval *ev);                      /* at the end of the compile */
bool ev_tmp_owns(const Eval *ev, const void *p); /* p points into live temporaries */
/* "NS.NAME", interned (made once per pair: attribute lookups on namespaces are hot) */
const char *ev_path_join(Eval *ev, const char *ns, const char *name);
Value ev_not_callable(Eval *ev, Value callee,
                      Args *a); /* the error of a kind without a call slot */

/* obj.name as a call's callee, made without the arena (CPython's LOAD_METHOD): the
 * function and the receiver a bound method would hold, kept by the call (ev_call) in
 * this for as long as it runs. */
typedef struct CalleeSlot {
  Value fn, self;
  ValueAux aux;
} CalleeSlot;

/* What the core's expressions need of the layers above it: Python's
 * comprehensions, f-strings, lambdas, set and dict displays and `in` (eval_py.c,
 * eval_class.c), and the file of the module whose code runs (eval_module.c).  The
 * wiring (eval_types.c) fills the table, so the core never names a higher
 * layer's function (scripts/check-layers.py). */
typedef struct EvCoreHooks {
  Value (*comp)(Eval *ev, Ast *c);         /* [x for ...], {k: v for ...}, (x for ...) */
  Value (*fstring)(Eval *ev, Ast *a);      /* f"..." */
  Value (*lambda)(Eval *ev, Ast *a);       /* lambda ...: ... */
  Value (*set)(Eval *ev, Value list);      /* {a, b}: the list without duplicates */
  Value (*dict_display)(Eval *ev, Ast *a); /* {k: v, **d} */
  bool (*contains)(Eval *ev, Value x, Value c, bool *out); /* x in c; false after an error */
  /* a call whose callee evaluates its arguments itself (any() / all() of a generator);
   * false: an ordinary call */
  bool (*call_lazy)(Eval *ev, Value callee, Ast *call, Value *out);
  /* obj.name called at once: *out a bound method or builtin method whose parts are in
   * *st, when obj.name is a plain method of obj's class or a builtin method of obj's
   * kind; false: evaluate obj.name as an attribute (ev_attr) */
  bool (*attr_callee)(Eval *ev, Value obj, Ast *attr, CalleeSlot *st, Value *out);
  /* obj.name (the node attr) of an instance whose class has no attribute of that name:
   * the instance's own; false: evaluate it as an attribute (ev_attr) */
  bool (*obj_attr)(Eval *ev, Value obj, Ast *attr, Value *out);
  void (*module_tag)(
      Eval *ev,
      int before); /* locate the diagnostics since `before` in the running module's file */
} EvCoreHooks;
extern const EvCoreHooks ev_core_hooks;

/* The one call of a value (kernel bodies and Python code alike): its kind's call
 * slot (inline: every Python call goes through it). */
static inline Value ev_call_value(Eval *ev, Value callee, Args *a) {
  CallSlot call = ev_types[callee.kind].call;
  return call ? call(ev, callee, a) : ev_not_callable(ev, callee, a);
}

#endif
