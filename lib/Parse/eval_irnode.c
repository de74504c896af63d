/* TVM's IR nodes as Python values (issue 24): what `tvm.tirx.stmt_functor`'s
 * visitors (prelude/tvm/tirx/stmt_functor.py) and a traced kernel's own IR checks
 * read of a built function.  A statement is a V_STMT (u.st), an expression the
 * V_EXPR it already is; the fields carry TVM's names:
 *
 *   PrimFunc.body                      the function's body (V_FUNCREF, ev_irnode_func_attr)
 *   SeqStmt.seq                        Evaluate.value
 *   BufferStore.buffer/value/indices/predicate          Bind.var/value
 *   AllocBuffer.buffer / DeclBuffer.buffer              AttrStmt.attr_key/value/body
 *   For.loop_var/min/extent/step/body  While.condition/body
 *   IfThenElse.condition/then_case/else_case            AssertStmt.condition
 *   Return.value                       ScopeIdDefStmt: none yet
 *   Call.args (Call.op, a tvm.ir.Op of the prelude: eval_call.c)
 *   BufferLoad.predicate (None unless a predicated load)  IntImm/FloatImm/StringImm.value
 *
 * and `_tirx.ir_kind(node)` / `_tirx.ir_children(node)` are the visitor's dispatch:
 * the stem of its `visit_<kind>_` method (None: no method of its own) and the
 * children its base method visits, in TVM main's StmtExprVisitor order (DeclBuffer
 * and AllocBuffer visit nothing; a BufferLoad its indices; a Var is a leaf; an
 * expression kind without a method of its own all of its operands). */
#include <stdlib.h>
#include <string.h>

#include "Parse/eval_python.h"
#include "Support/oom.h"

/* one statement as a value */
static Value stmt_value(Stmt *s, Loc loc) {
  if (!s) return v_make(V_NONE, loc);
  Value v = v_make(V_STMT, loc);
  v.u.st = s;
  return v;
}

static Value opt_expr(Expr *e, Loc loc) { return e ? v_expr(e, loc) : v_make(V_NONE, loc); }

static Value list_of(Eval *ev, Value *items, int n, Loc loc) {
  Value v = v_make(V_LIST, loc);
  v.u.list.items = TIRX_NEWN(ev->m, Value, n + 1);
  if (n) memcpy(v.u.list.items, items, sizeof(Value) * (size_t)n);
  v.u.list.n = n;
  return v;
}

static Value exprs_of(Eval *ev, Expr **es, int n, Loc loc) {
  Value v = list_of(ev, NULL, 0, loc);
  v.u.list.items = TIRX_NEWN(ev->m, Value, n + 1);
  for (int i = 0; i < n; i++) v.u.list.items[i] = v_expr(es[i], loc);
  v.u.list.n = n;
  return v;
}

static Value stmts_of(Eval *ev, Stmt **ss, int n, Loc loc) {
  Value v = list_of(ev, NULL, 0, loc);
  v.u.list.items = TIRX_NEWN(ev->m, Value, n + 1);
  for (int i = 0; i < n; i++) v.u.list.items[i] = stmt_value(ss[i], loc);
  v.u.list.n = n;
  return v;
}

static Value buffer_value(Buffer *b, Loc loc) {
  Value v = v_make(V_BUFFER, loc);
  v.u.buf = b;
  return v;
}

static Value str_value(Eval *ev, const char *s, Loc loc) {
  Value v = v_make(V_STR, loc);
  v.u.s.len = strlen(s);
  v.u.s.p = tirx_strdup(ev->m, s, v.u.s.len);
  return v;
}

/* A tile primitive call (TVM's TilePrimitiveCall statement, our Evaluate of the call) */
static bool is_tile_eval(const Stmt *s) {
  return s->kind == S_EVAL && s->u.eval.e && s->u.eval.e->kind == E_CALL &&
         s->u.eval.e->u.call.op->id == I_TILE_CALL;
}

/* PrimFunc.body */
bool ev_irnode_func_attr(Eval *ev, Value obj, const char *name, Loc loc, Value *out) {
  const Method *m = ev_method_find(V_FUNCREF, name);
  if (m) return *out = ev_method_value(ev, m, obj, loc), true; /* with_body */
  if (strcmp(name, "body") != 0 || !obj.u.func.f) return false;
  *out = stmt_value(obj.u.func.f->body, loc);
  return true;
}

