/* Printing statements (grammar §3): declarations, scalar sugar, loops,
 * branches, scoped statements with TVM's concise scoping (flat when last in
 * their block, `with` otherwise) and tirx's authored spellings
 * (`T.device_entry()`, `break`, `continue`, `elif`). */
#include <stdlib.h>
#include <string.h>

#include "Print/printer.h"
#include "tirx/internal/intrin.h"
#include "Support/oom.h"

void pr_newline(Printer *p) {
  prbuf_puts(p->out, "\n");
  for (int i = 0; i < p->indent; i++) prbuf_puts(p->out, "    ");
}

/* ---- blocks -------------------------------------------------------------- */

static bool is_eval_zero(const Stmt *s) {
  int64_t v;
  return s->kind == S_EVAL && tirx_expr_is_const_int(s->u.eval.e, &v) && v == 0 &&
         tirx_dtype_is_int(s->u.eval.e->dtype);
}

static int flatten_into(const Stmt *s, const Stmt **out, int k) {
  if (s->kind != S_SEQ) {
    if (!is_eval_zero(s)) {
      if (out) out[k] = s;
      k++;
    }
    return k;
  }
  for (int i = 0; i < s->u.seq.n; i++)
    if (s->u.seq.items[i]) k = flatten_into(s->u.seq.items[i], out, k);
  return k;
}

int pr_flatten(const Stmt *s, const Stmt ***items) {
  int n = s ? flatten_into(s, NULL, 0) : 0;
  *items = tirx_xmalloc(sizeof **items * (size_t)(n ? n : 1));
  if (n == 0) {
    (*items)[0] = s; /* NULL or a lone Evaluate(0): prints T.evaluate(0) */
    return 1;
  }
  flatten_into(s, *items, 0);
  return n;
}

static void body_scope(Printer *p, const Stmt *body) {
  p->indent++;
  pr_push_frame(p);
  pr_block(p, body);
  pr_pop_frame(p);
  p->indent--;
}

/* ---- buffers ------------------------------------------------------------- */

static bool is_local_scalar(const Printer *p, const Stmt *s) {
  const Buffer *b = s->u.alloc.buf;
  if (p->tvm_style) return s->kind == S_ALLOC && pr_tvm_scalar_buf(p, b);
  return s->kind == S_ALLOC && tirx_scope_is(b->scope, MEM_LOCAL) && tirx_buffer_is_scalar(b);
}

/* `X = T.Buffer(...)`: a buffer that is used but declared by no statement. */
static void print_free_buffers(Printer *p, const Stmt *block, int index) {
  for (int i = 0; i < p->nfreebufs; i++) {
    const PrFreeBuf *fb = &p->freebufs[i];
    if (fb->block != block || fb->index != index) continue;
    const Buffer *b = fb->buf;
    pr_newline(p);
    prbuf_printf(p->out, "%s = T.Buffer(", pr_define(p, b, b->name, true));
    pr_shape_tuple(p, b->shape, b->ndim);
    if (b->dtype.id != DT_FLOAT32 || b->dtype.lanes != 1) {
      prbuf_puts(p->out, ", ");
      pr_dtype_str(p, b->dtype);
    }
    pr_buffer_kwargs(p, b, PR_KW_SCOPE, NULL);
    prbuf_puts(p->out, ")");
  }
}

/* The buffer a declaration is a dtype view of, as TVM's printer sees one: a
 * one-dimensional buffer over another one-dimensional buffer's whole data
 * (same bytes, scope and alignment, no offset, strides or layout) in another
 * dtype prints as src.view("dtype") (checked with the TVM oracle); NULL when
 * it is not one. */
