/* tirx IR: data types, expressions, statements, buffers, functions, modules.
 *
 * Every node lives in its module's arena (freed at once by tirx_module_free);
 * every node carries the source location it came from; every name is
 * interned in the module, so names compare by pointer.  Node kinds are
 * declared once in expr.def / stmt.def.
 *
 * The IR mirrors TVM's TIRx IR closely enough that printing it back gives
 * TVM's canonical text (with tirx's authored spellings, see docs/language.md):
 *   - a mutable scalar `x: T.int32 = 0` is a 1-element local buffer (S_ALLOC)
 *     plus a store; reads are E_LOAD x[0];
 *   - `x: T.let[T.int32] = e` / a pointer-valued `x = e` is an S_BIND;
 *   - `T.device_entry()` is S_ATTR key "tirx.device_entry" over the rest of
 *     the function body; scope ids are S_SCOPEID;
 *   - `T.Buffer` / `T.match_buffer` params are a handle Var plus a Buffer
 *     (PrimFunc.params[i].buf), whose data Var is used for `A.data`.
 */
#ifndef TIRX_IR_H
#define TIRX_IR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tirx/internal/diag.h"

/* ---- data types ---------------------------------------------------------- */

typedef enum {
  DTC_INT,
  DTC_UINT,
  DTC_FLOAT,
  DTC_BFLOAT,
  DTC_F8,
  DTC_F6,
  DTC_F4,
  DTC_BOOL,
  DTC_HANDLE,
  DTC_VOID
} DTypeCode;

typedef enum {
#define X(E, name, code, bits, dl_code, dl_bits, ctype, tma, npy) E,
#include "tirx/dtype.def"
#undef X
  DT_COUNT
} DTypeId;

/* A dtype is a scalar id plus a lane count (1 = scalar). */
typedef struct DType {
  uint8_t id;     /* DTypeId */
  uint16_t lanes; /* >= 1 */
} DType;

DType tirx_dtype(DTypeId id);
DType tirx_dtype_vec(DTypeId id, int lanes);
DTypeCode tirx_dtype_code(DType t);
int tirx_dtype_bits(DType t); /* bits of one lane */
const char *tirx_dtype_scalar_name(DTypeId id);
/* Writes "float32", "float32x4" into buf (>= 32 bytes); returns buf. */
char *tirx_dtype_str(DType t, char *buf);
/* Parses "float32", "float32x4", "f32" aliases; false if unknown. */
bool tirx_dtype_parse(const char *s, size_t len, DType *out);
bool tirx_dtype_eq(DType a, DType b);
bool tirx_dtype_is_int(DType t);   /* int or uint (not bool) */
bool tirx_dtype_is_float(DType t); /* float, bfloat, f8/f6/f4 */
bool tirx_dtype_is_bool(DType t);
bool tirx_dtype_is_handle(DType t);

/* ---- forward declarations ----------------------------------------------- */

typedef struct Module Module;
typedef struct PrimFunc PrimFunc;
typedef struct Expr Expr;
typedef struct Stmt Stmt;
typedef struct Var Var;
typedef struct Buffer Buffer;
typedef struct Intrin Intrin;

typedef struct Loc {
  uint32_t line; /* 1-based; 0 = no location (built by a pass) */
  uint32_t col;  /* 1-based byte column */
} Loc;

/* ---- variables ----------------------------------------------------------- */

typedef enum {
  VAR_PLAIN,   /* loop var, bind, scalar param, scope id, shape var */
  VAR_BUFDATA, /* the data pointer of `buffer` (prints as `A.data`) */
} VarKind;

struct Var {
  Loc loc;
  const char *name; /* interned; "" prints as `v` */
  DType dtype;      /* handle for pointers */
  VarKind kind;
  /* Pointer type, when dtype is handle: element dtype (lanes 0 = untyped
   * `T.handle`) and storage scope ("global", "shared", "shared.dyn", "local",
   * or "" for T.handle("float32") printed with one argument). */
  DType ptr_elem;
  bool ptr_typed;
  const char *ptr_scope; /* interned */
  bool is_tensormap;     /* T.TensorMap() */
  Buffer *buffer;        /* VAR_BUFDATA: the owning buffer */
  int id;                /* per-module creation index (stable printing/hash) */
};

/* ---- buffers ------------------------------------------------------------- */

