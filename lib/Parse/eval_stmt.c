/* Statement, function and module evaluation, and the tirx_parse entry.
 *
 * Desugarings recorded here (TVM's parser does the same, grammar §3–§6):
 *   x: T.int32 = v       → 1-element local buffer + store (a mutable scalar)
 *   x = <new numeric>    → the same, dtype from the value
 *   x = <new pointer>    → immutable S_BIND
 *   x: T.let[ty] = v     → S_BIND
 *   x: T.f32[8]          → alloc_local((8,), "float32")
 *   x += v               → x = x + v
 *   elif                 → else: if
 *   flat T.hint / T.attr / T.device_entry() / x = T.launch_thread(...)
 *                        → a scope over the rest of the block
 *   if <parse-time constant> → only the taken branch is evaluated */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "Parse/eval_tirx.h"


static const Loc L0 = {0, 0};

/* T.tvm_stack_alloca("tensormap", ...): the value of a tensor-map binding, typed
 * PointerType(TensorMapType) as in TVM whatever the annotation says. */
static bool is_tensormap_alloca(const Expr *e) {
  return e->kind == E_CALL && e->u.call.op->id == I_TVM_STACK_ALLOCA && e->u.call.n >= 1 &&
         e->u.call.args[0]->kind == E_STR && e->u.call.args[0]->u.s.len == 9 &&
         memcmp(e->u.call.args[0]->u.s.p, "tensormap", 9) == 0;
}

/* ---- quoted shape expressions in signatures ------------------------------ */

Value ev_quoted_expr(Eval *ev, Value s);
Value ev_quoted_expr(Eval *ev, Value s) {
  TirxDiag sub;
  tirx_diag_init(&sub, ev->d->filename, s.u.s.p, s.u.s.len);
  TokenList tl = {0};
  Value r;
  if (lex(s.u.s.p, s.u.s.len, &tl, &sub) != 0) {
    r = ev_error(ev, s.loc, "invalid shape expression \"%.*s\"",
                 (int)(s.u.s.len > 60 ? 60 : s.u.s.len), s.u.s.p);
  } else {
    Ast *a = parse_expr_tokens(ev->m, &tl, &sub);
    if (!a) {
      r = ev_error(ev, s.loc, "invalid shape expression \"%.*s\"",
                   (int)(s.u.s.len > 60 ? 60 : s.u.s.len), s.u.s.p);
    } else {
      /* positions inside the string are reported at the string */
      bool saved = ev->sig_fresh_vars;
      ev->sig_fresh_vars = true;
      TirxDiag *outer = ev->d;
      ev->d = &sub;
      int before = ev->nerr;
      r = ev_expr(ev, a);
      ev->d = outer;
      ev->sig_fresh_vars = saved;
      if (ev->nerr != before && sub.n > 0)
        tirx_diag_add(ev->d, DIAG_ERROR, s.loc.line, s.loc.col, "in shape \"%.*s\": %s",
                      (int)(s.u.s.len > 60 ? 60 : s.u.s.len), s.u.s.p, sub.items[0].msg);
    }
  }
  lex_free(&tl);
  tirx_diag_free(&sub);
  r.loc = s.loc;
  return r;
}

/* ---- helpers -------------------------------------------------------------- */

static void emit_stmt(Eval *ev, Stmt *s) {
  if (s) ev_emit(ev, s);
}

static Stmt *finish(Eval *ev, StmtVec *v, Loc loc) {
  Stmt *s = tirx_seq(ev->m, v->v, v->n, loc);
  free(v->v);
  v->v = NULL;
  v->n = v->cap = 0;
  return s;
}

static bool defined_here(Eval *ev, const char *name) {
  Binding *b = ev_lookup(ev, name);
  return b && b->depth == ev->depth;
}

static bool is_scalar_like(Buffer *b) {
  int64_t c;
  return b->ndim == 1 && tirx_expr_is_const_int(b->shape[0], &c) && c == 1;
}

static Stmt *store0(Eval *ev, Buffer *b, Value val, Loc loc) {
  Expr *v = ev_to_expr(ev, val, "a stored value");
  if (!v) return NULL;
  v = ev_const_cast(ev, b->dtype, v, loc);
  Stmt *s = tirx_stmt_new(ev->m, S_STORE, loc);
  s->u.store.buf = b;
  s->u.store.idx = TIRX_NEWN(ev->m, Expr *, 1);
  s->u.store.idx[0] = tirx_int(ev->m, tirx_dtype(DT_INT32), 0, loc);
  s->u.store.n = 1;
  s->u.store.value = v;
  return s;
}

static const char *binding_kind(Binding *b) {
  if (b->v.kind == V_EXPR && b->v.u.e->kind == E_VAR)
    return "an immutable binding (loop variable, scope id, parameter or T.let)";
  return "immutable";
}

/* ---- frames --------------------------------------------------------------- */

static void set_frame_body(Value *f, Stmt *body) {
  Stmt *in = f->u.frame.inner;
  switch (in->kind) {
  case S_ATTR: in->u.attr.body = body; break;
  case S_HINT: in->u.hint.body = body; break;
  case S_LAUNCH: in->u.launch.body = body; break;
  case S_FOR: in->u.for_.body = body; break;
  default: break;
  }
}

/* Does frame f contain the device-entry attribute?  TVM prints a device
 * entry followed by other node-0 attributes as one dict chain. */
static bool frame_is_device_entry(const Value *f) {
  for (Stmt *s = f->u.frame.outer; s; s = s == f->u.frame.inner ? NULL : s->u.attr.body) {
    if (s->kind != S_ATTR) return false;
    if (tirx_attr_is(s->u.attr.key, ATTR_DEVICE_ENTRY)) return true;
  }
  return false;
}

/* Evaluates `stmts[from..]` as the body of frame f (flat scoping) or the
 * given with-body, and emits f. */
static void enter_frame(Eval *ev, Value f, const char *bind_name, Ast **stmts, int n, int from,
                        Loc loc) {
  StmtVec body = {0};
  StmtVec *saved = ev->cur;
  ev->cur = &body;
  bool dev = frame_is_device_entry(&f);
  bool was_dev = ev->tx->in_device;
  if (dev) {
    ev->tx->in_device = true;
    ev->tx->seen_device_entry = true;
  }
  ev_push_scope(ev);
  if (bind_name && f.u.frame.self) ev_define(ev, bind_name, v_expr(f.u.frame.self, loc), true, loc);
  ev_block(ev, stmts, n, from);
  ev_pop_scope(ev);
  ev->tx->in_device = was_dev;
  ev->cur = saved;
  set_frame_body(&f, finish(ev, &body, loc));
  ev_emit(ev, f.u.frame.outer);
}

/* The pointer type a new binding of pointer value e gets: a typed variable's,
 * for T.address_of(buf[i]) the element dtype and the buffer's scope (TVM's
 * address_of), for T.reinterpret(PointerType(...), x) that type. */
static void type_pointer(Eval *ev, Var *var, const Expr *e) {
  const PtrType *rp = e->kind == E_CALL ? e->u.call.ptr_ty : NULL;
  if (e->kind == E_VAR && e->u.var->ptr_typed) {
    var->ptr_elem = e->u.var->ptr_elem;
    var->ptr_scope = e->u.var->ptr_scope;
  } else if (e->kind == E_CALL && e->u.call.op->id == I_ADDRESS_OF && e->u.call.n == 1 &&
             e->u.call.args[0]->kind == E_LOAD && e->u.call.args[0]->u.load.buf) {
    const Buffer *lb = e->u.call.args[0]->u.load.buf;
    var->ptr_elem = e->u.call.args[0]->dtype;
    var->ptr_scope = lb->scope && *lb->scope ? lb->scope : tirx_intern0(ev->m, "global");
  } else if (rp && rp->typed) {
    var->ptr_elem = rp->elem;
    var->ptr_scope = rp->scope;
  } else {
    return;
  }
  var->ptr_typed = true;
}

/* The type of a variable as TVM writes it: int32, T.handle, T.handle("float16", "shared"). */
static void type_str(const Var *v, char *out, size_t cap) {
  char b[32];
  if (!tirx_dtype_is_handle(v->dtype)) snprintf(out, cap, "%s", tirx_dtype_str(v->dtype, b));
  else if (!v->ptr_typed) snprintf(out, cap, "T.handle");
  else
    snprintf(out, cap, "T.handle(\"%s\", \"%s\")", tirx_dtype_str(v->ptr_elem, b),
             v->ptr_scope ? v->ptr_scope : "");
}

/* ---- assignment ------------------------------------------------------------ */

/* name = v where name is bound (b): a store into a scalar, a number
 * rebound, or an error.  Whether that settled it. */
static bool assign_existing(Eval *ev, const char *name, Value v, Binding *b, Loc loc) {
  Value cur = b->v;
  if (cur.kind == V_SCALAR ||
      (cur.kind == V_BUFFER && is_scalar_like(cur.u.buf) && v.kind != V_BUFFER)) {
    emit_stmt(ev, store0(ev, cur.u.buf, v, loc));
    return true;
  }
  /* the element of a one-element local buffer (a traced T.local_scalar passed to an
   * @T.inline helper as a BufferLoad): a store into it, as TVM's parser does */
  if (cur.kind == V_EXPR && cur.u.e->kind == E_LOAD && cur.u.e->u.load.n == 1 &&
      is_scalar_like(cur.u.e->u.load.buf) && v.kind != V_BUFFER) {
    emit_stmt(ev, store0(ev, cur.u.e->u.load.buf, v, loc));
    return true;
  }
  if (b->immutable)
    return ev_error(ev, loc, "cannot assign to '%s': it is %s", name, binding_kind(b)), true;
  if (ev_is_number(&cur) && ev_is_number(&v)) {
    b->v = v;
    return true;
  }
  if (defined_here(ev, name) && cur.kind != V_NS)
    return ev_error(ev, loc, "'%s' is already defined in this scope", name), true;
  return false;
}

