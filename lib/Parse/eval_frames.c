/* Scope ids, loop iterators and scoped statements (frames): T.cta_id and
 * friends, range / T.serial / T.unroll / T.grid, T.attr, T.hint and the
 * legacy T.launch_thread / T.env_thread. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "Parse/eval_tirx.h"

/* ---- scope ids ---------------------------------------------------------- */

Value ev_scope_id(Eval *ev, ScopeIdKind sid, int maxdims, Args *a, const char *fn) {
  static const char *const kws[] = {"extents", "preferred", "dtype", "parent", NULL};
  if (!ev_check_kw(ev, a, fn, kws)) return v_make(V_ERROR, a->loc);
  if (!ev_require_device(ev, a->loc, fn)) return v_make(V_ERROR, a->loc);
  Stmt *s = tirx_stmt_new(ev->m, S_SCOPEID, a->loc);
  s->u.scopeid.sid = sid;
  s->u.scopeid.dtype = tirx_dtype(DT_INT32);
  Value *dv = ev_kwarg(a, "dtype");
  if (dv) {
    DType t;
    if (!ev_get_dtype(ev, *dv, &t, "dtype")) return v_make(V_ERROR, a->loc);
    if (t.id != DT_INT32 && t.id != DT_UINT32)
      return ev_error(ev, dv->loc, "%s dtype must be \"int32\" or \"uint32\"", fn);
    s->u.scopeid.dtype = t;
  }
  Value *ext = ev_arg(a, 0, "extents");
  int n = 1;
  if (ext && ext->kind != V_NONE) {
    Value *items = ext;
    if (ext->kind == V_LIST || ext->kind == V_TUPLE) {
      items = ext->u.list.items;
      n = ext->u.list.n;
    }
    if (n < 1 || n > maxdims)
      return ev_error(ev, ext->loc, "%s takes %s%d extent%s, got %d", fn,
                      maxdims > 1 ? "1 to " : "", maxdims, maxdims > 1 ? "s" : "", n);
    s->u.scopeid.extents = TIRX_NEWN(ev->m, Expr *, n);
    s->u.scopeid.next = n;
    for (int i = 0; i < n; i++) {
      Expr *e = ev_index_expr(ev, items[i], ext->loc);
      if (!e) return v_make(V_ERROR, a->loc);
      int64_t c;
      if (tirx_expr_is_const_int(e, &c) && c <= 0)
        return ev_error(ev, items[i].loc, "%s extent must be positive, got %lld", fn, (long long)c);
      s->u.scopeid.extents[i] = e;
    }
  } else if (maxdims == 0 && ext) {
    return ev_error(ev, ext->loc, "%s takes no extents", fn);
  }
  Value *pref = ev_kwarg(a, "preferred");
  if (pref && pref->kind != V_NONE) {
    if (sid != SID_CTA_ID_IN_CLUSTER)
      return ev_error(ev, pref->loc, "preferred= is only valid for T.cta_id_in_cluster");
    if (pref->kind != V_LIST && pref->kind != V_TUPLE)
      return ev_error(ev, pref->loc, "preferred= must be a list");
    if (pref->u.list.n != s->u.scopeid.next)
      return ev_error(ev, pref->loc, "preferred= must have as many entries as the extents");
    s->u.scopeid.npref = pref->u.list.n;
    s->u.scopeid.preferred = TIRX_NEWN(ev->m, Expr *, pref->u.list.n);
    for (int i = 0; i < pref->u.list.n; i++) {
      s->u.scopeid.preferred[i] = ev_index_expr(ev, pref->u.list.items[i], pref->loc);
      if (!s->u.scopeid.preferred[i]) return v_make(V_ERROR, a->loc);
    }
  }
  int nvars = n;
  if (ev->ntuple_hints && ev->ntuple_hints != nvars)
    return ev_error(ev, a->loc, "%s with %d extent%s returns %d value%s, but %d names are assigned",
                    fn, n, n == 1 ? "" : "s", nvars, nvars == 1 ? "" : "s", ev->ntuple_hints);
  s->u.scopeid.vars = TIRX_NEWN(ev->m, Var *, nvars);
  s->u.scopeid.nvars = nvars;
  Value res = v_make(nvars == 1 ? V_EXPR : V_TUPLE, a->loc);
  if (nvars > 1) {
    res.u.list.items = TIRX_NEWN(ev->m, Value, nvars);
    res.u.list.n = nvars;
  }
  for (int i = 0; i < nvars; i++) {
    const char *nm = "";
    if (ev->ntuple_hints && ev->tuple_hints[i].kind == V_STR) nm = ev->tuple_hints[i].u.s.p;
    else if (nvars == 1 && ev->name_hint) nm = ev->name_hint;
    Var *v = tirx_var_new(ev->m, nm, s->u.scopeid.dtype, a->loc);
    s->u.scopeid.vars[i] = v;
    Value vv = v_expr(tirx_varref(ev->m, v, a->loc), a->loc);
    if (nvars == 1) res = vv;
    else res.u.list.items[i] = vv;
  }
  ev_emit(ev, s);
  res.stmt_done = true;
  return res;
}