struct Buffer {
  Loc loc;
  const char *name; /* interned */
  Var *data;        /* VAR_BUFDATA var of this buffer */
  DType dtype;
  int ndim;
  Expr **shape;
  int nstrides; /* 0 = compact */
  Expr **strides;
  Expr *elem_offset; /* NULL = 0 */
  const char *scope; /* interned: "global", "shared", "shared.dyn", "local", "tmem", ... */
  int align;         /* bytes; 0 = default (64) */
  int offset_factor; /* 0 = default (1) */
  Expr *layout;      /* NULL = default row-major; E_NONE = layout=None; else E_LAYOUT */
  bool
      layout_default; /* layout is TVM's default TileLayout(S[shape]), kept because TVM prints it */
  Expr *allocated_addr;      /* NULL or an expr (tmem column) */
  Expr *decl_data;           /* S_DECL: the aliased pointer (e.g. arena.data) */
  Expr *annotations;         /* E_DICT or NULL */
  bool declared_by_T_Buffer; /* body-level `X = T.Buffer(...)` alias (no statement) */
  Buffer *view_of;           /* S_DECL made by `X.view(...)`: X (TVM prints the view form) */
  bool view_local;           /* ... made by `X.local()`: the per-thread storage under view X */
  bool decl_no_data;         /* S_ALLOC written T.decl_buffer(...) without data= (tmem) */
  Buffer *layout_src; /* layout NULL, made by X.view(shape): the buffer whose default row-major
                           layout (over its own shape) this one keeps, as TVM's view keeps the
                           layout object (NULL: this buffer's own shape) */
  int *permute;       /* made by X.permute(dims) over X's own layout iters: the dims (TVM
                           prints X.permute(...)) */
  int id;
};

/* ---- intrinsics (see intrin.h for the registry) ------------------------- */

/* A pointer type used as a value, `T.handle("uint64", "global").ty`: the
 * result type of a T.reinterpret to a pointer. */
typedef struct PtrType {
  DType elem;        /* element dtype when typed */
  bool typed;        /* false: `T.handle().ty` */
  const char *scope; /* interned storage scope */
} PtrType;

typedef struct KwArg {
  const char *name; /* interned */
  Expr *value;
} KwArg;

/* ---- expressions --------------------------------------------------------- */

typedef enum {
#define X(E, name, payload, children) E,
#include "tirx/internal/expr.def"
#undef X
  E_COUNT
} ExprKind;

struct Expr {
  uint8_t kind; /* ExprKind */
  DType dtype;
  Loc loc;
  union {
    struct {
      int64_t v;
      bool pod;
    } i; /* uint64 values stored bitwise */
    struct {
      double v;
      bool pod;
    } f;
    struct {
      const char *p;
      size_t len;
    } s;
    Var *var;
    struct {
      Expr *a, *b;
    } bin;
    struct {
      Expr *a;
    } un;
    struct {
      Expr *c, *t, *f;
    } sel;
    struct {
      Buffer *buf;
      Expr **idx;
      int n;
      Expr *pred;
    } load;
    struct {
      Expr *base, *stride;
      int lanes;
    } ramp;
    struct {
      Expr *value;
      int lanes;
    } bcast;
    struct {
      const Intrin *op; /* registry entry; never NULL */
      Expr **args;
      int n;
      KwArg *kw;
      int nkw;
      const char *name;      /* E_LAYOUT / generic calls: printed callee, e.g. "T.TileLayout" */
      const PtrType *ptr_ty; /* a handle result's pointer type (T.reinterpret), or NULL */
    } call;
    struct {
      Var *var;
      Expr *value;
      Expr *body;
    } let;
    struct {
      Buffer *buf;
      Expr **min;
      Expr **ext;
      int n;
    } region;
    struct {
      Expr **items;
      int n;
    } list;
    struct {
      Expr **keys;
      Expr **vals;
      int n;
    } dict;
    Buffer *bufref;
  } u;
};

/* ---- statements ---------------------------------------------------------- */

typedef enum {
#define X(E, name, payload, children) E,
#include "tirx/internal/stmt.def"
#undef X
  S_COUNT
} StmtKind;

/* The most loops one `for ... in T.grid(...)` may bind: the parser's limit, and the
 * printer prints a longer perfect nest as several grids. */
#define TIRX_MAX_GRID_LOOPS 16

typedef enum { FOR_SERIAL, FOR_PARALLEL, FOR_VECTORIZED, FOR_UNROLLED, FOR_THREAD_BINDING } ForKind;

typedef enum {
#define X(E, name, parent, child, dims) E,
#include "tirx/internal/scope.def"
#undef X
  SID_COUNT
} ScopeIdKind;

