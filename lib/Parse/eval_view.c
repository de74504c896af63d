/* Layout surgery views of a buffer, as TVM 0.27's tirx builds them
 * (tvm/tirx/_buffer_view.py):
 *
 *   A.sub[i, a:b, s::k]    numpy-style view: an index drops the dimension, a:b
 *                          narrows it, s::k keeps every k-th element (a view
 *                          that splits the dimension, then a drop)
 *   A.permute(d0, d1, ...) the dimensions reordered
 *   A.rearrange("b (h r) -> (h b) r", h=2)
 *                          einops-style: view (split) -> permute -> view (merge)
 *
 * Each step is one declaration over A's storage (TVM's _redecl): the layout
 * is A's, grouped by A's shape (an iter split where a dimension covers part
 * of it), with the picked iters removed or narrowed; the storage offset they
 * select moves into elem_offset, into a swizzled layout's offset where it
 * does not commute with the swizzle, or (tmem) into the column address.
 * Intermediate declarations carry TVM's default name, "buffer"; the last one
 * takes the assigned name. */
#include <string.h>

#include "Parse/eval_tirx.h"
#include "tirx/internal/layout.h"

enum { MAX_IT = 40 };

typedef struct {
  Value ext, str;   /* parse-time ints where constant, as TVM's IntImm fold */
  const char *axis; /* NULL: memory */
} LIter;

typedef struct {
  LIter it[MAX_IT];
  int n;
  Expr *extra[8]; /* replica and axis-offset terms, kept as written */
  int nextra;
  Expr *moff;       /* the memory offset term (NULL: none) */
  const Expr *comp; /* the T.ComposeLayout around the tile (NULL: none) */
} LView;

static bool lay_is(const Expr *e, const char *name) {
  return e && e->kind == E_LAYOUT && e->u.call.name && strcmp(e->u.call.name, name) == 0;
}

static Value expr_value(Expr *e, Loc loc) {
  int64_t c;
  if (tirx_expr_is_const_int(e, &c) && e->dtype.id == DT_INT32) return v_int(c, loc);
  return v_expr(e, loc);
}

static bool val_const(const Value *v, int64_t *c) {
  if (v->kind == V_INT) return *c = v->u.i, true;
  return v->kind == V_EXPR && tirx_expr_is_const_int(v->u.e, c);
}

static bool val_same(const Value *a, const Value *b) {
  int64_t x, y;
  if (val_const(a, &x) && val_const(b, &y)) return x == y;
  return a->kind == V_EXPR && b->kind == V_EXPR && tirx_expr_identical(a->u.e, b->u.e);
}

static Value vop(Eval *ev, int op, Value a, Value b, Loc loc) {
  return ev_binop(ev, op, a, b, loc);
}

/* Row-major iters over `shape`. */
static void row_major(Eval *ev, Expr *const *shape, int n, LView *lv, Loc loc) {
  Value s = v_int(1, loc);
  lv->n = n;
  for (int i = n - 1; i >= 0; i--) {
    lv->it[i].ext = expr_value(shape[i], loc);
    lv->it[i].str = s;
    lv->it[i].axis = NULL;
    if (i) s = vop(ev, OP_STAR, s, lv->it[i].ext, loc);
  }
}

/* The shard lay_read found, as LView iters (row-major over the extents when it
 * has no strides). */
static bool shard_iters(Eval *ev, const LaySpec *sp, LView *lv, Loc loc) {
  if (sp->n > MAX_IT) return false;
  if (sp->n > 0 && !sp->str[0]) {
    row_major(ev, sp->ext, sp->n, lv, loc);
    return true;
  }
  for (int i = 0; i < sp->n; i++) {
    if (sp->str[i]->kind == E_LAYOUT) return false;
    lv->it[i].ext = expr_value(sp->ext[i], loc);
    lv->it[i].axis = sp->axis[i];
    lv->it[i].str = expr_value(sp->str[i], loc);
  }
  lv->n = sp->n;
  return true;
}

static bool parse_layout_expr(Eval *ev, const Expr *l, LView *lv, Loc loc);

/* The layout of b as iters.  A default layout is row-major over the shape of
 * the buffer it came from: TVM's view keeps its source's layout object. */
static bool parse_layout(Eval *ev, const Buffer *b, LView *lv, Loc loc) {
  memset(lv, 0, sizeof *lv);
  const Buffer *r = b;
  while (!r->layout && r->layout_src) r = r->layout_src;
  const Expr *l = r->layout;
  if (!l) {
    if (r->ndim > MAX_IT) return false;
    row_major(ev, r->shape, r->ndim, lv, loc);
    return true;
  }
  return parse_layout_expr(ev, l, lv, loc);
}

/* A written layout (the reader is lib/Layout's lay_read) as LView iters, its
 * replica / thread-offset terms and memory offset kept as written. */
static bool parse_layout_expr(Eval *ev, const Expr *l, LView *lv, Loc loc) {
  memset(lv, 0, sizeof *lv);
  LaySpec sp;
  char why[160];
  if (!lay_read(ev->m, l, &sp, why, sizeof why) || !sp.wrapped) return false;
  lv->comp = sp.comp;
  if (!shard_iters(ev, &sp, lv, loc)) return false;
  for (int i = 0; i < sp.nterms; i++) {
    Expr *t = sp.terms[i];
    if (lay_is(t, "T.R") || lay_is(t, "@")) {
      if (lv->nextra == 8) return false;
      lv->extra[lv->nextra++] = t;
    } else if (t->kind != E_LAYOUT && !lv->moff) {
      lv->moff = t;
    } else {
      return false;
    }
  }
  return true;
}

static Expr *tuple_of(Eval *ev, Expr **xs, int n, Loc loc) {
  if (n == 1) return xs[0];
  Expr *t = tirx_expr_new(ev->m, E_TUPLE, tirx_dtype(DT_VOID), loc);
  t->u.list.n = n;
  t->u.list.items = xs;
  return t;
}

static Expr *layout_int(Eval *ev, Value v, Loc loc) {
  Expr *e = ev_index_expr(ev, v, loc);
  if (e && e->kind == E_INT) {
    e = tirx_int(ev->m, e->dtype, e->u.i.v, loc);
    e->u.i.pod = false;
  }
  return e;
}

/* The layout expression of lv over `shape`; NULL when it is the default
 * row-major layout of that shape (TVM's printer leaves it out). */