/* one field of a statement, by TVM's name; false: it has none of that name */
static bool stmt_field(Eval *ev, Stmt *s, const char *name, Loc loc, Value *out) {
#define F(N) (strcmp(name, N) == 0)
  switch (s->kind) {
  case S_SEQ:
    if (F("seq")) return *out = stmts_of(ev, s->u.seq.items, s->u.seq.n, loc), true;
    break;
  case S_EVAL:
    if (F("value")) return *out = opt_expr(s->u.eval.e, loc), true;
    break;
  case S_STORE:
    if (F("buffer")) return *out = buffer_value(s->u.store.buf, loc), true;
    if (F("value")) return *out = opt_expr(s->u.store.value, loc), true;
    if (F("indices")) return *out = exprs_of(ev, s->u.store.idx, s->u.store.n, loc), true;
    if (F("predicate")) return *out = opt_expr(s->u.store.pred, loc), true;
    break;
  case S_BIND:
    if (F("var")) return *out = v_expr(tirx_varref(ev->m, s->u.bind.var, loc), loc), true;
    if (F("value")) return *out = opt_expr(s->u.bind.value, loc), true;
    break;
  case S_ALLOC:
  case S_DECL:
    if (F("buffer")) return *out = buffer_value(s->u.alloc.buf, loc), true;
    break;
  case S_FOR:
    if (F("loop_var")) return *out = v_expr(tirx_varref(ev->m, s->u.for_.var, loc), loc), true;
    if (F("min")) return *out = opt_expr(s->u.for_.min, loc), true;
    if (F("extent")) return *out = opt_expr(s->u.for_.extent, loc), true;
    if (F("step")) return *out = opt_expr(s->u.for_.step, loc), true;
    if (F("body")) return *out = stmt_value(s->u.for_.body, loc), true;
    break;
  case S_WHILE:
    if (F("condition")) return *out = opt_expr(s->u.while_.cond, loc), true;
    if (F("body")) return *out = stmt_value(s->u.while_.body, loc), true;
    break;
  case S_IF:
    if (F("condition")) return *out = opt_expr(s->u.if_.cond, loc), true;
    if (F("then_case")) return *out = stmt_value(s->u.if_.then_, loc), true;
    if (F("else_case")) return *out = stmt_value(s->u.if_.else_, loc), true;
    break;
  case S_ATTR:
    if (F("attr_key"))
      return *out = s->u.attr.key ? str_value(ev, s->u.attr.key, loc) : v_make(V_NONE, loc), true;
    if (F("value")) return *out = opt_expr(s->u.attr.value, loc), true;
    if (F("body")) return *out = stmt_value(s->u.attr.body, loc), true;
    break;
  case S_HINT:
    if (F("body")) return *out = stmt_value(s->u.hint.body, loc), true;
    break;
  case S_ASSERT:
    if (F("condition")) return *out = opt_expr(s->u.assert_.cond, loc), true;
    break;
  case S_RETURN:
    if (F("value")) return *out = opt_expr(s->u.ret.value, loc), true;
    break;
  case S_LAUNCH:
    if (F("body")) return *out = stmt_value(s->u.launch.body, loc), true;
    break;
  case S_SCOPEID:
  case S_BREAK:
  case S_CONTINUE: break;
  }
  return false;
#undef F
}

Value ev_stmt_getattr(Eval *ev, Value obj, const char *name, Loc loc) {
  Value r;
  if (stmt_field(ev, obj.u.st, name, loc, &r)) return r;
  if (strcmp(name, "span") == 0) return v_make(V_NONE, loc); /* tirx keeps no spans */
  const Method *m = ev_method_find(V_STMT, name);
  if (m) return ev_method_value(ev, m, obj, loc);
  return ev_error(ev, loc, "'%s' statement has no attribute '%s'",
                  tirx_stmt_kind_name(obj.u.st->kind), name);
}

/* the fields of an expression node beyond ev_expr_getattr's own (dtype, ty, buffer, indices) */
bool ev_irnode_expr_attr(Eval *ev, Value obj, const char *name, Loc loc, Value *out) {
  Expr *e = obj.u.e;
  switch (e->kind) {
  case E_CALL: /* .op: ev_expr_getattr's (a prelude class) */
    if (strcmp(name, "args") == 0)
      return *out = exprs_of(ev, e->u.call.args, e->u.call.n, loc), true;
    return false;
  case E_LOAD:
    if (strcmp(name, "predicate") == 0) return *out = opt_expr(e->u.load.pred, loc), true;
    return false;
  case E_INT:
    if (strcmp(name, "value") == 0) return *out = v_int(e->u.i.v, loc), true;
    return false;
  case E_STR:
    if (strcmp(name, "value") == 0) {
      Value v = v_make(V_STR, loc);
      v.u.s.p = e->u.s.p;
      v.u.s.len = e->u.s.len;
      return *out = v, true;
    }
    return false;
  default: return false;
  }
}

/* ---- the visitor's dispatch ----------------------------------------------------------- */

/* The stem of the visit_<stem>_ method of TVM main's StmtExprVisitor for this node, or NULL */
static const char *stmt_kind(const Stmt *s) {
  if (is_tile_eval(s)) return "op_call";
  switch (s->kind) {
  case S_SEQ: return "seqstmt";
  case S_EVAL: return "evaluate";
  case S_STORE: return "buffer_store";
  case S_BIND: return "bind";
  case S_ALLOC: return "alloc_buffer";
  case S_DECL: return "decl_buffer";
  case S_FOR: return "for";
  case S_WHILE: return "while";
  case S_IF: return "if_then_else";
  case S_ATTR: return "attr";
  case S_SCOPEID: return "scope_id_def_stmt";
  case S_ASSERT: return "assert";
  case S_RETURN: return "return";
  case S_BREAK: return "break";
  case S_CONTINUE: return "continue";
  case S_HINT:
  case S_LAUNCH: return NULL;
  }
  return NULL;
}

static const char *expr_kind(const Expr *e) {
  switch (e->kind) {
  case E_CALL: return "call";
  case E_LOAD: return "buffer_load";
  case E_VAR: return "var";
  default: return NULL;
  }
}

