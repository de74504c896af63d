/* flatten-buffer: N-d buffer accesses -> 1-d.
 *
 * require:   buffer layouts are the default (NULL), None, or a strided tile
 *            layout T.TileLayout(T.S[(e0, e1, ...):(s0, s1, ...)]) (also bare
 *            T.S[...], extents-only T.S[e0, e1] = row-major) whose strides
 *            are plain integer expressions (no `@ Axis`).  Any other layout
 *            on an accessed buffer is an error ("layout not supported yet").
 * guarantee: every E_LOAD / S_STORE has exactly one index (also those in a
 *            declared buffer's aliased pointer, data=T.address_of(B[i, j])):
 *              default layout   Σ i_k * stride_k  (declared strides, else
 *                               row-major strides of the shape)
 *              T.S layout       the buffer index is linearised row-major
 *                               over the shape and split over the layout
 *                               extents (identity when they equal the
 *                               shape), then Σ digit_k * s_k
 *            plus elem_offset, which is FOLDED into the index (so after this
 *            pass element i of a buffer is at data + i).  A vector index
 *            (E_RAMP in one dimension, strided/default layouts) stays a
 *            Ramp; a vload's vector dtype is kept.
 *            Allocated and declared buffers (S_ALLOC, S_DECL, T.Buffer
 *            aliases) are rewritten in place to 1-d: shape = (elem_offset +
 *            span,) where span = product of the shape (or Σ (e_k - 1) * s_k
 *            + 1 for explicit strides / layouts), no strides, no layout, no
 *            elem_offset.  Parameter buffers keep their N-d shape (the
 *            launch plan needs it); accesses go through a 1-d alias
 *            `A_flat = T.decl_buffer((span,), data=A.data)` declared at the
 *            top of each device region (after its attrs and launches), or at
 *            the top of the function when it has no device region.
 * breaks:    nothing; index expressions are left for simplify.
 */
#include <stdio.h>
#include <string.h>

#include "Transforms/xform.h"

typedef struct FlatBuf {
  Buffer *buf;
  bool is_param;    /* accessed through a per-region 1-d alias */
  bool reported;    /* unsupported layout already diagnosed */
  bool identity;    /* already 1-d with unit stride and no offset */
  bool unsupported; /* layout we cannot apply */
  bool data_done;   /* S_DECL: the accesses in its aliased pointer are rewritten */
  bool strided;     /* index = Σ i_k * stride[k] (else: linearise + split) */
  int nstr;
  Expr **stride;           /* strided: one per buffer dim; split: one per layout dim */
  Expr **lext;             /* split: layout extents */
  Expr *offset;            /* NULL = 0 */
  Expr *span;              /* extent of the flat buffer */
  int swz_m, swz_b, swz_s; /* T.ComposeLayout swizzle (swz_b 0: none) */
} FlatBuf;

typedef struct Flat {
  Module *m;
  TirxDiag *d;
  int errors;
  FlatBuf *bufs;
  int nbufs, cap;
  struct Scope *cur; /* the scope being rewritten */
} Flat;

/* The param aliases of one scope: a device region or the host part. */
typedef struct Scope {
  XfPtrVec alias_of, aliases; /* param Buffer* -> alias Buffer* */
  XfPtrVec decls;             /* their S_DECLs, in creation order */
} Scope;

static void scope_free(Scope *sc) {
  xf_vec_free(&sc->alias_of);
  xf_vec_free(&sc->aliases);
  xf_vec_free(&sc->decls);
}

/* Index arithmetic folds constants as it goes (simplify does the rest). */
static Expr *arith(Module *m, ExprKind k, Expr *a, Expr *b) {
  Expr *e = tirx_binary(m, k, a, b, xf_noloc());
  int64_t v;
  if (xf_const_int(e, &v)) return xf_int(m, a->dtype, v);
  return e;
}

static Expr *as_dtype(Module *m, Expr *e, DType t);

/* Index terms of different integer types meet in the wider one (TVM's
 * buffer indices mix int32 and int64: A[i, T.Cast("int64", j) * 8]); at equal
 * width a signed/unsigned mix is signed. */
