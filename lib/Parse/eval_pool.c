/* T.SMEMPool (a parse-time bump allocator over the dynamic shared-memory
 * arena) and buffer views (A.view, A.permute).
 *
 * Both are Python objects in TVM that emit IR when called; here they resolve
 * at parse time into plain IR that prints and re-parses without them:
 *   pool = T.SMEMPool()          → pool = T.alloc_buffer((0,), "uint8", scope="shared.dyn")
 *   A = pool.alloc((64,), "f16") → A = T.decl_buffer((64,), "float16", data=pool.data,
 *                                                    elem_offset=K, scope="shared.dyn")
 *   pool.commit()                → T.attr({"tirx.dyn_smem_bytes": HIGH_WATER})
 *   B = A.view(16, 4)            → B = T.decl_buffer((16, 4), data=A.data, ...)
 *   C = A.permute(1, 0)          → C = T.decl_buffer(..., layout=T.TileLayout(T.S[...]))
 */
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

#include "Parse/eval_tirx.h"
#include "tirx/internal/layout.h"

typedef struct SmemPool {
  Buffer *arena;  /* the uint8 shared.dyn allocation (NULL: external pointer) */
  Expr *ptr;      /* data pointer the views alias */
  int64_t cursor; /* bytes */
  int64_t high;   /* high-water mark, bytes */
  bool committed;
  int64_t committed_size; /* what commit() announced (the arena's launch size) */
} SmemPool;

static bool const_shape(Eval *ev, Buffer *b, int64_t *numel) {
  *numel = 1;
  for (int i = 0; i < b->ndim; i++) {
    int64_t c;
    if (!tirx_expr_is_const_int(b->shape[i], &c)) {
      ev_error(ev, b->loc, "a pool allocation needs a constant shape");
      return false;
    }
    if (__builtin_mul_overflow(*numel, c, numel)) {
      ev_error(ev, b->loc, "the size of pool allocation '%s' overflows 64 bits", b->name);
      return false;
    }
  }
  return true;
}

Value ev_smem_pool(Eval *ev, Args *a) {
  if (!ev->tx->in_device)
    return ev_error(ev, a->loc, "T.SMEMPool() is only valid after T.device_entry()");
  SmemPool *p = TIRX_NEW(ev->m, SmemPool);
  Value *ext = ev_arg(a, 0, "ptr");
  if (ext && ext->kind != V_NONE) {
    p->ptr = ev_to_expr(ev, *ext, "a pointer");
    if (!p->ptr) return v_make(V_ERROR, a->loc);
    if (!tirx_dtype_is_handle(p->ptr->dtype))
      return ev_error(ev, ext->loc, "T.SMEMPool(ptr) needs a pointer");
  } else {
    /* TVM 0.27's parser names it after the pool's `buf` attribute: pool -> pool_buf;
     * traced through the IRBuilder nothing is named: TVM's default "buffer" */
    const char *name = ev->name_hint         ? tirx_intern_printf(ev->m, "%s_buf", ev->name_hint)
                       : ev_irb_building(ev) ? "buffer"
                                             : "pool_buf";
    Buffer *b = tirx_buffer_new(ev->m, name, tirx_dtype(DT_UINT8), 1, a->loc);
    b->shape[0] = tirx_i32(ev->m, 0);
    b->scope = tirx_intern0(ev->m, tirx_scope_name(MEM_SHARED_DYN));
    b->data->ptr_scope = b->scope;
    Stmt *s = tirx_stmt_new(ev->m, S_ALLOC, a->loc);
    s->u.alloc.buf = b;
    ev_emit(ev, s);
    p->arena = b;
    p->ptr = tirx_varref(ev->m, b->data, a->loc);
  }
  Value v = v_make(V_POOL, a->loc);
  v.u.pool = p;
  return v;
}

static Value pool_alloc(Eval *ev, SmemPool *p, Args *a) {
  static const char *const kws[] = {"shape", "dtype", "strides", "scope", "align", "layout", NULL};
  if (!ev_check_kw(ev, a, "pool.alloc", kws)) return v_make(V_ERROR, a->loc);
  int64_t align = 0;
  Value *av = ev_kwarg(a, "align");
  if (av && !ev_get_int(ev, *av, &align, "align")) return v_make(V_ERROR, a->loc);
  if (align < 0 || (align & (align - 1)))
    return ev_error(ev, av->loc, "align must be a power of two");
  /* reuse the buffer builder for shape/dtype/strides/layout, without align */
  Args b = *a;
  b.kwn = TIRX_NEWN(ev->m, const char *, a->nkw + 3);
  b.kwv = TIRX_NEWN(ev->m, Value, a->nkw + 3);
  b.nkw = 0;
  for (int i = 0; i < a->nkw; i++)
    if (strcmp(a->kwn[i], "align") != 0) {
      b.kwn[b.nkw] = a->kwn[i];
      b.kwv[b.nkw++] = a->kwv[i];
    }
  if (!ev_kwarg(&b, "scope")) {
    b.kwn[b.nkw] = "scope";
    b.kwv[b.nkw] = v_make(V_STR, a->loc);
    b.kwv[b.nkw].u.s.p = tirx_scope_name(MEM_SHARED_DYN);
    b.kwv[b.nkw++].u.s.len = strlen(tirx_scope_name(MEM_SHARED_DYN));
  }
  Buffer *buf = ev_make_buffer(ev, &b, "pool.alloc", tirx_scope_name(MEM_SHARED_DYN), false);
  if (!buf) return v_make(V_ERROR, a->loc);
  int64_t numel;
  if (!const_shape(ev, buf, &numel)) return v_make(V_ERROR, a->loc);
  int bits = tirx_dtype_bits(buf->dtype) * buf->dtype.lanes;
  if (align > 1) p->cursor = (p->cursor + align - 1) / align * align;
  if ((p->cursor * 8) % (bits ? bits : 8))
    return ev_error(ev, a->loc,
                    "pool cursor %lld is not a multiple of the element size; pass align=",
                    (long long)p->cursor);
  if (align > 0) buf->align = (int)align; /* TVM passes it to decl_buffer */
  buf->decl_data = p->ptr;
  if (align > 0) buf->align = (int)align; /* TVM's decl_buffer keeps it: printed align=N */
  buf->elem_offset = tirx_i32(ev->m, p->cursor * 8 / (bits ? bits : 8));
  Stmt *s = tirx_stmt_new(ev->m, S_DECL, a->loc);
  s->u.alloc.buf = buf;
  ev_emit(ev, s);
  int64_t nbits;
  if (__builtin_mul_overflow(numel, (int64_t)bits, &nbits) ||
      __builtin_add_overflow(p->cursor, nbits / 8 + (nbits % 8 != 0), &p->cursor))
    return ev_error(ev, a->loc, "the pool's size overflows 64 bits");
  /* TVM 0.27 allows an allocation after commit(size) (kern commits its announced size
   * first); past that size it would overlap what the launch does not reserve */
  if (p->committed && p->arena && p->cursor > p->committed_size)
    return ev_error(ev, a->loc,
                    "pool.alloc after pool.commit() ends at byte %lld, past the committed size "
                    "of %lld bytes",
                    (long long)p->cursor, (long long)p->committed_size);
  if (p->cursor > p->high) p->high = p->cursor;
  Value v = v_make(V_BUFFER, a->loc);
  v.u.buf = buf;
  return v;
}