/* ---- loops ---------------------------------------------------------------- */

Value ev_loop_spec(Eval *ev, Args *a, ForKind kind, const char *fn) {
  static const char *const kws[] = {"start",  "stop",  "step",   "annotations",
                                    "unroll", "dtype", "thread", NULL};
  if (!ev_check_kw(ev, a, fn, kws)) return v_make(V_ERROR, a->loc);
  int np = a->npos;
  Value *thread_pos = NULL;
  if (kind == FOR_THREAD_BINDING && np == 3)
    np = 2, thread_pos = &a->pos[2]; /* T.thread_binding(0, n, "threadIdx.x") */
  else if (kind == FOR_THREAD_BINDING && np == 2 && a->pos[1].kind == V_STR &&
           !ev_kwarg(a, "thread"))
    np = 1,
    thread_pos = &a->pos[1]; /* T.thread_binding(n, "threadIdx.x"): TVM's stop is the thread */
  if (np < 1 || np > 3) return ev_error(ev, a->loc, "%s() takes 1 to 3 positional arguments", fn);
  Value start = np >= 2 ? a->pos[0] : v_int(0, a->loc);
  Value stop = np >= 2 ? a->pos[1] : a->pos[0];
  Value *stepv = np == 3 ? &a->pos[2] : ev_kwarg(a, "step");
  Expr *lo = ev_index_expr(ev, start, a->loc);
  Expr *hi = ev_index_expr(ev, stop, a->loc);
  if (!lo || !hi) return v_make(V_ERROR, a->loc);
  Value *dv = ev_kwarg(a, "dtype");
  DType t;
  if (dv) {
    if (!ev_get_dtype(ev, *dv, &t, "dtype")) return v_make(V_ERROR, a->loc);
  } else {
    /* loop var dtype: the wider of the bounds, unsigned wins */
    t = hi->dtype.id == DT_INT32 && start.kind != V_EXPR ? hi->dtype : lo->dtype;
    if (tirx_dtype_bits(hi->dtype) > tirx_dtype_bits(t) ||
        (tirx_dtype_bits(hi->dtype) == tirx_dtype_bits(t) &&
         tirx_dtype_code(hi->dtype) == DTC_UINT))
      t = hi->dtype;
  }
  lo = ev_const_cast(ev, t, lo, a->loc);
  hi = ev_const_cast(ev, t, hi, a->loc);
  Stmt *s = tirx_stmt_new(ev->m, S_FOR, a->loc);
  s->u.for_.kind = kind;
  s->u.for_.min = lo;
  /* extent = stop - start, recognising our own printed `range(a, a + n)` */
  int64_t x, y;
  if (tirx_expr_is_const_int(lo, &x) && tirx_expr_is_const_int(hi, &y)) {
    int64_t ext;
    if (__builtin_sub_overflow(y, x,
                               &ext)) /* Python: len(range(-2**63, 2**63-1)) is an OverflowError */
      return ev_error(ev, a->loc, "%s(%lld, %lld): the extent does not fit in 64 bits", fn,
                      (long long)x, (long long)y);
    s->u.for_.extent = tirx_int(ev->m, t, ext, a->loc);
  } else if (tirx_expr_is_const_int(lo, &x) && x == 0) {
    s->u.for_.extent = tirx_canon(ev->m, hi, a->loc); /* TVM simplifies every extent */
  } else if (hi->kind == E_ADD && tirx_expr_identical(hi->u.bin.a, lo)) {
    s->u.for_.extent = hi->u.bin.b;
  } else {
    s->u.for_.extent = tirx_canon_sub(ev->m, hi, lo, a->loc); /* as TVM's builder simplifies it */
  }
  if (stepv) {
    Expr *st = ev_index_expr(ev, *stepv, a->loc);
    if (!st) return v_make(V_ERROR, a->loc);
    int64_t sc;
    if (tirx_expr_is_const_int(st, &sc) && sc <= 0)
      return ev_error(ev, stepv->loc, "loop step must be positive");
    if (!(tirx_expr_is_const_int(st, &sc) && sc == 1))
      s->u.for_.step = ev_const_cast(ev, t, st, a->loc);
  }
  Value *ann = ev_kwarg(a, "annotations");
  if (ann && ann->kind != V_NONE) {
    if (ann->kind != V_DICT) return ev_error(ev, ann->loc, "annotations= must be a dictionary");
    s->u.for_.annotations = ev_value_to_any(ev, *ann);
  }
  Value *un = ev_kwarg(a, "unroll");
  if (un && un->kind != V_NONE) {
    if (kind != FOR_SERIAL) return ev_error(ev, un->loc, "unroll= is only accepted by T.serial");
    Value d = v_make(V_DICT, un->loc);
    d.u.dict.n = 1;
    d.u.dict.keys = TIRX_NEWN(ev->m, Value, 1);
    d.u.dict.vals = TIRX_NEWN(ev->m, Value, 1);
    bool off = un->kind == V_BOOL && un->u.i == 0;
    const char *key = tirx_attr_name(off ? ATTR_DISABLE_UNROLL : ATTR_PRAGMA_UNROLL);
    d.u.dict.keys[0] = v_make(V_STR, un->loc);
    d.u.dict.keys[0].u.s.p = key;
    d.u.dict.keys[0].u.s.len = strlen(key);
    /* unroll=False → {"disable_unroll": True}; unroll=v → {"pragma_unroll": v} */
    d.u.dict.vals[0] = *un;
    if (off) d.u.dict.vals[0].u.i = 1;
    s->u.for_.annotations = ev_value_to_any(ev, d);
  }
  if (kind == FOR_THREAD_BINDING) {
    Value *th = thread_pos ? thread_pos : ev_kwarg(a, "thread");
    const char *p;
    size_t n;
    if (!th || !ev_get_str(ev, *th, &p, &n, "thread")) {
      if (!th) ev_error(ev, a->loc, "T.thread_binding needs thread=\"threadIdx.x\"");
      return v_make(V_ERROR, a->loc);
    }
    s->u.for_.thread = tirx_intern(ev->m, p, n);
  }
  Var *v = tirx_var_new(ev->m, "", t, a->loc);
  s->u.for_.var = v;
  Value r = v_make(V_FRAME, a->loc);
  r.u.frame.outer = s;
  r.u.frame.inner = s;
  return r;
}