static bool build_layout(Eval *ev, const LView *lv, Expr *const *shape, int ndim, Loc loc,
                         Expr **out) {
  *out = NULL;
  if (shape && !lv->comp && !lv->nextra && !lv->moff && lv->n == ndim && ndim <= MAX_IT) {
    LView rm;
    row_major(ev, shape, ndim, &rm, loc);
    bool dflt = true;
    for (int i = 0; i < ndim && dflt; i++)
      dflt =
          !lv->it[i].axis && val_same(&lv->it[i].ext, &rm.it[i].ext) &&
          val_same(&lv->it[i].str, &rm.it[i].str) &&
          (lv->it[i].str.kind != V_EXPR || lv->it[i].str.u.e->dtype.id == DT_INT32 ||
           !tirx_expr_is_const_int(lv->it[i].str.u.e, NULL)); /* T.uint32(1) is no default stride */
    if (dflt) return true;
  }
  if (lv->n == 0) {
    ev_error(ev, loc, "this view leaves no layout iterators (a 0-d view is not supported)");
    return false;
  }
  Expr **ex = TIRX_NEWN(ev->m, Expr *, lv->n), **st = TIRX_NEWN(ev->m, Expr *, lv->n);
  for (int i = 0; i < lv->n; i++) {
    ex[i] = layout_int(ev, lv->it[i].ext, loc);
    st[i] = layout_int(ev, lv->it[i].str, loc);
    if (!ex[i] || !st[i]) return false;
    if (lv->it[i].axis) {
      Expr **a = TIRX_NEWN(ev->m, Expr *, 2);
      a[0] = st[i];
      a[1] = tirx_str(ev->m, lv->it[i].axis, strlen(lv->it[i].axis), loc);
      st[i] = ev_layout_node(ev, "@", a, 2, loc);
    }
  }
  Expr **sa = TIRX_NEWN(ev->m, Expr *, 2);
  sa[0] = tuple_of(ev, ex, lv->n, loc);
  sa[1] = tuple_of(ev, st, lv->n, loc);
  Expr *spec = ev_layout_node(ev, "T.S", sa, 2, loc);
  if (lv->nextra || lv->moff) {
    int n = 1 + lv->nextra + (lv->moff != NULL);
    Expr **ts = TIRX_NEWN(ev->m, Expr *, n);
    ts[0] = spec;
    for (int i = 0; i < lv->nextra; i++) ts[1 + i] = lv->extra[i];
    if (lv->moff) ts[n - 1] = lv->moff;
    spec = ev_layout_node(ev, "+", ts, n, loc);
  }
  Expr **ta = TIRX_NEWN(ev->m, Expr *, 1);
  ta[0] = spec;
  Expr *tile = ev_layout_node(ev, "T.TileLayout", ta, 1, loc);
  if (!lv->comp) {
    *out = tile;
    return true;
  }
  Expr *c = tirx_expr_new(ev->m, E_LAYOUT, tirx_dtype(DT_VOID), loc);
  *c = *lv->comp;
  c->u.call.args = TIRX_NEWN(ev->m, Expr *, 4);
  memcpy(c->u.call.args, lv->comp->u.call.args, sizeof(Expr *) * 4);
  c->u.call.args[3] = tile;
  *out = c;
  return true;
}

/* Whether layout l is the default row-major layout of `shape` (TVM's printer
 * leaves such a layout out, so tirx keeps none). */
bool ev_layout_is_default(Eval *ev, const Expr *l, Expr *const *shape, int ndim) {
  LView lv;
  Expr *out;
  if (!l || l->kind != E_LAYOUT || ndim > MAX_IT || !parse_layout_expr(ev, l, &lv, l->loc))
    return false;
  return lv.n == ndim && build_layout(ev, &lv, shape, ndim, l->loc, &out) && !out;
}

/* Groups lv's iters by `shape` (TVM's TileLayout.group): each dimension
 * takes whole iters, an iter a dimension covers part of splits into an outer
 * part (the dimension's) and the rest.  seps[d]..seps[d+1] are dimension d's
 * iters. */
static bool group(Eval *ev, const Buffer *b, LView *lv, Expr *const *shape, int ndim, int *seps,
                  Loc loc) {
  LView in = *lv;
  lv->n = 0;
  int k = 0;
  for (int d = 0; d < ndim; d++) {
    seps[d] = lv->n;
    Value need = expr_value(shape[d], loc);
    for (;;) {
      if (k >= in.n || lv->n >= MAX_IT) goto fail;
      LIter *cur = &in.it[k];
      int64_t E, D;
      if (val_same(&cur->ext, &need)) {
        lv->it[lv->n++] = *cur;
        k++;
        break;
      }
      if (!val_const(&cur->ext, &E) || !val_const(&need, &D) || E <= 0 || D <= 0) goto fail;
      if (D < E && E % D == 0) {
        LIter outer = {v_int(D, loc), vop(ev, OP_STAR, cur->str, v_int(E / D, loc), loc),
                       cur->axis};
        lv->it[lv->n++] = outer;
        cur->ext = v_int(E / D, loc);
        break;
      }
      if (D > E && D % E == 0) {
        lv->it[lv->n++] = *cur;
        k++;
        need = v_int(D / E, loc);
        continue;
      }
      goto fail;
    }
  }
  for (; k < in.n; k++) { /* trailing unit iters stay with the last dimension */
    int64_t E;
    if (!val_const(&in.it[k].ext, &E) || E != 1 || lv->n >= MAX_IT) goto fail;
    lv->it[lv->n++] = in.it[k];
  }
  seps[ndim] = lv->n;
  return true;
fail:
  ev_error(ev, loc,
           "cannot group the layout of '%s' by its shape (the layout's iterators do not split into "
           "its dimensions)",
           b->name);
  return false;
}

static bool is_tmem(const Buffer *b) {
  return tirx_scope_is(b->scope, MEM_TMEM) && b->allocated_addr;
}

/* TVM: a nonzero tmem offset must fall on column (TCol) iters. */
static bool tmem_check(Eval *ev, const Buffer *b, const LIter *g, int n, const Value *start,
                       const char *what, Loc loc) {
  int64_t c;
  if (!is_tmem(b) || (val_const(start, &c) && c == 0)) return true;
  for (int i = 0; i < n; i++)
    if (!g[i].axis || strcmp(g[i].axis, "TCol") != 0) {
      ev_error(ev, loc,
               "sub: tmem %s with nonzero offset requires TCol-stride layout iters; dim iter has "
               "axis '%s' "
               "(a lane-axis offset cannot fold into the column allocated_addr)",
               what, g[i].axis ? g[i].axis : "m");
      return false;
    }
  return true;
}

/* Whether e is provably a multiple of p (a constant, a product with such a
 * factor, a sum of such terms). */
static bool multiple_of(const Expr *e, int64_t p) {
  int64_t c;
  if (tirx_expr_is_const_int(e, &c)) return c % p == 0;
  if (e->kind == E_MUL) return multiple_of(e->u.bin.a, p) || multiple_of(e->u.bin.b, p);
  if (e->kind == E_ADD || e->kind == E_SUB)
    return multiple_of(e->u.bin.a, p) && multiple_of(e->u.bin.b, p);
  return false;
}

static bool val_multiple_of(Eval *ev, Value v, int64_t p, Loc loc) {
  int64_t c;
  if (val_const(&v, &c)) return c % p == 0;
  Expr *e = ev_index_expr(ev, v, loc);
  return e && multiple_of(e, p);
}

