/* The core of the evaluator's calls: a call's arguments (Args), the call of an
 * AST node (ev_call) and of a value (ev_call_value: its kind's call slot,
 * value_kinds.def).  It names no function of a higher layer: what a value of
 * a kind does when called is its slot in the type table (eval_types.c). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "Parse/eval_core.h"
#include "Support/oom.h"
#include "Support/vec.h"

Value ev_err(Eval *ev, Loc l, const char *msg) { return ev_error(ev, l, "%s", msg); }

Value *ev_kwarg(Args *a, const char *name) {
  for (int i = 0; i < a->nkw; i++)
    if (strcmp(a->kwn[i], name) == 0) return &a->kwv[i];
  return NULL;
}

/* Positional-or-keyword parameter `i` named `name`; NULL if absent. */
Value *ev_arg(Args *a, int i, const char *name) {
  if (i >= 0 && i < a->npos) return &a->pos[i];
  return name ? ev_kwarg(a, name) : NULL;
}

bool ev_check_kw(Eval *ev, Args *a, const char *fn, const char *const *allowed) {
  for (int i = 0; i < a->nkw; i++) {
    bool ok = false;
    for (int j = 0; allowed && allowed[j]; j++)
      if (strcmp(a->kwn[i], allowed[j]) == 0) ok = true;
    if (!ok) {
      ev_error(ev, a->kwv[i].loc, "%s() got an unexpected keyword argument '%s'", fn, a->kwn[i]);
      return false;
    }
  }
  return true;
}


/* n zeroed items of size each: temporaries (ev_tmp_alloc) or the arena's */
static void *args_array(Eval *ev, bool tmp, size_t n, size_t size) {
  if (n > SIZE_MAX / 2 / size) tirx_oom();
  return tmp ? ev_tmp_alloc(ev, n * size) : tirx_alloc(ev->m, n * size);
}

/* The positional array: read only below npos, each item written before npos
 * counts it, so a temporary one is not zeroed (most calls allocate one). */
static Value *pos_array(Eval *ev, bool tmp, size_t n) {
  if (n > SIZE_MAX / 2 / sizeof(Value)) tirx_oom();
  return tmp ? ev_tmp_alloc_raw(ev, n * sizeof(Value)) : tirx_alloc(ev->m, n * sizeof(Value));
}

void ev_args_keep(Eval *ev, Args *a) {
  if (a->pos && ev_tmp_owns(ev, a->pos)) {
    Value *pos = TIRX_NEWN(ev->m, Value, a->npos + 1);
    if (a->npos) memcpy(pos, a->pos, sizeof *pos * (size_t)a->npos);
    a->pos = pos;
  }
  if (a->kwn && ev_tmp_owns(ev, a->kwn)) {
    const char **kwn = TIRX_NEWN(ev->m, const char *, a->nkw + 1);
    if (a->nkw) memcpy(kwn, a->kwn, sizeof *kwn * (size_t)a->nkw);
    a->kwn = kwn;
  }
  if (a->kwv && ev_tmp_owns(ev, a->kwv)) {
    Value *kwv = TIRX_NEWN(ev->m, Value, a->nkw + 1);
    if (a->nkw) memcpy(kwv, a->kwv, sizeof *kwv * (size_t)a->nkw);
    a->kwv = kwv;
  }
}

/* The arguments of call, evaluated; TMP: the arrays are temporaries (the callee
 * copies what it keeps: a Python function binds its parameters). */