static const Buffer *dtype_view_of(const Printer *p, const Buffer *b) {
  const Expr *d = b->decl_data;
  if (!p->tvm_style || !d || d->kind != E_VAR || d->u.var->kind != VAR_BUFDATA || !d->u.var->buffer)
    return NULL;
  const Buffer *src = d->u.var->buffer;
  int64_t n, m, off = 0;
  if (src == b || !pr_lookup(p, src) || b->ndim != 1 || src->ndim != 1 || b->nstrides ||
      src->nstrides || b->layout || src->layout || tirx_dtype_eq(b->dtype, src->dtype) ||
      (b->elem_offset && !(tirx_expr_is_const_int(b->elem_offset, &off) && off == 0)) ||
      (src->elem_offset && !(tirx_expr_is_const_int(src->elem_offset, &off) && off == 0)) ||
      strcmp(b->scope, src->scope) != 0 ||
      (b->align > 0 ? b->align : 64) != (src->align > 0 ? src->align : 64) ||
      !tirx_expr_is_const_int(b->shape[0], &n) || !tirx_expr_is_const_int(src->shape[0], &m))
    return NULL;
  int64_t bb = n * tirx_dtype_bits(b->dtype) * b->dtype.lanes,
          sb = m * tirx_dtype_bits(src->dtype) * src->dtype.lanes;
  return bb == sb ? src : NULL;
}

/* TVM 0.27 prints a view as X.view(...) only when its elem_offset is the
 * source's (a dtype view scales it, so one at a nonzero offset prints as the
 * T.decl_buffer it is). */
static bool same_expr(const Expr *x, const Expr *y) {
  int64_t a, b;
  if (x && y && tirx_expr_is_const_int(x, &a) && tirx_expr_is_const_int(y, &b)) return a == b;
  return tirx_expr_identical(x, y);
}

/* ... and only when it changes the shape or the dtype: a same-shaped alias
 * prints as the T.decl_buffer it is. */
static bool reshapes(const Buffer *v, const Buffer *src) {
  if (!tirx_dtype_eq(v->dtype, src->dtype) || v->ndim != src->ndim) return true;
  for (int i = 0; i < v->ndim; i++)
    if (!same_expr(v->shape[i], src->shape[i])) return true;
  return false;
}

static bool same_offset(const Buffer *v, const Buffer *src) {
  int64_t a = 0, b = 0;
  bool ca = !v->elem_offset || tirx_expr_is_const_int(v->elem_offset, &a);
  bool cb = !src->elem_offset || tirx_expr_is_const_int(src->elem_offset, &b);
  if (ca && cb) return a == b;
  return tirx_expr_identical(v->elem_offset, src->elem_offset);
}

/* The buffer a declaration is a view of: the one X.view(...) made it from, or
 * (as TVM 0.27's printer finds them) a buffer whose data it aliases with the
 * same dtype, scope and alignment, unless it drops (layout=None) a layout the
 * other has. */
static const char *scope_name(const Buffer *b) {
  return b->scope && *b->scope ? b->scope : "global";
}

static const Buffer *view_source(const Buffer *b) {
  if (b->view_of) return b->view_of;
  const Expr *d = b->decl_data;
  if (!d || d->kind != E_VAR || d->u.var->kind != VAR_BUFDATA || !d->u.var->buffer) return NULL;
  const Buffer *src = d->u.var->buffer;
  if (!tirx_dtype_eq(b->dtype, src->dtype) || strcmp(scope_name(b), scope_name(src)) != 0 ||
      b->align != src->align || (b->layout && b->layout->kind == E_NONE && src->layout) ||
      b->nstrides || src->nstrides || b->allocated_addr || b->offset_factor != src->offset_factor ||
      b->annotations)
    return NULL;
  return src;
}

/* x: T.int32 | A = T.alloc_shared((256,)) | A = T.alloc_buffer(..., scope=...)
 * | B = T.decl_buffer((64,), data=arena.data, ...) */