typedef enum {
  SCOPE_KERNEL,
  SCOPE_CLUSTER,
  SCOPE_CTA,
  SCOPE_CTA_PAIR,
  SCOPE_WARPGROUP,
  SCOPE_WARP,
  SCOPE_THREAD
} ScopeLevel;

struct Stmt {
  uint8_t kind; /* StmtKind */
  Loc loc;
  union {
    struct {
      Stmt **items;
      int n;
    } seq;
    struct {
      Expr *e;
    } eval;
    struct {
      Buffer *buf;
      Expr **idx;
      int n;
      Expr *value;
      Expr *pred;
    } store;
    struct {
      Var *var;
      Expr *value;
    } bind;
    struct {
      Buffer *buf;
    } alloc;
    struct {
      Var *var;
      Expr *min, *extent, *step; /* step NULL = 1 */
      ForKind kind;
      const char *thread; /* FOR_THREAD_BINDING tag, interned */
      Expr *annotations;  /* E_DICT or NULL */
      Stmt *body;
    } for_;
    struct {
      Expr *cond;
      Stmt *body;
    } while_;
    struct {
      Expr *cond;
      Stmt *then_;
      Stmt *else_; /* may be NULL */
    } if_;
    struct {
      Expr *node;
      const char *key;
      Expr *value;
      Stmt *body;
    } attr;
    struct {
      Expr *message; /* E_STR or NULL */
      KwArg *kw;
      int nkw;
      Stmt *body;
    } hint;
    struct {
      ScopeIdKind sid;
      Var **vars;
      int nvars;
      Expr **extents;
      int next; /* next == 0: deferred `T.warp_id()` */
      Expr **preferred;
      int npref;
      DType dtype; /* int32 or uint32 */
    } scopeid;
    struct {
      Expr *cond;
      Expr *kind;  /* E_STR */
      Expr *parts; /* E_LIST of E_STR */
    } assert_;
    struct {
      Expr *value;
    } ret;
    /* TVM has two IR forms for leaving a loop: the Break/Continue statement
     * (printed `break`; what the IRBuilder makes) and an Evaluate of
     * T.break_loop() (what TVMScript's parser makes of a source `break`).
     * They mean the same; as_call keeps which one, for TVM's print. */
    struct {
      bool as_call;
    } loopexit;
    /* Legacy T.launch_thread and the output of lower-tirx: `var` is the
     * value of `tag` ("blockIdx.x", "threadIdx.y", ...) for `body`. */
    struct {
      Var *var;
      const char *tag;
      Expr *extent;
      Stmt *body;
    } launch;
  } u;
};

/* ---- functions and modules ---------------------------------------------- */

typedef struct Param {
  Var *var;      /* the handle / scalar parameter */
  Buffer *buf;   /* non-NULL for T.Buffer annotations and match_buffer'd handles */
  bool optional; /* T.Optional(T.handle) (@T.jit) */
} Param;

struct PrimFunc {
  Loc loc;
  const char *name; /* def name (interned) */
  Param *params;
  int nparams;
  Stmt *body;
  bool has_ret;
  DType ret;       /* `-> T.int32` */
  bool private_;   /* @T.prim_func(private=True) */
  bool persistent; /* persistent=True */
  bool s_tir;      /* s_tir=True (parsed, not lowered) */
  Expr *attrs;     /* E_DICT of T.func_attr, or NULL */
  /* Host/device split products (filled by split-host-device): a device
   * kernel has explicit pointer/scalar params and no buffer params; its
   * host launch plan (runtime/include/tirx/plan.h) is owned by the module
   * and freed with it. */
  bool is_device_kernel;
  struct TirxPlan *plan;
};

struct Module {
  struct Arena *arena;
  struct Interner *names;
  const char *filename;
  const char *source;
  size_t source_len;      /* kept for diagnostics */
  bool is_ir_module;      /* @I.ir_module class NAME: */
  const char *class_name; /* "Module" */
  PrimFunc **funcs;
  int nfuncs;
  int capfuncs; /* allocated entries of funcs (tirx_module_add_func doubles it) */
  /* Name index for tirx_module_find (module.c; rebuilt when funcs is replaced). */
  PrimFunc **func_index;
  int func_index_cap, func_index_n;
  PrimFunc **func_index_of;
  int next_id; /* Var/Buffer ids */
  bool needs_future_import;
  /* The arch the passes compile for ("sm_90a", static; NULL: TIRX_DEFAULT_ARCH): set by the
   * driver (and tirx-opt --mcpu) before the pipeline, read by tile-dispatch's arch checks. */
  const char *target_arch;
  struct ModuleCleanup *cleanups; /* tirx_module_on_free callbacks */
};