Value ev_grid(Eval *ev, Args *a) {
  if (a->npos < 1) return ev_error(ev, a->loc, "T.grid() needs at least one extent");
  Value r = v_make(V_LIST, a->loc);
  r.u.list.n = a->npos;
  r.u.list.items = TIRX_NEWN(ev->m, Value, a->npos);
  for (int i = 0; i < a->npos; i++) {
    Args one = {0};
    Value p[2];
    one.loc = a->pos[i].loc;
    if (a->pos[i].kind == V_TUPLE && a->pos[i].u.list.n == 2) {
      /* (min, extent) */
      p[0] = a->pos[i].u.list.items[0];
      Value hi = ev_binop(ev, OP_PLUS, a->pos[i].u.list.items[0], a->pos[i].u.list.items[1],
                          a->pos[i].loc);
      p[1] = hi;
      one.npos = 2;
    } else {
      p[0] = a->pos[i];
      one.npos = 1;
    }
    one.pos = p;
    r.u.list.items[i] = ev_loop_spec(ev, &one, FOR_SERIAL, "T.grid");
    if (r.u.list.items[i].kind == V_ERROR) return r.u.list.items[i];
  }
  return r;
}

/* ---- frames ----------------------------------------------------------------- */

Value ev_frame(Stmt *outer, Stmt *inner, Loc loc) {
  Value v = v_make(V_FRAME, loc);
  v.u.frame.outer = outer;
  v.u.frame.inner = inner;
  return v;
}