static void unify(Module *m, Expr **a, Expr **b) {
  DType ta = (*a)->dtype, tb = (*b)->dtype;
  if (tirx_dtype_eq(ta, tb) || ta.lanes != 1 || tb.lanes != 1 || !tirx_dtype_is_int(ta) ||
      !tirx_dtype_is_int(tb))
    return;
  int ba = tirx_dtype_bits(ta), bb = tirx_dtype_bits(tb);
  DType t = ba > bb ? ta : bb > ba ? tb : tirx_dtype(ba == 64 ? DT_INT64 : DT_INT32);
  *a = as_dtype(m, *a, t);
  *b = as_dtype(m, *b, t);
}

static Expr *add(Module *m, Expr *a, Expr *b) {
  int64_t v;
  if (!a) return b;
  unify(m, &a, &b);
  if (xf_const_int(b, &v) && v == 0) return a;
  if (xf_const_int(a, &v) && v == 0) return b;
  return arith(m, E_ADD, a, b);
}

static Expr *mul(Module *m, Expr *a, Expr *b) {
  int64_t v;
  unify(m, &a, &b);
  if (xf_const_int(b, &v) && v == 1) return a;
  if (xf_const_int(a, &v) && v == 1) return b;
  return arith(m, E_MUL, a, b);
}

static Expr *as_dtype(Module *m, Expr *e, DType t) {
  if (tirx_dtype_eq(e->dtype, t)) return e;
  if (e->kind == E_INT) return tirx_int(m, t, e->u.i.v, e->loc);
  return tirx_cast(m, t, e, e->loc);
}

/* Items of a tuple/list, or the expression itself as a 1-item list. */
static int items_of(Expr *e, Expr ***out) {
  if (e->kind == E_TUPLE || e->kind == E_LIST) {
    *out = e->u.list.items;
    return e->u.list.n;
  }
  *out = NULL;
  return 1;
}

/* Axis-tagged strides are calls/layout nodes: plain arithmetic only. */
static bool plain_int(Expr *e) {
  if (!tirx_dtype_is_int(e->dtype)) return false;
  switch ((ExprKind)e->kind) {
  case E_INT:
  case E_VAR: return true;
  case E_ADD:
  case E_SUB:
  case E_MUL:
  case E_FLOORDIV:
  case E_FLOORMOD:
  case E_MIN:
  case E_MAX: return plain_int(e->u.bin.a) && plain_int(e->u.bin.b);
  case E_CAST: return plain_int(e->u.un.a);
  default: return false;
  }
}

static bool is_layout(const Expr *e, const char *name) {
  return e && e->kind == E_LAYOUT && e->u.call.name && strcmp(e->u.call.name, name) == 0;
}

/* Reads the layout of b into fb.  Returns false (fb->unsupported) when the
 * layout is not default/None/strided. */