/* The pool's data attributes, as TVM 0.27's SMEMPool has them: offset (the
 * cursor, bytes), max_offset (the high-water mark; 0 over caller-owned memory),
 * ptr (the data pointer) and buf (the arena, None over caller-owned memory). */
bool ev_pool_field(Eval *ev, SmemPool *p, const char *name, Loc loc, Value *out) {
  if (strcmp(name, "offset") == 0) *out = v_int(p->cursor, loc);
  else if (strcmp(name, "max_offset") == 0) *out = v_int(p->arena ? p->high : 0, loc);
  else if (strcmp(name, "ptr") == 0) *out = v_expr(p->ptr, loc);
  else if (strcmp(name, "buf") == 0 && !p->arena) *out = v_make(V_NONE, loc);
  else if (strcmp(name, "buf") == 0) *out = v_make(V_BUFFER, loc), out->u.buf = p->arena;
  else return false;
  (void)ev;
  return true;
}

/* pool.alloc_tcgen05_mma_AB(shape, dtype="float16", swizzle_mode="auto", align=1024):
 * an MMA operand tile.  Its layout (the swizzle mode resolved, the shape checked
 * against the atom, mma_shared_layout) is the prelude's _mma_ab_layout in
 * tvm.backend.cuda.lang.alloc_pool; the allocation is pool.alloc's. */
static Value pool_alloc_mma_ab(Eval *ev, SmemPool *p, Args *a) {
  static const char *const kws[] = {"shape", "dtype", "swizzle_mode", "align", NULL};
  if (!ev_check_kw(ev, a, "pool.alloc_tcgen05_mma_AB", kws)) return v_make(V_ERROR, a->loc);
  if (a->npos > 4)
    return ev_error(ev, a->loc, "pool.alloc_tcgen05_mma_AB takes at most 4 arguments, got %d",
                    a->npos);
  Value *shape = ev_arg(a, 0, "shape"), *dt = ev_arg(a, 1, "dtype"),
        *sw = ev_arg(a, 2, "swizzle_mode"), *al = ev_arg(a, 3, "align");
  if (!shape)
    return ev_error(ev, a->loc, "pool.alloc_tcgen05_mma_AB() missing required argument 'shape'");
  Value dtype = dt ? *dt : v_make(V_STR, a->loc), mode = sw ? *sw : v_make(V_STR, a->loc);
  if (!dt) dtype.u.s.p = "float16", dtype.u.s.len = 7;
  if (!sw) mode.u.s.p = "auto", mode.u.s.len = 4;
  Value fn;
  const char *hint = ev->name_hint;
  if (!ev_import_name(ev, "tvm.backend.cuda.lang.alloc_pool", "_mma_ab_layout", a->loc, &fn))
    return v_make(V_ERROR, a->loc);
  Value largs[3] = {*shape, dtype, mode};
  Args la = {.pos = largs, .npos = 3, .loc = a->loc};
  Value layout = ev_call_value(ev, fn, &la);
  ev->name_hint = hint;
  if (layout.kind == V_ERROR) return layout;
  /* pool.alloc(shape, dtype, align=align, layout=layout) */
  Value pos[2] = {*shape, dtype};
  const char *kwn[2] = {"align", "layout"};
  Value kwv[2] = {al ? *al : v_int(1024, a->loc), layout};
  Args b = {.pos = pos, .npos = 2, .kwn = kwn, .kwv = kwv, .nkw = 2, .loc = a->loc};
  return pool_alloc(ev, p, &b);
}

/* methods.def's rows of a T.SMEMPool */
Value m_pool_alloc(Eval *ev, const Method *m, Value self, Args *a, Ast *recv) {
  (void)m, (void)recv;
  return pool_alloc(ev, self.u.pool, a);
}

Value m_pool_alloc_mma_ab(Eval *ev, const Method *m, Value self, Args *a, Ast *recv) {
  (void)m, (void)recv;
  return pool_alloc_mma_ab(ev, self.u.pool, a);
}