static bool collect_args(Eval *ev, Ast *call, Args *out, bool tmp) {
  memset(out, 0, sizeof *out);
  out->loc = call->loc;
  /* the arrays sized for the call's own items (every call allocates them); the count of
   * its keywords is kept at the node (Ast.site.idx: 1 + the count, 0: not yet known) */
  int cap = call->n + 1, nkw = call->site.idx - 1;
  if (nkw < 0) {
    nkw = 0;
    for (int i = 0; i < call->n; i++) nkw += call->list[i]->kind == A_KW;
    call->site.idx = nkw + 1;
  }
  out->pos = pos_array(ev, tmp, (size_t)(cap - nkw));
  if (nkw) { /* none without keywords: nkw == 0 reads neither */
    out->kwn = args_array(ev, tmp, (size_t)nkw + 1, sizeof(const char *));
    out->kwv = args_array(ev, tmp, (size_t)nkw + 1, sizeof(Value));
  }
  for (int i = 0; i < call->n; i++) {
    Ast *x = call->list[i];
    if (x->kind == A_KW) {
      if (!x->name) {
        Value d = ev_expr(ev, x->a);
        if (d.kind != V_DICT) {
          if (d.kind != V_ERROR) ev_error(ev, x->loc, "'**' needs a dictionary");
          return false;
        }
        if (d.u.dict.n) { /* room for its keys and the keywords after it */
          size_t nn_ = (size_t)out->nkw + (size_t)d.u.dict.n + (size_t)cap;
          Value *nk = args_array(ev, tmp, nn_, sizeof(Value));
          const char **nn = args_array(ev, tmp, nn_, sizeof(const char *));
          if (out->nkw) {
            memcpy(nk, out->kwv, sizeof(Value) * (size_t)out->nkw);
            memcpy(nn, out->kwn, sizeof(char *) * (size_t)out->nkw);
          }
          out->kwv = nk;
          out->kwn = nn;
        }
        for (int j = 0; j < d.u.dict.n; j++) {
          if (d.u.dict.keys[j].kind != V_STR) {
            ev_error(ev, x->loc, "'**' needs string keys");
            return false;
          }
          out->kwn[out->nkw] = tirx_intern(ev->m, d.u.dict.keys[j].u.s.p, d.u.dict.keys[j].u.s.len);
          out->kwv[out->nkw++] = d.u.dict.vals[j];
        }
        continue;
      }
      for (int j = 0; j < out->nkw; j++)
        if (out->kwn[j] == x->name) {
          ev_error(ev, x->loc, "keyword argument '%s' repeated", x->name);
          return false;
        }
      out->kwn[out->nkw] = x->name;
      out->kwv[out->nkw] = ev_expr(ev, x->a);
      if (out->kwv[out->nkw].kind == V_ERROR) return false;
      out->nkw++;
      continue;
    }
    if (out->nkw > 0) {
      ev_error(ev, x->loc, "positional argument follows keyword argument");
      return false;
    }
    if (x->kind == A_STAR) {
      Value s = ev_expr(ev, x->a);
      if (s.kind != V_TUPLE && s.kind != V_LIST) {
        if (s.kind != V_ERROR) ev_error(ev, x->loc, "'*' unpacking needs a tuple or list");
        return false;
      }
      Value *np = pos_array(ev, tmp, (size_t)cap + (size_t)out->npos + (size_t)s.u.list.n);
      if (out->npos) memcpy(np, out->pos, sizeof(Value) * (size_t)out->npos);
      out->pos = np;
      for (int j = 0; j < s.u.list.n; j++) out->pos[out->npos++] = s.u.list.items[j];
      cap += s.u.list.n;
      continue;
    }
    out->pos[out->npos] = ev_expr(ev, x);
    if (out->pos[out->npos].kind == V_ERROR) return false;
    out->npos++;
  }
  return true;
}

/* The one call of a value, from kernel bodies (ev_call) and Python code alike:
 * its kind's call slot (value_kinds.def). */
Value ev_not_callable(Eval *ev, Value callee, Args *a) {
  return ev_error(ev, a->loc, "'%s' object is not callable", ev_types[callee.kind].name);
}

Value ev_error_call(Eval *ev, Value callee, Args *a) {
  (void)ev, (void)a;
  return callee;
}

/* Whether an expression is a call T.ptx.X(...) or T.ptx["..."](...) (any alias
 * of the T module). */
static bool is_ptx_call(const Ast *x) {
  if (x->kind != A_CALL) return false;
  const Ast *c = x->a;
  if (c->kind == A_SUBSCRIPT) c = c->a;
  while (c->kind == A_ATTR && c->a->kind == A_ATTR) c = c->a;
  return c->kind == A_ATTR && c->a->kind == A_NAME && strcmp(c->name, "ptx") == 0;
}