Value lib_ir_kind(Eval *ev, const Builtin *self, Args *a) {
  if (!ev_builtin_nokw(ev, self, a)) return v_make(V_ERROR, a->loc);
  if (a->npos != 1) return ev_error(ev, a->loc, "_tirx.ir_kind() takes one IR node");
  Value x = a->pos[0];
  const char *k = x.kind == V_STMT ? stmt_kind(x.u.st) : x.kind == V_EXPR ? expr_kind(x.u.e) : NULL;
  if (x.kind != V_STMT && x.kind != V_EXPR)
    return ev_error(ev, a->loc, "not an IR node: a '%s' value", ev_types[x.kind].name);
  return k ? str_value(ev, k, a->loc) : v_make(V_NONE, a->loc);
}

typedef struct Kids {
  Eval *ev;
  Loc loc;
  Value *v;
  int n, cap;
  Value small[2]; /* most nodes have one or two: no heap for them (a frame of a deep walk) */
} Kids;

/* small's, else heap-owned (kids_free): a walk makes one list per node */
static void kid(Kids *k, Value v) {
  if (!k->v) {
    k->v = k->small;
    k->cap = (int)(sizeof k->small / sizeof k->small[0]);
  }
  if (k->n == k->cap) {
    Value *nv = tirx_xrealloc(k->v == k->small ? NULL : k->v, (size_t)k->cap * 2, sizeof(Value));
    if (k->v == k->small) memcpy(nv, k->small, sizeof k->small);
    k->v = nv;
    k->cap *= 2;
  }
  k->v[k->n++] = v;
}
static void kids_free(Kids *k) {
  if (k->v != k->small) free(k->v);
}
static void kid_expr(Kids *k, Expr *e) {
  if (e) kid(k, v_expr(e, k->loc));
}
static void kid_stmt(Kids *k, Stmt *s) {
  if (s) kid(k, stmt_value(s, k->loc));
}
static void kid_expr_cb(void *ctx, Expr *e) { kid_expr(ctx, e); }
static void kid_stmt_cb(void *ctx, Stmt *s) { kid_stmt(ctx, s); }

/* what TVM main's base visit_<kind>_ visits of a statement */
static void stmt_kids(Kids *k, Stmt *s) {
  static const IRChildFns all = {kid_expr_cb, kid_stmt_cb, NULL, NULL, NULL, NULL};
  if (is_tile_eval(s)) {
    Expr *c = s->u.eval.e;
    for (int i = 0; i < c->u.call.n; i++) kid_expr(k, c->u.call.args[i]);
    return;
  }
  switch (s->kind) {
  case S_STORE: /* value, indices, predicate */
    kid_expr(k, s->u.store.value);
    for (int i = 0; i < s->u.store.n; i++) kid_expr(k, s->u.store.idx[i]);
    kid_expr(k, s->u.store.pred);
    return;
  case S_ALLOC:
  case S_DECL:
  case S_BREAK:
  case S_CONTINUE: return; /* the buffer definition is not walked */
  case S_ASSERT: kid_expr(k, s->u.assert_.cond); return;
  case S_ATTR:
    kid_expr(k, s->u.attr.value);
    kid_stmt(k, s->u.attr.body);
    return;
  case S_HINT: kid_stmt(k, s->u.hint.body); return;
  case S_SEQ:
  case S_EVAL:
  case S_BIND:
  case S_FOR:
  case S_WHILE:
  case S_IF:
  case S_SCOPEID:
  case S_RETURN:
  case S_LAUNCH:
    tirx_stmt_children(s, &all, k); /* its operands and bodies in field order */
    return;
  }
}

static void expr_kids(Kids *k, Expr *e) {
  static const IRChildFns all = {kid_expr_cb, kid_stmt_cb, NULL, NULL, NULL, NULL};
  switch (e->kind) {
  case E_VAR: return;
  case E_LOAD:
    for (int i = 0; i < e->u.load.n; i++) kid_expr(k, e->u.load.idx[i]);
    return;
  case E_CALL:
    for (int i = 0; i < e->u.call.n; i++) kid_expr(k, e->u.call.args[i]);
    return;
  default: tirx_expr_children(e, &all, k); return;
  }
}

Value lib_ir_children(Eval *ev, const Builtin *self, Args *a) {
  if (!ev_builtin_nokw(ev, self, a)) return v_make(V_ERROR, a->loc);
  if (a->npos != 1) return ev_error(ev, a->loc, "_tirx.ir_children() takes one IR node");
  Value x = a->pos[0];
  if (x.kind == V_SCALAR) { /* a scalar buffer used as a value: its load (TVM's BufferLoad) */
    Expr *e = ev_to_expr(ev, x, "an IR node");
    if (!e) return v_make(V_ERROR, a->loc);
    x = v_expr(e, a->loc);
  }
  Kids k = {.ev = ev, .loc = a->loc};
  if (x.kind == V_STMT) stmt_kids(&k, x.u.st);
  else if (x.kind == V_EXPR) expr_kids(&k, x.u.e);
  else return ev_error(ev, a->loc, "not an IR node: a '%s' value", ev_types[x.kind].name);
  Value r = list_of(ev, k.v, k.n, a->loc);
  kids_free(&k);
  return r;
}

/* ---- the walk, native where the visitor keeps the base method ----------------------------
 * _tirx.ir_visit(visitor, node, base) dispatches node: to the visitor's own
 * visit_<kind>_ when its class overrides base's, else to base's, which is the walk
 * of the node's children (_tirx.ir_visit_children(visitor, node, base)) done here
 * without a Python call.  Methods are looked up on the visitor's class (an
 * instance attribute does not shadow them). */