/* The kinds of value a name binds as they are (no IR variable): a Python
 * value, a namespace, a buffer or scalar (a second name for it), ... */
static bool binds_as_is(ValueKind k) {
  static const ValueKind kinds[] = {
      V_BUFFER,  V_SCALAR,   V_NS,    V_BUILTIN, V_METHOD, V_UNRESOLVED, V_GLOBALVAR, V_LIBMOD,
      V_INDEXER, V_METADATA, V_DTYPE, V_TUPLE,   V_LIST,   V_DICT,       V_PTRTYPE,   V_NONE,
      V_LAMBDA,  V_STR,      V_POOL,  V_MACRO,   V_OBJECT, V_STMT};
  for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
    if (kinds[i] == k) return true;
  return false;
}

void ev_type_bound_pointer(Eval *ev, Var *var, const Expr *e) {
  if (e->kind != E_STR) type_pointer(ev, var, e);
  var->is_tensormap = is_tensormap_alloca(e);
}

/* name = a pointer (or a string constant): a handle variable bound to it. */
static void bind_pointer(Eval *ev, const char *name, Expr *e, Loc loc) {
  Var *var = tirx_var_new(ev->m, name, tirx_dtype(DT_HANDLE), loc);
  if (e->kind != E_STR) type_pointer(ev, var, e);
  var->is_tensormap = is_tensormap_alloca(e);
  Stmt *s = tirx_stmt_new(ev->m, S_BIND, loc);
  s->u.bind.var = var;
  s->u.bind.value = e;
  ev_emit(ev, s);
  ev_define(ev, name, v_expr(tirx_varref(ev->m, var, loc), loc), true, loc);
}

/* name = v, a value of the kernel: a new mutable scalar of its dtype (a
 * buffer's data pointer binds as it is). */
static void bind_new_scalar(Eval *ev, const char *name, Value v, Loc loc) {
  if (!ev->func) {
    ev_error(ev, loc, "module-level '%s' must be a constant", name);
    return;
  }
  /* a new mutable scalar of the value's dtype */
  Expr *e = ev_to_expr(ev, v, "a value");
  if (!e) return;
  if (e->kind == E_VAR && e->u.var->kind == VAR_BUFDATA) {
    ev_define(ev, name, v, true, loc);
    return;
  }
  Value sc = ev_new_scalar(ev, name, e->dtype, tirx_scope_name(MEM_LOCAL), loc);
  emit_stmt(ev, store0(ev, sc.u.buf, v_expr(e, loc), loc));
  ev_define(ev, name, sc, false, loc);
}

/* `n = T.int32()`: a symbolic variable (the signature's when it has one). */
static void bind_symbolic(Eval *ev, const char *name, Value v, Loc loc) {
  Var *var = v.u.e->u.var;
  for (int k = 0; k < ev->nsig_vars; k++)
    if (ev->sig_vars[k]->name == name && tirx_dtype_eq(ev->sig_vars[k]->dtype, var->dtype)) {
      v = v_expr(tirx_varref(ev->m, ev->sig_vars[k], loc), loc);
      break;
    }
  ev_define(ev, name, v, true, loc);
}

static void bind_name(Eval *ev, Ast *target, Ast *value_ast, Value v, Binding *b, Ast **stmts,
                      int n, int i, bool *consumed);

/* A binding found before an evaluation, found again after it: evaluating may
 * grow (move) the bindings array, never drop what was bound before. */
static int binding_index(Eval *ev, const Binding *b) { return b ? (int)(b - ev->binds) : -1; }
static Binding *binding_at(Eval *ev, int i) {
  return i >= 0 && i < ev->nbinds ? &ev->binds[i] : NULL;
}

static void assign_name(Eval *ev, Ast *target, Ast *value_ast, Ast **stmts, int n, int i,
                        bool *consumed) {
  int bi = binding_index(ev, ev_lookup(ev, target->name));
  ev->name_hint = target->name;
  Value v = ev_expr(ev, value_ast);
  ev->name_hint = NULL;
  bind_name(ev, target, value_ast, v, binding_at(ev, bi), stmts, n, i, consumed);
}

/* TVM's parser names the buffer a kernel body binds (`x = buf`,
 * `a, b = f(...)`, a list item): the buffer itself is renamed, so the last
 * name bound to it is the one printed; a plain Python body names nothing. */
static void name_buffer(Eval *ev, const char *name, Value v) {
  if (v.kind != V_BUFFER || !v.u.buf || v.meta || !ev->func || ev->py_body) return;
  ev_rename_buffer(ev, v.u.buf, name);
}

/* `name = [x, y, ...]` (or a tuple) in a kernel body: TVM's parser binds
 * every item as well, name_0, name_1, ... (nested: name_0_1): a value gets a
 * variable of its own (emitted, while the name keeps the items themselves),
 * a buffer is renamed. */
static void bind_items(Eval *ev, const char *name, Value v, Loc loc) {
  for (int k = 0; k < v.u.list.n; k++) {
    Value it = v.u.list.items[k];
    const char *nm = tirx_intern_printf(ev->m, "%s_%d", name, k);
    if (it.kind == V_LIST || it.kind == V_TUPLE) {
      bind_items(ev, nm, it, loc);
    } else if (it.kind == V_BUFFER && it.u.buf) {
      name_buffer(ev, nm, it);
    } else if (it.kind == V_EXPR || it.kind == V_SCALAR || it.kind == V_INT || it.kind == V_BOOL ||
               it.kind == V_FLOAT) {
      Expr *e = ev_to_expr(ev, it, "a list item");
      if (!e || tirx_dtype_is_handle(e->dtype) || e->kind == E_STR) continue;
      Value sc = ev_new_scalar(ev, nm, e->dtype, tirx_scope_name(MEM_LOCAL), loc);
      emit_stmt(ev, store0(ev, sc.u.buf, v_expr(e, loc), loc));
    }
  }
}

/* `name = v` in a kernel body (b: the binding the name had before); value_ast
 * is the assigned expression (NULL for one item of an unpacked tuple). */
static void bind_name(Eval *ev, Ast *target, Ast *value_ast, Value v, Binding *b, Ast **stmts,
                      int n, int i, bool *consumed) {
  const char *name = target->name;
  static Ast none = {.kind = A_TUPLE};
  if (!value_ast) value_ast = &none;
  if (v.kind == V_ERROR) {
    /* bind the name to the error so later uses do not report it again */
    if (!b) ev_define(ev, name, v, false, target->loc);
    return;
  }
  if (v.kind == V_FRAME) {
    if (!v.u.frame.inner || v.u.frame.inner->kind != S_LAUNCH) {
      ev_error(ev, target->loc, "this call opens a scope; use it as a statement or with 'with'");
      return;
    }
    enter_frame(ev, v, name, stmts, n, i + 1, target->loc);
    *consumed = true;
    return;
  }
  if (v.kind == V_EXPR && v.u.e->kind == E_LAYOUT && !b) {
    /* l = TileLayout(...): a parse-time layout value (TVM binds the Python object) */
    ev_define(ev, name, v, false, target->loc);
    return;
  }
  if (v.kind == V_EXPR && tirx_dtype_code(v.u.e->dtype) == DTC_VOID) {
    ev_error(ev, value_ast->loc, "this call returns no value; use it as a statement");
    if (!b) ev_define(ev, name, v_make(V_ERROR, target->loc), false, target->loc);
    return;
  }
  if (value_ast->kind == A_CALL && value_ast->n == 0 && v.kind == V_EXPR && v.u.e->kind == E_VAR) {
    /* `n = T.int32()` naming a variable the signature already created */
    for (int k = 0; k < ev->nsig_vars; k++)
      if (ev->sig_vars[k]->name == name && tirx_dtype_eq(ev->sig_vars[k]->dtype, v.u.e->dtype) &&
          b && b->v.kind == V_EXPR && b->v.u.e->kind == E_VAR && b->v.u.e->u.var == ev->sig_vars[k])
        return;
  }
  if (b && !v.meta && assign_existing(ev, name, v, b, target->loc)) return;
  /* `s = w` (or `s = obj.w`) naming another scalar the kernel declared: TVM's
   * parser reads w and binds a new variable (s: T.float32 = w), not a second
   * name for w; s = T.decl_scalar(...) names the scalar the call made, and
   * T.meta_var(w) still aliases */
  bool copy = v.kind == V_SCALAR && !v.meta &&
              (value_ast->kind == A_NAME || value_ast->kind == A_ATTR) && ev->func && !ev->py_body;
  if (!copy && (v.meta || binds_as_is(v.kind))) {
    ev_meta_name(ev, name, v); /* x = MBarrier(...): x_buf (eval_tvm.c) */
    name_buffer(ev, name, v);
    if ((v.kind == V_LIST || v.kind == V_TUPLE) && !v.meta && ev->func && !ev->py_body)
      bind_items(ev, name, v, target->loc);
    v.meta = false;
    ev_define(ev, name, v, false, target->loc);
    return;
  }
  /* `n = T.int32()`: a symbolic variable (the signature's when it has one) */
  if (value_ast->kind == A_CALL && value_ast->n == 0 && v.kind == V_EXPR && v.u.e->kind == E_VAR &&
      !ev_is_number(&v)) {
    bind_symbolic(ev, name, v, target->loc);
    return;
  }
  if (v.kind == V_EXPR && v.u.e->kind == E_VAR && v.u.e->u.var->name == name &&
      !tirx_dtype_is_handle(v.u.e->dtype)) {
    /* x = T.env_thread(...) and friends return a fresh named var */
    ev_define(ev, name, v, true, target->loc);
    return;
  }
  if (v.kind == V_EXPR && (tirx_dtype_is_handle(v.u.e->dtype) || v.u.e->kind == E_STR)) {
    bind_pointer(ev, name, v.u.e, target->loc);
    return;
  }
  bind_new_scalar(ev, name, v, target->loc);
}