static void print_alloc(Printer *p, const Stmt *s) {
  const Buffer *b = s->u.alloc.buf;
  char buf[32];
  pr_newline(p);
  if (is_local_scalar(p, s)) {
    prbuf_printf(p->out, "%s: T.%s", pr_define(p, b, b->name, true), tirx_dtype_str(b->dtype, buf));
    pr_set_scalar(p, b);
    return;
  }
  const Buffer *vsrc = s->kind == S_DECL && p->tvm_style ? view_source(b) : NULL;
  if (s->kind == S_DECL && !vsrc) vsrc = dtype_view_of(p, b);
  if (vsrc && pr_lookup(p, vsrc) && same_offset(b, vsrc) && reshapes(b, vsrc)) {
    /* w = vals.view("uint32") | w = vals.view(2, 4, layout=...) */
    const Buffer *src = vsrc;
    PrBuf rhs = {0};
    PrBuf *saved = p->out;
    p->out = &rhs;
    pr_buf_ref(p, src);
    prbuf_puts(&rhs, b->view_local ? ".local(" : b->permute ? ".permute(" : ".view(");
    if (b->view_local) {
    } else if (b->permute) {
      for (int i = 0; i < b->ndim; i++) prbuf_printf(&rhs, "%s%d", i ? ", " : "", b->permute[i]);
    } else if (!tirx_dtype_eq(b->dtype, src->dtype)) {
      pr_dtype_str(p, b->dtype);
    } else {
      pr_expr_list(p, b->shape, b->ndim);
      if (b->layout && b->layout != src->layout) {
        prbuf_puts(&rhs, ", layout=");
        pr_expr(p, b->layout);
      }
    }
    prbuf_puts(&rhs, ")");
    p->out = saved;
    prbuf_printf(p->out, "%s = %s", pr_define(p, b, b->name, true), rhs.p);
    if (pr_tvm_scalar_buf(p, b)) pr_set_scalar(p, b);
    free(rhs.p);
    return;
  }
  if (s->kind == S_DECL && pr_tvm_scalar_buf(p, b)) {
    /* x = T.decl_scalar(T.uint32, data=..., elem_offset=0, scope="global") */
    const char *name = pr_define(p, b, b->name, true);
    prbuf_printf(p->out, "%s = T.decl_scalar(T.%s, data=", name, tirx_dtype_str(b->dtype, buf));
    pr_expr(p, b->decl_data);
    prbuf_puts(p->out, ", elem_offset=");
    if (b->elem_offset) pr_expr(p, b->elem_offset);
    else prbuf_puts(p->out, "0");
    prbuf_puts(p->out, ", scope=");
    const char *sc = b->scope && *b->scope ? b->scope : "global";
    prbuf_pystr(p->out, sc, strlen(sc));
    prbuf_puts(p->out, ")");
    pr_set_scalar(p, b);
    return;
  }
  const char *callee = "T.alloc_buffer";
  unsigned flags = PR_KW_SCOPE;
  if (s->kind == S_DECL) {
    callee = "T.decl_buffer";
    flags |= PR_KW_DATA;
  } else if (p->tvm_style && b->decl_no_data) {
    callee = "T.decl_buffer";
  } else if (tirx_scope_is(b->scope, MEM_SHARED)) {
    callee = "T.alloc_shared";
    flags = 0;
  } else if (tirx_scope_is(b->scope, MEM_LOCAL)) {
    callee = "T.alloc_local";
    flags = 0;
  }
  prbuf_printf(p->out, "%s = %s(", pr_define(p, b, b->name, true), callee);
  pr_shape_tuple(p, b->shape, b->ndim);
  if (b->dtype.id != DT_FLOAT32 || b->dtype.lanes != 1) {
    prbuf_puts(p->out, ", ");
    pr_dtype_str(p, b->dtype);
  }
  pr_buffer_kwargs(p, b, flags, NULL);
  prbuf_puts(p->out, ")");
}

/* The store half of `x: T.int32 = v`. */
static bool merges_with(const Printer *p, const Stmt *alloc, const Stmt *next) {
  const Buffer *b = alloc->u.alloc.buf;
  (void)p;
  int64_t v;
  return next->kind == S_STORE && next->u.store.buf == b && next->u.store.n == 1 &&
         tirx_expr_is_const_int(next->u.store.idx[0], &v) && v == 0 && !next->u.store.pred &&
         tirx_dtype_eq(next->u.store.value->dtype, b->dtype) &&
         !pr_expr_reads_buf(next->u.store.value, b);
}