Value m_pool_move_base_to(Eval *ev, const Method *m, Value self, Args *a, Ast *recv) {
  (void)m, (void)recv;
  SmemPool *p = self.u.pool;
  int64_t off;
  Value *ov = ev_arg(a, 0, "offset");
  if (!ov || !ev_get_int(ev, *ov, &off, "offset")) return v_make(V_ERROR, a->loc);
  if (off < 0) return ev_error(ev, ov->loc, "pool offset must be non-negative");
  p->cursor = off;
  if (p->arena && off > p->high) p->high = off; /* TVM 0.27: the move counts toward the size */
  return v_make(V_NONE, a->loc);
}

/* pool.commit([size]): the arena's size, a launch parameter */
Value m_pool_commit(Eval *ev, const Method *m, Value self, Args *a, Ast *recv) {
  (void)m, (void)recv;
  SmemPool *p = self.u.pool;
  if (p->committed) return ev_error(ev, a->loc, "pool.commit() called twice");
  p->committed = true;
  int64_t size = p->high;
  Value *sv = ev_arg(a, 0, "size");
  if (sv && sv->kind != V_NONE) {
    int64_t want;
    if (!ev_get_int(ev, *sv, &want, "size")) return v_make(V_ERROR, a->loc);
    if (p->arena && want < size)
      return ev_error(ev, sv->loc,
                      "pool.commit(size=%lld) is below the pool's high-water mark of %lld bytes",
                      (long long)want, (long long)size);
    size = want;
  }
  p->committed_size = size;
  if (!p->arena) return v_make(V_NONE, a->loc); /* caller-owned memory */
  /* the arena size is a launch parameter: TVM 0.27's commit() adds an
   * int64 attribute statement over an empty body where it is called */
  Stmt *s = tirx_stmt_new(ev->m, S_ATTR, a->loc);
  s->u.attr.key = tirx_intern0(ev->m, tirx_attr_name(ATTR_DYN_SMEM_BYTES));
  s->u.attr.value = tirx_int(ev->m, tirx_dtype(DT_INT64), size, a->loc);
  Stmt *body = tirx_stmt_new(ev->m, S_EVAL, a->loc);
  body->u.eval.e = tirx_i32(ev->m, 0);
  s->u.attr.body = body;
  ev_emit(ev, s);
  Value r = v_make(V_NONE, a->loc);
  r.stmt_done = true;
  return r;
}

/* ---- views --------------------------------------------------------------- */

/* T.TileLayout(T.S[e[0]:e[1]]) */
static Expr *tile_layout(Eval *ev, Expr *e[2], Loc loc) {
  Expr **sa = TIRX_NEWN(ev->m, Expr *, 2), **ta = TIRX_NEWN(ev->m, Expr *, 1);
  sa[0] = e[0];
  sa[1] = e[1];
  ta[0] = ev_layout_node(ev, "T.S", sa, 2, loc);
  return ev_layout_node(ev, "T.TileLayout", ta, 1, loc);
}


/* A view is a new T.decl_buffer: unnamed (TVM's default "buffer") until a
 * kernel's `x = ...` names it. */
static Buffer *view_of(Eval *ev, Buffer *b, DType t, int ndim, Loc loc) {
  Buffer *v = tirx_buffer_new(ev->m, ev->name_hint ? ev->name_hint : "buffer", t, ndim, loc);
  v->scope = b->scope;
  v->data->ptr_scope = b->scope;
  v->decl_data = tirx_varref(ev->m, b->data, loc);
  v->elem_offset = b->elem_offset;
  v->align = b->align;
  v->offset_factor = b->offset_factor;
  return v;
}

static Value emit_view(Eval *ev, Buffer *v, Loc loc) {
  const Expr *d = v->decl_data;
  const Buffer *src =
      d && d->kind == E_VAR && d->u.var->kind == VAR_BUFDATA ? d->u.var->buffer : NULL;
  bool tmem = src && tirx_scope_is(src->scope, MEM_TMEM) && src->allocated_addr;
  if (tmem) {
    /* TVM 0.27 aliases a tmem buffer by its column address: a T.decl_buffer
     * without data, at the source's allocated_addr */
    v->decl_data = NULL;
    v->elem_offset = NULL;
    v->offset_factor = 0;
    v->view_of = NULL;
    v->decl_no_data = true;
    v->allocated_addr = src->allocated_addr;
  }
  Stmt *s = tirx_stmt_new(ev->m, tmem ? S_ALLOC : S_DECL, loc);
  s->u.alloc.buf = v;
  ev_emit(ev, s);
  Value r = v_make(V_BUFFER, loc);
  r.u.buf = v;
  return r;
}

/* The layout= keyword of a view (NULL: none given). */
static bool view_layout(Eval *ev, Args *a, Expr **out) {
  *out = NULL;
  Value *v = ev_kwarg(a, "layout");
  if (!v || v->kind == V_NONE) return true;
  Expr *l = ev_to_expr(ev, *v, "layout");
  if (!l) return false;
  if (l->kind != E_LAYOUT) {
    ev_error(ev, v->loc, "layout= must be a T.TileLayout(...) or T.ComposeLayout(...)");
    return false;
  }
  *out = l;
  return true;
}