enum { IR_VISIT_MAX_DEPTH = 4096 };

/* A visitor class's dispatch over its base, by node kind: made by the first visit
 * with the pair, kept (EvPython.ir_dispatch) for the later ones while no class
 * attribute was assigned since (EvPython.class_epoch): a visit asks once per node. */
enum { IR_DISPATCH_KINDS = 32 }; /* more than the kinds stmt_kind / expr_kind name */
typedef struct IrDispatch {
  struct PyClass *cls, *base;
  unsigned epoch;
  int n;
  const char *kinds[IR_DISPATCH_KINDS]; /* the kind names (literals) seen */
  bool own[IR_DISPATCH_KINDS];          /* cls overrides base's visit_<kind>_ ... */
  Value meth[IR_DISPATCH_KINDS];        /* ... with this */
  struct IrDispatch *next;
} IrDispatch;

typedef struct IrVisit {
  Value self;
  struct PyClass *cls, *base;
  int depth;
  IrDispatch *d;
} IrVisit;

static bool ir_visit_kids(Eval *ev, IrVisit *iv, Value node, Loc loc);

/* visit_<kind>_ of a kind of stmt_kind / expr_kind (literals: no formatting per node) */
static const char *method_name(const char *kind) {
  static const char *const names[][2] = {{"seqstmt", "visit_seqstmt_"},
                                         {"evaluate", "visit_evaluate_"},
                                         {"buffer_store", "visit_buffer_store_"},
                                         {"bind", "visit_bind_"},
                                         {"alloc_buffer", "visit_alloc_buffer_"},
                                         {"decl_buffer", "visit_decl_buffer_"},
                                         {"for", "visit_for_"},
                                         {"while", "visit_while_"},
                                         {"if_then_else", "visit_if_then_else_"},
                                         {"attr", "visit_attr_"},
                                         {"scope_id_def_stmt", "visit_scope_id_def_stmt_"},
                                         {"assert", "visit_assert_"},
                                         {"return", "visit_return_"},
                                         {"break", "visit_break_"},
                                         {"continue", "visit_continue_"},
                                         {"op_call", "visit_op_call_"},
                                         {"call", "visit_call_"},
                                         {"buffer_load", "visit_buffer_load_"},
                                         {"var", "visit_var_"}};
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
    if (strcmp(names[i][0], kind) == 0) return names[i][1];
  return "visit_";
}

/* The visitor's own visit_<kind>_ (NULL: it keeps base's, the native walk). */
static const Value *own_method(Eval *ev, IrVisit *iv, const char *kind) {
  IrDispatch *d = iv->d;
  for (int i = 0; i < d->n; i++)
    if (d->kinds[i] == kind) return d->own[i] ? &d->meth[i] : NULL;
  const char *name = tirx_intern0(ev->m, method_name(kind));
  Value *m = ev_class_find(iv->cls, name);
  bool own = m && m != ev_class_find(iv->base, name);
  if (d->n == IR_DISPATCH_KINDS) return own ? m : NULL; /* not kept: asked again */
  d->kinds[d->n] = kind;
  d->own[d->n] = own;
  if (own) d->meth[d->n] = *m;
  return own ? &d->meth[d->n++] : (d->n++, NULL);
}

/* The dispatch of (cls, base), made now if none is kept or classes changed since. */
static IrDispatch *dispatch_of(Eval *ev, struct PyClass *cls, struct PyClass *base) {
  for (IrDispatch *d = ev->py->ir_dispatch; d; d = d->next)
    if (d->cls == cls && d->base == base && d->epoch == ev->py->class_epoch) return d;
  IrDispatch *d = TIRX_NEW(ev->m, IrDispatch);
  d->cls = cls;
  d->base = base;
  d->epoch = ev->py->class_epoch;
  d->next = ev->py->ir_dispatch;
  ev->py->ir_dispatch = d;
  return d;
}

static bool ir_visit_node(Eval *ev, IrVisit *iv, Value node, Loc loc) {
  if (node.kind == V_NONE) return true;
  if (node.kind != V_STMT && node.kind != V_EXPR)
    return ev_error(ev, loc, "not an IR node: a '%s' value", ev_types[node.kind].name), false;
  if (iv->depth >= IR_VISIT_MAX_DEPTH)
    return ev_error(ev, loc, "IR visit deeper than %d nodes", IR_VISIT_MAX_DEPTH), false;
  const char *k = node.kind == V_STMT ? stmt_kind(node.u.st) : expr_kind(node.u.e);
  if (k) {
    const Value *m = own_method(ev, iv, k);
    if (m) {
      Value args[2] = {iv->self, node};
      Args a = {args, 2, NULL, NULL, 0, loc};
      return ev_call_value(ev, *m, &a).kind != V_ERROR;
    }
  }
  iv->depth++;
  bool ok = ir_visit_kids(ev, iv, node, loc);
  iv->depth--;
  return ok;
}

static bool ir_visit_kids(Eval *ev, IrVisit *iv, Value node, Loc loc) {
  Kids k = {.ev = ev, .loc = loc};
  if (node.kind == V_STMT) stmt_kids(&k, node.u.st);
  else expr_kids(&k, node.u.e);
  bool ok = true;
  for (int i = 0; i < k.n && ok; i++) ok = ir_visit_node(ev, iv, k.v[i], loc);
  kids_free(&k);
  return ok;
}