/* ---- construction API (lib/IR) ------------------------------------------ */

Module *tirx_module_new(const char *filename, const char *source, size_t len);
void tirx_module_free(Module *m);
/* Runs fn(arg) when m is freed (last registered first): for memory that lives
 * outside the arena, e.g. the launch plans split-host-device attaches. */
void tirx_module_on_free(Module *m, void (*fn)(void *), void *arg);
void *tirx_alloc(Module *m, size_t size); /* zeroed, arena-owned */
#define TIRX_NEW(m, T) ((T *)tirx_alloc((m), sizeof(T)))
#define TIRX_NEWN(m, T, n) ((T *)tirx_alloc((m), sizeof(T) * (size_t)(n)))
const char *tirx_intern(Module *m, const char *s, size_t len);
const char *tirx_intern0(Module *m, const char *s);
/* Interns a formatted name of any length (generated names never truncate,
 * so two long names cannot collide). */
const char *tirx_intern_printf(Module *m, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
char *tirx_strdup(Module *m, const char *s, size_t len);

Var *tirx_var_new(Module *m, const char *name, DType t, Loc loc);
Var *tirx_var_ptr(Module *m, const char *name, DType elem, const char *scope, Loc loc);
Buffer *tirx_buffer_new(Module *m, const char *name, DType t, int ndim, Loc loc);

Expr *tirx_expr_new(Module *m, ExprKind k, DType t, Loc loc);
Expr *tirx_int(Module *m, DType t, int64_t v, Loc loc);
Expr *tirx_i32(Module *m, int64_t v);
Expr *tirx_float(Module *m, DType t, double v, Loc loc);
Expr *tirx_str(Module *m, const char *s, size_t len, Loc loc);
Expr *tirx_varref(Module *m, Var *v, Loc loc);
Expr *tirx_binary(Module *m, ExprKind k, Expr *a, Expr *b,
                  Loc loc); /* dtype: bool for cmp/logic, else a's */
Expr *tirx_cast(Module *m, DType t, Expr *a, Loc loc);
Expr *tirx_load(Module *m, Buffer *b, Expr **idx, int n, Loc loc);
Expr *tirx_call(Module *m, const Intrin *op, DType t, Expr **args, int n, Loc loc);

Stmt *tirx_stmt_new(Module *m, StmtKind k, Loc loc);
Stmt *tirx_seq(Module *m, Stmt **items, int n, Loc loc); /* flattens, drops Evaluate(0) */

PrimFunc *tirx_func_new(Module *m, const char *name, Loc loc);
void tirx_module_add_func(Module *m, PrimFunc *f);
PrimFunc *tirx_module_find(Module *m, const char *name);

/* Well-known attribute keys and storage scopes (attrs.def). */
typedef enum {
#define ATTR(E, key) E,
#define SCOPE(E, name)
#include "tirx/internal/attrs.def"
#undef ATTR
#undef SCOPE
  ATTR_COUNT
} TirxAttrKey;
typedef enum {
#define ATTR(E, key)
#define SCOPE(E, name) E,
#include "tirx/internal/attrs.def"
#undef ATTR
#undef SCOPE
  MEM_COUNT
} TirxScope;
const char *tirx_attr_name(TirxAttrKey k);
const char *tirx_scope_name(TirxScope k);
/* Is `key` (NUL-terminated; NULL is no key) the well-known key k? */
bool tirx_attr_is(const char *key, TirxAttrKey k);
/* Is e a string constant (E_STR, NUL bytes included) spelling key k? */
bool tirx_attr_is_str(const Expr *e, TirxAttrKey k);
/* Is `scope` (NULL: none) the storage scope k? */
bool tirx_scope_is(const char *scope, TirxScope k);
/* The scope spelled s[0..n), or MEM_COUNT when it is none of attrs.def's. */
TirxScope tirx_scope_lookup(const char *s, size_t n);

/* Buffer/Var helpers. */
bool tirx_buffer_is_scalar(const Buffer *b); /* shape (1,), local-style defaults */
bool tirx_expr_is_const_int(const Expr *e, int64_t *v);
bool tirx_is_cmp_or_logic(ExprKind k);
const char *tirx_expr_kind_name(ExprKind k);
const char *tirx_stmt_kind_name(StmtKind k);
const char *tirx_scope_id_name(ScopeIdKind k);
/* " + ", " // ", " and " ... for kinds printed as a Python operator, else NULL. */
const char *tirx_expr_op_text(ExprKind k);
/* Levenshtein distance (names up to 120 bytes), for "did you mean". */
int tirx_edit_distance(const char *a, size_t la, const char *b, size_t lb);

/* ---- structural equality and hashing (lib/IR/equal.c) -------------------- */
/* Equal up to variable and buffer names (definitions matched positionally),
 * ignoring source locations.  On mismatch, *why (if non-NULL) gets a short
 * static description. */
bool tirx_module_equal(const Module *a, const Module *b, const char **why);
bool tirx_func_equal(const PrimFunc *a, const PrimFunc *b, const char **why);
uint64_t tirx_func_hash(const PrimFunc *f);
/* The same walk with variables and buffers compared by identity (the
 * passes' "same expression" test); NULL equals only NULL. */
bool tirx_expr_identical(const Expr *a, const Expr *b);
/* hi - lo in the canonical sum form of TVM's simplifier (lib/IR/canon.c): the
 * extent TVM stores for range(lo, hi). */
Expr *tirx_canon_sub(Module *m, Expr *hi, Expr *lo, Loc loc);
/* e itself in that form (the extent TVM stores for range(e)). */
Expr *tirx_canon(Module *m, Expr *e, Loc loc);
uint64_t tirx_module_hash(const Module *m);

/* ---- walks (lib/IR/visit.c), generated from the children column of
 * expr.def / stmt.def ------------------------------------------------------ */

/* The children and references of ONE node, in walk order, one callback per
 * kind of field (any may be NULL): expressions (EXPR, EXPRS items, KWARGS
 * values; NULL ones skipped), statements (STMT, STMTS items), variables used
 * (USE, with the E_VAR), variables defined (DEF, DEFS), buffers used (BUF)
 * and declared (DECL).  Read-only walks (the visitor, def/use analyses, the
 * printer's use collection) are built on it. */
typedef struct IRChildFns {
  void (*expr)(void *ctx, Expr *e);
  void (*stmt)(void *ctx, Stmt *s);
  void (*use)(void *ctx, Var *v, Expr *at);
  void (*def)(void *ctx, Var *v);
  void (*buf)(void *ctx, Buffer *b);
  void (*decl)(void *ctx, Buffer *b);
} IRChildFns;
void tirx_expr_children(Expr *e, const IRChildFns *fns, void *ctx);
void tirx_stmt_children(Stmt *s, const IRChildFns *fns, void *ctx);

typedef struct IRVisitor {
  void *ctx;
  /* Return false to skip the node's children. */
  bool (*expr)(struct IRVisitor *v, Expr *e);
  bool (*stmt)(struct IRVisitor *v, Stmt *s);
} IRVisitor;
void tirx_visit_expr(IRVisitor *v, Expr *e);
void tirx_visit_stmt(IRVisitor *v, Stmt *s);
/* The same walks over a const tree, for readers (the printer, the analyses): the callbacks
 * still get the mutable pointers the walks share with the mutating passes, and a const
 * caller promises that its callbacks do not write through them.  This is the one place a
 * const node loses its const (lib/IR/visit.c). */
void tirx_visit_expr_ro(IRVisitor *v, const Expr *e);
void tirx_stmt_children_ro(const Stmt *s, const IRChildFns *fns, void *ctx);

/* Rewriting: the callbacks return a replacement (or the node itself); the
 * walker rebuilds parents only when a child changed (or always, with
 * `copy`).  The optional hooks replace a definition (called before the
 * children it scopes over), a used buffer and a declared buffer; without
 * them variables and buffers are kept. */
typedef struct IRMutator {
  void *ctx;
  Module *m;
  Expr *(*expr)(struct IRMutator *mu, Expr *e);     /* post-order, may be NULL */
  Stmt *(*stmt)(struct IRMutator *mu, Stmt *s);     /* post-order, may be NULL */
  Var *(*def)(struct IRMutator *mu, Var *v);        /* DEF / DEFS, may be NULL */
  Buffer *(*buf)(struct IRMutator *mu, Buffer *b);  /* BUF, may be NULL */
  Buffer *(*decl)(struct IRMutator *mu, Buffer *b); /* DECL, may be NULL */
  bool copy; /* copy every node and list (a clone that shares nothing mutable) */
} IRMutator;
Expr *tirx_mutate_expr(IRMutator *mu, Expr *e);
Stmt *tirx_mutate_stmt(IRMutator *mu, Stmt *s);

#endif