/* T.TileLayout(T.S[ext:str]) (one dimension: T.S[e:s]). */
static Expr *mk_tile(Eval *ev, const int64_t *ext, const int64_t *str, int n, Loc loc) {
  Expr *e[2];
  for (int k = 0; k < 2; k++) {
    const int64_t *src = k ? str : ext;
    if (n == 1) {
      e[k] = tirx_i32(ev->m, src[0]);
      continue;
    }
    e[k] = tirx_expr_new(ev->m, E_TUPLE, tirx_dtype(DT_VOID), loc);
    e[k]->u.list.n = n;
    e[k]->u.list.items = TIRX_NEWN(ev->m, Expr *, n);
    for (int i = 0; i < n; i++) e[k]->u.list.items[i] = tirx_i32(ev->m, src[i]);
  }
  return tile_layout(ev, e, loc);
}

/* a * k, folded where a is a constant or k is 1 (as TVM's arithmetic on a
 * shape does) */
static Expr *mul_k(Eval *ev, Expr *a, int64_t k, Loc loc) {
  int64_t c;
  if (k == 1) return a;
  if (tirx_expr_is_const_int(a, &c)) return tirx_int(ev->m, a->dtype, c * k, loc);
  return tirx_binary(ev->m, E_MUL, a, tirx_int(ev->m, a->dtype, k, loc), loc);
}

/* The layout TVM 0.27's Layout.unpack(r) makes of a default (row-major)
 * layout over a shape with a symbolic extent: T.S[(d0, ..., dn-1, r):(s0 * r,
 * ..., r, 1)], si the product of the extents after di. */
static Expr *unpacked_row_major(Eval *ev, const Buffer *b, int64_t r, Loc loc) {
  int n = b->ndim;
  Expr *e[2];
  for (int k = 0; k < 2; k++) {
    e[k] = tirx_expr_new(ev->m, E_TUPLE, tirx_dtype(DT_VOID), loc);
    e[k]->u.list.n = n + 1;
    e[k]->u.list.items = TIRX_NEWN(ev->m, Expr *, n + 1);
  }
  /* TVM's default kept on the buffer (Buffer.layout_default): its own strides,
   * typed as TVM's (T.S[(1, n):(n, T.uint32(1))]) */
  const Expr *kept = NULL;
  if (b->layout_default && b->layout->kind == E_LAYOUT && b->layout->u.call.n == 1) {
    const Expr *sl = b->layout->u.call.args[0];
    if (sl->kind == E_LAYOUT && sl->u.call.n == 2 && sl->u.call.args[1]->kind == E_TUPLE &&
        sl->u.call.args[1]->u.list.n == n)
      kept = sl->u.call.args[1];
  }
  /* the unit stride is typed as TVM types it: by the first extent that is not
   * int32 (T.S[(n, 1):(T.int64(1), 1)] for an int64 n) */
  Expr *step = tirx_i32(ev->m, 1);
  for (int i = 0; i < n; i++)
    if (tirx_dtype_is_int(b->shape[i]->dtype) && b->shape[i]->dtype.id != DT_INT32) {
      step = tirx_int(ev->m, b->shape[i]->dtype, 1, loc);
      break;
    }
  for (int i = n - 1; i >= 0; i--) {
    e[0]->u.list.items[i] = b->shape[i];
    e[1]->u.list.items[i] = mul_k(ev, kept ? kept->u.list.items[i] : step, r, loc);
    int64_t c, d;
    if (tirx_expr_is_const_int(step, &c) && c == 1) step = b->shape[i];
    else if (tirx_expr_is_const_int(step, &c) && tirx_expr_is_const_int(b->shape[i], &d))
      step = tirx_int(ev->m, step->dtype, c * d, loc);
    else step = tirx_binary(ev->m, E_MUL, step, b->shape[i], loc);
  }
  e[0]->u.list.items[n] = tirx_i32(ev->m, r);
  e[1]->u.list.items[n] = tirx_i32(ev->m, 1);
  return tile_layout(ev, e, loc);
}

/* The extents and integer strides of T.TileLayout(T.S[ext:str]); false for any
 * other layout (thread axes, replicas, offsets). */
static bool tile_dims(const Expr *tl, int64_t *ext, int64_t *str, int *n) {
  if (!tl || tl->kind != E_LAYOUT || strcmp(tl->u.call.name, "T.TileLayout") != 0 ||
      tl->u.call.n != 1 || tl->u.call.nkw)
    return false;
  const Expr *sl = tl->u.call.args[0];
  if (sl->kind != E_LAYOUT || strcmp(sl->u.call.name, "T.S") != 0 || sl->u.call.n != 2)
    return false;
  const Expr *ex = sl->u.call.args[0], *st = sl->u.call.args[1];
  int k = ex->kind == E_TUPLE ? ex->u.list.n : 1;
  if ((st->kind == E_TUPLE ? st->u.list.n : 1) != k || k < 1 || k > 15) return false;
  for (int i = 0; i < k; i++)
    if (!tirx_expr_is_const_int(ex->kind == E_TUPLE ? ex->u.list.items[i] : ex, &ext[i]) ||
        !tirx_expr_is_const_int(st->kind == E_TUPLE ? st->u.list.items[i] : st, &str[i]))
      return false;
  *n = k;
  return true;
}

/* The layout of src viewed with r times narrower (unpack) or wider (pack)
 * elements, as TVM 0.27's Layout.unpack / pack make it: unpacking scales every
 * stride by r and adds an innermost (r:1) dimension (a default layout first
 * becomes its row-major T.S); packing divides the innermost, unit-stride
 * extent and the other strides by r (a default layout stays default).  A
 * swizzle (T.ComposeLayout) keeps its swizzle over elements log2(r) wider or
 * narrower.  False after reporting a layout that does not re-pack. */