/* A walk of visitor self (an instance) over base's methods. */
static void visit_init(Eval *ev, IrVisit *iv, Value self, struct PyClass *base) {
  memset(iv, 0, sizeof *iv);
  iv->self = self;
  iv->cls = self.u.obj->cls;
  iv->base = base;
  iv->d = dispatch_of(ev, iv->cls, base);
}

static bool ir_visit_args(Eval *ev, const Builtin *self, Args *a, IrVisit *iv) {
  if (!ev_builtin_nokw(ev, self, a)) return false;
  if (a->npos != 3 || a->pos[0].kind != V_OBJECT || a->pos[2].kind != V_CLASS)
    return ev_error(ev, a->loc,
                    "_tirx.%s() takes a visitor, an IR node and the visitor's base class",
                    self->name),
           false;
  visit_init(ev, iv, a->pos[0], a->pos[2].u.cls);
  return true;
}

/* _tirx.ir_visit(visitor, node, base) / _tirx.ir_visit_children(...), iv made */
static Value visit_run(Eval *ev, IrVisit *iv, Value node, bool children, Loc loc) {
  bool ok;
  if (!children) {
    ok = ir_visit_node(ev, iv, node, loc);
  } else {
    if (node.kind != V_STMT && node.kind != V_EXPR)
      return ev_error(ev, loc, "not an IR node: a '%s' value", ev_types[node.kind].name);
    ok = ir_visit_kids(ev, iv, node, loc);
  }
  return ok ? v_make(V_NONE, loc) : v_make(V_ERROR, loc);
}

Value lib_ir_visit(Eval *ev, const Builtin *self, Args *a) {
  IrVisit iv;
  if (!ir_visit_args(ev, self, a, &iv)) return v_make(V_ERROR, a->loc);
  return visit_run(ev, &iv, a->pos[1], false, a->loc);
}

Value lib_ir_visit_children(Eval *ev, const Builtin *self, Args *a) {
  IrVisit iv;
  if (!ir_visit_args(ev, self, a, &iv)) return v_make(V_ERROR, a->loc);
  return visit_run(ev, &iv, a->pos[1], true, a->loc);
}

/* @_tirx.walk_visit / @_tirx.walk_children on a method of the prelude's StmtExprVisitor
 * whose body is `if node is not None: _tirx.ir_visit(self, node, <its class>)` /
 * `_tirx.ir_visit_children(self, node, <its class>)`: its calls do that in C, without
 * running the body (the library calls them once per visited node: self.visit_expr(i),
 * super().visit_call_(op)).  The body stays the definition: a call C does not take
 * (not two positional arguments, a receiver that is no instance) runs it. */
Value lib_walk_mark(Eval *ev, const Builtin *self, Args *a) {
  if (!ev_builtin_nokw(ev, self, a)) return v_make(V_ERROR, a->loc);
  if (a->npos != 1 || a->pos[0].kind != V_PYFUNC)
    return ev_error(ev, a->loc, "_tirx.%s() decorates a function", self->name);
  a->pos[0].u.py.def->native =
      strcmp(self->name, "walk_visit") == 0 ? AST_NATIVE_VISIT : AST_NATIVE_CHILDREN;
  return a->pos[0];
}

bool ev_py_native_walk(Eval *ev, Value fn, Args *a, Value *out) {
  if (a->npos != 2 || a->nkw || a->pos[0].kind != V_OBJECT || !fn.u.py.owner) return false;
  if (!ev_py_step(ev, a->loc)) return *out = v_make(V_ERROR, a->loc), true;
  bool children = fn.u.py.def->native == AST_NATIVE_CHILDREN;
  if (!children && a->pos[1].kind == V_NONE) return *out = v_make(V_NONE, a->loc), true;
  IrVisit iv;
  visit_init(ev, &iv, a->pos[0], fn.u.py.owner);
  *out = visit_run(ev, &iv, a->pos[1], children, a->loc);
  return true;
}

/* ---- building and rewriting (TVM main's node constructors, with_body, ir_transform) ------ */

/* isinstance(x, tvm.tirx.<Kind>) of a statement: its TVM class name */
static const struct {
  const char *cls;
  StmtKind kind;
} stmt_classes[] = {
    {"SeqStmt", S_SEQ},       {"Evaluate", S_EVAL},         {"BufferStore", S_STORE},
    {"Bind", S_BIND},         {"AllocBuffer", S_ALLOC},     {"DeclBuffer", S_DECL},
    {"For", S_FOR},           {"While", S_WHILE},           {"IfThenElse", S_IF},
    {"AttrStmt", S_ATTR},     {"AssertStmt", S_ASSERT},     {"Break", S_BREAK},
    {"Continue", S_CONTINUE}, {"ScopeIdDefStmt", S_SCOPEID}};

/* The class part of tn when it names one of TVM's statement classes (tvm.tirx.X,
 * tirx.X, tvm.tirx.stmt.X), else NULL */