static void assign(Eval *ev, Ast *s, Ast **stmts, int n, int i, bool *consumed);

/* o[k] = v: a store into a buffer, or a user object's __setitem__. */
static void assign_subscript(Eval *ev, Ast *s, Ast *t) {
  Value obj = ev_expr(ev, t->a);
  if (obj.kind == V_ERROR) return;
  if (EV_PROTO(obj)->setitem) { /* o[k] = v on a user object: its __setitem__ */
    Value k = t->n == 1 ? ev_expr(ev, t->list[0])
                        : ev_error(ev, t->loc, "o[i, j] = v: one key only here");
    Value v = k.kind == V_ERROR ? k : ev_expr(ev, s->a);
    if (v.kind != V_ERROR) ev_setitem(ev, obj, k, v, t->loc);
    return;
  }
  if (obj.kind != V_BUFFER && obj.kind != V_SCALAR) {
    ev_error(ev, t->loc, "only buffers can be stored to with '[...] ='");
    return;
  }
  Value v = ev_expr(ev, s->a);
  if (v.kind == V_ERROR) return;
  emit_stmt(ev, ev_store(ev, obj.u.buf, t, v, t->loc));
}

/* a, b = v: element-wise from a tuple display, else by unpacking v. */
static void assign_unpack(Eval *ev, Ast *s, Ast *t, Ast **stmts, int n, int i) {
  for (int k = 0; k < t->n; k++)
    if (t->list[k]->kind != A_NAME) {
      ev_error(ev, t->list[k]->loc, "tuple assignment targets must be names");
      return;
    }
  if (s->a->kind == A_TUPLE && s->a->n == t->n) {
    /* m, n = T.int32(), T.int32(): element-wise */
    for (int k = 0; k < t->n; k++) {
      Ast fake = *s;
      Ast *tg[1] = {t->list[k]};
      fake.list = tg;
      fake.n = 1;
      fake.a = s->a->list[k];
      bool c = false;
      assign(ev, &fake, stmts, n, i, &c);
    }
    return;
  }
  Value *hints = TIRX_NEWN(ev->m, Value, t->n);
  for (int k = 0; k < t->n; k++) {
    hints[k] = v_make(V_STR, t->list[k]->loc);
    hints[k].u.s.p = t->list[k]->name;
    hints[k].u.s.len = strlen(t->list[k]->name);
  }
  ev->tuple_hints = hints;
  ev->ntuple_hints = t->n;
  Value v = ev_expr(ev, s->a);
  ev->tuple_hints = NULL;
  ev->ntuple_hints = 0;
  if (v.kind == V_ERROR) {
    for (int k = 0; k < t->n; k++)
      if (!ev_lookup(ev, t->list[k]->name))
        ev_define(ev, t->list[k]->name, v, false, t->list[k]->loc);
    return;
  }
  if ((v.kind != V_TUPLE && v.kind != V_LIST) || v.u.list.n != t->n) {
    ev_error(ev, s->loc, "cannot unpack into %d names", t->n);
    return;
  }
  for (int k = 0; k < t->n; k++) {
    if (defined_here(ev, t->list[k]->name)) {
      ev_error(ev, t->list[k]->loc, "'%s' is already defined in this scope", t->list[k]->name);
      continue;
    }
    Value item = v.u.list.items[k];
    bool imm = item.kind == V_EXPR && item.u.e->kind == E_VAR;
    if (item.kind == V_EXPR && !imm && !ev_is_number(&item) && ev->func && !ev->py_body) {
      /* a, b = f(...) with values: each binds a new variable, as
       * TVM's parser binds `a = <expr>` */
      bool c = false;
      bind_name(ev, t->list[k], NULL, item, ev_lookup(ev, t->list[k]->name), stmts, n, i, &c);
      continue;
    }
    name_buffer(ev, t->list[k]->name, item);
    ev_define(ev, t->list[k]->name, item, imm, t->list[k]->loc);
  }
}

/* obj.f = v in a kernel or @T.inline body: a store when obj.f is a scalar
 * (PipelineState.stage), else the attribute is rebound. */
static void assign_attr(Eval *ev, Ast *s, Ast *t) {
  Value obj = ev_expr(ev, t->a);
  if (obj.kind == V_ERROR) return;
  Value v = ev_expr(ev, s->a);
  if (v.kind == V_ERROR) return;
  bool found = false;
  int nd = ev->d->n, ne = ev->d->nerrors, nerr = ev->nerr;
  Value cur = ev_try_attr(ev, obj, tirx_intern0(ev->m, t->name), t->loc, &found);
  if (!found) ev_diag_rollback(ev, nd, ne, nerr);
  if (found && (cur.kind == V_SCALAR ||
                (cur.kind == V_BUFFER && is_scalar_like(cur.u.buf) && v.kind != V_BUFFER))) {
    emit_stmt(ev, store0(ev, cur.u.buf, v, t->loc));
    return;
  }
  if (!ev_setattr(ev, obj, tirx_intern0(ev->m, t->name), v, t->loc) && ev->nerr == nerr)
    ev_error(ev, t->loc, "assigning to an attribute of this value is not supported");
}

static void assign(Eval *ev, Ast *s, Ast **stmts, int n, int i, bool *consumed) {
  if (s->n > 1) {
    ev_error(ev, s->loc, "chained assignment (a = b = c) is not supported");
    return;
  }
  Ast *t = s->list[0];
  if (t->kind == A_NAME) {
    assign_name(ev, t, s->a, stmts, n, i, consumed);
    return;
  }
  if (t->kind == A_SUBSCRIPT) {
    assign_subscript(ev, s, t);
    return;
  }
  if (t->kind == A_TUPLE || t->kind == A_LIST) {
    assign_unpack(ev, s, t, stmts, n, i);
    return;
  }
  if (t->kind == A_ATTR) {
    assign_attr(ev, s, t);
    return;
  }
  ev_error(ev, t->loc, "cannot assign to this expression");
}

/* T.let[T.Var(name, ty)] = e: that variable is bound, under the target's
 * name, once, and only to a value of its type.  False after an error. */
static bool let_tvar(Eval *ev, Ast *s, const char *name, Var *var, Expr *e) {
  for (int i = 0; i < ev->nbinds; i++)
    if (ev->binds[i].immutable && strcmp(ev->binds[i].name, var->name) == 0 &&
        ev->binds[i].v.kind == V_EXPR && ev->binds[i].v.u.e->kind == E_VAR &&
        ev->binds[i].v.u.e->u.var == var) { /* an earlier T.let's */
      ev_error(ev, s->a->loc, "this T.Var is already bound (by '%s'): a variable is bound once",
               ev->binds[i].name);
      return false;
    }
  Var vt = {.dtype = e->dtype};
  type_pointer(ev, &vt, e);
  char want[96], got[96];
  type_str(var, want, sizeof want);
  type_str(&vt, got, sizeof got);
  if (strcmp(want, got) != 0) { /* TVM binds the variable as it is: no cast */
    ev_error(ev, s->c->loc, "value of type %s does not match the variable's type %s", got, want);
    return false;
  }
  var->name = tirx_intern0(ev->m, name);
  return true;
}

/* name: T.<dtype>[shape]: a local array. */
static void ann_local_array(Eval *ev, Ast *s, const char *name, Value ann) {
  if (s->c) {
    ev_error(ev, s->c->loc, "a local array annotation takes no initial value");
    return;
  }
  Buffer *b = tirx_buffer_new(ev->m, name, ann.u.dt, ann.nshape, s->b->loc);
  for (int k = 0; k < ann.nshape; k++) {
    b->shape[k] = ev_index_expr(ev, ann.aux->shape[k], s->a->loc);
    if (!b->shape[k]) return;
  }
  b->scope = tirx_intern0(ev->m, tirx_scope_name(MEM_LOCAL));
  b->data->ptr_scope = b->scope;
  Stmt *st = tirx_stmt_new(ev->m, S_ALLOC, s->b->loc);
  st->u.alloc.buf = b;
  ev_emit(ev, st);
  Value v = v_make(V_BUFFER, s->b->loc);
  v.u.buf = b;
  ev_define(ev, name, v, false, s->b->loc);
}

/* name: T.let[type] = value: an immutable binding. */
static void ann_let(Eval *ev, Ast *s, const char *name, Value ann) {
  if (!s->c) {
    ev_error(ev, s->loc, "a T.let binding needs a value");
    return;
  }
  if (ann.u.let.ty && ann.u.let.ty->kind == V_ERROR) return;
  Value v = ev_expr(ev, s->c);
  if (v.kind == V_ERROR) return;
  Expr *e = ev_to_expr(ev, v, "a value");
  if (!e) return;
  Var *var;
  if (ann.u.let.ty && ann.u.let.ty->kind == V_DTYPE) {
    var = tirx_var_new(ev->m, name, ann.u.let.ty->u.dt, s->b->loc);
    e = ev_const_cast(ev, var->dtype, e, s->loc);
  } else if (ann.u.let.ty && ann.u.let.ty->kind == V_PTRTYPE) {
    Value *pt = ann.u.let.ty;
    if (!tirx_dtype_is_handle(e->dtype)) {
      ev_error(ev, s->c->loc, "value of a pointer binding must be a pointer");
      return;
    }
    var = pt->u.ptr.typed ? tirx_var_ptr(ev->m, name, pt->u.ptr.elem, pt->u.ptr.scope, s->b->loc)
                          : tirx_var_new(ev->m, name, tirx_dtype(DT_HANDLE), s->b->loc);
    if (!pt->u.ptr.typed) var->ptr_scope = pt->u.ptr.scope;
    var->is_tensormap = pt->u.ptr.tensormap || is_tensormap_alloca(e);
  } else if (ann.u.let.ty && ann.u.let.ty->kind == V_EXPR && ann.u.let.ty->u.e->kind == E_VAR &&
             ann.u.let.ty->u.e->u.var->kind == VAR_PLAIN) {
    /* T.let[T.Var(name, ty)]: that variable is bound, under the target's name */
    var = ann.u.let.ty->u.e->u.var;
    if (!let_tvar(ev, s, name, var, e)) return;
  } else if (ann.u.let.ty && ann.u.let.ty->kind == V_NS &&
             strcmp(ann.u.let.ty->u.ns, "T.handle") == 0) {
    var = tirx_var_new(ev->m, name, tirx_dtype(DT_HANDLE), s->b->loc);
    var->is_tensormap = is_tensormap_alloca(e);
  } else if (ann.u.let.ty) {
    ev_error(ev, s->a->loc, "T.let[...] needs a type such as T.int32 or T.handle(\"float32\")");
    return;
  } else {
    var = tirx_var_new(ev->m, name, e->dtype, s->b->loc);
    var->is_tensormap = is_tensormap_alloca(e);
    type_pointer(ev, var, e);
  }
  Stmt *st = tirx_stmt_new(ev->m, S_BIND, s->b->loc);
  st->u.bind.var = var;
  st->u.bind.value = e;
  ev_emit(ev, st);
  ev_define(ev, name, v_expr(tirx_varref(ev->m, var, s->b->loc), s->b->loc), true, s->b->loc);
}