static Value redecl(Eval *ev, Buffer *b, Expr **shape, int ndim, LView *lv, Value *extra,
                    const char *name, Loc loc) {
  bool tm = is_tmem(b);
  if (!tm && extra && lv->comp) {
    /* an offset that does not commute with the swizzle moves into the layout */
    int64_t pe, sl, al;
    const Expr *c = lv->comp;
    if (!tirx_expr_is_const_int(c->u.call.args[0], &pe) ||
        !tirx_expr_is_const_int(c->u.call.args[1], &sl) ||
        !tirx_expr_is_const_int(c->u.call.args[2], &al))
      return ev_error(ev, loc, "sub of '%s': its swizzle parameters are not constants", b->name);
    if (sl != 0 && !val_multiple_of(ev, *extra, (int64_t)1 << (pe + al + sl), loc)) {
      Value prev = lv->moff ? expr_value(lv->moff, loc) : v_make(V_NONE, loc);
      Value sum = lv->moff ? vop(ev, OP_PLUS, prev, *extra, loc) : *extra;
      lv->moff = layout_int(ev, sum, loc);
      if (!lv->moff) return v_make(V_ERROR, loc);
      extra = NULL;
    }
  }
  Expr *layout;
  if (!build_layout(ev, lv, shape, ndim, loc, &layout)) return v_make(V_ERROR, loc);
  Buffer *v = tirx_buffer_new(ev->m, name, b->dtype, ndim, loc);
  memcpy(v->shape, shape, sizeof(Expr *) * (size_t)ndim);
  v->scope = b->scope;
  v->data->ptr_scope = b->scope;
  v->align = b->align;
  v->layout = layout;
  Stmt *s;
  if (tm) {
    /* tmem: the offset (elements along TCol) moves the column address */
    Expr *aa =
        b->allocated_addr->kind == E_LIST ? b->allocated_addr->u.list.items[0] : b->allocated_addr;
    Value addr = expr_value(aa, loc);
    if (extra) {
      int bits = tirx_dtype_bits(b->dtype) * b->dtype.lanes;
      Value bo = vop(ev, OP_STAR, *extra, v_int(bits, loc), loc);
      int64_t c;
      if (val_const(&bo, &c)) {
        if (c % 32)
          return ev_error(ev, loc,
                          "sub: tmem TCol offset must be aligned to a physical 32-bit column");
        addr = vop(ev, OP_PLUS, addr, v_int(c / 32, loc), loc);
      } else if (bits == 32) {
        addr = vop(ev, OP_PLUS, addr, *extra, loc);
      } else {
        return ev_error(
            ev, loc,
            "sub of tmem buffer '%s': a symbolic offset of %d-bit elements is not supported",
            b->name, bits);
      }
    }
    v->allocated_addr = ev_index_expr(ev, addr, loc);
    if (!v->allocated_addr) return v_make(V_ERROR, loc);
    v->decl_no_data = true;
    s = tirx_stmt_new(ev->m, S_ALLOC, loc);
  } else {
    v->decl_data = tirx_varref(ev->m, b->data, loc);
    v->offset_factor = b->offset_factor;
    v->elem_offset = b->elem_offset;
    if (extra) {
      Value off = vop(ev, OP_PLUS, b->elem_offset ? expr_value(b->elem_offset, loc) : v_int(0, loc),
                      *extra, loc);
      int64_t c;
      if (!(val_const(&off, &c) && c == 0 && !b->elem_offset))
        v->elem_offset = ev_index_expr(ev, off, loc);
      if (!v->elem_offset && b->elem_offset) return v_make(V_ERROR, loc);
    }
    v->view_of = b;
    s = tirx_stmt_new(ev->m, S_DECL, loc);
  }
  s->u.alloc.buf = v;
  ev_emit(ev, s);
  Value r = v_make(V_BUFFER, loc);
  r.u.buf = v;
  return r;
}

static Value group_offset(Eval *ev, const LIter *g, int n, Value index, Loc loc, bool *ok) {
  *ok = true;
  if (n == 1) return vop(ev, OP_STAR, index, g[0].str, loc);
  int64_t ext[MAX_IT];
  for (int i = 1; i < n; i++)
    if (!val_const(&g[i].ext, &ext[i])) {
      *ok = false;
      return ev_error(
          ev, loc, "select/narrow: dim with multiple layout iters requires concrete iter extents");
    }
  Value off = v_make(V_NONE, loc), rem = index;
  for (int p = 0; p < n; p++) {
    int64_t inner = 1;
    for (int i = p + 1; i < n; i++) inner *= ext[i];
    Value coord = rem;
    if (inner != 1) {
      coord = vop(ev, OP_DSLASH, rem, v_int(inner, loc), loc);
      rem = vop(ev, OP_PERCENT, rem, v_int(inner, loc), loc);
    }
    Value term = vop(ev, OP_STAR, coord, g[p].str, loc);
    off = off.kind == V_NONE ? term : vop(ev, OP_PLUS, off, term, loc);
    if (off.kind == V_ERROR) *ok = false;
  }
  return off;
}

/* b's layout as iterators, grouped by b's dimensions (seps); false after an error. */
static bool grouped_layout(Eval *ev, Buffer *b, LView *lv, int *seps, Loc loc) {
  if (!parse_layout(ev, b, lv, loc)) {
    ev_error(ev, loc,
             "sub of '%s': its layout is not a T.TileLayout (or a T.ComposeLayout over one)",
             b->name);
    return false;
  }
  return group(ev, b, lv, b->shape, b->ndim, seps, loc);
}

/* Drops dimension dim at index (TVM's _view_drop). */
static Value view_drop(Eval *ev, Buffer *b, int dim, Value index, const char *name, Loc loc) {
  int64_t ic, ec;
  if (val_const(&index, &ic)) {
    if (ic < 0) return ev_error(ev, loc, "index %lld out of range for dim %d", (long long)ic, dim);
    if (tirx_expr_is_const_int(b->shape[dim], &ec) && ic >= ec)
      return ev_error(ev, loc, "index %lld out of range for dim %d of extent %lld", (long long)ic,
                      dim, (long long)ec);
  }
  LView lv;
  int seps[MAX_IT + 1];
  if (!grouped_layout(ev, b, &lv, seps, loc)) return v_make(V_ERROR, loc);
  int lo = seps[dim], hi = seps[dim + 1];
  if (!tmem_check(ev, b, &lv.it[lo], hi - lo, &index, "index", loc)) return v_make(V_ERROR, loc);
  bool ok;
  Value off = group_offset(ev, &lv.it[lo], hi - lo, index, loc, &ok);
  if (!ok) return v_make(V_ERROR, loc);
  Expr **shape = TIRX_NEWN(ev->m, Expr *, b->ndim);
  int nd = 0;
  for (int i = 0; i < b->ndim; i++)
    if (i != dim) shape[nd++] = b->shape[i];
  memmove(&lv.it[lo], &lv.it[hi], sizeof(LIter) * (size_t)(lv.n - hi));
  lv.n -= hi - lo;
  return redecl(ev, b, shape, nd, &lv, &off, name, loc);
}

/* Narrows dimension dim to [start, start + length) (TVM's _view_narrow). */
static Value view_narrow(Eval *ev, Buffer *b, int dim, Value start, Value length, const char *name,
                         Loc loc) {
  int64_t sc = 0, lc = 0, ec = 0;
  bool hs = val_const(&start, &sc), hl = val_const(&length, &lc),
       he = tirx_expr_is_const_int(b->shape[dim], &ec);
  if (hs && sc < 0) return ev_error(ev, loc, "sub: start %lld must be non-negative", (long long)sc);
  if (hl && lc < 1) return ev_error(ev, loc, "sub: length %lld must be positive", (long long)lc);
  if (hs && hl && he && sc + lc > ec)
    return ev_error(ev, loc, "sub: range [%lld, %lld) exceeds dim %d extent %lld", (long long)sc,
                    (long long)(sc + lc), dim, (long long)ec);
  LView lv;
  int seps[MAX_IT + 1];
  if (!grouped_layout(ev, b, &lv, seps, loc)) return v_make(V_ERROR, loc);
  int lo = seps[dim], hi = seps[dim + 1];
  Value off;
  if (hi - lo == 1) {
    if (!tmem_check(ev, b, &lv.it[lo], 1, &start, "narrow", loc)) return v_make(V_ERROR, loc);
    off = vop(ev, OP_STAR, start, lv.it[lo].str, loc);
    lv.it[lo].ext = length;
  } else {
    int64_t inner = 1, e;
    for (int i = lo + 1; i < hi; i++) {
      if (!val_const(&lv.it[i].ext, &e))
        return ev_error(ev, loc,
                        "sub: dim with multiple layout iters requires concrete iter extents");
      inner *= e;
    }
    if (start.kind != V_INT || length.kind != V_INT)
      return ev_error(
          ev, loc,
          "sub: dim %d is made of %d layout iters; start/length must be concrete multiples of %lld",
          dim, hi - lo, (long long)inner);
    if (sc % inner || lc % inner)
      return ev_error(ev, loc,
                      "sub: dim %d start/length must be multiples of the inner iter block %lld; "
                      "got start=%lld length=%lld",
                      dim, (long long)inner, (long long)sc, (long long)lc);
    Value so = v_int(sc / inner, loc);
    if (!tmem_check(ev, b, &lv.it[lo], 1, &so, "narrow", loc)) return v_make(V_ERROR, loc);
    off = vop(ev, OP_STAR, so, lv.it[lo].str, loc);
    lv.it[lo].ext = v_int(lc / inner, loc);
  }
  if (off.kind == V_ERROR) return off;
  Expr **shape = TIRX_NEWN(ev->m, Expr *, b->ndim);
  memcpy(shape, b->shape, sizeof(Expr *) * (size_t)b->ndim);
  shape[dim] = ev_index_expr(ev, length, loc);
  if (!shape[dim]) return v_make(V_ERROR, loc);
  return redecl(ev, b, shape, b->ndim, &lv, &off, name, loc);
}