static const char *stmt_class_of(const char *tn) {
  static const char *const prefixes[] = {"tvm.tirx.stmt.", "tvm.tirx.", "tirx."};
  for (size_t i = 0; i < sizeof prefixes / sizeof prefixes[0]; i++) {
    size_t n = strlen(prefixes[i]);
    if (strncmp(tn, prefixes[i], n) != 0) continue;
    for (size_t k = 0; k < sizeof stmt_classes / sizeof stmt_classes[0]; k++)
      if (strcmp(tn + n, stmt_classes[k].cls) == 0) return stmt_classes[k].cls;
  }
  return NULL;
}

int ev_irnode_stmt_kind(const char *tn) {
  const char *c = stmt_class_of(tn);
  for (size_t k = 0; c && k < sizeof stmt_classes / sizeof stmt_classes[0]; k++)
    if (stmt_classes[k].cls == c) return (int)stmt_classes[k].kind;
  return -1;
}

bool ev_irnode_is_stmt(Value x, int kind) {
  return x.kind == V_STMT && (int)x.u.st->kind == kind &&
         !(x.u.st->kind == S_EVAL && is_tile_eval(x.u.st));
}

bool ev_irnode_isinstance(Value x, const char *tn, bool *out) {
  int kind = ev_irnode_stmt_kind(tn);
  if (kind < 0) return false;
  *out = ev_irnode_is_stmt(x, kind);
  return true;
}

static bool want_stmt(Eval *ev, Value v, bool none_ok, const char *what, Stmt **out) {
  if (none_ok && v.kind == V_NONE) return *out = NULL, true;
  if (v.kind != V_STMT)
    return ev_error(ev, v.loc, "%s must be a statement, not a '%s' value", what,
                    ev_types[v.kind].name),
           false;
  *out = v.u.st;
  return true;
}

/* tvm.tirx.IfThenElse(condition, then_case, else_case=None, span=None) */
static Value make_if(Eval *ev, Args *a) {
  static const char *const kw[] = {"condition", "then_case", "else_case", "span", NULL};
  if (!ev_check_kw(ev, a, "IfThenElse", kw)) return v_make(V_ERROR, a->loc);
  Value *c = ev_arg(a, 0, "condition"), *t = ev_arg(a, 1, "then_case"),
        *e = ev_arg(a, 2, "else_case");
  if (!c || !t) return ev_error(ev, a->loc, "IfThenElse() takes a condition and a then_case");
  Stmt *s = tirx_stmt_new(ev->m, S_IF, a->loc);
  Value none = v_make(V_NONE, a->loc);
  s->u.if_.cond = ev_to_expr(ev, *c, "the IfThenElse condition");
  if (!s->u.if_.cond || !want_stmt(ev, *t, false, "then_case", &s->u.if_.then_) ||
      !want_stmt(ev, e ? *e : none, true, "else_case", &s->u.if_.else_))
    return v_make(V_ERROR, a->loc);
  return stmt_value(s, a->loc);
}

/* tvm.tirx.SeqStmt(seq, span=None) */
static Value make_seq(Eval *ev, Args *a) {
  static const char *const kw[] = {"seq", "span", NULL};
  if (!ev_check_kw(ev, a, "SeqStmt", kw)) return v_make(V_ERROR, a->loc);
  Value *l = ev_arg(a, 0, "seq");
  if (!l || (l->kind != V_LIST && l->kind != V_TUPLE))
    return ev_error(ev, a->loc, "SeqStmt() takes a list of statements");
  Stmt *s = tirx_stmt_new(ev->m, S_SEQ, a->loc);
  s->u.seq.items = TIRX_NEWN(ev->m, Stmt *, l->u.list.n + 1);
  for (int i = 0; i < l->u.list.n; i++)
    if (!want_stmt(ev, l->u.list.items[i], false, "a SeqStmt item", &s->u.seq.items[i]))
      return v_make(V_ERROR, a->loc);
  s->u.seq.n = l->u.list.n;
  return stmt_value(s, a->loc);
}

/* tvm.tirx.<Kind>(...) of TVM's statement constructors; false: path is none of them */
bool ev_irnode_construct(Eval *ev, const char *path, Args *a, Value *out) {
  const char *c = stmt_class_of(path);
  if (!c) return false;
  if (strcmp(c, "IfThenElse") == 0) *out = make_if(ev, a);
  else if (strcmp(c, "SeqStmt") == 0) *out = make_seq(ev, a);
  else
    *out = ev_error(ev, a->loc,
                    "tirx builds no '%s' node from Python (IfThenElse and SeqStmt only)", c);
  return true;
}

/* x.same_as(y): the same node (TVM's ObjectRef identity) */
Value m_ir_same_as(Eval *ev, const Method *m, Value self, Args *a, Ast *recv) {
  (void)m, (void)recv;
  if (a->npos != 1 || a->nkw) return ev_error(ev, a->loc, "same_as() takes one node");
  Value o = a->pos[0];
  Value r = v_make(V_BOOL, a->loc);
  r.u.i = o.kind == self.kind &&
          (self.kind == V_STMT ? o.u.st == self.u.st : self.kind == V_EXPR && o.u.e == self.u.e);
  if (self.kind == V_EXPR && o.kind == V_EXPR && self.u.e->kind == E_VAR && o.u.e->kind == E_VAR)
    r.u.i = self.u.e->u.var == o.u.e->u.var; /* each use of a variable is its own reference */
  return r;
}