static bool read_layout(Flat *F, Buffer *b, FlatBuf *fb) {
  Module *m = F->m;
  Expr *lay = b->layout;
  if (lay && lay->kind == E_STR && lay->u.s.len == 7 && memcmp(lay->u.s.p, "default", 7) == 0)
    lay = NULL;
  if (!lay || lay->kind == E_NONE) {
    fb->strided = true;
    fb->nstr = b->ndim;
    fb->stride = TIRX_NEWN(m, Expr *, b->ndim > 0 ? b->ndim : 1);
    if (b->nstrides == b->ndim && b->nstrides > 0) {
      for (int k = 0; k < b->ndim; k++) fb->stride[k] = b->strides[k];
    } else {
      Expr *s = tirx_int(m, b->ndim ? b->shape[b->ndim - 1]->dtype : xf_i32(), 1, xf_noloc());
      for (int k = b->ndim - 1; k >= 0; k--) {
        fb->stride[k] = s;
        s = mul(m, b->shape[k], s);
      }
    }
    return true;
  }
  /* T.ComposeLayout(per_element M, swizzle_len B, atom_len S, tile): the tile
   * layout's offset o, then o ^ (((o >> (M + S)) & (2^B - 1)) << M) (TVM's
   * swizzle; swizzle_inner=False is not supported) */
  if (is_layout(lay, "T.ComposeLayout") && lay->u.call.n == 4 && lay->u.call.nkw == 0) {
    int64_t v[3];
    for (int k = 0; k < 3; k++)
      if (!xf_const_int(lay->u.call.args[k], &v[k]) || v[k] < 0 || v[k] > 16) {
        fb->unsupported = true;
        return false;
      }
    fb->swz_m = (int)v[0];
    fb->swz_b = (int)v[1];
    fb->swz_s = (int)v[2];
    lay = lay->u.call.args[3];
  }
  if (is_layout(lay, "T.TileLayout") && lay->u.call.n == 1 && lay->u.call.nkw == 0)
    lay = lay->u.call.args[0];
  if (!is_layout(lay, "T.S") || lay->u.call.n < 1 || lay->u.call.n > 2 || lay->u.call.nkw) {
    fb->unsupported = true;
    return false;
  }
  Expr **ext0, **str0 = NULL;
  int ne = items_of(lay->u.call.args[0], &ext0);
  if (!ext0) ext0 = &lay->u.call.args[0];
  int ns = ne;
  if (lay->u.call.n == 2) {
    ns = items_of(lay->u.call.args[1], &str0);
    if (!str0) str0 = &lay->u.call.args[1];
  }
  Expr **ext = TIRX_NEWN(m, Expr *, ne > 0 ? ne : 1), **str = NULL;
  memcpy(ext, ext0, sizeof *ext * (size_t)ne);
  if (str0 && ns == ne) {
    str = TIRX_NEWN(m, Expr *, ne > 0 ? ne : 1);
    memcpy(str, str0, sizeof *str * (size_t)ne);
  }
  if (ns != ne) {
    fb->unsupported = true;
    return false;
  }
  for (int k = 0; k < ne; k++)
    if (!plain_int(ext[k]) || (str && !plain_int(str[k]))) {
      fb->unsupported = true;
      return false;
    }
  /* Layout literals are Python values (pod); index arithmetic wants IR ints. */
  for (int k = 0; k < ne; k++) {
    if (ext[k]->kind == E_INT) ext[k] = xf_int(m, xf_i32(), ext[k]->u.i.v);
    if (str && str[k]->kind == E_INT) str[k] = xf_int(m, xf_i32(), str[k]->u.i.v);
  }
  fb->nstr = ne;
  fb->stride = TIRX_NEWN(m, Expr *, ne);
  fb->lext = TIRX_NEWN(m, Expr *, ne);
  Expr *s = tirx_i32(m, 1);
  for (int k = ne - 1; k >= 0; k--) {
    fb->lext[k] = ext[k];
    fb->stride[k] = str ? str[k] : s;
    s = mul(m, ext[k], s);
  }
  /* Layout extents equal to the shape: a plain strided map. */
  bool same = ne == b->ndim;
  for (int k = 0; same && k < ne; k++) {
    int64_t x, y;
    same = xf_expr_equal(ext[k], b->shape[k]) ||
           (xf_const_int(ext[k], &x) && xf_const_int(b->shape[k], &y) && x == y);
  }
  fb->strided = same;
  return true;
}

static FlatBuf *info(Flat *F, Buffer *b) {
  for (int i = 0; i < F->nbufs; i++)
    if (F->bufs[i].buf == b) return &F->bufs[i];
  if (F->nbufs == F->cap) {
    F->cap = F->cap ? F->cap * 2 : 16;
    FlatBuf *nb = TIRX_NEWN(F->m, FlatBuf, F->cap);
    if (F->nbufs) memcpy(nb, F->bufs, sizeof *nb * (size_t)F->nbufs);
    F->bufs = nb;
  }
  FlatBuf *fb = &F->bufs[F->nbufs++];
  memset(fb, 0, sizeof *fb);
  fb->buf = b;
  int64_t off = 0;
  if (b->elem_offset && !(xf_const_int(b->elem_offset, &off) && off == 0))
    fb->offset = b->elem_offset;
  if (!read_layout(F, b, fb)) return fb;
  /* span of the flat storage */
  Module *m = F->m;
  if (fb->strided && !b->layout && b->nstrides == 0) {
    Expr *p = NULL;
    for (int k = 0; k < b->ndim; k++) p = p ? mul(m, p, b->shape[k]) : b->shape[k];
    fb->span = p ? p : tirx_i32(m, 1);
  } else {
    Expr *sp = NULL;
    Expr **ext = fb->lext ? fb->lext : b->shape;
    for (int k = 0; k < fb->nstr; k++) {
      Expr *e1 = arith(m, E_SUB, ext[k], tirx_int(m, ext[k]->dtype, 1, xf_noloc()));
      sp = add(m, sp, mul(m, e1, as_dtype(m, fb->stride[k], e1->dtype)));
    }
    fb->span = sp ? add(m, sp, tirx_int(m, sp->dtype, 1, xf_noloc())) : tirx_i32(m, 1);
  }
  int64_t st;
  fb->identity =
      b->ndim == 1 && fb->strided && !fb->offset && xf_const_int(fb->stride[0], &st) && st == 1;
  return fb;
}