/* A stored value.  TVM stores a pointer into a 64-bit integer element as it
 * is (`x: T.uint64 = T.address_of(m)`); tirx's IR has the cast the store
 * implies, which TVM's style leaves implicit. */
static void print_stored(Printer *p, const Expr *v) {
  if (p->tvm_style && v->kind == E_CAST && tirx_dtype_is_int(v->dtype) &&
      tirx_dtype_bits(v->dtype) == 64 && v->dtype.lanes == 1 &&
      tirx_dtype_is_handle(v->u.un.a->dtype)) {
    pr_expr(p, v->u.un.a);
    return;
  }
  pr_expr(p, v);
}

/* A[i] = v | x = v | A.vstore([i], v[, predicate=p]) */
static void print_store(Printer *p, const Stmt *s) {
  const Buffer *b = s->u.store.buf;
  Expr *const *idx = s->u.store.idx;
  int n = s->u.store.n;
  pr_newline(p);
  if (pr_scalar_access(p, b, idx, n, s->u.store.pred, s->u.store.value->dtype)) {
    prbuf_printf(p->out, "%s = ", pr_buf_name(p, b));
    print_stored(p, s->u.store.value);
    return;
  }
  int lanes = b->dtype.lanes;
  for (int i = 0; i < n; i++) lanes *= idx[i]->dtype.lanes;
  if (s->u.store.pred || s->u.store.value->dtype.lanes != lanes) {
    pr_buf_ref(p, b);
    prbuf_puts(p->out, ".vstore([");
    pr_expr_list(p, idx, n);
    prbuf_puts(p->out, "], ");
    print_stored(p, s->u.store.value);
    if (s->u.store.pred) {
      prbuf_puts(p->out, ", predicate=");
      pr_expr(p, s->u.store.pred);
    }
    prbuf_puts(p->out, ")");
    return;
  }
  pr_access(p, b, idx, n);
  prbuf_puts(p->out, " = ");
  print_stored(p, s->u.store.value);
}

/* ---- loops --------------------------------------------------------------- */

static bool no_annotations(const Stmt *s) {
  const Expr *a = s->u.for_.annotations;
  return !a || (a->kind == E_DICT && a->u.dict.n == 0);
}

static bool trivial_step(const Stmt *s) {
  int64_t v;
  return !s->u.for_.step || (tirx_expr_is_const_int(s->u.for_.step, &v) && v == 1);
}

static bool grid_loop(const Stmt *s) {
  int64_t v;
  return s->kind == S_FOR && s->u.for_.kind == FOR_SERIAL && !s->u.for_.thread &&
         tirx_expr_is_const_int(s->u.for_.min, &v) && v == 0 && trivial_step(s) &&
         no_annotations(s);
}

static bool dict1(const Expr *d, const char *key, const Expr **val) {
  if (!d || d->kind != E_DICT || d->u.dict.n != 1) return false;
  const Expr *k = d->u.dict.keys[0];
  if (k->kind != E_STR || k->u.s.len != strlen(key) || memcmp(k->u.s.p, key, k->u.s.len))
    return false;
  *val = d->u.dict.vals[0];
  return true;
}

/* for i, j in T.grid(a, b): — a chain of perfectly nested serial loops from
 * 0 with unit step, no annotations, extents independent of the chain. */
static int grid_chain(const Stmt *s, const Stmt **chain, int cap) {
  int n = 0;
  if (!grid_loop(s)) return 0;
  chain[n++] = s;
  while (n < cap) {
    const Stmt *b = chain[n - 1]->u.for_.body;
    if (!b || !grid_loop(b)) break;
    bool dep = false;
    for (int i = 0; i < n; i++)
      if (pr_expr_uses_var(b->u.for_.extent, chain[i]->u.for_.var)) dep = true;
    if (dep) break;
    chain[n++] = b;
  }
  return n;
}