Value ev_attr_frame(Eval *ev, Args *a) {
  if (a->npos == 1 && a->pos[0].kind == V_DICT) {
    Value d = a->pos[0];
    if (d.u.dict.n == 0) return ev_error(ev, a->loc, "T.attr({}) needs at least one key");
    Stmt *outer = NULL, *prev = NULL;
    for (int i = 0; i < d.u.dict.n; i++) {
      const char *k;
      size_t kl;
      if (!ev_get_str(ev, d.u.dict.keys[i], &k, &kl, "attribute key"))
        return v_make(V_ERROR, a->loc);
      Stmt *s = tirx_stmt_new(ev->m, S_ATTR, a->loc);
      s->u.attr.key = tirx_intern(ev->m, k, kl);
      Value val = d.u.dict.vals[i];
      if (val.kind == V_BOOL)
        val = v_expr(tirx_int(ev->m, tirx_dtype(DT_BOOL), val.u.i, val.loc), val.loc);
      s->u.attr.value = ev_value_to_any(ev, val);
      if (!s->u.attr.value) return v_make(V_ERROR, a->loc);
      if (s->u.attr.value->kind == E_INT) s->u.attr.value->u.i.pod = false;
      if (prev) prev->u.attr.body = s;
      else outer = s;
      prev = s;
    }
    return ev_frame(outer, prev, a->loc);
  }
  if (a->npos == 3) {
    Stmt *s = tirx_stmt_new(ev->m, S_ATTR, a->loc);
    const char *k;
    size_t kl;
    if (!ev_get_str(ev, a->pos[1], &k, &kl, "attribute key")) return v_make(V_ERROR, a->loc);
    s->u.attr.key = tirx_intern(ev->m, k, kl);
    Expr *node = ev_value_to_any(ev, a->pos[0]);
    Expr *val = ev_value_to_any(ev, a->pos[2]);
    if (!node || !val) return v_make(V_ERROR, a->loc);
    if (node->kind == E_INT) node->u.i.pod = false;
    if (val->kind == E_INT) val->u.i.pod = false;
    /* T.attr(0, "k", v) is the dict form */
    int64_t z;
    s->u.attr.node = tirx_expr_is_const_int(node, &z) && z == 0 ? NULL : node;
    s->u.attr.value = val;
    return ev_frame(s, s, a->loc);
  }
  return ev_error(ev, a->loc, "T.attr takes a dict ({\"key\": value}) or (node, \"key\", value)");
}

Value ev_hint_frame(Eval *ev, Args *a) {
  Stmt *s = tirx_stmt_new(ev->m, S_HINT, a->loc);
  Value *msg = ev_arg(a, 0, "message");
  if (a->npos > 1)
    return ev_error(ev, a->pos[1].loc, "T.hint takes one positional argument (the message)");
  if (msg) {
    if (msg->kind != V_STR) return ev_error(ev, msg->loc, "T.hint message must be a string");
    if (msg->u.s.len) s->u.hint.message = tirx_str(ev->m, msg->u.s.p, msg->u.s.len, msg->loc);
  }
  s->u.hint.kw = TIRX_NEWN(ev->m, KwArg, a->nkw + 1);
  for (int i = 0; i < a->nkw; i++) {
    if (strcmp(a->kwn[i], "message") == 0) continue;
    KwArg *k = &s->u.hint.kw[s->u.hint.nkw++];
    k->name = a->kwn[i];
    k->value = ev_value_to_any(ev, a->kwv[i]);
    if (!k->value) return v_make(V_ERROR, a->loc);
  }
  return ev_frame(s, s, a->loc);
}

Value ev_if_frame(Eval *ev, Args *a) {
  if (a->npos != 1 || a->nkw) return ev_error(ev, a->loc, "T.If takes one condition");
  Expr *c = ev_to_expr(ev, a->pos[0], "the T.If condition");
  if (!c) return v_make(V_ERROR, a->loc);
  Stmt *s = tirx_stmt_new(ev->m, S_IF, a->loc);
  s->u.if_.cond = c;
  return ev_frame(s, s, a->loc);
}