/* func.with_body(body): a copy of the PrimFunc with that body */
Value m_func_with_body(Eval *ev, const Method *m, Value self, Args *a, Ast *recv) {
  (void)m, (void)recv;
  Stmt *body;
  if (a->npos != 1 || a->nkw) return ev_error(ev, a->loc, "with_body() takes one statement");
  if (!self.u.func.f) return ev_error(ev, a->loc, "with_body(): this PrimFunc is not built yet");
  if (!want_stmt(ev, a->pos[0], false, "with_body()'s body", &body)) return v_make(V_ERROR, a->loc);
  PrimFunc *nf = TIRX_NEW(ev->m, PrimFunc);
  *nf = *self.u.func.f;
  nf->body = body;
  Value r = v_make(V_FUNCREF, a->loc);
  r.u.func.f = nf;
  return r;
}

/* _tirx.ir_transform(stmt, preorder, postorder, only_enable): TVM's
 * stmt_functor.ir_transform over statements.  preorder(s) not None replaces s
 * without visiting it; else its child statements are transformed (the node is
 * copied when one changes) and postorder(s) not None replaces the result.
 * only_enable: the class names ("tirx.SeqStmt", "IfThenElse") the callbacks see. */
typedef struct Xf {
  Value pre, post;
  Value only;
  const char *pre_only, *post_only; /* the class a callback's isinstance guard names */
  int depth;
  Loc loc;
} Xf;

/* The statement parameter of a Python callback fn whose body starts with
 *     if not isinstance(PARAM, X):
 *         return None            (or a bare return)
 * and *guard its X expression; NULL: fn is no such callback. */
static const char *guard_param(Value fn, Ast **guard) {
  if (fn.kind != V_PYFUNC || !fn.u.py.def || fn.u.py.def->kind != A_FUNCDEF) return NULL;
  Ast *d = fn.u.py.def;
  if (d->ival != 0 || d->n != 1 || d->list[0]->ival != 0 || d->n3 < 1) return NULL;
  int i = d->n3 > 1 && d->list3[0]->kind == A_EXPR_STMT && d->list3[0]->a->kind == A_STR;
  Ast *s = d->list3[i];
  if (s->kind != A_IF || s->n2 || s->n != 1 || s->list[0]->kind != A_RETURN) return NULL;
  Ast *r = s->list[0]->a;
  if (r && !(r->kind == A_CONST && r->ival == 2)) return NULL;
  Ast *c = s->a->kind == A_NOT ? s->a->a : NULL;
  if (!c || c->kind != A_CALL || c->n != 2 || c->a->kind != A_NAME ||
      strcmp(c->a->name, "isinstance") != 0 || c->list[0]->kind != A_NAME ||
      c->list[0]->name != d->list[0]->name || c->list[1]->kind == A_KW)
    return NULL;
  *guard = c;
  return d->list[0]->name;
}

/* expression x evaluated in callback fn's scope (a lambda of no parameters
 * made there); V_ERROR without a diagnostic when it cannot be */
static Value eval_in(Eval *ev, Value fn, Ast *x) {
  Ast *l = TIRX_NEW(ev->m, Ast);
  l->kind = A_LAMBDA;
  l->loc = x->loc;
  l->a = x;
  Value lv = fn;
  lv.kind = V_LAMBDA;
  lv.u.py.def = l;
  lv.aux = NULL;
  int nd = ev->d->n, ne = ev->d->nerrors, nerr = ev->nerr;
  Args a = {NULL, 0, NULL, NULL, 0, x->loc};
  Value r = ev_call_value(ev, lv, &a);
  if (r.kind == V_ERROR || ev->nerr != nerr) {
    ev_diag_rollback(ev, nd, ne, nerr);
    return v_make(V_ERROR, x->loc);
  }
  return r;
}

/* The TVM statement class path a callback's guard accepts (the walk calls it for
 * those statements only: it returns None for every other one), else NULL.  Only
 * the builtin isinstance and a class path of TVM's statements (tvm.tirx.SeqStmt)
 * qualify, so the skipped calls provably do nothing. */
static const char *guard_class(Eval *ev, Value fn) {
  Ast *c;
  if (!guard_param(fn, &c)) return NULL;
  Value isf = eval_in(ev, fn, c->a);
  if (isf.kind != V_BUILTIN || isf.u.builtin != &ev_builtins[BI_isinstance]) return NULL;
  Value k = eval_in(ev, fn, c->list[1]);
  bool dummy;
  if (k.kind != V_NS || !ev_irnode_isinstance(v_make(V_NONE, k.loc), k.u.ns, &dummy)) return NULL;
  return k.u.ns;
}

static bool xf_enabled(Xf *x, const Stmt *s) {
  if (x->only.kind == V_NONE) return true;
  for (int i = 0; i < x->only.u.list.n; i++) {
    Value n = x->only.u.list.items[i];
    for (size_t k = 0; k < sizeof stmt_classes / sizeof stmt_classes[0]; k++) {
      size_t cl = strlen(stmt_classes[k].cls);
      if (stmt_classes[k].kind == s->kind && n.u.s.len >= cl &&
          memcmp(n.u.s.p + n.u.s.len - cl, stmt_classes[k].cls, cl) == 0)
        return true;
    }
  }
  return false;
}