static void print_for(Printer *p, const Stmt *s) {
  const Stmt *chain[TIRX_MAX_GRID_LOOPS]; /* longer nests print as several grids */
  int n = grid_chain(s, chain, TIRX_MAX_GRID_LOOPS);
  pr_newline(p);
  if (n >= 2) {
    pr_push_frame(p);
    prbuf_puts(p->out, "for ");
    for (int i = 0; i < n; i++) {
      const Var *v = chain[i]->u.for_.var;
      prbuf_printf(p->out, "%s%s", i ? ", " : "", pr_define(p, v, v->name, false));
    }
    prbuf_puts(p->out, " in T.grid(");
    for (int i = 0; i < n; i++) {
      if (i) prbuf_puts(p->out, ", ");
      pr_expr(p, chain[i]->u.for_.extent);
    }
    prbuf_puts(p->out, "):");
    p->indent++;
    pr_block(p, chain[n - 1]->u.for_.body);
    p->indent--;
    pr_pop_frame(p);
    return;
  }
  const Expr *ann = s->u.for_.annotations, *unroll = NULL;
  bool serial = s->u.for_.kind == FOR_SERIAL;
  const char *callee = "range";
  switch (s->u.for_.kind) {
  case FOR_SERIAL: callee = no_annotations(s) ? "range" : "T.serial"; break;
  case FOR_PARALLEL: callee = "T.parallel"; break;
  case FOR_VECTORIZED: callee = "T.vectorized"; break;
  case FOR_UNROLLED: callee = "T.unroll"; break;
  case FOR_THREAD_BINDING: callee = "T.thread_binding"; break;
  }
  pr_push_frame(p);
  const Var *v = s->u.for_.var;
  prbuf_printf(p->out, "for %s in %s(", pr_define(p, v, v->name, false), callee);
  int64_t mn;
  if (tirx_expr_is_const_int(s->u.for_.min, &mn) && mn == 0 && trivial_step(s)) {
    pr_expr(p, s->u.for_.extent);
  } else {
    pr_expr(p, s->u.for_.min);
    prbuf_puts(p->out, ", ");
    pr_sum(p, s->u.for_.min, s->u.for_.extent);
  }
  /* TVM's style prints `step=` after the other keywords */
  bool step_last = p->tvm_style && strcmp(callee, "range") != 0;
  if (!trivial_step(s) && !step_last) {
    prbuf_puts(p->out, strcmp(callee, "range") == 0 ? ", " : ", step=");
    pr_expr(p, s->u.for_.step);
  }
  if (s->u.for_.thread) {
    prbuf_puts(p->out, ", thread=");
    prbuf_pystr(p->out, s->u.for_.thread, strlen(s->u.for_.thread));
  }
  if (!no_annotations(s)) {
    if (serial && dict1(ann, tirx_attr_name(ATTR_DISABLE_UNROLL), &unroll) &&
        unroll->kind == E_INT && unroll->u.i.pod) {
      prbuf_puts(p->out, ", unroll=False");
    } else if (serial && dict1(ann, tirx_attr_name(ATTR_PRAGMA_UNROLL), &unroll) &&
               unroll->kind == E_INT && unroll->u.i.pod) {
      prbuf_puts(p->out, ", unroll=");
      pr_expr(p, unroll);
    } else {
      prbuf_puts(p->out, ", annotations=");
      pr_expr(p, ann);
    }
  }
  if (!trivial_step(s) && step_last) {
    prbuf_puts(p->out, ", step=");
    pr_expr(p, s->u.for_.step);
  }
  prbuf_puts(p->out, "):");
  p->indent++;
  pr_block(p, s->u.for_.body);
  p->indent--;
  pr_pop_frame(p);
}

/* ---- scoped statements --------------------------------------------------- */