static void ann_assign(Eval *ev, Ast *s) {
  if (s->b->kind != A_NAME) {
    ev_error(ev, s->b->loc, "only a name can be annotated");
    return;
  }
  const char *name = s->b->name;
  if (defined_here(ev, name)) {
    ev_error(ev, s->b->loc, "'%s' is already defined in this scope", name);
    return;
  }
  Value ann = ev_expr(ev, s->a);
  if (ann.kind == V_ERROR) return;
  if (ann.kind == V_DTYPE) {
    /* the value first, as Python runs it: an @T.inline call in it emits its
     * statements before the declaration (TVM's order) */
    Value v = s->c ? ev_expr(ev, s->c) : v_make(V_NONE, s->loc);
    if (v.kind == V_ERROR) return;
    Value sc = ev_new_scalar(ev, name, ann.u.dt, tirx_scope_name(MEM_LOCAL), s->b->loc);
    if (s->c) emit_stmt(ev, store0(ev, sc.u.buf, v, s->b->loc));
    ev_define(ev, name, sc, false, s->b->loc);
    return;
  }
  if (ann.kind == V_LOCALVEC) {
    ann_local_array(ev, s, name, ann);
    return;
  }
  if (ann.kind == V_LETTYPE) {
    ann_let(ev, s, name, ann);
    return;
  }
  if (ann.kind == V_PTRTYPE || (ann.kind == V_NS && strcmp(ann.u.ns, "T.handle") == 0)) {
    ev_error(ev, s->a->loc, "a pointer binding must be immutable: write %s: T.let[...] = value",
             name);
    return;
  }
  ev_error(ev, s->a->loc,
           "unsupported annotation for '%s' (expected T.<dtype>, T.let[...] or T.<dtype>[shape])",
           name);
}

static void aug_assign(Eval *ev, Ast *s) {
  Ast *t = s->b;
  if (t->kind == A_NAME) {
    Binding *b = ev_lookup(ev, t->name);
    if (!b) {
      ev_error(ev, t->loc, "name '%s' is not defined", t->name);
      return;
    }
    Value cur = b->v;
    if (cur.kind == V_SCALAR || (cur.kind == V_BUFFER && is_scalar_like(cur.u.buf))) {
      Value old = cur;
      old.kind = V_SCALAR;
      Value r = ev_binop(ev, s->op, old, ev_expr(ev, s->a), s->loc);
      if (r.kind == V_ERROR) return;
      emit_stmt(ev, store0(ev, cur.u.buf, r, t->loc));
      return;
    }
    if (b->immutable) {
      ev_error(ev, t->loc, "cannot assign to '%s': it is %s", t->name, binding_kind(b));
      return;
    }
    if (ev_is_number(&cur)) {
      int bi = binding_index(ev, b);
      Value r = ev_binop(ev, s->op, cur, ev_expr(ev, s->a), s->loc);
      if (r.kind != V_ERROR && (b = binding_at(ev, bi))) b->v = r;
      return;
    }
    ev_error(ev, t->loc, "cannot update '%s' in place", t->name);
    return;
  }
  if (t->kind == A_SUBSCRIPT) {
    Value obj = ev_expr(ev, t->a);
    if (obj.kind == V_ERROR) return;
    if (obj.kind != V_BUFFER && obj.kind != V_SCALAR) {
      ev_error(ev, t->loc, "only buffer elements can be updated in place");
      return;
    }
    Value old = ev_expr(ev, t);
    Value r = ev_binop(ev, s->op, old, ev_expr(ev, s->a), s->loc);
    if (r.kind == V_ERROR) return;
    emit_stmt(ev, ev_store(ev, obj.u.buf, t, r, t->loc));
    return;
  }
  ev_error(ev, t->loc, "cannot update this expression in place");
}

/* ---- control flow --------------------------------------------------------- */

static Expr *condition(Eval *ev, Value c, const char *what) {
  Expr *e = ev_to_expr(ev, c, what);
  if (!e) return NULL;
  /* TVM prints `if leader:` for an integer flag (leader: T.uint32 =
   * T.cuda.elect_sync()): an integer `if` condition means "nonzero" */
  if (strcmp(what, "if condition") == 0 && tirx_dtype_is_int(e->dtype) && e->dtype.lanes == 1 &&
      c.kind != V_INT && c.kind != V_BOOL)
    return e;
  if (!tirx_dtype_is_bool(e->dtype)) {
    char b[32];
    ev_error(ev, c.loc, "%s must be a boolean expression, got %s (compare explicitly, e.g. x != 0)",
             what, tirx_dtype_str(e->dtype, b));
    return NULL;
  }
  return e;
}

static Stmt *sub_block(Eval *ev, Ast **stmts, int n, Loc loc) {
  StmtVec v = {0};
  StmtVec *saved = ev->cur;
  ev->cur = &v;
  ev_push_scope(ev);
  ev->tx->ir_nesting++;
  ev_block(ev, stmts, n, 0);
  ev->tx->ir_nesting--;
  ev_pop_scope(ev);
  ev->cur = saved;
  return finish(ev, &v, loc);
}

/* Whether a branch holds a T.attr(...) statement, which opens a scope over
 * the rest of the enclosing block. */
static bool opens_attr(Ast **stmts, int n) {
  for (int i = 0; i < n; i++) {
    Ast *x = stmts[i];
    if (x->kind == A_EXPR_STMT && x->a && x->a->kind == A_CALL && x->a->a->kind == A_ATTR &&
        strcmp(x->a->a->name, "attr") == 0)
      return true;
    if (x->kind == A_IF && (opens_attr(x->list, x->n) || opens_attr(x->list2, x->n2))) return true;
  }
  return false;
}

static void if_stmt(Eval *ev, Ast *s, Ast **stmts, int n, int i, bool *consumed) {
  Value c = ev_expr(ev, s->a);
  if (c.kind == V_ERROR) return;
  bool t;
  if (ev_truthy_const(ev, c, &t)) {
    /* parse-time branch: only the taken side exists, its names stay visible;
     * a T.attr(...) in it covers the rest of the enclosing block, as in TVM's
     * parser (the branch and what follows run as one block) */
    Ast **br = t ? s->list : s->list2;
    int nb = t ? s->n : s->n2;
    if (nb && i + 1 < n && opens_attr(br, nb)) {
      Ast **all = TIRX_NEWN(ev->m, Ast *, nb + n - i - 1);
      memcpy(all, br, sizeof(Ast *) * (size_t)nb);
      memcpy(all + nb, stmts + i + 1, sizeof(Ast *) * (size_t)(n - i - 1));
      ev_block(ev, all, nb + n - i - 1, 0);
      *consumed = true;
      return;
    }
    if (nb) ev_block(ev, br, nb, 0);
    return;
  }
  Expr *ce = condition(ev, c, "if condition");
  if (!ce) return;
  Stmt *st = tirx_stmt_new(ev->m, S_IF, s->loc);
  st->u.if_.cond = ce;
  st->u.if_.then_ = sub_block(ev, s->list, s->n, s->loc);
  if (s->n2) st->u.if_.else_ = sub_block(ev, s->list2, s->n2, s->loc);
  ev_emit(ev, st);
}

static void loop_body(Eval *ev, Stmt *loop, Ast **stmts, int n) {
  ev->tx->loop_depth++;
  Stmt *body = sub_block(ev, stmts, n, loop->loc);
  ev->tx->loop_depth--;
  if (loop->kind == S_FOR) loop->u.for_.body = body;
  else loop->u.while_.body = body;
}

/* T.grid(...)'s value: a non-empty list of loop frames (a Python list of
 * other values is no TIRx loop) */
static bool is_grid(Value it) {
  for (int k = 0; k < it.u.list.n; k++)
    if (it.u.list.items[k].kind != V_FRAME || it.u.list.items[k].u.frame.outer->kind != S_FOR)
      return false;
  return it.u.list.n > 0;
}