static bool repack(Eval *ev, Buffer *src, int64_t r, bool unpack, DType to, Loc loc, Expr **out) {
  char tb[32];
  tirx_dtype_str(to, tb);
  int lg = 0;
  while ((1ll << lg) < r) lg++;
  if ((1ll << lg) != r) {
    ev_error(ev, loc, "cannot view '%s' as %s: the element widths are not a power-of-two ratio",
             src->name, tb);
    return false;
  }
  *out = NULL;
  if (!src->layout && !unpack) return true;
  const Expr *tile = src->layout;
  const Expr *comp = NULL;
  if (tile && tile->kind == E_LAYOUT && strcmp(tile->u.call.name, "T.ComposeLayout") == 0 &&
      tile->u.call.n == 4 && !tile->u.call.nkw) {
    comp = tile;
    tile = comp->u.call.args[3];
  }
  int64_t ext[16], str[16];
  int n = 0;
  if (!tile) {
    if (src->ndim > 15) return false;
    n = src->ndim;
    int64_t step = 1;
    for (int i = n - 1; i >= 0; i--) {
      if (!tirx_expr_is_const_int(src->shape[i], &ext[i])) {
        *out = unpacked_row_major(
            ev, src, r, loc); /* a symbolic extent: (n, 4) -> T.S[(n, 4, r):(4 * r, r, 1)] */
        return true;
      }
      str[i] = step;
      step *= ext[i];
    }
  } else if (!tile_dims(tile, ext, str, &n)) {
    ev_error(ev, loc,
             "cannot view '%s' as %s: only a T.TileLayout(T.S[...]) of memory strides (or a "
             "T.ComposeLayout over one) re-packs to another element width",
             src->name, tb);
    return false;
  }
  if (unpack) {
    for (int i = 0; i < n; i++) str[i] *= r;
    ext[n] = r;
    str[n++] = 1;
  } else {
    bool ok = str[n - 1] == 1 && ext[n - 1] % r == 0;
    for (int i = 0; i < n - 1 && ok; i++) ok = str[i] % r == 0;
    if (!ok) {
      ev_error(ev, loc, "cannot view '%s' as %s: its layout does not pack %lld elements into one",
               src->name, tb, (long long)r);
      return false;
    }
    ext[n - 1] /= r;
    for (int i = 0; i < n - 1; i++) str[i] /= r;
  }
  Expr *t = mk_tile(ev, ext, str, n, loc);
  if (!comp) {
    *out = t;
    return true;
  }
  int64_t pe;
  if (!tirx_expr_is_const_int(comp->u.call.args[0], &pe) || pe + (unpack ? lg : -lg) < 0) {
    ev_error(ev, loc, "cannot view '%s' as %s: its swizzle's element width does not re-pack",
             src->name, tb);
    return false;
  }
  Expr *c = tirx_expr_new(ev->m, E_LAYOUT, tirx_dtype(DT_VOID), loc);
  *c = *comp;
  c->u.call.args = TIRX_NEWN(ev->m, Expr *, 4);
  c->u.call.args[0] = tirx_i32(ev->m, pe + (unpack ? lg : -lg));
  c->u.call.args[1] = comp->u.call.args[1];
  c->u.call.args[2] = comp->u.call.args[2];
  c->u.call.args[3] = t;
  *out = c;
  return true;
}

/* A.view(dtype) with a symbolic last dimension: the same element width keeps
 * it, a narrower element multiplies it; a wider one cannot be shown to divide. */
static Value view_as_dtype_symbolic(Eval *ev, Buffer *b, DType t, Expr *layout, int ob, int nb,
                                    Loc loc) {
  Expr *off = b->elem_offset;
  if (nb == 0 || ob % nb)
    return ev_error(ev, loc,
                    "cannot view '%s' as this dtype: its symbolic last dimension may not divide",
                    b->name);
  Buffer *v = view_of(ev, b, t, b->ndim, loc);
  for (int i = 0; i < b->ndim; i++) v->shape[i] = b->shape[i];
  if (ob != nb) {
    Expr *k = tirx_int(ev->m, b->shape[b->ndim - 1]->dtype, ob / nb, loc);
    v->shape[b->ndim - 1] = tirx_binary(ev->m, E_MUL, b->shape[b->ndim - 1], k, loc);
    if (off)
      v->elem_offset =
          tirx_binary(ev->m, E_MUL, off, tirx_int(ev->m, off->dtype, ob / nb, loc), loc);
  }
  v->layout = layout ? layout : ob == nb ? b->layout : NULL;
  v->view_of = b;
  if (!layout && (!b->layout || b->layout_default)) {
    /* TVM unpacks the default layout into one with the symbolic extent
     * (even at the same width), and its printer then shows the
     * T.decl_buffer(..., layout=...) the view is, not X.view(...) */
    v->layout = unpacked_row_major(ev, b, ob / nb, loc);
    v->view_of = NULL;
  }
  return emit_view(ev, v, loc);
}