static Expr *bitcall(Module *m, IntrinId id, Expr *a, Expr *b) {
  Expr **args = TIRX_NEWN(m, Expr *, 2);
  args[0] = a;
  args[1] = as_dtype(m, b, a->dtype);
  return tirx_call(m, tirx_intrin(id), a->dtype, args, 2, xf_noloc());
}

/* o ^ (((o >> (M + S)) & (2^B - 1)) << M), folded for a constant o */
static Expr *swizzle(Module *m, Expr *o, int M, int B, int S) {
  int64_t c;
  if (xf_const_int(o, &c))
    return xf_int(m, o->dtype, c ^ (((c >> (M + S)) & ((1ll << B) - 1)) << M));
  Expr *hi = bitcall(m, I_SHIFT_RIGHT, o, xf_int(m, o->dtype, M + S));
  hi = bitcall(m, I_BITWISE_AND, hi, xf_int(m, o->dtype, (1ll << B) - 1));
  hi = bitcall(m, I_SHIFT_LEFT, hi, xf_int(m, o->dtype, M));
  return bitcall(m, I_BITWISE_XOR, o, hi);
}

/* The flat index of b[idx...]; NULL on error. */
static Expr *flat_index(Flat *F, FlatBuf *fb, Expr **idx, int n, Loc loc) {
  Module *m = F->m;
  Buffer *b = fb->buf;
  if (n != b->ndim) {
    xf_error(F->d, loc, "buffer '%s' has %d dimension%s but is indexed with %d", b->name, b->ndim,
             b->ndim == 1 ? "" : "s", n);
    return NULL;
  }
  Expr *sum = NULL;
  Expr *ramp = NULL; /* at most one vector index */
  if (fb->strided) {
    for (int k = 0; k < n; k++) {
      Expr *i = idx[k];
      Expr *s = fb->stride[k];
      if (i->kind == E_RAMP) {
        if (ramp) {
          xf_error(F->d, loc, "vector indices in more than one dimension of '%s'", b->name);
          return NULL;
        }
        Expr *r = tirx_expr_new(m, E_RAMP, i->dtype, i->loc);
        s = as_dtype(m, s, i->u.ramp.base->dtype);
        r->u.ramp.base = mul(m, i->u.ramp.base, s);
        r->u.ramp.stride = mul(m, i->u.ramp.stride, s);
        r->u.ramp.lanes = i->u.ramp.lanes;
        ramp = r;
        continue;
      }
      if (i->dtype.lanes > 1) {
        xf_error(F->d, loc, "vector index into '%s' is not a T.Ramp", b->name);
        return NULL;
      }
      sum = add(m, sum, mul(m, i, as_dtype(m, s, i->dtype)));
    }
  } else {
    /* Linearise row-major over the shape, then split over the layout. */
    Expr *lin = NULL;
    for (int k = 0; k < n; k++) {
      if (idx[k]->dtype.lanes > 1) {
        xf_error(F->d, loc, "vector access into '%s' with a reshaping layout is not supported yet",
                 b->name);
        return NULL;
      }
      lin = lin ? add(m, mul(m, lin, as_dtype(m, b->shape[k], lin->dtype)), idx[k]) : idx[k];
    }
    Expr *below = NULL; /* product of the layout extents inside dim k */
    for (int k = fb->nstr - 1; k >= 0; k--) {
      DType t = lin->dtype;
      Expr *dgt = below ? tirx_binary(m, E_FLOORDIV, lin, below, xf_noloc()) : lin;
      if (k > 0) dgt = tirx_binary(m, E_FLOORMOD, dgt, as_dtype(m, fb->lext[k], t), xf_noloc());
      sum = add(m, sum, mul(m, dgt, as_dtype(m, fb->stride[k], t)));
      below = below ? mul(m, below, as_dtype(m, fb->lext[k], t)) : as_dtype(m, fb->lext[k], t);
    }
  }
  if (fb->swz_b) {
    if (ramp) {
      xf_error(F->d, loc, "vector access into the swizzled buffer '%s' is not supported yet",
               b->name);
      return NULL;
    }
    if (!sum) sum = tirx_i32(m, 0);
    sum = swizzle(m, sum, fb->swz_m, fb->swz_b, fb->swz_s);
  }
  if (fb->offset) {
    DType t = sum ? sum->dtype : ramp->u.ramp.base->dtype;
    sum = add(m, sum, as_dtype(m, fb->offset, t));
  }
  if (ramp) {
    if (sum)
      ramp->u.ramp.base = add(m, as_dtype(m, sum, ramp->u.ramp.base->dtype), ramp->u.ramp.base);
    return ramp;
  }
  return sum ? sum : tirx_i32(m, 0);
}