static void for_stmt(Eval *ev, Ast *s) {
  Value it = ev_expr(ev, s->a);
  if (it.kind == V_ERROR) return;
  Value frames[TIRX_MAX_GRID_LOOPS];
  int nf = 0;
  if (it.kind == V_FRAME && it.u.frame.outer->kind == S_FOR) {
    frames[nf++] = it;
  } else if (it.kind == V_LIST && is_grid(it)) {
    if (it.u.list.n > TIRX_MAX_GRID_LOOPS) {
      ev_error(ev, s->a->loc, "T.grid of more than %d loops is not supported", TIRX_MAX_GRID_LOOPS);
      return;
    }
    for (int k = 0; k < it.u.list.n; k++) frames[nf++] = it.u.list.items[k];
  } else {
    ev_error(ev, s->a->loc,
             "a TIRx for loop iterates over range(...), "
             "T.serial/T.unroll/T.vectorized/T.parallel(...) or T.grid(...)");
    return;
  }
  Ast *tg = s->b;
  const char *names[TIRX_MAX_GRID_LOOPS];
  if (tg->kind == A_NAME && nf == 1) {
    names[0] = tg->name;
  } else if (tg->kind == A_NAME) {
    for (int k = 0; k < nf; k++) {
      char buf[128];
      snprintf(buf, sizeof buf, "%s_%d", tg->name, k);
      names[k] = tirx_intern0(ev->m, buf);
    }
  } else if ((tg->kind == A_TUPLE || tg->kind == A_LIST) && tg->n == nf) {
    for (int k = 0; k < nf; k++) {
      if (tg->list[k]->kind != A_NAME) {
        ev_error(ev, tg->list[k]->loc, "loop targets must be names");
        return;
      }
      names[k] = tg->list[k]->name;
    }
  } else {
    ev_error(ev, tg->loc, "the loop has %d variable%s but the target does not match", nf,
             nf == 1 ? "" : "s");
    return;
  }
  ev_push_scope(ev);
  for (int k = 0; k < nf; k++) {
    Stmt *f = frames[k].u.frame.outer;
    f->loc = s->loc;
    f->u.for_.var->name = names[k];
    f->u.for_.var->loc = tg->loc;
    ev_define(ev, names[k], v_expr(tirx_varref(ev->m, f->u.for_.var, tg->loc), tg->loc), true,
              tg->loc);
  }
  Stmt *inner = frames[nf - 1].u.frame.outer;
  loop_body(ev, inner, s->list, s->n);
  for (int k = nf - 2; k >= 0; k--)
    frames[k].u.frame.outer->u.for_.body = frames[k + 1].u.frame.outer;
  ev_pop_scope(ev);
  ev_emit(ev, frames[0].u.frame.outer);
}

static void while_stmt(Eval *ev, Ast *s) {
  Value c = ev_expr(ev, s->a);
  if (c.kind == V_ERROR) return;
  bool t;
  Expr *ce;
  if (ev_truthy_const(ev, c, &t)) {
    if (!t) return;
    ce = tirx_int(ev->m, tirx_dtype(DT_BOOL), 1, s->a->loc);
    /* `while 1:` (TVM keeps the int condition and prints it back as 1) */
    ce->u.i.pod = c.kind == V_INT;
  } else {
    ce = condition(ev, c, "while condition");
    if (!ce) return;
  }
  Stmt *st = tirx_stmt_new(ev->m, S_WHILE, s->loc);
  st->u.while_.cond = ce;
  loop_body(ev, st, s->list, s->n);
  ev_emit(ev, st);
}

static void with_stmt(Eval *ev, Ast *s, int item);

/* with T.Then() / T.Else(): a branch of the enclosing T.If. */
static void with_branch(Eval *ev, Ast *s, int item, Ast *it, Value f) {
  Stmt *st = ev->tx->with_if;
  const char *what = f.nshape == FRAME_THEN ? "T.Then()" : "T.Else()";
  if (!st) {
    ev_error(ev, it->a->loc, "%s must be directly inside 'with T.If(...)'", what);
    return;
  }
  if (f.nshape == FRAME_THEN ? st->u.if_.then_ != NULL : st->u.if_.else_ != NULL) {
    ev_error(ev, it->a->loc, "this T.If already has a %s", what);
    return;
  }
  if (f.nshape == FRAME_ELSE && !st->u.if_.then_) {
    ev_error(ev, it->a->loc, "T.Else() needs a T.Then() before it");
    return;
  }
  StmtVec body = {0};
  StmtVec *saved = ev->cur;
  ev->cur = &body;
  ev->tx->with_if = NULL; /* a branch's own statements are not the If's */
  ev_push_scope(ev);
  ev->tx->ir_nesting++;
  with_stmt(ev, s, item + 1);
  ev->tx->ir_nesting--;
  ev_pop_scope(ev);
  ev->tx->with_if = st;
  ev->cur = saved;
  Stmt *b = finish(ev, &body, s->loc);
  if (f.nshape == FRAME_THEN) st->u.if_.then_ = b;
  else st->u.if_.else_ = b;
}

/* with T.If(c): its body holds only its T.Then() and T.Else(). */
static void with_if(Eval *ev, Ast *s, int item, Ast *it, Value f) {
  StmtVec body = {0};
  StmtVec *saved = ev->cur;
  Stmt *saved_if = ev->tx->with_if;
  ev->cur = &body;
  ev->tx->with_if = f.u.frame.outer;
  ev_push_scope(ev);
  with_stmt(ev, s, item + 1);
  ev_pop_scope(ev);
  ev->tx->with_if = saved_if;
  ev->cur = saved;
  bool stray = false;
  for (int i = 0; i < body.n; i++) stray |= body.v[i]->kind != S_SEQ || body.v[i]->u.seq.n;
  free(body.v);
  if (stray) {
    ev_error(ev, it->a->loc, "statements inside 'with T.If(...)' must be in T.Then() or T.Else()");
    return;
  }
  if (!f.u.frame.outer->u.if_.then_) {
    ev_error(ev, it->a->loc, "'with T.If(...)' needs a T.Then()");
    return;
  }
  ev_emit(ev, f.u.frame.outer);
}

static void with_stmt(Eval *ev, Ast *s, int item) {
  if (item == s->n) {
    ev_block(ev, s->list2, s->n2, 0);
    return;
  }
  Ast *it = s->list[item];
  const char *bind = it->b && it->b->kind == A_NAME ? it->b->name : NULL;
  if (it->b && !bind) {
    ev_error(ev, it->b->loc, "'with ... as' target must be a name");
    return;
  }
  ev->name_hint = bind;
  Value f = ev_expr(ev, it->a);
  ev->name_hint = NULL;
  if (f.kind == V_ERROR) return;
  if (f.kind == V_FRAME && !f.u.frame.outer && f.nshape != FRAME_THEN && f.nshape != FRAME_ELSE) {
    ev_error(ev, it->a->loc,
             "IRBuilder frames are entered in traced Python code, not in a kernel body");
    return;
  }
  if (f.kind == V_FRAME && !f.u.frame.outer) {
    with_branch(ev, s, item, it, f);
    return;
  }
  if (f.kind == V_FRAME && f.u.frame.inner->kind == S_IF) {
    with_if(ev, s, item, it, f);
    return;
  }
  const ValueProto *p = EV_PROTO(f);
  if (f.kind != V_FRAME && p->enter &&
      p->exit) { /* a user context manager: __enter__, the body, __exit__(None, None, None) */
    Value v = p->enter(ev, f, it->loc);
    if (v.kind == V_ERROR) return;
    ev_push_scope(ev);
    if (bind) ev_define(ev, bind, v, false, it->loc);
    with_stmt(ev, s, item + 1);
    ev_pop_scope(ev);
    bool suppress;
    if (!ev->nerr)
      p->exit(ev, f, v_make(V_NONE, it->loc), v_make(V_NONE, it->loc), it->loc, &suppress);
    return;
  }
  if (f.kind != V_FRAME || f.u.frame.inner->kind == S_FOR) {
    ev_error(ev, it->a->loc, "'with' needs T.hint(...), T.attr(...) or T.launch_thread(...)");
    return;
  }
  StmtVec body = {0};
  StmtVec *saved = ev->cur;
  ev->cur = &body;
  bool dev = frame_is_device_entry(&f);
  bool was = ev->tx->in_device;
  if (dev) {
    ev->tx->in_device = true;
    ev->tx->seen_device_entry = true;
  }
  ev_push_scope(ev);
  if (bind && f.u.frame.self) ev_define(ev, bind, v_expr(f.u.frame.self, it->loc), true, it->loc);
  with_stmt(ev, s, item + 1);
  ev_pop_scope(ev);
  ev->tx->in_device = was;
  ev->cur = saved;
  set_frame_body(&f, finish(ev, &body, s->loc));
  ev_emit(ev, f.u.frame.outer);
}

static void assert_stmt(Eval *ev, Ast *s) {
  Value c = ev_expr(ev, s->a);
  if (c.kind == V_ERROR) return;
  Expr *ce = condition(ev, c, "assert condition");
  if (!ce) return;
  Stmt *st = tirx_stmt_new(ev->m, S_ASSERT, s->loc);
  st->u.assert_.cond = ce;
  const char *kind = "RuntimeError";
  Expr *parts = tirx_expr_new(ev->m, E_LIST, tirx_dtype(DT_VOID), s->loc);
  if (s->b) {
    Value m = ev_expr(ev, s->b);
    if (m.kind == V_STR) {
      parts->u.list.n = 1;
      parts->u.list.items = TIRX_NEWN(ev->m, Expr *, 1);
      parts->u.list.items[0] = tirx_str(ev->m, m.u.s.p, m.u.s.len, m.loc);
    } else if (m.kind == V_TUPLE && m.u.list.n == 2 && m.u.list.items[0].kind == V_STR &&
               (m.u.list.items[1].kind == V_LIST || m.u.list.items[1].kind == V_TUPLE)) {
      Value k = m.u.list.items[0], l = m.u.list.items[1];
      kind = tirx_strdup(ev->m, k.u.s.p, k.u.s.len);
      parts->u.list.n = l.u.list.n;
      parts->u.list.items = TIRX_NEWN(ev->m, Expr *, l.u.list.n + 1);
      for (int i = 0; i < l.u.list.n; i++) {
        if (l.u.list.items[i].kind != V_STR) {
          ev_error(ev, l.u.list.items[i].loc, "assert message parts must be strings");
          return;
        }
        parts->u.list.items[i] =
            tirx_str(ev->m, l.u.list.items[i].u.s.p, l.u.list.items[i].u.s.len, l.loc);
      }
    } else if (m.kind != V_ERROR) {
      ev_error(ev, s->b->loc, "assert message must be a string or (\"Kind\", [\"part\", ...])");
      return;
    }
  }
  st->u.assert_.kind = tirx_str(ev->m, kind, strlen(kind), s->loc);
  st->u.assert_.parts = parts;
  ev_emit(ev, st);
}