/* A.view("float16"): reinterpret the element type, scaling the last dim */
static Value view_as_dtype(Eval *ev, Buffer *b, Args *a, Expr *layout) {
  DType t;
  if (!ev_get_dtype(ev, a->pos[0], &t, "dtype")) return v_make(V_ERROR, a->loc);
  if (b->nstrides)
    return ev_error(ev, a->loc, "view of a strided buffer as another dtype is not supported");
  int ob = tirx_dtype_bits(b->dtype) * b->dtype.lanes, nb = tirx_dtype_bits(t) * t.lanes;
  int64_t last;
  int64_t lastbits, offbits = 0;
  if (b->ndim == 0)
    return ev_error(ev, a->loc, "cannot view '%s' (a 0-d buffer) as another dtype", b->name);
  if (!tirx_expr_is_const_int(b->shape[b->ndim - 1], &last))
    return view_as_dtype_symbolic(ev, b, t, layout, ob, nb, a->loc);
  if (__builtin_mul_overflow(last, (int64_t)ob, &lastbits))
    return ev_error(ev, a->loc, "the size of view of '%s' overflows 64 bits", b->name);
  if (nb == 0 || lastbits % nb)
    return ev_error(ev, a->loc,
                    "cannot view '%s' as this dtype: the last dimension does not divide", b->name);
  int64_t off = 0;
  Expr *symoff = NULL; /* a symbolic offset in the view's elements (TVM's: off // k, off * k) */
  if (b->elem_offset && !tirx_expr_is_const_int(b->elem_offset, &off)) {
    Expr *o = b->elem_offset;
    if (ob == nb) symoff = o;
    else if (nb % ob == 0)
      symoff =
          tirx_binary(ev->m, E_FLOORDIV, o, tirx_int(ev->m, o->dtype, nb / ob, a->loc), a->loc);
    else if (ob % nb == 0)
      symoff = tirx_binary(ev->m, E_MUL, o, tirx_int(ev->m, o->dtype, ob / nb, a->loc), a->loc);
    else
      return ev_error(ev, a->loc, "cannot view '%s' as this dtype: its offset does not divide",
                      b->name);
  } else if (b->elem_offset &&
             (__builtin_mul_overflow(off, (int64_t)ob, &offbits) || offbits % nb)) {
    return ev_error(ev, a->loc, "cannot view '%s' as this dtype: its offset does not divide",
                    b->name);
  }
  Buffer *v = view_of(ev, b, t, b->ndim, a->loc);
  for (int i = 0; i < b->ndim - 1; i++) v->shape[i] = b->shape[i];
  v->shape[b->ndim - 1] = tirx_int(ev->m, b->shape[b->ndim - 1]->dtype, lastbits / nb, a->loc);
  if (b->elem_offset) v->elem_offset = symoff ? symoff : tirx_i32(ev->m, offbits / nb);
  /* the source's layout carries over when the element width does (a layout
   * counts elements); otherwise it is the source's, re-packed (repack) */
  v->layout = layout;
  if (!layout && ob == nb) v->layout = b->layout;
  else if (!layout && !repack(ev, b, ob > nb ? ob / nb : nb / ob, ob > nb, t, a->loc, &v->layout))
    return v_make(V_ERROR, a->loc);
  v->view_of = b;
  bool symbolic = false;
  for (int i = 0; i < b->ndim; i++) symbolic |= !tirx_expr_is_const_int(b->shape[i], &last);
  if (!layout && ob == nb && (!b->layout || b->layout_default) && symbolic) {
    /* at the same width TVM still unpacks a default layout over a symbolic
     * extent (T.S[(n, 4, 1):(4, 1, 1)]), and prints the T.decl_buffer */
    v->layout = unpacked_row_major(ev, b, 1, a->loc);
    v->view_of = NULL;
  }
  return emit_view(ev, v, a->loc);
}

/* The extents of A.view(d0, d1, ...) (ext[infer] left to the caller: *infer, -1
 * for none); *known: the product of the constant ones; *symbolic set when one
 * is not constant.  False after an error. */
static bool view_extents(Eval *ev, Value *dims, int n, Loc loc, Expr **ext, int64_t *known_out,
                         int *infer_out, bool *symbolic) {
  int64_t known = 1;
  int infer = -1;
  for (int i = 0; i < n; i++) {
    int64_t c;
    if (dims[i].kind == V_INT) {
      c = dims[i].u.i;
      if (c == -1) {
        if (infer >= 0)
          return ev_error(ev, dims[i].loc, "only one view dimension can be -1"), false;
        infer = i;
        ext[i] = NULL;
        continue;
      }
      if (c <= 0) return ev_error(ev, dims[i].loc, "view dimensions must be positive"), false;
      if (__builtin_mul_overflow(known, c, &known))
        return ev_error(ev, dims[i].loc, "the size of the view overflows 64 bits"), false;
      ext[i] = c <= INT32_MAX ? tirx_i32(ev->m, c) : tirx_int(ev->m, tirx_dtype(DT_INT64), c, loc);
      continue;
    }
    /* a symbolic extent: buf.view(n * T.Cast("int32", m)) */
    ext[i] = ev_index_expr(ev, dims[i], dims[i].loc);
    if (!ext[i]) return false;
    if (tirx_expr_is_const_int(ext[i], &c)) {
      if (__builtin_mul_overflow(known, c, &known))
        return ev_error(ev, dims[i].loc, "the size of the view overflows 64 bits"), false;
    } else {
      *symbolic = true;
    }
  }
  *known_out = known;
  *infer_out = infer;
  return true;
}

/* A.view(d0, d1, ...): same elements, new shape (one -1 is inferred); with
 * layout= the view is a logical shape mapped by that layout */