Value ev_call(Eval *ev, Ast *call) {
  bool saved_callee = ev->callee_name;
  ev->callee_name = call->a->kind == A_NAME;
  /* x = A.local().view(...): only the outer call is named x (TVM names the value bound) */
  const char *outer_hint = ev->name_hint;
  CalleeSlot slot; /* a method's parts (attr_callee): they live as long as the call */
  Value callee;
  if (call->a->kind == A_ATTR) {
    ev->name_hint = NULL;
    Value obj = ev_expr(ev, call->a->a);
    if (obj.kind == V_ERROR) callee = obj;
    else if (!ev_core_hooks.attr_callee(ev, obj, call->a, &slot, &callee))
      callee = ev_attr_at(ev, obj, call->a);
  } else {
    callee = ev_expr(ev, call->a);
  }
  ev->name_hint = outer_hint;
  ev->callee_name = saved_callee;
  if (callee.kind == V_ERROR) return callee;
  Value lazy;
  if (callee.kind == V_BUILTIN && call->n == 1 && call->list[0]->kind == A_COMP &&
      ev_core_hooks.call_lazy(ev, callee, call, &lazy))
    return lazy;
  /* Decide the name before evaluating arguments: assignments pass the target
   * name down as name_hint, nested calls must not inherit it. */
  const char *hint = ev->name_hint;
  bool as_stmt = ev->stmt_call;
  ev->stmt_call = false;
  Value *th = ev->tuple_hints;
  int nth = ev->ntuple_hints;
  ev->name_hint = NULL;
  ev->tuple_hints = NULL;
  ev->ntuple_hints = 0;
  /* T.evaluate(T.ptx.X(...)): the value is dropped, so the T.ptx call is the
   * instruction, as a statement would be (TVM's T.ptx calls always are) */
  if (callee.kind == V_NS && strcmp(callee.u.ns, "T.evaluate") == 0 && call->n == 1 &&
      is_ptx_call(call->list[0]))
    ev->stmt_call = true;
  Args a;
  /* The argument arrays are temporaries (Args.tmp) for the callees that copy what
   * they keep: a Python function binds its parameters (a bound one's receiver goes
   * first in a copy: ev_bound_call); a builtin or a method copies them unless it is
   * known to keep no pointer into them (ev_builtin_call). */
  bool tmp = callee.kind == V_PYFUNC || callee.kind == V_BUILTIN || callee.kind == V_METHOD ||
             (callee.kind == V_BOUND && callee.u.bound.fn->kind == V_PYFUNC &&
              callee.u.bound.self->kind != V_DESCR && callee.u.bound.self->kind != V_FUNCREF);
  size_t mark = ev_tmp_mark(ev);
  bool ok = collect_args(ev, call, &a, tmp);
  ev->stmt_call = false;
  ev->name_hint = hint;
  ev->tuple_hints = th;
  ev->ntuple_hints = nth;
  if (!ok) {
    ev_tmp_release(ev, mark);
    return v_make(V_ERROR, call->loc);
  }
  a.loc = call->loc;

  /* a method's slot reads (and clears) the receiver's expression: mutators of
   * value-semantics containers store back through it */
  ev->call_recv = callee.kind == V_METHOD && call->a->kind == A_ATTR ? call->a->a : NULL;
  /* a T.* callee's slot reads (and clears) whether the call is a whole statement */
  ev->call_as_stmt = as_stmt && callee.kind == V_NS;
  Value r = ev_call_value(ev, callee, &a);
  ev_tmp_release(ev, mark);
  return r;
}


/* obj.NAME: its kind's attribute slot (value_kinds.def) */
Value ev_attr(Eval *ev, Value obj, const char *name, Loc loc) {
  const ValueType *t = &ev_types[obj.kind];
  if (!t->getattr) return ev_error(ev, loc, "'%s' object has no attribute '%s'", t->name, name);
  return t->getattr(ev, obj, name, loc);
}

/* What obj.NAME gave at an attribute site whose obj is a namespace, a builtin or an
 * evaluator module, when that is the same at every evaluation of the site (a namespace,
 * a dtype or a builtin row: T.ptx.X.Y, tvm.tirx, T.float32, object.__setattr__,
 * math.floor).  Kept in the node's site (Ast.site: hit while epoch is SITE_KEPT; an
 * instance's attribute at the same site takes the site over, eval_class.c). */
typedef struct KeptAttr {
  const void *of; /* the namespace's path, the builtin's row or the module's path */
  ValueKind kind; /* obj's kind: a namespace and a module may share a path */
  Value v;
} KeptAttr;
enum { SITE_KEPT = UINT32_MAX }; /* EvPython.class_epoch never gets there */

static bool attr_keepable(Value obj, Value r) {
  if (r.meta) return false;
  if (obj.kind != V_NS) return r.kind == V_BUILTIN && !r.aux;
  /* not IRBuilder's namespaces (their attributes are the builder's state) */
  return ((r.kind == V_NS && !r.aux) || r.kind == V_DTYPE || r.kind == V_BUILTIN) &&
         strcmp(obj.u.ns, "irb") != 0 && strncmp(obj.u.ns, "tvm.IRBuilder", 13) != 0;
}