static FlatBuf *accessed(Flat *F, Buffer *b, Loc loc) {
  FlatBuf *fb = info(F, b);
  if (fb->unsupported) {
    if (!fb->reported) {
      xf_error(
          F->d, loc,
          "layout of buffer '%s' not supported yet (only default, "
          "T.TileLayout(T.S[extents:strides]) and T.ComposeLayout swizzles of it can be flattened)",
          b->name);
      F->errors++;
      fb->reported = true;
    }
    return NULL;
  }
  return fb;
}

/* The buffer an access to fb goes to: a param's alias in the current scope
 * (created on first use), or the buffer itself. */
static Buffer *target(Flat *F, FlatBuf *fb) {
  if (!fb->is_param) return fb->buf;
  Scope *sc = F->cur;
  int i = xf_vec_index(&sc->alias_of, fb->buf);
  if (i >= 0) return sc->aliases.items[i];
  Module *m = F->m;
  Buffer *b = fb->buf;
  Buffer *a = tirx_buffer_new(m, tirx_intern_printf(m, "%s_flat", b->name), b->dtype, 1, b->loc);
  a->shape[0] = fb->span;
  a->scope = b->scope;
  a->align = b->align;
  a->decl_data = tirx_varref(m, b->data, b->loc);
  a->data->ptr_scope = b->data->ptr_scope;
  Stmt *d = tirx_stmt_new(m, S_DECL, b->loc);
  d->u.alloc.buf = a;
  xf_vec_push(&sc->alias_of, b);
  xf_vec_push(&sc->aliases, a);
  xf_vec_push(&sc->decls, d);
  return a;
}

static Expr *flat_load(IRMutator *mu, Expr *e) {
  if (e->kind != E_LOAD) return e;
  Flat *F = mu->ctx;
  FlatBuf *fb = accessed(F, e->u.load.buf, e->loc);
  if (!fb || fb->identity) return e;
  Expr *i = flat_index(F, fb, e->u.load.idx, e->u.load.n, e->loc);
  if (!i) {
    F->errors++;
    return e;
  }
  Expr *r = tirx_expr_new(F->m, E_LOAD, e->dtype, e->loc);
  r->u.load = e->u.load;
  r->u.load.buf = target(F, fb);
  r->u.load.idx = TIRX_NEWN(F->m, Expr *, 1);
  r->u.load.idx[0] = i;
  r->u.load.n = 1;
  return r;
}

static Stmt *flat_store(IRMutator *mu, Stmt *s) {
  if (s->kind != S_STORE) return s;
  Flat *F = mu->ctx;
  FlatBuf *fb = accessed(F, s->u.store.buf, s->loc);
  if (!fb || fb->identity) return s;
  Expr *i = flat_index(F, fb, s->u.store.idx, s->u.store.n, s->loc);
  if (!i) {
    F->errors++;
    return s;
  }
  Stmt *r = tirx_stmt_new(F->m, S_STORE, s->loc);
  r->u.store = s->u.store;
  r->u.store.buf = target(F, fb);
  r->u.store.idx = TIRX_NEWN(F->m, Expr *, 1);
  r->u.store.idx[0] = i;
  r->u.store.n = 1;
  return r;
}