/* ---- A.sub[...] ---------------------------------------------------------- */

typedef enum { OPK_NARROW, OPK_DROP, OPK_STEP } SubKind;

typedef struct {
  SubKind kind;
  int dim;
  Value a, b; /* narrow: start, length; drop: index; step: start, step */
  Loc loc;
} SubOp;

static const char *step_name(Eval *ev, const char *hint, bool last) {
  return last && hint ? hint : tirx_intern0(ev->m, "buffer");
}

/* x.view(*shape[:dim], *mid, *shape[dim + skip:]) named by the chain's next step. */
static Value view_around(Eval *ev, Buffer *x, int dim, const Value *mid, int nmid, int skip,
                         const char *name, Loc loc) {
  Value *dims = TIRX_NEWN(ev->m, Value, x->ndim + nmid);
  int nd = 0;
  for (int i = 0; i < dim; i++) dims[nd++] = expr_value(x->shape[i], loc);
  for (int i = 0; i < nmid; i++) dims[nd++] = mid[i];
  for (int i = dim + skip; i < x->ndim; i++) dims[nd++] = expr_value(x->shape[i], loc);
  Args va = {.pos = dims, .npos = nd, .loc = loc};
  ev->name_hint = name;
  Value r = ev_view(ev, x, &va);
  ev->name_hint = NULL;
  return r;
}

/* A slice in sub(): *op becomes a narrowing (lo:hi) or a stepped pick (lo::step).  Returns
 * the views it declares (0: a whole-dim ':', nothing to do), or -1 after an error. */
static int sub_slice_op(Eval *ev, Buffer *b, Ast *it, SubOp *op) {
  Value lo = it->a ? ev_expr(ev, it->a) : v_make(V_NONE, it->loc);
  Value hi = it->b ? ev_expr(ev, it->b) : v_make(V_NONE, it->loc);
  Value st = it->c ? ev_expr(ev, it->c) : v_make(V_NONE, it->loc);
  if (lo.kind == V_ERROR || hi.kind == V_ERROR || st.kind == V_ERROR) return -1;
  if (st.kind == V_NONE || (st.kind == V_INT && st.u.i == 1)) {
    if (lo.kind == V_NONE && hi.kind == V_NONE) return 0;
    Value start = lo.kind == V_NONE ? v_int(0, it->loc) : lo;
    Value stop = hi.kind == V_NONE ? expr_value(b->shape[op->dim], it->loc) : hi;
    op->kind = OPK_NARROW;
    op->a = start;
    op->b = vop(ev, OP_MINUS, stop, start, it->loc);
    return op->b.kind == V_ERROR ? -1 : 1;
  }
  if (st.kind != V_INT || st.u.i <= 0)
    return ev_error(ev, it->c->loc, "sub: step must be a positive int"), -1;
  if (hi.kind != V_NONE)
    return ev_error(ev, it->b->loc, "sub: a stop bound with a step is not supported"), -1;
  op->kind = OPK_STEP;
  op->a = lo.kind == V_NONE ? v_int(0, it->loc) : lo;
  op->b = st;
  return 2;
}

/* A stepped slice of sub(): dim d becomes (ext // step, step), then the step's
 * factor is picked at the start: x.view(*shape[:d], ext // step, step, *shape[d + 1:])[..., start, ...]. */
static Value sub_step(Eval *ev, Buffer *x, const SubOp *op, const char *hint, int *made,
                      int ndecl) {
  int64_t ext, step = op->b.u.i, sc;
  if (!tirx_expr_is_const_int(x->shape[op->dim], &ext))
    return ev_error(ev, op->loc, "sub: a stepped slice requires a concrete dim extent");
  if (ext % step)
    return ev_error(ev, op->loc, "sub: dim extent %lld is not divisible by step %lld",
                    (long long)ext, (long long)step);
  if (val_const(&op->a, &sc) && (sc < 0 || sc >= step))
    return ev_error(ev, op->loc, "sub: stepped-slice start %lld must be in [0, %lld)",
                    (long long)sc, (long long)step);
  Value mid[2] = {v_int(ext / step, op->loc), v_int(step, op->loc)};
  Value cur =
      view_around(ev, x, op->dim, mid, 2, 1, step_name(ev, hint, ++*made == ndecl), op->loc);
  if (cur.kind == V_ERROR) return cur;
  return view_drop(ev, cur.u.buf, op->dim + 1, op->a, step_name(ev, hint, ++*made == ndecl),
                   op->loc);
}

Value ev_buffer_sub(Eval *ev, Buffer *b, Ast *sub) {
  const char *hint = ev->name_hint;
  ev->name_hint = NULL;
  int n = sub->n;
  Ast **items = sub->list;
  if (n == 1 && items[0]->kind == A_TUPLE) {
    n = items[0]->n;
    items = items[0]->list;
  }
  if (n > b->ndim)
    return ev_error(ev, sub->loc, "sub: %d indices for buffer of rank %d", n, b->ndim);
  if (b->nstrides)
    return ev_error(ev, sub->loc, "sub of '%s' (a strided buffer) is not supported", b->name);
  SubOp *ops = TIRX_NEWN(ev->m, SubOp, n + 1);
  int nops = 0, dim = 0, ndecl = 0;
  /* evaluate every index first: the views are built after (TVM evaluates the
   * subscript before calling the indexer) */
  for (int i = 0; i < n; i++) {
    Ast *it = items[i];
    if (it->kind == A_STAR) return ev_error(ev, it->loc, "starred indices are not supported");
    SubOp op = {.dim = dim, .loc = it->loc};
    if (it->kind != A_SLICE) {
      op.kind = OPK_DROP;
      op.a = ev_expr(ev, it);
      if (op.a.kind == V_ERROR) return op.a;
      if (op.a.kind != V_INT) {
        Expr *e = ev_index_expr(ev, op.a, it->loc);
        if (!e) return v_make(V_ERROR, it->loc);
        op.a = v_expr(e, it->loc);
      }
      ops[nops++] = op;
      ndecl++;
      continue;
    }
    int r = sub_slice_op(ev, b, it, &op);
    if (r < 0) return v_make(V_ERROR, it->loc);
    dim++;
    if (r == 0) continue;
    ops[nops++] = op;
    ndecl += r;
  }
  Value cur = v_make(V_BUFFER, sub->loc);
  cur.u.buf = b;
  int made = 0;
  for (int i = 0; i < nops; i++) {
    SubOp *op = &ops[i];
    Buffer *x = cur.u.buf;
    if (op->kind == OPK_DROP) {
      cur = view_drop(ev, x, op->dim, op->a, step_name(ev, hint, ++made == ndecl), op->loc);
    } else if (op->kind == OPK_NARROW) {
      cur =
          view_narrow(ev, x, op->dim, op->a, op->b, step_name(ev, hint, ++made == ndecl), op->loc);
    } else {
      cur = sub_step(ev, x, op, hint, &made, ndecl);
    }
    if (cur.kind == V_ERROR) break;
  }
  ev->name_hint = hint;
  return cur;
}