static Value attr_kept_at(Eval *ev, Value obj, Ast *a) {
  const void *of = obj.kind == V_BUILTIN ? (const void *)obj.u.builtin : (const void *)obj.u.ns;
  KeptAttr *k = a->site.epoch == SITE_KEPT ? a->site.hit : NULL;
  if (k && k->of == of && k->kind == obj.kind) {
    Value v = k->v;
    v.loc = a->loc;
    return v;
  }
  Value r = ev_attr(ev, obj, a->name, a->loc);
  if (attr_keepable(obj, r)) {
    if (!k) { /* the site's first: its slot is reused when the site is asked of another */
      k = TIRX_NEW(ev->m, KeptAttr);
      a->site.scope = NULL;
      a->site.epoch = SITE_KEPT;
      a->site.hit = k;
    }
    k->of = of;
    k->kind = obj.kind;
    k->v = r;
  }
  return r;
}

Value ev_attr_at(Eval *ev, Value obj, Ast *a) {
  Value own;
  if (obj.kind == V_OBJECT && ev_core_hooks.obj_attr(ev, obj, a, &own)) return own;
  if ((obj.kind == V_NS || obj.kind == V_BUILTIN || obj.kind == V_LIBMOD) && !obj.aux)
    return attr_kept_at(ev, obj, a);
  return ev_attr(ev, obj, a->name, a->loc);
}

Value ev_error_getattr(Eval *ev, Value obj, const char *name, Loc loc) {
  (void)ev, (void)name, (void)loc;
  return obj;
}

/* obj[...]: its kind's subscript slot (value_kinds.def) */
Value ev_subscript(Eval *ev, Ast *a) {
  /* x = A.view(...).sub[...]: the name is the indexer's result's, not A.view(...)'s */
  const char *hint = ev->name_hint;
  bool sub = a->a->kind == A_ATTR && strcmp(a->a->name, "sub") == 0;
  if (sub) ev->name_hint = NULL;
  Value obj = ev_expr(ev, a->a);
  if (sub) ev->name_hint = hint;
  const ValueType *t = &ev_types[obj.kind];
  if (!t->getitem) return ev_error(ev, a->loc, "'%s' object is not subscriptable", t->name);
  return t->getitem(ev, obj, a);
}

Value ev_error_getitem(Eval *ev, Value obj, Ast *sub) {
  (void)ev, (void)sub;
  return obj;
}

/* ---- builtins by name (builtins.def) ---- */

static int builtin_cmp(const void *key, const void *row) {
  return strcmp(key, ((const Builtin *)row)->name);
}

const Builtin *ev_builtin_find(const char *name) {
  return bsearch(name, ev_builtins, BI_COUNT, sizeof ev_builtins[0], builtin_cmp);
}

Value ev_builtin_value(const Builtin *b, Loc loc) {
  Value v = v_make(V_BUILTIN, loc);
  v.u.builtin = b;
  return v;
}

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define EV_TMP_HEAP 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define EV_TMP_HEAP 1
#endif

#ifdef EV_TMP_HEAP
/* sanitizer builds: every allocation its own heap block */
struct EvTmp {
  void **p;
  int n, cap;
};

size_t ev_tmp_mark(const Eval *ev) { return ev->tmp ? (size_t)ev->tmp->n : 0; }

void *ev_tmp_alloc(Eval *ev, size_t size) {
  if (!ev->tmp) ev->tmp = tirx_xcalloc(1, sizeof *ev->tmp);
  struct EvTmp *t = ev->tmp;
  TIRX_VEC_RESERVE(t->p, t->cap, t->n + 1);
  return t->p[t->n++] = tirx_xcalloc(1, size ? size : 1);
}

void *ev_tmp_alloc_raw(Eval *ev, size_t size) { return ev_tmp_alloc(ev, size); }

void ev_tmp_release(Eval *ev, size_t mark) {
  while (ev->tmp && (size_t)ev->tmp->n > mark) free(ev->tmp->p[--ev->tmp->n]);
}

bool ev_tmp_owns(const Eval *ev, const void *p) {
  for (int i = 0; ev->tmp && i < ev->tmp->n; i++)
    if (ev->tmp->p[i] == p) return true; /* the arrays ev_args_keep asks about start blocks */
  return false;
}

void ev_tmp_free(Eval *ev) {
  if (!ev->tmp) return;
  ev_tmp_release(ev, 0);
  free(ev->tmp->p);
  free(ev->tmp);
  ev->tmp = NULL;
}
#else
/* a stack of blocks, kept for reuse: a mark is an offset into the stack (a block
 * starts at the offset after the whole of the block before it) */
typedef struct TmpBlock {
  struct TmpBlock *prev, *next;
  size_t size, used, base;
  _Alignas(16) unsigned char data[];
} TmpBlock;

struct EvTmp {
  TmpBlock *first, *cur;
};

#define EV_TMP_BLOCK ((size_t)64 * 1024)