static bool is_device_entry(const Stmt *s) {
  return s->kind == S_ATTR && !s->u.attr.node && tirx_attr_is(s->u.attr.key, ATTR_DEVICE_ENTRY);
}

static bool is_dict_attr(const Stmt *s) {
  return s && s->kind == S_ATTR && !s->u.attr.node && !is_device_entry(s);
}

/* TVM's style prints the device entry as the attribute it is; so does ours when the value is
 * not the T.bool(True) that `T.device_entry()` makes (an extern call, say), which the short
 * form would turn into another kind of value on re-parse. */
static bool prints_device_entry(const Printer *p, const Stmt *s) {
  const Expr *v = is_device_entry(s) ? s->u.attr.value : NULL;
  return v && !p->tvm_style && v->kind == E_INT && tirx_dtype_is_bool(v->dtype) && v->u.i.v == 1 &&
         !v->u.i.pod;
}

static void print_attr_entry(Printer *p, const Stmt *s) {
  prbuf_pystr(p->out, s->u.attr.key, strlen(s->u.attr.key));
  prbuf_puts(p->out, ": ");
  pr_expr(p, s->u.attr.value);
}

/* The header of a scoped statement, flat when it is the last statement of
 * its block (its body then follows at the same indentation), else `with`.
 * Returns the body. */
static const Stmt *print_attr_head(Printer *p, const Stmt *s, bool flat) {
  pr_newline(p);
  if (!flat) prbuf_puts(p->out, "with ");
  if (prints_device_entry(p, s) && flat) {
    prbuf_puts(p->out, "T.device_entry()");
    return s->u.attr.body;
  }
  if (s->u.attr.node && tirx_attr_is(s->u.attr.key, ATTR_TILE_COMPOSE_OP)) {
    /* `with T.tile.compose_op(...):` (TVM always prints it as a with) */
    pr_expr(p, s->u.attr.node);
  } else if (s->u.attr.node) {
    prbuf_puts(p->out, "T.attr(");
    pr_expr(p, s->u.attr.node);
    prbuf_puts(p->out, ", ");
    prbuf_pystr(p->out, s->u.attr.key, strlen(s->u.attr.key));
    prbuf_puts(p->out, ", ");
    pr_expr(p, s->u.attr.value);
    prbuf_puts(p->out, ")");
  } else {
    /* T.attr({"k1": v1, "k2": v2}): node-less attributes, each the whole
     * body of the previous one, merge in nesting order. */
    prbuf_puts(p->out, "T.attr({");
    print_attr_entry(p, s);
    if (!prints_device_entry(p, s))
      while (is_dict_attr(s->u.attr.body)) {
        s = s->u.attr.body;
        prbuf_puts(p->out, ", ");
        print_attr_entry(p, s);
      }
    prbuf_puts(p->out, "})");
  }
  return s->u.attr.body;
}

static void print_hint_head(Printer *p, const Stmt *s, bool flat) {
  pr_newline(p);
  prbuf_puts(p->out, flat ? "T.hint(" : "with T.hint(");
  bool first = true;
  if (s->u.hint.message) {
    pr_expr(p, s->u.hint.message);
    first = false;
  }
  for (int i = 0; i < s->u.hint.nkw; i++) {
    prbuf_printf(p->out, "%s%s=", first ? "" : ", ", s->u.hint.kw[i].name);
    pr_expr(p, s->u.hint.kw[i].value);
    first = false;
  }
  prbuf_puts(p->out, ")");
}