/* ---- A.permute(...) / A.rearrange(...) ------------------------------------- */

static Value permute_to(Eval *ev, Buffer *b, const int *perm, const char *name, Loc loc) {
  LView lv;
  int seps[MAX_IT + 1];
  if (!parse_layout(ev, b, &lv, loc))
    return ev_error(
        ev, loc,
        "permute of '%s': its layout is not a T.TileLayout (or a T.ComposeLayout over one)",
        b->name);
  /* TVM prints X.permute(...) when X's layout is the default row-major one of its shape */
  Expr *own;
  bool plain = lv.n == b->ndim && build_layout(ev, &lv, b->shape, b->ndim, loc, &own) && !own;
  if (!group(ev, b, &lv, b->shape, b->ndim, seps, loc)) return v_make(V_ERROR, loc);
  LView out = lv;
  out.n = 0;
  Expr **shape = TIRX_NEWN(ev->m, Expr *, b->ndim);
  for (int i = 0; i < b->ndim; i++) {
    shape[i] = b->shape[perm[i]];
    for (int k = seps[perm[i]]; k < seps[perm[i] + 1]; k++) out.it[out.n++] = lv.it[k];
  }
  const char *saved = ev->name_hint;
  Value v = redecl(ev, b, shape, b->ndim, &out, NULL, name, loc);
  ev->name_hint = saved;
  if (v.kind == V_ERROR) return v;
  if (plain) {
    int *p = TIRX_NEWN(ev->m, int, b->ndim);
    memcpy(p, perm, sizeof(int) * (size_t)b->ndim);
    v.u.buf->permute = p;
  }
  return v;
}

Value ev_buffer_permute(Eval *ev, Buffer *b, Args *a) {
  if (a->nkw) return ev_error(ev, a->loc, "permute() takes no keyword arguments");
  if (b->ndim < 1 || b->ndim > 16) return ev_error(ev, a->loc, "permute needs 1 to 16 dimensions");
  if (a->npos != b->ndim) return ev_error(ev, a->loc, "permute needs %d dimensions", b->ndim);
  if (b->nstrides)
    return ev_error(ev, a->loc, "permute of '%s' (a strided buffer) is not supported", b->name);
  bool seen[16] = {0};
  int perm[16];
  for (int i = 0; i < b->ndim; i++) {
    int64_t d;
    if (!ev_get_int(ev, a->pos[i], &d, "permute dimension")) return v_make(V_ERROR, a->loc);
    if (d < 0 || d >= b->ndim || seen[d])
      return ev_error(ev, a->pos[i].loc, "not a permutation of the dimensions");
    seen[d] = true;
    perm[i] = (int)d;
  }
  const char *name = ev->name_hint ? ev->name_hint : b->name;
  return permute_to(ev, b, perm, name, a->loc);
}

enum { MAX_AX = 16 };

typedef struct {
  const char *name[MAX_AX]; /* interned */
  int n;
} AxGroup;

/* One side of a rearrange pattern: space-separated axis names, (a b) a group. */
static bool pattern_side(Eval *ev, const char *p, const char *end, AxGroup *g, int *ng, Loc loc) {
  *ng = 0;
  while (p < end) {
    if (*p == ' ') {
      p++;
      continue;
    }
    if (*ng == MAX_AX) return ev_error(ev, loc, "rearrange: too many groups"), false;
    AxGroup *cur = &g[(*ng)++];
    cur->n = 0;
    bool paren = *p == '(';
    if (paren) p++;
    while (p < end && *p != ')') {
      if (*p == ' ') {
        p++;
        if (!paren) break;
        continue;
      }
      const char *s = p;
      while (p < end && *p != ' ' && *p != ')' && *p != '(') p++;
      if (p == s) return ev_error(ev, loc, "rearrange: bad pattern"), false;
      if (cur->n == MAX_AX) return ev_error(ev, loc, "rearrange: too many axes in a group"), false;
      cur->name[cur->n++] = tirx_intern(ev->m, s, (size_t)(p - s));
      if (!paren) break;
    }
    if (paren) {
      if (p >= end) return ev_error(ev, loc, "rearrange: unbalanced '(' in the pattern"), false;
      p++;
    }
  }
  return true;
}

/* The lhs axes of a rearrange pattern, in order, with their sizes: given as keywords
 * (sizes=) or, for at most one axis per group, the group's dim over the others' product.
 * Returns the number of axes, or -1 after an error. */
static int rearrange_sizes(Eval *ev, Buffer *b, Args *a, const AxGroup *lhs, int nl,
                           const char **ax, int64_t *size, Loc loc) {
  int nax = 0;
  for (int g = 0; g < nl; g++) {
    int64_t dimc;
    if (!tirx_expr_is_const_int(b->shape[g], &dimc))
      return ev_error(ev, loc, "rearrange: dimension %d of '%s' is not a constant", g, b->name), -1;
    int64_t product = 1;
    int unknown = -1;
    for (int k = 0; k < lhs[g].n; k++) {
      const char *nm = lhs[g].name[k];
      Value *sv = NULL;
      for (int j = 0; j < a->nkw; j++)
        if (strcmp(a->kwn[j], nm) == 0) sv = &a->kwv[j];
      if (nax == MAX_AX * 2) return ev_error(ev, loc, "rearrange: too many axes"), -1;
      ax[nax] = nm;
      if (sv) {
        if (!ev_get_int(ev, *sv, &size[nax], "a rearrange size")) return -1;
        product *= size[nax];
      } else if (unknown >= 0) {
        return ev_error(ev, loc,
                        "rearrange: group %d has >1 unknown axis; give sizes= for all but one", g),
               -1;
      } else {
        unknown = nax;
      }
      nax++;
    }
    if (unknown < 0 && product != dimc)
      return ev_error(ev, loc, "rearrange: group %d product %lld != dim %lld", g,
                      (long long)product, (long long)dimc),
             -1;
    if (unknown >= 0) {
      if (product <= 0 || dimc % product)
        return ev_error(ev, loc,
                        "rearrange: dim %lld not divisible by known product %lld in group %d",
                        (long long)dimc, (long long)product, g),
               -1;
      size[unknown] = dimc / product;
    }
  }
  return nax;
}