/* fn(s): the replacement statement, s itself for None, NULL on an error */
static Stmt *xf_call(Eval *ev, Xf *x, Value fn, const char *only, Stmt *s) {
  if (fn.kind == V_NONE || !xf_enabled(x, s)) return s;
  Value arg = stmt_value(s, x->loc);
  bool is;
  if (only && ev_irnode_isinstance(arg, only, &is) && !is) return s; /* its guard returns None */
  Args a = {&arg, 1, NULL, NULL, 0, x->loc};
  Value r = ev_call_value(ev, fn, &a);
  if (r.kind == V_ERROR) return NULL;
  if (r.kind == V_NONE) return s;
  r.loc = x->loc; /* the value may come from another file: the walk's call is reported */
  Stmt *out;
  return want_stmt(ev, r, false, "ir_transform's callback result", &out) ? out : NULL;
}

static Stmt *xf_stmt(Eval *ev, Xf *x, Stmt *s);

static Stmt *copy_stmt(Eval *ev, const Stmt *s) {
  Stmt *n = tirx_stmt_new(ev->m, (StmtKind)s->kind, s->loc);
  *n = *s;
  return n;
}

/* The one body of a statement that has one (NULL: none) */
static Stmt **body_slot(Stmt *s) {
  switch (s->kind) {
  case S_FOR: return &s->u.for_.body;
  case S_WHILE: return &s->u.while_.body;
  case S_ATTR: return &s->u.attr.body;
  case S_HINT: return &s->u.hint.body;
  case S_LAUNCH: return &s->u.launch.body;
  default: return NULL;
  }
}

/* c transformed into *out (NULL stays NULL); false on an error */
static bool xf_opt(Eval *ev, Xf *x, Stmt *c, Stmt **out) {
  *out = c ? xf_stmt(ev, x, c) : NULL;
  return !c || *out;
}

/* s with its child statements transformed: s itself when none changed, else a copy */
static Stmt *xf_kids(Eval *ev, Xf *x, Stmt *s) {
  Stmt *n = s, **slot = body_slot(s), *a, *b;
  if (s->kind == S_SEQ) {
    for (int i = 0; i < s->u.seq.n; i++) {
      if (!xf_opt(ev, x, s->u.seq.items[i], &a)) return NULL;
      if (a == s->u.seq.items[i]) continue;
      if (n == s) {
        n = copy_stmt(ev, s);
        n->u.seq.items = TIRX_NEWN(ev->m, Stmt *, s->u.seq.n + 1);
        memcpy(n->u.seq.items, s->u.seq.items, sizeof(Stmt *) * (size_t)s->u.seq.n);
      }
      n->u.seq.items[i] = a;
    }
  } else if (s->kind == S_IF) {
    if (!xf_opt(ev, x, s->u.if_.then_, &a) || !xf_opt(ev, x, s->u.if_.else_, &b)) return NULL;
    if (a != s->u.if_.then_ || b != s->u.if_.else_)
      n = copy_stmt(ev, s), n->u.if_.then_ = a, n->u.if_.else_ = b;
  } else if (slot) {
    if (!xf_opt(ev, x, *slot, &a)) return NULL;
    if (a != *slot) n = copy_stmt(ev, s), *body_slot(n) = a;
  }
  return n;
}

static Stmt *xf_stmt(Eval *ev, Xf *x, Stmt *s) {
  if (x->depth >= IR_VISIT_MAX_DEPTH)
    return ev_error(ev, x->loc, "ir_transform deeper than %d statements", IR_VISIT_MAX_DEPTH), NULL;
  Stmt *p = xf_call(ev, x, x->pre, x->pre_only, s);
  if (p != s) return p;
  x->depth++;
  Stmt *n = xf_kids(ev, x, s);
  x->depth--;
  return n ? xf_call(ev, x, x->post, x->post_only, n) : NULL;
}

Value lib_ir_transform(Eval *ev, const Builtin *self, Args *a) {
  if (!ev_builtin_nokw(ev, self, a)) return v_make(V_ERROR, a->loc);
  if (a->npos != 4 || a->pos[0].kind != V_STMT)
    return ev_error(ev, a->loc,
                    "_tirx.ir_transform() takes a statement, preorder, postorder and only_enable");
  Xf x = {a->pos[1], a->pos[2], a->pos[3], NULL, NULL, 0, a->loc};
  if (x.only.kind != V_NONE && x.only.kind != V_LIST && x.only.kind != V_TUPLE)
    return ev_error(ev, a->loc,
                    "ir_transform(): only_enable must be None or a list of class names");
  for (int i = 0; x.only.kind != V_NONE && i < x.only.u.list.n; i++) {
    Value n = x.only.u.list.items[i];
    char nm[64];
    if (n.kind != V_STR || n.u.s.len >= sizeof nm)
      return ev_error(ev, a->loc, "ir_transform(): only_enable must list class names");
    memcpy(nm, n.u.s.p, n.u.s.len);
    nm[n.u.s.len] = '\0';
    if (!stmt_class_of(nm) && !stmt_class_of(tirx_intern_printf(ev->m, "tirx.%s", nm)))
      return ev_error(
          ev, a->loc,
          "ir_transform(): '%s' is not a statement class (tirx rewrites statements only)", nm);
  }
  x.pre_only = guard_class(ev, x.pre);
  x.post_only = guard_class(ev, x.post);
  Stmt *r = xf_stmt(ev, &x, a->pos[0].u.st);
  return r ? stmt_value(r, a->loc) : v_make(V_ERROR, a->loc);
}