static Value view_reshape(Eval *ev, Buffer *b, Args *a, Expr *layout) {
  Value *dims = a->pos;
  int n = a->npos;
  if (n == 1 && (a->pos[0].kind == V_TUPLE || a->pos[0].kind == V_LIST)) {
    dims = a->pos[0].u.list.items;
    n = a->pos[0].u.list.n;
  }
  if (n < 1 || n > 16) return ev_error(ev, a->loc, "view needs 1 to 16 dimensions");
  if (b->nstrides && !layout)
    return ev_error(ev, a->loc,
                    "a reshaping view of '%s' (a strided buffer) needs layout=", b->name);
  bool symbolic = false;
  int64_t total = 1;
  for (int i = 0; i < b->ndim; i++) {
    int64_t c;
    if (!tirx_expr_is_const_int(b->shape[i], &c)) symbolic = true;
    else if (__builtin_mul_overflow(total, c, &total))
      return ev_error(ev, a->loc, "the size of '%s' overflows 64 bits", b->name);
  }
  Expr *ext[16];
  int64_t known;
  int infer;
  if (!view_extents(ev, dims, n, a->loc, ext, &known, &infer, &symbolic))
    return v_make(V_ERROR, a->loc);
  if (infer >= 0) {
    if (symbolic)
      return ev_error(ev, a->loc, "cannot infer the -1 dimension of a view with a symbolic shape");
    if (total % known) return ev_error(ev, a->loc, "cannot infer the -1 dimension of the view");
    ext[infer] = tirx_i32(ev->m, total / known);
    known = total;
  }
  /* TVM allows a view of a leading part of the buffer (known < total); a
   * zero-sized dynamic shared arena (a pool's, sized at commit) takes any */
  bool arena = total == 0 && tirx_scope_is(b->scope, MEM_SHARED_DYN);
  if (!symbolic && !layout && known > total && !arena)
    return ev_error(ev, a->loc, "view of '%s' has %lld elements, the buffer has %lld", b->name,
                    (long long)known, (long long)total);
  Buffer *v = view_of(ev, b, b->dtype, n, a->loc);
  for (int i = 0; i < n; i++) v->shape[i] = ext[i];
  /* a laid-out source keeps its layout: the view indexes the same elements
   * in row-major order, which the layout then maps */
  v->layout = layout ? layout : b->layout;
  if (!layout && !b->layout) v->layout_src = b->layout_src ? b->layout_src : b;
  if (layout && ev_layout_is_default(ev, layout, v->shape, n))
    v->layout = NULL; /* TVM prints none */
  v->view_of = b;
  return emit_view(ev, v, a->loc);
}

static Value view(Eval *ev, Buffer *b, Args *a) {
  static const char *const kws[] = {"layout", NULL};
  if (!ev_check_kw(ev, a, "view", kws)) return v_make(V_ERROR, a->loc);
  Expr *layout;
  if (!view_layout(ev, a, &layout)) return v_make(V_ERROR, a->loc);
  if (a->npos == 1 && (a->pos[0].kind == V_STR || a->pos[0].kind == V_DTYPE))
    return view_as_dtype(ev, b, a, layout);
  return view_reshape(ev, b, a, layout);
}

Value ev_view(Eval *ev, Buffer *b, Args *a) { return view(ev, b, a); }

/* X.local(): for a view X over per-thread storage with a thread-axis layout,
 * that storage itself (the elements this thread holds). */

/* The number of elements one thread holds under a register layout (the
 * memory iters of lib/Layout's model: shards over memory strides and thread
 * axes, replicas); -1 if the layout is not of that form or is symbolic. */
static int64_t per_thread_elems(Module *m, const Expr *lay) {
  Layout l;
  char why[8];
  if (!lay_from_expr(m, lay, NULL, 0, &l, why, sizeof why) || l.swz_b) return -1;
  return lay_local_size(&l);
}

/* X.local(d0, d1, ...): this thread's physical storage of X (its span: X's
 * elements without thread axes) reshaped row-major, as TVM 0.27 declares it
 * (a T.decl_buffer over X's data in the default layout). */
static Value local_shaped(Eval *ev, Buffer *b, Args *a) {
  int64_t span = 1, c;
  if (b->layout) {
    span = per_thread_elems(ev->m, b->layout);
    if (span <= 0)
      return ev_error(ev, a->loc,
                      "local() of '%s': its layout is not T.TileLayout(T.S[...]) over memory "
                      "strides and thread axes",
                      b->name);
  } else {
    for (int i = 0; i < b->ndim; i++) {
      if (!tirx_expr_is_const_int(b->shape[i], &c))
        return ev_error(ev, a->loc, "local() of '%s': its shape is symbolic", b->name);
      span *= c;
    }
  }
  Value *dims = a->pos;
  int n = a->npos;
  if (n == 1 && (dims[0].kind == V_TUPLE || dims[0].kind == V_LIST)) {
    n = dims[0].u.list.n;
    dims = dims[0].u.list.items;
  }
  if (n < 1 || n > 16) return ev_error(ev, a->loc, "local() takes 1 to 16 dimensions");
  Buffer *v = view_of(ev, b, b->dtype, n, a->loc);
  int64_t total = 1;
  for (int i = 0; i < n; i++) {
    if (!ev_get_int(ev, dims[i], &c, "a local() dimension")) return v_make(V_ERROR, a->loc);
    if (c <= 0) return ev_error(ev, dims[i].loc, "local() dimensions must be positive");
    total *= c;
    v->shape[i] = tirx_i32(ev->m, c);
  }
  if (total != span)
    return ev_error(ev, a->loc,
                    "Local view shape has %lld elements, but the buffer has physical storage span "
                    "%lld per thread",
                    (long long)total, (long long)span);
  return emit_view(ev, v, a->loc);
}

static Value local_view(Eval *ev, Buffer *b, Args *a) {
  if (a->nkw) return ev_error(ev, a->loc, "local(layout=...) is not supported yet");
  if (a->npos) return local_shaped(ev, b, a);
  if (!b->view_of && b->layout && tirx_scope_is(b->scope, MEM_LOCAL)) {
    /* a local allocation laid out over threads: this thread's elements */
    int64_t n = per_thread_elems(ev->m, b->layout);
    if (n <= 0)
      return ev_error(ev, a->loc,
                      "local() of '%s': its layout is not T.TileLayout(T.S[...]) over thread axes",
                      b->name);
    Buffer *v = view_of(ev, b, b->dtype, 1, a->loc);
    v->shape[0] = tirx_i32(ev->m, n);
    v->view_of = b;
    v->view_local = true;
    return emit_view(ev, v, a->loc);
  }
  Buffer *src = b->view_of;
  if (!src || !tirx_scope_is(src->scope, MEM_LOCAL) || !b->layout)
    return ev_error(ev, a->loc,
                    "local() needs a view with a layout over a local buffer (X = "
                    "local_buf.view(..., layout=...))");
  Buffer *v = view_of(ev, src, src->dtype, src->ndim, a->loc);
  for (int i = 0; i < src->ndim; i++) v->shape[i] = src->shape[i];
  v->layout = src->layout;
  v->view_of = b;
  v->view_local = true;
  return emit_view(ev, v, a->loc);
}