Value ev_buffer_rearrange(Eval *ev, Buffer *b, Args *a) {
  Value *pv = a->npos ? &a->pos[0] : ev_kwarg(a, "pattern");
  if (!pv) return ev_error(ev, a->loc, "Buffer.rearrange() missing required argument: 'pattern'");
  if (a->npos > 1)
    return ev_error(ev, a->loc, "rearrange() takes one positional argument (the pattern)");
  const char *p;
  size_t len;
  if (!ev_get_str(ev, *pv, &p, &len, "the rearrange pattern")) return v_make(V_ERROR, a->loc);
  const char *arrow = NULL;
  for (size_t i = 0; i + 1 < len; i++)
    if (p[i] == '-' && p[i + 1] == '>') arrow = p + i;
  if (!arrow)
    return ev_error(ev, pv->loc, "rearrange: pattern must contain '->', got '%.*s'", (int)len, p);
  AxGroup lhs[MAX_AX], rhs[MAX_AX];
  int nl, nr;
  if (!pattern_side(ev, p, arrow, lhs, &nl, pv->loc) ||
      !pattern_side(ev, arrow + 2, p + len, rhs, &nr, pv->loc))
    return v_make(V_ERROR, a->loc);
  if (nl != b->ndim)
    return ev_error(ev, pv->loc,
                    "rearrange: lhs has %d groups but buffer has %d dims (pattern '%.*s')", nl,
                    b->ndim, (int)len, p);
  const char *ax[MAX_AX * 2];
  int64_t size[MAX_AX * 2];
  int nax = rearrange_sizes(ev, b, a, lhs, nl, ax, size, pv->loc);
  if (nax < 0) return v_make(V_ERROR, a->loc);
  /* the rhs axes: the lhs ones, each once */
  int perm[MAX_AX * 2], np = 0;
  bool used[MAX_AX * 2] = {0};
  Value merged[MAX_AX];
  for (int g = 0; g < nr; g++) {
    int64_t s = 1;
    for (int k = 0; k < rhs[g].n; k++) {
      int j = 0;
      while (j < nax && (ax[j] != rhs[g].name[k] || used[j])) j++;
      if (j == nax || np == MAX_AX * 2)
        return ev_error(ev, pv->loc, "rearrange: lhs axes != rhs axes (pattern '%.*s')", (int)len,
                        p);
      used[j] = true;
      perm[np++] = j;
      s *= size[j];
    }
    merged[g] = v_int(s, pv->loc);
  }
  if (np != nax)
    return ev_error(ev, pv->loc, "rearrange: lhs axes != rhs axes (pattern '%.*s')", (int)len, p);
  if (nax > 16) return ev_error(ev, pv->loc, "rearrange: more than 16 axes");
  const char *hint = ev->name_hint;
  const char *dflt = tirx_intern0(ev->m, "buffer");
  /* view(*sizes) -> permute(*perm) -> view(*merged) */
  Value dims[MAX_AX * 2];
  for (int i = 0; i < nax; i++) dims[i] = v_int(size[i], pv->loc);
  Args va = {.pos = dims, .npos = nax, .loc = a->loc};
  ev->name_hint = dflt;
  Value v = ev_view(ev, b, &va);
  if (v.kind != V_ERROR) v = permute_to(ev, v.u.buf, perm, dflt, a->loc);
  if (v.kind != V_ERROR) {
    Args vb = {.pos = merged, .npos = nr, .loc = a->loc};
    ev->name_hint = hint;
    v = ev_view(ev, v.u.buf, &vb);
  }
  ev->name_hint = hint;
  return v;
}

/* ---- A.tile(dim, factors)[picks] --------------------------------------------- */

/* A.tile(dim, (f0, f1, ...)) or A.tile((dim, factors), ...): an indexer (a
 * V_INDEXER over A, its specs (dim, factors) in .shape) */
Value ev_buffer_tile(Eval *ev, Buffer *b, Args *a) {
  if (a->nkw) return ev_error(ev, a->loc, "tile() takes no keyword arguments");
  Value *specs = a->pos;
  int n = a->npos;
  Value one;
  if (n >= 1 && specs[0].kind == V_INT) {
    if (n != 2) return ev_error(ev, a->loc, "tile(dim, factors) takes a dim and a factors tuple");
    one = v_make(V_TUPLE, a->loc);
    one.u.list.items = specs;
    one.u.list.n = 2;
    specs = &one;
    n = 1;
  }
  Value *out = TIRX_NEWN(ev->m, Value, n + 1);
  bool seen[16] = {0};
  for (int i = 0; i < n; i++) {
    Value s = specs[i];
    if ((s.kind != V_TUPLE && s.kind != V_LIST) || s.u.list.n != 2 ||
        s.u.list.items[0].kind != V_INT)
      return ev_error(ev, s.loc, "tile: each spec must be (dim, factors)");
    int64_t d = s.u.list.items[0].u.i;
    if (d < 0) d += b->ndim;
    if (d < 0 || d >= b->ndim)
      return ev_error(ev, s.loc, "tile: dim %lld out of range for buffer of rank %d",
                      (long long)s.u.list.items[0].u.i, b->ndim);
    if (d >= 16 || seen[d])
      return ev_error(ev, s.loc, "tile: dim %lld tiled more than once", (long long)d);
    seen[d] = true;
    Value f = s.u.list.items[1];
    if ((f.kind != V_TUPLE && f.kind != V_LIST) || f.u.list.n < 1)
      return ev_error(ev, f.loc, "tile: factors for dim %lld must be a non-empty tuple",
                      (long long)d);
    out[i] = s;
    out[i].u.list.items = TIRX_NEWN(ev->m, Value, 2);
    out[i].u.list.items[0] = v_int(d, s.loc);
    out[i].u.list.items[1] = f;
  }
  Value v = v_make(V_INDEXER, a->loc);
  ValueAux *x = v_aux(ev, &v);
  x->buftype = b;
  x->shape = out;
  v.nshape = n;
  return v;
}

static bool is_keep(const Ast *p) { return p->kind == A_SLICE && !p->a && !p->b && !p->c; }

/* The picks of buf.tile(...)[...], evaluated in order: ':' keeps a factor (a V_SLICE), an
 * int or Expr picks one.  *ndecl counts the buffers the chain of views will declare. */
static Value *tile_eval_picks(Eval *ev, Value idx, Ast **items, int n, Loc loc, int *ndecl) {
  const Value *specs = idx.aux->shape;
  Value *picks = TIRX_NEWN(ev->m, Value, n + 1);
  *ndecl = 0;
  for (int i = 0, pos = 0; i < idx.nshape; i++) {
    int k = specs[i].u.list.items[1].u.list.n, keep = 0;
    for (int j = 0; j < k; j++) {
      Ast *p = items[pos + j];
      if (p->kind == A_SLICE && !is_keep(p))
        return ev_error(ev, p->loc,
                        "tile: a factor slice must be ':' (keep whole); got a sub-slice"),
               NULL;
      if (is_keep(p)) {
        keep++;
        picks[pos + j] = v_make(V_SLICE, p->loc);
        continue;
      }
      picks[pos + j] = ev_expr(ev, p);
      if (picks[pos + j].kind == V_ERROR) return NULL;
      if (picks[pos + j].kind != V_INT) {
        Expr *e = ev_index_expr(ev, picks[pos + j], p->loc);
        if (!e) return NULL;
        picks[pos + j] = v_expr(e, p->loc);
      }
      (*ndecl)++;
    }
    if (keep == k)
      return ev_error(
                 ev, loc,
                 "tile: dim %lld picks no factor (all ':'); a chunk must pick at least one factor. "
                 "Use .view / .chunk for a pure reshape.",
                 (long long)specs[i].u.list.items[0].u.i),
             NULL;
    *ndecl += 1 + (keep >= 2);
    pos += k;
  }
  return picks;
}