/* ---- statements and blocks -------------------------------------------------- */

static void expr_stmt(Eval *ev, Ast *s, Ast **stmts, int n, int i, bool *consumed) {
  ev->stmt_call = s->a->kind == A_CALL;
  Value v = ev_expr(ev, s->a);
  ev->stmt_call = false;
  switch (v.kind) {
  case V_FRAME:
    if (!v.u.frame.inner) { /* T.Then(), IRBuilder(): no statement of their own */
      ev_error(ev, s->loc, "this frame is entered with 'with'");
      return;
    }
    if (v.u.frame.inner->kind == S_FOR) {
      ev_error(ev, s->loc, "a loop iterator used as a statement");
      return;
    }
    enter_frame(ev, v, NULL, stmts, n, i + 1, s->loc);
    *consumed = true;
    return;
  case V_EXPR: {
    if (v.stmt_done) return;
    Stmt *st = tirx_stmt_new(ev->m, S_EVAL, s->loc);
    st->u.eval.e = v.u.e;
    ev_emit(ev, st);
    return;
  }
  case V_INT:
  case V_BOOL:
  case V_FLOAT: {
    Expr *e = ev_to_expr(ev, v, "a value");
    Stmt *st = tirx_stmt_new(ev->m, S_EVAL, s->loc);
    st->u.eval.e = e;
    ev_emit(ev, st);
    return;
  }
  case V_ERROR:
  case V_NONE:
  case V_STR:
  case V_TUPLE:
  case V_LIST:
  case V_DICT:
  case V_BUFFER:
  case V_SCALAR:
  case V_DTYPE:
  case V_NS:
  case V_PTRTYPE:
  case V_LOCALVEC:
  case V_LETTYPE:
  case V_BUFTYPE:
  case V_SLICE:
  case V_LAMBDA:
  case V_FUNCREF:
  case V_POOL:
  case V_MACRO:
  case V_PYFUNC:
  case V_CLASS:
  case V_OBJECT:
  case V_BOUND:
  case V_DESCR:
  case V_MODULE:
  case V_BUILTIN:
  case V_METHOD:
  case V_UNRESOLVED:
  case V_GLOBALVAR:
  case V_GLOBALDECL:
  case V_LIBMOD:
  case V_INDEXER:
  case V_METADATA:
  case V_STMT: return; /* None, docstrings, buffers (bare match_buffer) */
  }
}

static void ev_stmt(Eval *ev, Ast *s, Ast **stmts, int n, int i, bool *consumed) {
  switch ((AstKind)s->kind) {
  case A_EXPR_STMT: expr_stmt(ev, s, stmts, n, i, consumed); break;
  case A_ASSIGN: assign(ev, s, stmts, n, i, consumed); break;
  case A_ANNASSIGN: {
    ann_assign(ev, s);
    /* a failed declaration still defines its name, silencing follow-on errors */
    if (s->b->kind == A_NAME && !ev_lookup(ev, s->b->name))
      ev_define(ev, s->b->name, v_make(V_ERROR, s->b->loc), false, s->b->loc);
    break;
  }
  case A_AUGASSIGN: aug_assign(ev, s); break;
  case A_IF: if_stmt(ev, s, stmts, n, i, consumed); break;
  case A_FOR: for_stmt(ev, s); break;
  case A_WHILE: while_stmt(ev, s); break;
  case A_WITH: with_stmt(ev, s, 0); break;
  case A_ASSERT: assert_stmt(ev, s); break;
  case A_RETURN: {
    if (ev->tx->inline_depth > 0) {
      ev_inline_return(ev, s);
      break;
    }
    Stmt *st = tirx_stmt_new(ev->m, S_RETURN, s->loc);
    if (s->a) {
      Value v = ev_expr(ev, s->a);
      st->u.ret.value = ev_to_expr(ev, v, "a return value");
      if (!st->u.ret.value) return;
    }
    ev_emit(ev, st);
    break;
  }
  case A_BREAK:
  case A_CONTINUE:
    if (ev->tx->loop_depth == 0) {
      ev_error(ev, s->loc, "'%s' outside a loop", s->kind == A_BREAK ? "break" : "continue");
      return;
    }
    {
      /* A library module run for --entry is TVMScript source, whose parser makes a
       * `break` the T.break_loop() call; printed text read as a file keeps `break`,
       * TVM's Break statement (stmt loopexit). */
      Stmt *st = tirx_stmt_new(ev->m, s->kind == A_BREAK ? S_BREAK : S_CONTINUE, s->loc);
      st->u.loopexit.as_call = ev->opts && ev->opts->entry;
      ev_emit(ev, st);
    }
    break;
  case A_PASS: break;
  case A_FUNCDEF:
    if (ev_is_inline_def(ev, s)) ev_define_inline(ev, s);
    else ev_error(ev, s->loc, "a nested function must be decorated with @T.inline or @T.macro");
    break;
  case A_CLASSDEF: ev_error(ev, s->loc, "a class is only allowed at module level"); break;
  case A_IMPORT: ev_error(ev, s->loc, "imports are only allowed at module level"); break;
  case A_RAISE:
  case A_UNSUPPORTED:
  case A_YIELD: ev_py_exec(ev, &s, 1); break;
  default: ev_error(ev, s->loc, "unsupported statement"); break;
  }
}

void ev_block(Eval *ev, Ast **stmts, int n, int from) {
  for (int i = from; i < n; i++) {
    bool consumed = false;
    ev->name_hint = NULL;
    ev_stmt(ev, stmts[i], stmts, n, i, &consumed);
    if (consumed || ev->tx->inline_returned) return;
    if (ev->nerr >= 20) return;
  }
}

Stmt *ev_body(Eval *ev, Ast **stmts, int n) {
  StmtVec v = {0};
  StmtVec *saved = ev->cur;
  ev->cur = &v;
  ev_block(ev, stmts, n, 0);
  ev->cur = saved;
  return finish(ev, &v, n ? stmts[0]->loc : L0);
}

/* ---- functions ------------------------------------------------------------------ */

static bool decorator(Eval *ev, Ast *d, PrimFunc *f, bool *is_jit) {
  Ast *callee = d->kind == A_CALL ? d->a : d;
  if (!ev_decorator_is(ev, d, "prim_func") && !ev_decorator_is(ev, d, "jit")) {
    ev_error(ev, d->loc, "unsupported decorator (expected @T.prim_func or @T.jit)");
    return false;
  }
  *is_jit = strcmp(callee->name, "jit") == 0;
  if (d->kind != A_CALL) return true;
  for (int i = 0; i < d->n; i++) {
    Ast *k = d->list[i];
    if (k->kind != A_KW || !k->name) {
      ev_error(ev, k->loc, "decorator arguments must be keywords (private=True, ...)");
      return false;
    }
    Value v = ev_expr(ev, k->a);
    bool t;
    if (!ev_truthy_const(ev, v, &t) || (v.kind != V_BOOL)) {
      ev_error(ev, k->loc, "decorator keyword '%s' must be True or False", k->name);
      return false;
    }
    if (strcmp(k->name, "private") == 0) f->private_ = t;
    else if (strcmp(k->name, "persistent") == 0) f->persistent = t;
    else if (strcmp(k->name, "s_tir") == 0) f->s_tir = t;
    else if (strcmp(k->name, "check_well_formed") == 0) {
    } else {
      ev_error(ev, k->loc, "unknown decorator keyword '%s'", k->name);
      return false;
    }
  }
  return true;
}

static PrimFunc *function_in_frame(Eval *ev, Ast *fd);

/* A kernel body is a frame of its own: a closure of the factory around it
 * does not see the kernel's names (they are IR, not the factory's locals). */
static PrimFunc *function(Eval *ev, Ast *fd) {
  PyFrame frame;
  ev_frame_enter(ev, &frame, NULL);
  PrimFunc *f = function_in_frame(ev, fd);
  ev_frame_leave(ev, &frame);
  return f;
}

/* A @T.jit's keyword-only T.constexpr parameter p: bound to its value (given to
 * .specialize, -D NAME=VALUE, or its default). */
static void constexpr_param(Eval *ev, Ast *p, bool is_jit) {
  if (!is_jit) {
    ev_error(ev, p->loc, "keyword-only parameters are only allowed in @T.jit functions");
    return;
  }
  Value ann = p->a ? ev_expr(ev, p->a) : v_make(V_NONE, p->loc);
  if (!(ann.kind == V_NS && strcmp(ann.u.ns, "T.constexpr") == 0)) {
    ev_error(ev, p->loc, "keyword-only parameter '%s' must be annotated T.constexpr", p->name);
    return;
  }
  const char *def = ev_define_text(ev, p->name);
  Value v;
  Value *given = ev->py->jit_args ? ev_kwarg(ev->py->jit_args, p->name) : NULL;
  if (given) {
    v = *given;
  } else if (def) {
    if (!ev_parse_define_value(ev, def, &v)) {
      ev_error(ev, p->loc, "invalid value '%s' for constexpr '%s' (-D %s=...)", def, p->name,
               p->name);
      v = v_make(V_ERROR, p->loc);
    }
  } else if (p->b) {
    v = ev_expr(ev, p->b);
  } else {
    ev_error(ev, p->loc, "T.constexpr parameter '%s' has no value; pass -D %s=VALUE", p->name,
             p->name);
    v = v_make(V_ERROR, p->loc);
  }
  /* (after an error bound to the error value, which its uses pass on silently) */
  ev_define(ev, p->name, v, false, p->loc);
}