/* bx = T.launch_thread("blockIdx.x", 4) | with T.launch_thread(...) as bx: */
static void print_launch(Printer *p, const Stmt *s, bool flat) {
  const Var *v = s->u.launch.var;
  PrBuf head = {0};
  PrBuf *saved = p->out;
  p->out = &head;
  prbuf_puts(&head, "T.launch_thread(");
  prbuf_pystr(&head, s->u.launch.tag, strlen(s->u.launch.tag));
  prbuf_puts(&head, ", ");
  pr_expr(p, s->u.launch.extent);
  prbuf_puts(&head, ")");
  p->out = saved;
  pr_newline(p);
  if (flat) {
    prbuf_printf(p->out, "%s = %s", pr_define(p, v, v->name, false), head.p);
    pr_block(p, s->u.launch.body);
  } else {
    pr_push_frame(p);
    prbuf_printf(p->out, "with %s as %s:", head.p, pr_define(p, v, v->name, false));
    p->indent++;
    pr_block(p, s->u.launch.body);
    p->indent--;
    pr_pop_frame(p);
  }
  free(head.p);
}

/* bx, by = T.cta_id([4, 2], preferred=[...], dtype="uint32") */
static void print_scopeid(Printer *p, const Stmt *s) {
  PrBuf rhs = {0};
  PrBuf *saved = p->out;
  p->out = &rhs;
  prbuf_printf(&rhs, "T.%s(", tirx_scope_id_name(s->u.scopeid.sid));
  bool first = true;
  if (s->u.scopeid.next) {
    prbuf_puts(&rhs, "[");
    pr_expr_list(p, s->u.scopeid.extents, s->u.scopeid.next);
    prbuf_puts(&rhs, "]");
    first = false;
  }
  if (s->u.scopeid.npref) {
    prbuf_puts(&rhs, first ? "preferred=[" : ", preferred=[");
    pr_expr_list(p, s->u.scopeid.preferred, s->u.scopeid.npref);
    prbuf_puts(&rhs, "]");
    first = false;
  }
  if (s->u.scopeid.dtype.id != DT_INT32) {
    prbuf_puts(&rhs, first ? "dtype=" : ", dtype=");
    pr_dtype_str(p, s->u.scopeid.dtype);
  }
  prbuf_puts(&rhs, ")");
  p->out = saved;
  pr_newline(p);
  for (int i = 0; i < s->u.scopeid.nvars; i++) {
    const Var *v = s->u.scopeid.vars[i];
    prbuf_printf(p->out, "%s%s", i ? ", " : "", pr_define(p, v, v->name, false));
  }
  prbuf_printf(p->out, " = %s", rhs.p);
  free(rhs.p);
}

/* x: T.let[T.int32] = v (a plain `x = v` when x is already defined) */
static void print_bind(Printer *p, const Stmt *s) {
  const Var *v = s->u.bind.var;
  PrBuf rhs = {0};
  PrBuf *saved = p->out;
  p->out = &rhs;
  pr_expr(p, s->u.bind.value);
  p->out = saved;
  pr_newline(p);
  const PrName *old = pr_lookup(p, v);
  if (old) {
    prbuf_printf(p->out, "%s = %s", old->name, rhs.p);
  } else {
    prbuf_printf(p->out, "%s: T.let[", pr_define(p, v, v->name, false));
    pr_var_type(p, v, false);
    prbuf_printf(p->out, "] = %s", rhs.p);
  }
  free(rhs.p);
}

static void print_if(Printer *p, const Stmt *s, const char *kw) {
  pr_newline(p);
  prbuf_printf(p->out, "%s ", kw);
  pr_cond(p, s->u.if_.cond);
  prbuf_puts(p->out, ":");
  body_scope(p, s->u.if_.then_);
  const Stmt *e = s->u.if_.else_;
  if (!e) return;
  if (e->kind == S_IF && !p->tvm_style) {
    print_if(p, e, "elif");
    return;
  }
  pr_newline(p);
  prbuf_puts(p->out, "else:");
  body_scope(p, e);
}

static void print_eval(Printer *p, const Expr *e) {
  pr_newline(p);
  bool bare = e->kind == E_CALL && !(e->u.call.op->id == I_BUFFER_DATA && !e->u.call.name) &&
              !pr_call_is_operator(p, e);
  if (!bare) prbuf_puts(p->out, "T.evaluate(");
  pr_expr(p, e);
  if (!bare) prbuf_puts(p->out, ")");
}