/* A declared buffer's aliased pointer can hold accesses too
 * (data=T.address_of(B[0, 0, 0])): rewritten in place, once per buffer. */
static Buffer *flat_decl(IRMutator *mu, Buffer *b) {
  Flat *F = mu->ctx;
  if (!b->decl_data || info(F, b)->data_done) return b;
  info(F, b)->data_done = true;
  b->decl_data = tirx_mutate_expr(mu, b->decl_data);
  return b;
}

static Stmt *rewrite(Flat *F, Stmt *s, Scope *sc) {
  F->cur = sc;
  IRMutator mu = {.ctx = F, .m = F->m, .expr = flat_load, .stmt = flat_store, .decl = flat_decl};
  return tirx_mutate_stmt(&mu, s);
}

/* Device regions are flat markers, so they sit only under sequences and
 * node-0 attrs: each is rewritten with its own aliases, declared at its top;
 * every other statement belongs to the host scope. */
static Stmt *flatten_regions(Flat *F, Stmt *s, Scope *host) {
  if (xf_is_device_entry(s)) {
    Scope sc = {0};
    Stmt *body = rewrite(F, s->u.attr.body, &sc);
    if (sc.decls.n) body = xf_insert_decls(F->m, body, (Stmt **)sc.decls.items, sc.decls.n);
    scope_free(&sc);
    Stmt *r = tirx_stmt_new(F->m, S_ATTR, s->loc);
    *r = *s;
    r->u.attr.body = body;
    return r;
  }
  if (s->kind == S_SEQ) {
    Stmt **items = TIRX_NEWN(F->m, Stmt *, s->u.seq.n);
    for (int i = 0; i < s->u.seq.n; i++) items[i] = flatten_regions(F, s->u.seq.items[i], host);
    return tirx_seq(F->m, items, s->u.seq.n, s->loc);
  }
  if (s->kind == S_ATTR && s->u.attr.body) {
    Stmt *r = tirx_stmt_new(F->m, S_ATTR, s->loc);
    *r = *s;
    r->u.attr.body = flatten_regions(F, s->u.attr.body, host);
    return r;
  }
  return rewrite(F, s, host);
}

static void flatten_in_place(FlatBuf *fb, Module *m) {
  Buffer *b = fb->buf;
  if (fb->identity || fb->unsupported || fb->is_param) return;
  b->ndim = 1;
  b->shape = TIRX_NEWN(m, Expr *, 1);
  b->shape[0] = fb->span;
  /* The folded offset moves the accesses, so the 1-d view starts at data. */
  if (fb->offset) b->shape[0] = add(m, as_dtype(m, fb->offset, fb->span->dtype), fb->span);
  b->nstrides = 0;
  b->strides = NULL;
  b->layout = NULL;
  b->elem_offset = NULL;
}

static int flatten_func(Flat *F, PrimFunc *f) {
  F->nbufs = 0;
  for (int i = 0; i < f->nparams; i++)
    if (f->params[i].buf) info(F, f->params[i].buf)->is_param = true;
  int before = F->errors;
  Scope host = {0};
  Stmt *body = flatten_regions(F, f->body, &host);
  if (host.decls.n) body = xf_insert_decls(F->m, body, (Stmt **)host.decls.items, host.decls.n);
  scope_free(&host);
  if (F->errors > before) return 1;
  /* Allocated / declared buffers become 1-d in place, once every access
   * has been rewritten with their original shape. */
  XfPtrVec bufs = {0};
  xf_collect_buffers(body, &bufs);
  for (int i = 0; i < bufs.n; i++) flatten_in_place(info(F, bufs.items[i]), F->m);
  xf_vec_free(&bufs);
  f->body = body;
  return 0;
}

int xf_flatten_buffer(Module *m, TirxDiag *d) {
  Flat F;
  memset(&F, 0, sizeof F);
  F.m = m;
  F.d = d;
  int rc = 0;
  for (int i = 0; i < m->nfuncs; i++)
    if (m->funcs[i]->body && flatten_func(&F, m->funcs[i])) rc = 1;
  return rc || F.errors ? 1 : 0;
}