/* P's variable for a pointer or scalar annotation; false after an error. */
static bool scalar_param(Eval *ev, Ast *p, Value ann, Param *P) {
  if (ann.kind == V_PTRTYPE || (ann.kind == V_NS && strcmp(ann.u.ns, "T.handle") == 0)) {
    if (ann.kind == V_PTRTYPE && ann.u.ptr.typed)
      P->var = tirx_var_ptr(ev->m, p->name, ann.u.ptr.elem, ann.u.ptr.scope, p->loc);
    else {
      P->var = tirx_var_new(ev->m, p->name, tirx_dtype(DT_HANDLE), p->loc);
      if (ann.kind == V_PTRTYPE) {
        P->var->ptr_scope = ann.u.ptr.scope;
        P->var->is_tensormap = ann.u.ptr.tensormap;
      }
    }
    return true;
  }
  if (ann.kind == V_DTYPE) {
    Var *v = NULL;
    for (int k = 0; k < ev->nsig_vars; k++)
      if (ev->sig_vars[k]->name == p->name) v = ev->sig_vars[k];
    if (v) v->dtype = ann.u.dt;
    else v = tirx_var_new(ev->m, p->name, ann.u.dt, p->loc);
    v->loc = p->loc;
    P->var = v;
    return true;
  }
  if (ann.kind == V_NS && strcmp(ann.u.ns, "T.constexpr") == 0)
    ev_error(ev, p->loc, "T.constexpr parameters must come after '*' (keyword-only)");
  else ev_error(ev, p->a->loc, "unsupported parameter annotation for '%s'", p->name);
  return false;
}

/* One positional parameter p of f: its annotation evaluated (a buffer, a pointer,
 * a scalar), the parameter added and its name bound. */
static void signature_param(Eval *ev, PrimFunc *f, Ast *p) {
  Value *fixed = ev->py->jit_args ? ev_kwarg(ev->py->jit_args, p->name) : NULL;
  if (fixed) { /* .specialize(h=None): the parameter is gone, the name is the value */
    ev_define(ev, p->name, *fixed, false, p->loc);
    return;
  }
  if (!p->a) {
    ev_error(ev, p->loc, "parameter '%s' needs a type annotation", p->name);
    return;
  }
  if (p->b) {
    ev_error(ev, p->b->loc, "default values are only allowed for T.constexpr parameters");
    return;
  }
  for (int j = 0; j < f->nparams; j++)
    if (f->params[j].var->name == p->name)
      ev_error(ev, p->loc, "duplicate parameter '%s'", p->name);
  Param *P = &f->params[f->nparams];
  memset(P, 0, sizeof *P);
  ev->in_signature = true;
  ev->name_hint = p->name;
  Ast *pa = p->a; /* T.Optional(T.handle) not specialized away: the handle */
  if (pa->kind == A_CALL && pa->n == 1 && pa->a->kind == A_ATTR &&
      strcmp(pa->a->name, "Optional") == 0 && pa->a->a->kind == A_NAME &&
      strcmp(pa->a->a->name, "T") == 0)
    pa = pa->list[0];
  Value ann = ev_expr(ev, pa);
  ev->name_hint = NULL;
  ev->in_signature = false;
  if (ann.kind == V_ERROR) return;
  if (ann.kind == V_BUFTYPE) {
    P->var = tirx_var_new(ev->m, p->name, tirx_dtype(DT_HANDLE), p->loc);
    P->buf = ann.aux->buftype;
    P->buf->loc = p->loc;
    Value bv = v_make(V_BUFFER, p->loc);
    bv.u.buf = P->buf;
    f->nparams++;
    ev_define(ev, p->name, bv, true, p->loc);
    return;
  }
  if (!scalar_param(ev, p, ann, P)) return;
  f->nparams++;
  ev_define(ev, p->name, v_expr(tirx_varref(ev->m, P->var, p->loc), p->loc), true, p->loc);
}

/* The signature: constexpr parameters first (they may appear in other
 * annotations), then the others, then the return annotation. */
static void signature(Eval *ev, PrimFunc *f, Ast *fd, bool is_jit) {
  int nparams = 0;
  for (int i = 0; i < fd->n; i++) {
    if (fd->list[i]->ival & 1) constexpr_param(ev, fd->list[i], is_jit);
    else nparams++;
  }
  f->params = TIRX_NEWN(ev->m, Param, nparams + 1);
  f->nparams = 0;
  for (int i = 0; i < fd->n; i++)
    if (!(fd->list[i]->ival & 1)) signature_param(ev, f, fd->list[i]);
  if (fd->a) {
    Value r = ev_expr(ev, fd->a);
    if (r.kind == V_DTYPE) {
      f->has_ret = true;
      f->ret = r.u.dt;
    } else if (r.kind != V_NONE && r.kind != V_ERROR) {
      ev_error(ev, fd->a->loc, "unsupported return annotation");
    }
  }
}

static PrimFunc *function_in_frame(Eval *ev, Ast *fd) {
  PrimFunc *f = tirx_func_new(ev->m, fd->name, fd->loc);
  bool is_jit = false;
  if (fd->n2 == 0) {
    ev_error(ev, fd->loc, "function '%s' needs a @T.prim_func decorator", fd->name);
    return NULL;
  }
  for (int i = 0; i < fd->n2; i++)
    if (!decorator(ev, fd->list2[i], f, &is_jit)) return NULL;
  ev->func = f;
  ev->sig_def = fd;
  ev->tx->is_jit = is_jit;
  ev->tx->seen_device_entry = false;
  /* A private function returning a value is a device function (TVM's
   * helpers called from kernels): its body runs on the device. */
  ev->tx->in_device = f->private_ && fd->a != NULL;
  ev->nsig_vars = 0;
  ev_push_scope(ev);

  /* PEP 695 type parameters are int64 symbolic variables */
  if (fd->c)
    for (int i = 0; i < fd->c->n; i++) {
      Var *v = tirx_var_new(ev->m, fd->c->list[i]->name, tirx_dtype(DT_INT64), fd->c->list[i]->loc);
      ev_define(ev, v->name, v_expr(tirx_varref(ev->m, v, fd->c->loc), fd->c->loc), true,
                fd->c->loc);
    }

  signature(ev, f, fd, is_jit);
  int saved_body = ev->py_body; /* a kernel defined inside a factory: parser rules */
  ev->py_body = 0;
  if (ev->nerr == 0) f->body = ev_body(ev, fd->list3, fd->n3);
  ev->py_body = saved_body;
  ev_pop_scope(ev);
  /* match_buffer'd params are printed with T.Buffer annotations, named after
   * the buffer */
  ev->func = NULL;
  ev->sig_def = NULL;
  ev->tx->is_jit = false;
  if (!f->body) f->body = tirx_seq(ev->m, NULL, 0, fd->loc);
  return f;
}

/* ---- module ------------------------------------------------------------------------- */

/* What building a kernel changes of the evaluator's state: a kernel built
 * while another one is (a factory's @T.prim_func called from a kernel body, a
 * pending .specialize forced there) puts it back afterwards. */
typedef struct KernelState {
  PrimFunc *func;
  StmtVec *cur;
  Ast *sig_def;
  Var **sig_vars;
  int nsig_vars, loop_depth, ir_nesting, py_body, ntuple_hints, nenv;
  bool in_signature, sig_fresh_vars, ptr_arith_ok, seen_device_entry, in_device, is_jit, stmt_call,
      callee_name;
  const char *name_hint;
  Value *tuple_hints;
  Var **env_vars;
  const char **env_tags;
  Stmt *with_if;
} KernelState;

static KernelState kernel_state_take(Eval *ev) {
  KernelState k = {ev->func,           ev->cur,
                   ev->sig_def,        ev->sig_vars,
                   ev->nsig_vars,      ev->tx->loop_depth,
                   ev->tx->ir_nesting, ev->py_body,
                   ev->ntuple_hints,   ev->tx->nenv,
                   ev->in_signature,   ev->sig_fresh_vars,
                   ev->ptr_arith_ok,   ev->tx->seen_device_entry,
                   ev->tx->in_device,  ev->tx->is_jit,
                   ev->stmt_call,      ev->callee_name,
                   ev->name_hint,      ev->tuple_hints,
                   ev->tx->env_vars,   ev->tx->env_tags,
                   ev->tx->with_if};
  ev->sig_vars = NULL; /* the inner kernel's own */
  ev->nsig_vars = 0;
  return k;
}

static void kernel_state_restore(Eval *ev, const KernelState *k) {
  free(ev->sig_vars);
  ev->func = k->func, ev->cur = k->cur, ev->sig_def = k->sig_def, ev->sig_vars = k->sig_vars;
  ev->nsig_vars = k->nsig_vars, ev->tx->loop_depth = k->loop_depth,
  ev->tx->ir_nesting = k->ir_nesting;
  ev->py_body = k->py_body, ev->ntuple_hints = k->ntuple_hints, ev->tx->nenv = k->nenv;
  ev->in_signature = k->in_signature, ev->sig_fresh_vars = k->sig_fresh_vars,
  ev->ptr_arith_ok = k->ptr_arith_ok;
  ev->tx->seen_device_entry = k->seen_device_entry, ev->tx->in_device = k->in_device,
  ev->tx->is_jit = k->is_jit;
  ev->stmt_call = k->stmt_call, ev->callee_name = k->callee_name, ev->name_hint = k->name_hint;
  ev->tuple_hints = k->tuple_hints, ev->tx->env_vars = k->env_vars, ev->tx->env_tags = k->env_tags,
  ev->tx->with_if = k->with_if;
}