static void print_stmt(Printer *p, const Stmt *s, bool last) {
  switch ((StmtKind)s->kind) {
  case S_SEQ: pr_block(p, s); return;
  case S_EVAL: print_eval(p, s->u.eval.e); return;
  case S_STORE: print_store(p, s); return;
  case S_BIND: print_bind(p, s); return;
  case S_ALLOC:
  case S_DECL: print_alloc(p, s); return;
  case S_FOR: print_for(p, s); return;
  case S_WHILE:
    pr_newline(p);
    prbuf_puts(p->out, "while ");
    if (s->u.while_.cond->kind == E_INT && tirx_dtype_is_bool(s->u.while_.cond->dtype) &&
        s->u.while_.cond->u.i.pod) {
      prbuf_puts(p->out, "1"); /* `while 1:` */
    } else {
      pr_expr(p, s->u.while_.cond);
    }
    prbuf_puts(p->out, ":");
    body_scope(p, s->u.while_.body);
    return;
  case S_IF: print_if(p, s, "if"); return;
  case S_ATTR: {
    if (tirx_attr_is(s->u.attr.key, ATTR_TILE_COMPOSE_OP)) last = false;
    const Stmt *body = print_attr_head(p, s, last);
    if (last) {
      pr_block(p, body);
    } else {
      prbuf_puts(p->out, ":");
      body_scope(p, body);
    }
    return;
  }
  case S_HINT:
    print_hint_head(p, s, last);
    if (last) {
      pr_block(p, s->u.hint.body);
    } else {
      prbuf_puts(p->out, ":");
      body_scope(p, s->u.hint.body);
    }
    return;
  case S_SCOPEID: print_scopeid(p, s); return;
  case S_ASSERT:
    pr_newline(p);
    prbuf_puts(p->out, "assert ");
    pr_expr(p, s->u.assert_.cond);
    if (s->u.assert_.kind || s->u.assert_.parts) {
      prbuf_puts(p->out, ", (");
      if (s->u.assert_.kind) pr_expr(p, s->u.assert_.kind);
      else prbuf_puts(p->out, "\"RuntimeError\"");
      prbuf_puts(p->out, ", ");
      if (s->u.assert_.parts) pr_expr(p, s->u.assert_.parts);
      else prbuf_puts(p->out, "[]");
      prbuf_puts(p->out, ")");
    }
    return;
  case S_RETURN:
    pr_newline(p);
    prbuf_puts(p->out, "return");
    if (s->u.ret.value) {
      prbuf_puts(p->out, " ");
      pr_expr(p, s->u.ret.value);
    }
    return;
  case S_BREAK:
    pr_newline(p);
    prbuf_puts(p->out, s->u.loopexit.as_call ? "T.break_loop()" : "break");
    return;
  case S_CONTINUE:
    pr_newline(p);
    prbuf_puts(p->out, s->u.loopexit.as_call ? "T.continue_loop()" : "continue");
    return;
  case S_LAUNCH: print_launch(p, s, last); return;
  case S_COUNT: break;
  }
}

void pr_block(Printer *p, const Stmt *s) {
  const Stmt **items;
  int n = pr_flatten(s, &items);
  for (int i = 0; i < n; i++) {
    print_free_buffers(p, s, i);
    const Stmt *st = items[i];
    if (!st) {
      pr_newline(p);
      prbuf_puts(p->out, "T.evaluate(0)");
      continue;
    }
    if (is_local_scalar(p, st) && i + 1 < n && merges_with(p, st, items[i + 1])) {
      print_free_buffers(p, s, i + 1);
      print_alloc(p, st); /* x: T.int32 */
      prbuf_puts(p->out, " = ");
      print_stored(p, items[i + 1]->u.store.value);
      i++;
      continue;
    }
    /* TVM's style prints a scoped statement flat only when it is the whole
     * block; tirx's when it is the last statement of its block. */
    print_stmt(p, st, p->tvm_style ? n == 1 : i == n - 1);
  }
  free(items);
}