/* One tiled dim of buf.tile(...)[...]: split dim into its factors, drop each picked factor
 * (the innermost first), and merge two or more kept factors back into one dim. */
static Value tile_apply_spec(Eval *ev, Value cur, Value spec, const Value *pk, const char *hint,
                             int *made, int ndecl, Loc loc) {
  int dim = (int)spec.u.list.items[0].u.i;
  Value f = spec.u.list.items[1];
  int k = f.u.list.n, keep = 0;
  cur = view_around(ev, cur.u.buf, dim, f.u.list.items, k, 1, step_name(ev, hint, ++*made == ndecl),
                    loc);
  for (int i = k - 1; i >= 0 && cur.kind != V_ERROR; i--) {
    if (pk[i].kind == V_SLICE) {
      keep++;
      continue;
    }
    cur =
        view_drop(ev, cur.u.buf, dim + i, pk[i], step_name(ev, hint, ++*made == ndecl), pk[i].loc);
  }
  if (cur.kind != V_ERROR && keep >= 2) {
    Value all = v_int(-1, loc);
    cur =
        view_around(ev, cur.u.buf, dim, &all, 1, keep, step_name(ev, hint, ++*made == ndecl), loc);
  }
  return cur;
}

Value ev_buffer_tile_pick(Eval *ev, Value idx, Ast *sub) {
  const char *hint = ev->name_hint;
  ev->name_hint = NULL;
  const Value *specs = idx.aux->shape;
  int n = sub->n;
  Ast **items = sub->list;
  if (n == 1 && items[0]->kind == A_TUPLE) {
    n = items[0]->n;
    items = items[0]->list;
  }
  int nf = 0;
  for (int i = 0; i < idx.nshape; i++) nf += specs[i].u.list.items[1].u.list.n;
  if (n != nf)
    return ev_error(
        ev, sub->loc,
        "tile: split into %d factor(s) but %d index(es) given (int/Expr picks, ':' keeps)", nf, n);
  /* the picks, evaluated first; then the specs from the highest dim down */
  int ndecl = 0;
  Value *picks = tile_eval_picks(ev, idx, items, n, sub->loc, &ndecl);
  if (!picks) return v_make(V_ERROR, sub->loc);
  int order[16], no = idx.nshape, first[16];
  for (int i = 0, pos = 0; i < no; i++) {
    order[i] = i;
    first[i] = pos;
    pos += specs[i].u.list.items[1].u.list.n;
  }
  for (int i = 0; i < no; i++) /* highest dim first */
    for (int j = i + 1; j < no; j++)
      if (specs[order[j]].u.list.items[0].u.i > specs[order[i]].u.list.items[0].u.i) {
        int t = order[i];
        order[i] = order[j];
        order[j] = t;
      }
  Value cur = v_make(V_BUFFER, sub->loc);
  cur.u.buf = idx.aux->buftype;
  int made = 0;
  for (int oi = 0; oi < no && cur.kind != V_ERROR; oi++)
    cur = tile_apply_spec(ev, cur, specs[order[oi]], &picks[first[order[oi]]], hint, &made, ndecl,
                          sub->loc);
  ev->name_hint = hint;
  return cur;
}

/* ---- layout methods: l.tile_to(to_shape, current_shape), l.canonicalize() ---- */

static bool shape_list(Eval *ev, Value v, Expr **out, int *n, Loc loc) {
  if (v.kind != V_TUPLE && v.kind != V_LIST)
    return ev_error(ev, v.loc, "a shape must be a list or tuple"), false;
  if (v.u.list.n > 16) return ev_error(ev, v.loc, "a shape of more than 16 dimensions"), false;
  for (int i = 0; i < v.u.list.n; i++)
    if (!(out[i] = ev_index_expr(ev, v.u.list.items[i], loc))) return false;
  *n = v.u.list.n;
  return true;
}

/* l.tile_to(to_shape, current_shape): l (over current_shape) repeated by the
 * row-major tile to_shape / current_shape (TVM's Layout.tile_to, tile of an
 * outer T.S[tile]): each dimension's outer iter strides by l's span, then its
 * grouped iters of l.  A swizzle stays around the tiled layout. */
static Value layout_tile_to(Eval *ev, Expr *self, Args *a) {
  Value *tv = ev_arg(a, 0, "to_shape"), *cv = ev_arg(a, 1, "current_shape");
  if (!tv || !cv || a->npos > 2)
    return ev_error(ev, a->loc, "tile_to(to_shape, current_shape) takes two shapes");
  Expr *to[16], *cur[16];
  int nt, nc;
  if (!shape_list(ev, *tv, to, &nt, a->loc) || !shape_list(ev, *cv, cur, &nc, a->loc))
    return v_make(V_ERROR, a->loc);
  if (nt != nc)
    return ev_error(ev, a->loc, "tile_to: to_shape and current_shape have different ranks");
  LView lv;
  int seps[MAX_IT + 1];
  if (!parse_layout_expr(ev, self, &lv, a->loc) || lv.nextra || lv.moff)
    return ev_error(
        ev, a->loc,
        "tile_to: only a T.TileLayout of memory strides (or a T.ComposeLayout over one) tiles");
  for (int i = 0; i < lv.n; i++)
    if (lv.it[i].axis)
      return ev_error(ev, a->loc, "tile_to: a layout over thread axes does not tile here");
  Buffer tmp = {.name = "layout"};
  if (!group(ev, &tmp, &lv, cur, nc, seps, a->loc)) return v_make(V_ERROR, a->loc);
  /* the span of l: 1 + sum (ext - 1) * stride */
  Value span = v_int(1, a->loc);
  for (int i = 0; i < lv.n; i++)
    span = vop(ev, OP_PLUS, span,
               vop(ev, OP_STAR, vop(ev, OP_MINUS, lv.it[i].ext, v_int(1, a->loc), a->loc),
                   lv.it[i].str, a->loc),
               a->loc);
  Value tile[16], ostr[16];
  for (int i = 0; i < nt; i++) {
    tile[i] = vop(ev, OP_DSLASH, expr_value(to[i], a->loc), expr_value(cur[i], a->loc), a->loc);
    if (tile[i].kind == V_ERROR) return tile[i];
  }
  Value s = v_int(1, a->loc);
  for (int i = nt - 1; i >= 0; i--) {
    ostr[i] = vop(ev, OP_STAR, s, span, a->loc);
    s = vop(ev, OP_STAR, s, tile[i], a->loc);
  }
  LView out = lv;
  out.n = 0;
  for (int d = 0; d < nt; d++) {
    if (out.n + 1 + seps[d + 1] - seps[d] > MAX_IT)
      return ev_error(ev, a->loc, "tile_to: too many layout iterators");
    out.it[out.n++] = (LIter){tile[d], ostr[d], NULL};
    for (int k = seps[d]; k < seps[d + 1]; k++) out.it[out.n++] = lv.it[k];
  }
  Expr *r;
  if (!build_layout(ev, &out, NULL, 0, a->loc, &r)) return v_make(V_ERROR, a->loc);
  return v_expr(r, a->loc);
}

/* l.canonicalize(): unit iters dropped, an iter merged into the one before
 * it where that one strides by its whole extent (TVM's canonical form). */