/* methods.def's rows of a buffer: its views */
Value m_buffer_view(Eval *ev, const Method *m, Value self, Args *a, Ast *recv) {
  (void)m, (void)recv;
  return view(ev, self.u.buf, a);
}

Value m_buffer_local(Eval *ev, const Method *m, Value self, Args *a, Ast *recv) {
  (void)m, (void)recv;
  return local_view(ev, self.u.buf, a);
}

Value m_buffer_permute(Eval *ev, const Method *m, Value self, Args *a, Ast *recv) {
  (void)m, (void)recv;
  return ev_buffer_permute(ev, self.u.buf, a);
}

Value m_buffer_rearrange(Eval *ev, const Method *m, Value self, Args *a, Ast *recv) {
  (void)m, (void)recv;
  return ev_buffer_rearrange(ev, self.u.buf, a);
}

Value m_buffer_tile(Eval *ev, const Method *m, Value self, Args *a, Ast *recv) {
  (void)m, (void)recv;
  return ev_buffer_tile(ev, self.u.buf, a);
}

/* A.sub is subscripted (eval_buffer.c), never called */
Value m_buffer_sub(Eval *ev, const Method *m, Value self, Args *a, Ast *recv) {
  (void)m, (void)recv;
  Buffer *b = self.u.buf;
  return ev_error(ev, a->loc, "'%s.sub' is an indexer: write %s.sub[...]", b->name, b->name);
}

Value m_buffer_unsupported(Eval *ev, const Method *m, Value self, Args *a, Ast *recv) {
  (void)recv;
  return ev_error(
      ev, a->loc,
      "buffer method '%s' is not supported yet (write T.decl_buffer(..., data=%s.data) instead)",
      m->name, self.u.buf->name);
}

/* T.alloc_tcgen05_ldst_frag(instr_shape, (rows, cols), dtype): a register
 * fragment for tcgen05.ld/st, as TVM 0.27 builds it: a fresh local buffer of
 * this thread's registers (TVM's default name, "buffer") and its
 * (rows, cols) view in the atom's layout.  The register count and the layout
 * (tcgen05_atom_layout) are the prelude's _ldst_frag in
 * tvm.backend.cuda.lang.alloc_pool. */
Value ev_ldst_frag(Eval *ev, Args *a) {
  static const char *const kws[] = {"instr_shape", "tensor_shape", "dtype", NULL};
  if (!ev_check_kw(ev, a, "T.alloc_tcgen05_ldst_frag", kws)) return v_make(V_ERROR, a->loc);
  static const char *const names[] = {"instr_shape", "tensor_shape", "dtype"};
  Value args[3];
  for (int i = 0; i < 3; i++) {
    Value *v = ev_arg(a, i, names[i]);
    if (!v)
      return ev_error(ev, a->loc, "T.alloc_tcgen05_ldst_frag() missing required argument '%s'",
                      names[i]);
    args[i] = *v;
  }
  if (!ev_require_device(ev, a->loc, "T.alloc_tcgen05_ldst_frag")) return v_make(V_ERROR, a->loc);
  Value ts = args[1];
  if ((ts.kind != V_TUPLE && ts.kind != V_LIST) || ts.u.list.n != 2)
    return ev_error(ev, ts.loc, "T.alloc_tcgen05_ldst_frag: tensor_shape must be (rows, cols)");
  const char *hint = ev->name_hint;
  Value fn;
  if (!ev_import_name(ev, "tvm.backend.cuda.lang.alloc_pool", "_ldst_frag", a->loc, &fn))
    return v_make(V_ERROR, a->loc);
  Args la = {.pos = args, .npos = 3, .loc = a->loc};
  Value r = ev_call_value(ev, fn, &la);
  ev->name_hint = hint;
  if (r.kind == V_ERROR) return r;
  if (r.kind != V_TUPLE || r.u.list.n != 2)
    return ev_error(
        ev, a->loc,
        "T.alloc_tcgen05_ldst_frag: the prelude's _ldst_frag returned no (count, layout)");
  /* flat = T.alloc_local((count,), dtype) */
  Value shape = v_make(V_TUPLE, a->loc);
  shape.u.list.items = TIRX_NEWN(ev->m, Value, 1);
  shape.u.list.items[0] = r.u.list.items[0];
  shape.u.list.n = 1;
  Value apos[2] = {shape, args[2]};
  Args aa = {.pos = apos, .npos = 2, .loc = a->loc};
  ev->name_hint = NULL;
  Value flat = ev_alloc(ev, &aa, "T.alloc_local", tirx_scope_name(MEM_LOCAL), false);
  ev->name_hint = hint;
  if (flat.kind == V_ERROR) return flat;
  /* flat.view(rows, cols, layout=layout) */
  const char *kwn[1] = {"layout"};
  Value kwv[1] = {r.u.list.items[1]};
  Args va = {.pos = ts.u.list.items, .npos = 2, .kwn = kwn, .kwv = kwv, .nkw = 1, .loc = a->loc};
  return view(ev, flat.u.buf, &va);
}