size_t ev_tmp_mark(const Eval *ev) {
  return ev->tmp && ev->tmp->cur ? ev->tmp->cur->base + ev->tmp->cur->used : 0;
}

void *ev_tmp_alloc_raw(Eval *ev, size_t size) {
  if (size > SIZE_MAX / 4) tirx_oom();
  size = (size + 15) & ~(size_t)15;
  if (!ev->tmp) ev->tmp = tirx_xcalloc(1, sizeof *ev->tmp);
  struct EvTmp *t = ev->tmp;
  TmpBlock *c = t->cur;
  if (!c || c->size - c->used < size) {
    TmpBlock *nb = c ? c->next : t->first;
    if (!nb || nb->size < size) { /* a new block in its place (the rest are dropped) */
      for (TmpBlock *k = nb, *kn; k; k = kn) kn = k->next, free(k);
      size_t bs = size > EV_TMP_BLOCK ? size : EV_TMP_BLOCK;
      nb = tirx_xmalloc(sizeof *nb + bs);
      nb->size = bs;
      nb->next = NULL;
      nb->prev = c;
      if (c) c->next = nb;
      else t->first = nb;
    }
    nb->base = c ? c->base + c->size : 0;
    nb->used = 0;
    t->cur = c = nb;
  }
  void *p = c->data + c->used;
  c->used += size;
  return p;
}

void *ev_tmp_alloc(Eval *ev, size_t size) {
  void *p = ev_tmp_alloc_raw(ev, size);
  memset(p, 0, size);
  return p;
}

void ev_tmp_release(Eval *ev, size_t mark) {
  if (!ev->tmp) return;
  TmpBlock *c = ev->tmp->cur;
  while (c && c->prev && mark < c->base) c = c->prev;
  if (c) c->used = mark > c->base ? mark - c->base : 0;
  ev->tmp->cur = c;
}

bool ev_tmp_owns(const Eval *ev, const void *p) {
  uintptr_t q = (uintptr_t)p;
  for (const TmpBlock *k = ev->tmp ? ev->tmp->cur : NULL; k; k = k->prev)
    if (q >= (uintptr_t)k->data && q < (uintptr_t)k->data + k->used) return true;
  return false;
}

void ev_tmp_free(Eval *ev) {
  if (!ev->tmp) return;
  for (TmpBlock *k = ev->tmp->first, *kn; k; k = kn) kn = k->next, free(k);
  free(ev->tmp);
  ev->tmp = NULL;
}
#endif

/* One "NS.NAME" made (Eval.paths: NAME -> a chain of these, one per NS).  NS is
 * matched by address: a namespace's path is interned or a literal, never rewritten. */
typedef struct PathJoin {
  const char *ns, *path; /* path: interned */
  struct PathJoin *next;
} PathJoin;

const char *ev_path_join(Eval *ev, const char *ns, const char *name) {
  const char *in = tirx_intern0(ev->m, name), *ins = ns;
  PathJoin *first = txmap_get(&ev->paths, in);
  for (PathJoin *j = first; j; j = j->next)
    if (j->ns == ins) return j->path;
  PathJoin *j = TIRX_NEW(ev->m, PathJoin);
  *j = (PathJoin){ins, tirx_intern_printf(ev->m, "%s.%s", ns, name), first};
  txmap_put(&ev->paths, in, j);
  return j->path;
}


/* ---- the data model's generic operations (the kinds' ValueProto slots) ---- */

/* obj.name = v: the kind's setattr slot */
bool ev_setattr(Eval *ev, Value obj, const char *name, Value v, Loc loc) {
  if (obj.kind == V_ERROR) return false;
  const ValueProto *p = EV_PROTO(obj);
  if (!p->setattr)
    return ev_error(ev, loc, "cannot set attribute '%s' on a '%s' value at parse time", name,
                    ev_types[obj.kind].name),
           false;
  return p->setattr(ev, obj, name, v, loc);
}

/* obj[key] = v for the kinds with a setitem slot (list and dict are eval_py.c's own) */
bool ev_setitem(Eval *ev, Value obj, Value key, Value v, Loc loc) {
  const ValueProto *p = EV_PROTO(obj);
  if (!p->setitem)
    return ev_error(ev, loc, "'%s' object does not support item assignment",
                    ev_types[obj.kind].name),
           false;
  return p->setitem(ev, obj, key, v, loc);
}

/* bool(v): the truth slot, else Python's truth of the parse-time value */
int ev_truth(Eval *ev, Value v, Loc loc) {
  if (EV_PROTO(v)->truth) return EV_PROTO(v)->truth(ev, v, loc);
  bool t;
  return ev_truthy_const(ev, v, &t) ? t : -1;
}