static Value layout_canonicalize(Eval *ev, Expr *self, Args *a) {
  if (a->npos || a->nkw) return ev_error(ev, a->loc, "canonicalize() takes no arguments");
  LView lv;
  if (!parse_layout_expr(ev, self, &lv, a->loc))
    return ev_error(
        ev, a->loc,
        "canonicalize: the layout is not a T.TileLayout (or a T.ComposeLayout over one)");
  LView out = lv;
  out.n = 0;
  for (int i = 0; i < lv.n; i++) {
    int64_t e;
    if (val_const(&lv.it[i].ext, &e) && e == 1) continue;
    LIter it = lv.it[i];
    if (out.n) {
      LIter *p = &out.it[out.n - 1];
      Value want = vop(ev, OP_STAR, it.ext, it.str, a->loc);
      if (p->axis == it.axis && val_same(&p->str, &want)) {
        p->ext = vop(ev, OP_STAR, p->ext, it.ext, a->loc);
        p->str = it.str;
        continue;
      }
    }
    out.it[out.n++] = it;
  }
  if (out.n == 0) out.it[out.n++] = (LIter){v_int(1, a->loc), v_int(1, a->loc), NULL};
  Expr *r;
  if (!build_layout(ev, &out, NULL, 0, a->loc, &r)) return v_make(V_ERROR, a->loc);
  return v_expr(r, a->loc);
}

/* A linear coordinate ((B % M) * C, M 0: none) being split, kept in the form
 * TVM's analyzer leaves it: (x * 8) // 32 is x // 4, (x * 8) % 32 // 16 is
 * x % 4 // 2. */
typedef struct {
  Value base;
  int64_t mod, mul;
  bool konst;
  int64_t k;
} Lin;

static Value lin_value(Eval *ev, const Lin *l, Loc loc) {
  if (l->konst) return v_int(l->k, loc);
  if (l->mul == 0 || l->mod == 1) return v_int(0, loc);
  Value v = l->base;
  if (l->mod) v = vop(ev, OP_PERCENT, v, v_int(l->mod, loc), loc);
  if (l->mul != 1) v = vop(ev, OP_STAR, v, v_int(l->mul, loc), loc);
  return v;
}

static Lin lin_of(Value x) {
  Lin l = {x, 0, 1, false, 0};
  int64_t c;
  if (val_const(&x, &c)) return l.konst = true, l.k = c, l;
  if (x.kind == V_EXPR && x.u.e->kind == E_MUL && tirx_expr_is_const_int(x.u.e->u.bin.b, &c) &&
      c > 0) {
    l.base = v_expr(x.u.e->u.bin.a, x.loc);
    l.mul = c;
  }
  return l;
}

static Lin lin_mod(Eval *ev, Lin l, int64_t k, Loc loc) {
  if (l.konst) return l.k = ((l.k % k) + k) % k, l;
  if (l.mul == 0 || l.mod == 1) return l;
  if (k % l.mul == 0) {
    int64_t m = k / l.mul;
    if (!l.mod || l.mod % m == 0) l.mod = m;
    else if (m % l.mod != 0)
      return lin_of(vop(ev, OP_PERCENT, lin_value(ev, &l, loc), v_int(k, loc), loc));
    return l;
  }
  return lin_of(vop(ev, OP_PERCENT, lin_value(ev, &l, loc), v_int(k, loc), loc));
}

static Lin lin_div(Eval *ev, Lin l, int64_t k, Loc loc) {
  if (l.konst) return l.k = l.k >= 0 ? l.k / k : -((-l.k + k - 1) / k), l;
  if (l.mul == 0 || l.mod == 1 || k == 1) return l;
  if (l.mul % k == 0) return l.mul /= k, l;
  Value inner = l.base;
  if (l.mod) inner = vop(ev, OP_PERCENT, inner, v_int(l.mod, loc), loc);
  if (k % l.mul == 0) return lin_of(vop(ev, OP_DSLASH, inner, v_int(k / l.mul, loc), loc));
  return lin_of(vop(ev, OP_DSLASH, lin_value(ev, &l, loc), v_int(k, loc), loc));
}

/* l.apply(x): the linear coordinate x split over the layout's extents (the
 * first iter the highest), each coordinate times its stride, summed per axis:
 * {"m": memory offset, axis: offset, ...} (TVM's Layout.apply). */
static Value layout_apply(Eval *ev, Expr *self, Args *a) {
  if (a->npos != 1 || a->nkw)
    return ev_error(ev, a->loc, "apply() of a layout takes one linear coordinate here");
  LView lv;
  if (!parse_layout_expr(ev, self, &lv, a->loc) || lv.comp || lv.nextra || lv.moff)
    return ev_error(ev, a->loc, "apply: only a T.TileLayout(T.S[...]) applies here");
  int64_t ext[MAX_IT];
  for (int i = 0; i < lv.n; i++)
    if (!val_const(&lv.it[i].ext, &ext[i]))
      return ev_error(ev, a->loc, "apply: the layout's extents must be constants");
  const char *names[MAX_IT];
  Value sums[MAX_IT];
  int nax = 0;
  Lin x = lin_of(a->pos[0]);
  if (a->pos[0].kind != V_INT && !ev_index_expr(ev, a->pos[0], a->loc))
    return v_make(V_ERROR, a->loc);
  for (int i = 0; i < lv.n; i++) {
    int64_t inner = 1;
    for (int j = i + 1; j < lv.n; j++) inner *= ext[j];
    Lin c = i == 0 ? x : lin_mod(ev, x, ext[i] * inner, a->loc);
    c = lin_div(ev, c, inner, a->loc);
    Value cv = lin_value(ev, &c, a->loc);
    const char *axis = lv.it[i].axis ? lv.it[i].axis : tirx_intern0(ev->m, "m");
    int k = 0;
    while (k < nax && names[k] != axis) k++;
    int64_t z;
    bool zero = (val_const(&cv, &z) && z == 0) || (val_const(&lv.it[i].str, &z) && z == 0);
    Value term = zero ? v_int(0, a->loc) : vop(ev, OP_STAR, cv, lv.it[i].str, a->loc);
    if (term.kind == V_ERROR) return term;
    if (k == nax) {
      names[nax] = axis;
      sums[nax++] = term;
    } else if (!zero) {
      int64_t s0;
      sums[k] =
          val_const(&sums[k], &s0) && s0 == 0 ? term : vop(ev, OP_PLUS, sums[k], term, a->loc);
    }
  }
  Value d = v_make(V_DICT, a->loc);
  d.u.dict.keys = TIRX_NEWN(ev->m, Value, nax + 1);
  d.u.dict.vals = TIRX_NEWN(ev->m, Value, nax + 1);
  for (int k = 0; k < nax; k++) {
    d.u.dict.keys[k] = v_make(V_STR, a->loc);
    d.u.dict.keys[k].u.s.p = names[k];
    d.u.dict.keys[k].u.s.len = strlen(names[k]);
    d.u.dict.vals[k] = sums[k];
  }
  d.u.dict.n = nax;
  return d;
}

/* methods.def's rows of a layout (an E_LAYOUT expression) */
Value m_layout_apply(Eval *ev, const Method *m, Value self, Args *a, Ast *recv) {
  (void)m, (void)recv;
  return layout_apply(ev, self.u.e, a);
}

Value m_layout_tile_to(Eval *ev, const Method *m, Value self, Args *a, Ast *recv) {
  (void)m, (void)recv;
  return layout_tile_to(ev, self.u.e, a);
}

Value m_layout_canonicalize(Eval *ev, const Method *m, Value self, Args *a, Ast *recv) {
  (void)m, (void)recv;
  return layout_canonicalize(ev, self.u.e, a);
}