static Value branch_frame(Eval *ev, Args *a, int kind, const char *what) {
  if (a->npos || a->nkw) return ev_error(ev, a->loc, "%s takes no arguments", what);
  Value r = v_make(V_FRAME, a->loc);
  r.nshape = kind;
  return r;
}

Value ev_then_frame(Eval *ev, Args *a) { return branch_frame(ev, a, FRAME_THEN, "T.Then()"); }
Value ev_else_frame(Eval *ev, Args *a) { return branch_frame(ev, a, FRAME_ELSE, "T.Else()"); }

/* The thread tag a T.env_thread variable was declared with, or NULL. */
static const char *env_tag(Eval *ev, const Var *v) {
  for (int i = 0; i < ev->tx->nenv; i++)
    if (ev->tx->env_vars[i] == v) return ev->tx->env_tags[i];
  return NULL;
}

Value ev_launch_thread(Eval *ev, Args *a) {
  if (a->npos != 2) return ev_error(ev, a->loc, "T.launch_thread takes (\"threadIdx.x\", extent)");
  Stmt *s = tirx_stmt_new(ev->m, S_LAUNCH, a->loc);
  Var *v;
  if (a->pos[0].kind == V_STR) {
    s->u.launch.tag = tirx_intern(ev->m, a->pos[0].u.s.p, a->pos[0].u.s.len);
    static const char *tags[] = {"blockIdx.x",  "blockIdx.y",  "blockIdx.z", "threadIdx.x",
                                 "threadIdx.y", "threadIdx.z", "vthread",    "vthread.x",
                                 "vthread.y",   "vthread.z"};
    bool ok = false;
    for (size_t i = 0; i < sizeof tags / sizeof tags[0]; i++)
      if (strcmp(tags[i], s->u.launch.tag) == 0) ok = true;
    if (!ok) return ev_error(ev, a->pos[0].loc, "unknown thread tag \"%s\"", s->u.launch.tag);
    char nm[32];
    snprintf(nm, sizeof nm, "%s", s->u.launch.tag);
    for (char *c = nm; *c; c++)
      if (*c == '.') *c = '_';
    v = tirx_var_new(ev->m, ev->name_hint ? ev->name_hint : nm, tirx_dtype(DT_INT32), a->loc);
  } else if (a->pos[0].kind == V_EXPR && a->pos[0].u.e->kind == E_VAR &&
             env_tag(ev, a->pos[0].u.e->u.var)) {
    v = a->pos[0].u.e->u.var;
    s->u.launch.tag = env_tag(ev, v);
  } else {
    return ev_error(ev, a->pos[0].loc, "T.launch_thread needs a thread tag string");
  }
  s->u.launch.var = v;
  s->u.launch.extent = ev_index_expr(ev, a->pos[1], a->loc);
  if (!s->u.launch.extent) return v_make(V_ERROR, a->loc);
  Value r = ev_frame(s, s, a->loc);
  r.u.frame.self = tirx_varref(ev->m, v, a->loc);
  return r;
}


/* x = T.env_thread("threadIdx.x"): a variable that a later
 * T.launch_thread(x, n) binds; its tag is remembered on the side. */
Value ev_env_thread(Eval *ev, Args *a) {
  const char *p;
  size_t n;
  if (a->npos != 1 || !ev_get_str(ev, a->pos[0], &p, &n, "thread tag"))
    return v_make(V_ERROR, a->loc);
  Var *v = tirx_var_new(ev->m, ev->name_hint ? ev->name_hint : "", tirx_dtype(DT_INT32), a->loc);
  Var **nv = TIRX_NEWN(ev->m, Var *, ev->tx->nenv + 1);
  const char **nt = TIRX_NEWN(ev->m, const char *, ev->tx->nenv + 1);
  if (ev->tx->nenv) {
    memcpy(nv, ev->tx->env_vars, sizeof *nv * (size_t)ev->tx->nenv);
    memcpy(nt, ev->tx->env_tags, sizeof *nt * (size_t)ev->tx->nenv);
  }
  nv[ev->tx->nenv] = v;
  nt[ev->tx->nenv] = tirx_intern(ev->m, p, n);
  ev->tx->env_vars = nv;
  ev->tx->env_tags = nt;
  ev->tx->nenv++;
  return v_expr(tirx_varref(ev->m, v, a->loc), a->loc);
}