Value ev_define_kernel(Eval *ev, Ast *fd) {
  if (ev_is_inline_def(ev, fd)) {
    ev_error(ev, fd->loc, "an @T.inline function inside a Python function is not supported");
    return v_make(V_ERROR, fd->loc);
  }
  KernelState ks = kernel_state_take(ev);
  PrimFunc *f = function(ev, fd);
  kernel_state_restore(ev, &ks);
  if (!f || ev->nerr) return v_make(V_ERROR, fd->loc);
  Value v = v_make(V_FUNCREF, fd->loc);
  v.u.func.f = f;
  return v;
}

/* A bare word: what a shell leaves of -D NAME="word" (the quotes were the shell's). */
static bool define_is_word(const char *def) {
  if (!*def) return false;
  for (const char *c = def; *c; c++)
    if (!(isalnum((unsigned char)*c) || *c == '_' || *c == '.')) return false;
  return !isdigit((unsigned char)def[0]);
}

static void module_const(Eval *ev, Ast *s) {
  if (s->n != 1 || s->list[0]->kind != A_NAME) {
    ev_error(ev, s->loc, "module-level statements must be constants (NAME = value)");
    return;
  }
  const char *name = s->list[0]->name;
  const char *def = ev_define_text(ev, name);
  Value v;
  if (def && !ev_parse_define_value(ev, def, &v)) {
    if (define_is_word(def))
      ev_error(ev, s->loc,
               "invalid value '%s' for -D %s (a string keeps its quotes: -D %s='\"%s\"')", def,
               name, name, def);
    else ev_error(ev, s->loc, "invalid value '%s' for -D %s", def, name);
    /* the source's own value binds the name, so its uses add no errors of their own */
    def = NULL;
  }
  if (!def) {
    ev->name_hint = name;
    v = ev_expr(ev, s->a);
    ev->name_hint = NULL;
  }
  if (v.kind == V_ERROR) return;
  bool typevar = v.kind == V_EXPR && v.u.e->kind == E_VAR;
  if (v.kind == V_BUFFER || v.kind == V_SCALAR || v.kind == V_FRAME || v.kind == V_POOL ||
      (v.kind == V_EXPR && !typevar && v.u.e->kind != E_INT && v.u.e->kind != E_FLOAT)) {
    ev_error(ev, s->a->loc, "module-level '%s' must be a constant (int, float, bool, str or tuple)",
             name);
    return;
  }
  ev_define(ev, name, v, false, s->loc);
}

static void class_def(Eval *ev, Ast *c, bool seen_def) {
  bool is_mod = false;
  for (int i = 0; i < c->n2; i++) {
    Ast *d = c->list2[i];
    if (d->kind == A_ATTR && d->a->kind == A_NAME && strcmp(d->a->name, "I") == 0 &&
        strcmp(d->name, "ir_module") == 0)
      is_mod = true;
  }
  if (!is_mod) { /* a Python class */
    Value k = ev_class_def(ev, c);
    if (k.kind != V_ERROR) ev_define(ev, c->name, k, false, c->loc);
    return;
  }
  if (seen_def || ev->m->is_ir_module) {
    ev_error(ev, c->loc, "only one @I.ir_module class (or a set of functions) per file");
    return;
  }
  ev->m->is_ir_module = true;
  ev->m->class_name = c->name;
  for (int i = 0; i < c->n; i++) {
    Ast *s = c->list[i];
    if (s->kind == A_FUNCDEF) {
      PrimFunc *f = function(ev, s);
      if (f) {
        if (tirx_module_find(ev->m, f->name))
          ev_error(ev, s->loc, "duplicate function '%s'", f->name);
        tirx_module_add_func(ev->m, f);
      }
    } else if (s->kind == A_EXPR_STMT && s->a->kind == A_STR) {
    } else if (s->kind == A_PASS) {
    } else {
      ev_error(ev, s->loc, "an @I.ir_module class may only contain @T.prim_func functions");
    }
  }
}

Module *ev_file(Eval *ev, AstFile *f) {
  bool seen_def = false;
  Value main_name = v_make(V_STR, (Loc){1, 1});
  main_name.u.s.p = "__main__";
  main_name.u.s.len = 8;
  ev_define(ev, tirx_intern0(ev->m, "__name__"), main_name, false, (Loc){1, 1});
  ev_define(ev, tirx_intern0(ev->m, "__package__"), v_make(V_NONE, (Loc){1, 1}), false,
            (Loc){1, 1}); /* a script's */
  if (ev->d->filename) {  /* __file__: the input's path as given */
    Value fv = v_make(V_STR, (Loc){1, 1});
    fv.u.s.p = ev->d->filename;
    fv.u.s.len = strlen(ev->d->filename);
    ev_define(ev, tirx_intern0(ev->m, "__file__"), fv, false, (Loc){1, 1});
  }
  bool lenient = ev->opts && ev->opts->entry; /* --entry: host code beside it need not evaluate */
  for (int i = 0; i < f->n; i++) {
    Ast *s = f->stmts[i];
    int nd = ev->d->n, ne = ev->d->nerrors, nerr = ev->nerr;
    switch (s->kind) {
    case A_IMPORT: ev_py_import(ev, s); break;
    case A_ASSIGN:
      if (s->n == 1 && s->list[0]->kind == A_NAME) module_const(ev, s);
      else ev_py_exec(ev, &s, 1); /* unpacking, subscripts, a = b = c */
      break;
    case A_EXPR_STMT:
      if (s->a->kind != A_STR) ev_py_exec(ev, &s, 1);
      break;
    case A_IF:
    case A_FOR:
    case A_WHILE:
    case A_ASSERT:
    case A_RAISE:
    case A_AUGASSIGN:
    case A_UNSUPPORTED:
    case A_YIELD:
    case A_ANNASSIGN:
    case A_TRY:
    case A_GLOBAL:
    case A_WITH:
    case A_DEL: ev_py_exec(ev, &s, 1); break;
    case A_FUNCDEF: {
      if (lenient && ev_is_jit_def(ev, s)) { /* --entry builds it through .specialize(...) */
        ev_define(ev, s->name, ev_jit_value(ev, s), false, s->loc);
        break;
      }
      if (s->n2 > 0 && ev_py_plain_def(ev, s)) { /* a decorated Python function */
        Value pf = ev_py_def_decorated(ev, s);
        if (pf.kind != V_ERROR) ev_define(ev, s->name, pf, false, s->loc);
        break;
      }
      if (s->n2 == 0) { /* a plain Python function */
        ev_define(ev, s->name, ev_py_def(ev, s), false, s->loc);
        break;
      }
      if (ev_is_inline_def(ev, s)) {
        ev_define_inline(ev, s);
        break;
      }
      if (ev->m->is_ir_module) {
        ev_error(ev, s->loc, "a function next to an @I.ir_module class is not supported");
        break;
      }
      PrimFunc *fn = function(ev, s);
      if (fn) {
        if (tirx_module_find(ev->m, fn->name))
          ev_error(ev, s->loc, "duplicate function '%s'", fn->name);
        tirx_module_add_func(ev->m, fn);
      }
      seen_def = true;
      break;
    }
    case A_CLASSDEF: class_def(ev, s, seen_def); break;
    default: ev_error(ev, s->loc, "statement not allowed at module level"); break;
    }
    if (lenient && ev->nerr > nerr && s->kind != A_FUNCDEF) ev_module_poison(ev, s, nd, ne, nerr);
    if (ev->nerr >= 20) break;
  }
  if (ev->nerr == 0 && ev->opts && ev->opts->entry) ev_entry(ev, ev->opts->entry);
  else if (ev->nerr == 0 && ev->m->nfuncs == 0) {
    for (int i = 0; i < f->n; i++)
      if (f->stmts[i]->kind == A_FUNCDEF && f->stmts[i]->n2 == 0) {
        ev_error(ev, f->stmts[i]->loc,
                 "function '%s' needs a @T.prim_func decorator (a plain Python function is "
                 "compiled only "
                 "through --entry)",
                 f->stmts[i]->name);
        return ev->m;
      }
    ev_error(ev, (Loc){1, 1}, "no @T.prim_func found in the input");
  }
  return ev->m;
}

/* ---- entry ----------------------------------------------------------------------------- */

Module *tirx_parse(const char *filename, const char *src, size_t len, const TirxParseOptions *opts,
                   TirxDiag *diag) {
  for (int i = 0; opts && i < opts->ndefines; i++)
    if (!strchr(opts->defines[i], '=')) {
      tirx_diag_add(diag, DIAG_ERROR, 0, 0, "invalid -D '%s' (expected NAME=VALUE)",
                    opts->defines[i]);
      return NULL;
    }
  Module *m = tirx_module_new(filename, src, len);
  TokenList toks = {.arena = m->arena};
  int rc = lex(src, len, &toks, diag);
  AstFile file = {0};
  if (rc == 0) rc = parse_file(m, &toks, diag, &file);
  if (rc == 0) {
    Eval ev;
    EvPython py;
    EvModules mod;
    EvTirx tx;
    memset(&ev, 0, sizeof ev);
    memset(&py, 0, sizeof py);
    memset(&mod, 0, sizeof mod);
    memset(&tx, 0, sizeof tx);
    ev.py = &py, ev.mod = &mod, ev.tx = &tx; /* each layer's state (eval_core.h) */
    ev.m = m;
    ev.d = diag;
    ev.opts = opts;
    ev.locals = ev.own_locals;
    StmtVec top = {0};
    ev.cur = &top;
    ev_py_profile_begin(&ev);
    ev_file(&ev, &file);
    ev_resolve_calls(&ev);
    ev_py_profile_end(&ev);
    free(top.v);
    ev_modules_free(&ev);
    txmap_free(&ev.py->grow);
    ev_py_free(&ev);
    ev_irb_free(&ev);
    free(ev.binds);
    txmap_free(&ev.globix);
    free(ev.sig_vars);
    ev_tmp_free(&ev);
    if (ev.nerr) rc = -1;
  }
  lex_free(&toks);
  if (rc != 0 || diag->nerrors) {
    tirx_module_free(m);
    return NULL;
  }
  return m;
}
