/* Buffers in the evaluator: indexing (loads, regions, vector slices),
 * stores, and the declaration builtins (T.alloc_*, T.decl_buffer,
 * T.match_buffer's buffer, scalar forms). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "Parse/eval_tirx.h"

/* ---- buffer indexing -------------------------------------------------------- */

/* E as base + c: the constant additions and subtractions at its right peeled off (`s * 384 +
 * 128 + 256`: s * 384, 384); false on overflow */
static bool peel_const(Expr *e, Expr **base, int64_t *c) {
  int64_t k;
  *c = 0;
  while ((e->kind == E_ADD || e->kind == E_SUB) && tirx_expr_is_const_int(e->u.bin.b, &k)) {
    if (e->kind == E_ADD ? __builtin_add_overflow(*c, k, c) : __builtin_sub_overflow(*c, k, c))
      return false;
    e = e->u.bin.a;
  }
  *base = e;
  return true;
}

/* hi - lo as a constant, when both are constants or both are one expression plus constants
 * (our own printed slices `i * 4:i * 4 + 4`; a ring stage's rows `s * R + 128:s * R + R`
 * with R constant, folded to s * 384 + 128 : s * 384 + 384). */
static bool slice_extent(Expr *lo, Expr *hi, int64_t *out, bool *overflow) {
  int64_t x, c;
  Expr *bl, *bh;
  *overflow = false;
  if (tirx_expr_is_const_int(lo, &x) && tirx_expr_is_const_int(hi, &c)) {
    *overflow = __builtin_sub_overflow(c, x, out);
    return true;
  }
  if (!peel_const(lo, &bl, &x) || !peel_const(hi, &bh, &c) || !tirx_expr_identical(bl, bh))
    return false;
  *overflow = __builtin_sub_overflow(c, x, out);
  return true;
}

/* One index position: a scalar, or a Ramp for a stepped/constant slice.
 * Returns false on error. `*is_slice` reports an unstepped slice. */
static bool index_item(Eval *ev, Buffer *b, int dim, Ast *it, Expr **out, Expr **ext,
                       bool *is_slice) {
  *is_slice = false;
  if (it->kind != A_SLICE) {
    *out = ev_index_expr(ev, ev_expr(ev, it), it->loc);
    *ext = NULL;
    return *out != NULL;
  }
  Expr *lo = it->a ? ev_index_expr(ev, ev_expr(ev, it->a), it->loc) : tirx_i32(ev->m, 0);
  Expr *hi = it->b ? ev_index_expr(ev, ev_expr(ev, it->b), it->loc)
                   : (dim < b->ndim ? b->shape[dim] : NULL);
  if (!lo || !hi) {
    if (lo && !hi) ev_error(ev, it->loc, "slice end is required here");
    return false;
  }
  int64_t step = 1;
  if (it->c) {
    Value sv = ev_expr(ev, it->c);
    if (!ev_get_int(ev, sv, &step, "slice step")) return false;
    if (step <= 0) {
      ev_error(ev, it->c->loc, "slice step must be positive");
      return false;
    }
  }
  int64_t ext_c;
  bool overflow;
  bool is_const = slice_extent(lo, hi, &ext_c, &overflow);
  if (overflow) {
    ev_error(ev, it->loc, "slice extent overflows 64 bits");
    return false;
  }
  if (!is_const) {
    /* symbolic extent: only a region can carry it */
    *is_slice = true;
    *out = lo;
    Expr *e = tirx_binary(ev->m, E_SUB, hi, lo, it->loc);
    *ext = e;
    return true;
  }
  int64_t lanes = ext_c / step + (ext_c % step > 0); /* ceil, without overflow */
  if (lanes <= 0) {
    ev_error(ev, it->loc, "empty slice");
    return false;
  }
  if (step == 1) *is_slice = true;
  *ext = tirx_int(ev->m, lo->dtype, ext_c, it->loc);
  if (lanes == 1) {
    *out = lo;
    return true;
  }
  if (lanes > 64) {
    /* fine as a region (a tile-op argument), too wide as a vector access */
    if (step != 1) {
      ev_error(ev, it->loc, "vector access of %lld lanes is too wide (at most 64)",
               (long long)lanes);
      return false;
    }
    *out = lo;
    return true;
  }
  Expr *r =
      tirx_expr_new(ev->m, E_RAMP, tirx_dtype_vec((DTypeId)lo->dtype.id, (int)lanes), it->loc);
  r->u.ramp.base = lo;
  r->u.ramp.stride = tirx_int(ev->m, lo->dtype, step, it->loc);
  r->u.ramp.lanes = (int)lanes;
  *out = r;
  return true;
}

typedef struct {
  Expr **idx;
  int n;
  bool any_region; /* fewer indices than dims, or a symbolic slice */
  bool any_slice;  /* an unstepped slice: TVM reads A[a:b] as a region */
  bool too_wide;   /* a slice of more than 64 elements */
  Expr **mins, **exts;
} Index;

static bool buffer_index(Eval *ev, Buffer *b, Ast *sub, Index *ix) {
  int n = sub->n;
  if (n == 1 && sub->list[0]->kind == A_TUPLE && sub->list[0]->n == 0) n = 0; /* A[()] */
  if (n > b->ndim) {
    ev_error(ev, sub->loc, "buffer '%s' has %d dimension%s but %d indices were given", b->name,
             b->ndim, b->ndim == 1 ? "" : "s", n);
    return false;
  }
  memset(ix, 0, sizeof *ix);
  ix->n = n;
  ix->idx = TIRX_NEWN(ev->m, Expr *, n + 1);
  ix->mins = TIRX_NEWN(ev->m, Expr *, b->ndim + 1);
  ix->exts = TIRX_NEWN(ev->m, Expr *, b->ndim + 1);
  ix->any_region = n < b->ndim;
  for (int i = 0; i < n; i++) {
    Expr *ext;
    bool is_slice;
    if (sub->list[i]->kind == A_STAR) {
      ev_error(ev, sub->list[i]->loc, "starred indices are not supported");
      return false;
    }
    if (!index_item(ev, b, i, sub->list[i], &ix->idx[i], &ext, &is_slice)) return false;
    int64_t ec;
    if (is_slice && ext && !tirx_expr_is_const_int(ext, NULL)) ix->any_region = true;
    if (is_slice) ix->any_slice = true;
    if (is_slice && tirx_expr_is_const_int(ext, &ec) && ec > 1 && ix->idx[i]->kind != E_RAMP)
      ix->too_wide = true;
    ix->mins[i] = ix->idx[i]->kind == E_RAMP ? ix->idx[i]->u.ramp.base : ix->idx[i];
    ix->exts[i] = ext ? ext : tirx_i32(ev->m, 1);
  }
  for (int i = n; i < b->ndim; i++) {
    ix->mins[i] = tirx_i32(ev->m, 0);
    ix->exts[i] = b->shape[i];
  }
  return true;
}

static Value buffer_subscript(Eval *ev, Buffer *b, Ast *a) {
  Index ix;
  if (!buffer_index(ev, b, a, &ix)) return v_make(V_ERROR, a->loc);
  if (ix.any_region || ix.any_slice) {
    Expr *r = tirx_expr_new(ev->m, E_REGION, b->dtype, a->loc);
    r->u.region.buf = b;
    r->u.region.min = ix.mins;
    r->u.region.ext = ix.exts;
    r->u.region.n = b->ndim;
    return v_expr(r, a->loc);
  }
  return v_expr(tirx_load(ev->m, b, ix.idx, ix.n, a->loc), a->loc);
}

/* Store target `A[...] = value` (also used by the statement evaluator). */
Stmt *ev_store(Eval *ev, Buffer *b, Ast *sub, Value val, Loc loc) {
  Index ix;
  if (!buffer_index(ev, b, sub, &ix)) return NULL;
  if (ix.any_region || ix.n != b->ndim) {
    ev_error(ev, loc, "store to buffer '%s' needs one index per dimension (%d)", b->name, b->ndim);
    return NULL;
  }
  if (ix.too_wide) {
    ev_error(ev, loc, "vector store to '%s' is too wide (at most 64 lanes)", b->name);
    return NULL;
  }
  Expr *v = ev_to_expr(ev, val, "a stored value");
  if (!v) return NULL;
  int lanes = b->dtype.lanes;
  for (int i = 0; i < ix.n; i++) lanes *= ix.idx[i]->dtype.lanes;
  DType want = tirx_dtype_vec((DTypeId)b->dtype.id, lanes);
  v = ev_const_cast(ev, want, v, loc);
  Stmt *s = tirx_stmt_new(ev->m, S_STORE, loc);
  s->u.store.buf = b;
  s->u.store.idx = ix.idx;
  s->u.store.n = ix.n;
  s->u.store.value = v;
  return s;
}


/* The subscript slots of the kinds this file builds (value_kinds.def). */

Value ev_buffer_getitem(Eval *ev, Value obj, Ast *a) { return buffer_subscript(ev, obj.u.buf, a); }

/* A.sub[...] (the one subscripted method) */
Value ev_method_getitem(Eval *ev, Value obj, Ast *a) {
  if (obj.u.method == &ev_methods[M_V_BUFFER_sub])
    return ev_buffer_sub(ev, obj.aux->recv->u.buf, a);
  return ev_error(ev, a->loc, "'%s' object is not subscriptable", ev_types[obj.kind].name);
}

/* T.ptx["..."], T.S[...] / T.R[...] */
Value ev_ns_getitem(Eval *ev, Value obj, Ast *a) {
  if (strcmp(obj.u.ns, "T.ptx") == 0) {
    Value s = a->n == 1 ? ev_expr(ev, a->list[0]) : v_make(V_NONE, a->loc);
    const char *p;
    size_t n;
    if (!ev_get_str(ev, s, &p, &n, "T.ptx[...] instruction name")) return v_make(V_ERROR, a->loc);
    Value v = v_make(V_NS, a->loc);
    v.u.ns = tirx_intern_printf(ev->m, "T.ptx.%.*s", (int)n, p);
    v.meta = true; /* exact spelling: no escape decoding */
    return v;
  }
  if ((strcmp(obj.u.ns, "T.S") == 0 || strcmp(obj.u.ns, "T.R") == 0)) {
    /* T.S[extents:strides] or T.S[extents] */
    Args la = {0};
    la.loc = a->loc;
    Value items[2];
    int ni = 0;
    if (a->n == 1 && a->list[0]->kind == A_SLICE) {
      items[ni++] = ev_expr(ev, a->list[0]->a);
      items[ni++] = ev_expr(ev, a->list[0]->b);
    } else {
      Value t = v_make(V_TUPLE, a->loc);
      t.u.list.n = a->n;
      t.u.list.items = TIRX_NEWN(ev->m, Value, a->n + 1);
      for (int i = 0; i < a->n; i++) t.u.list.items[i] = ev_expr(ev, a->list[i]);
      items[ni++] = a->n == 1 ? t.u.list.items[0] : t;
    }
    la.pos = items;
    la.npos = ni;
    return ev_layout_call(ev, obj.u.ns, &la, a->loc);
  }
  if (strcmp(obj.u.ns, "T.Buffer") == 0) {
    return ev_error(ev, a->loc, "T.Buffer[...] is deprecated; write T.Buffer((shape), \"dtype\")");
  }
  return ev_error(ev, a->loc, "value is not subscriptable");
}

Value ev_indexer_getitem(Eval *ev, Value obj, Ast *a) { return ev_buffer_tile_pick(ev, obj, a); }

/* metadata["ir.StringImm"][i]: a placeholder for a constant TVM's printer did not print */
Value ev_metadata_getitem(Eval *ev, Value obj, Ast *a) {
  Value k = a->n == 1 ? ev_expr(ev, a->list[0]) : v_make(V_NONE, a->loc);
  if (obj.u.s.len == 0) { /* metadata["ir.StringImm"] */
    const char *p;
    size_t n;
    if (!ev_get_str(ev, k, &p, &n, "the metadata kind")) return v_make(V_ERROR, a->loc);
    Value v = v_make(V_METADATA, a->loc);
    v.u.s.p = tirx_intern(ev->m, p, n);
    v.u.s.len = n;
    return v;
  }
  int64_t i;
  if (!ev_get_int(ev, k, &i, "the metadata index")) return v_make(V_ERROR, a->loc);
  Expr **args = TIRX_NEWN(ev->m, Expr *, 2);
  args[0] = tirx_str(ev->m, obj.u.s.p, obj.u.s.len, a->loc);
  args[1] = tirx_int(ev->m, tirx_dtype(DT_INT32), i, a->loc);
  args[1]->u.i.pod = true;
  return v_expr(tirx_call(ev->m, tirx_intrin(I_METADATA), tirx_dtype(DT_HANDLE), args, 2, a->loc),
                a->loc);
}

/* T.let[ty] */
Value ev_lettype_getitem(Eval *ev, Value obj, Ast *a) {
  (void)obj;
  Value v = v_make(V_LETTYPE, a->loc);
  v.u.let.ty = TIRX_NEW(ev->m, Value);
  *v.u.let.ty = ev_expr(ev, a->list[0]);
  return v;
}

/* T.float32[8]: a local vector annotation */
Value ev_dtype_getitem(Eval *ev, Value obj, Ast *a) {
  Value v = v_make(V_LOCALVEC, a->loc);
  v.u.dt = obj.u.dt;
  v.nshape = a->n;
  Value *shape = TIRX_NEWN(ev->m, Value, a->n + 1);
  for (int i = 0; i < a->n; i++) shape[i] = ev_expr(ev, a->list[i]);
  v_aux(ev, &v)->shape = shape;
  return v;
}

Value ev_expr_getitem(Eval *ev, Value obj, Ast *a) {
  if (obj.kind == V_EXPR && obj.u.e->kind == E_VAR && obj.u.e->u.var->kind == VAR_BUFDATA)
    return ev_error(ev, a->loc, "index the buffer, not its data pointer: write %s[...]",
                    obj.u.e->u.var->buffer->name);
  return ev_error(ev, a->loc, "value is not subscriptable");
}

/* ---- buffer declarations ---------------------------------------------------- */

static bool shape_from(Eval *ev, Value v, Expr ***shape, int *ndim) {
  Value *items = &v;
  int n = 1;
  if (v.kind == V_TUPLE || v.kind == V_LIST) {
    items = v.u.list.items;
    n = v.u.list.n;
  }
  if (n > 16) {
    ev_error(ev, v.loc, "buffers of more than 16 dimensions are not supported");
    return false;
  }
  *shape = TIRX_NEWN(ev->m, Expr *, n + 1);
  for (int i = 0; i < n; i++) {
    Value it = items[i];
    if (it.kind == V_STR && ev->in_signature) {
      /* quoted symbolic shape: parse the string as an expression */
      extern Value ev_quoted_expr(Eval *, Value);
      it = ev_quoted_expr(ev, it);
    }
    Expr *e = ev_index_expr(ev, it, v.loc);
    if (!e) return false;
    int64_t c;
    if (tirx_expr_is_const_int(e, &c) && c < 0) {
      ev_error(ev, it.loc, "buffer dimension must be non-negative, got %lld", (long long)c);
      return false;
    }
    (*shape)[i] = e;
  }
  *ndim = n;
  return true;
}

/* TVM 0.27 gives every buffer declared without layout= the layout
 * TileLayout(S[shape]): row-major strides, the innermost a 1 of the dtype of the
 * first shape element that is not int32 (int32 when all are), each outer one
 * the next inner stride times the next inner extent (TVM's operators: promoted,
 * folded).  Its printer leaves that layout out unless the first extent is int32
 * and the strides are not: then (only then) the buffer keeps it here, so it is
 * printed and compiled as TVM's is.  NULL: the default tirx assumes anyway. */
static Expr *tvm_default_layout(Eval *ev, const Buffer *b, Loc loc) {
  if (b->ndim < 2 || b->shape[0]->dtype.id != DT_INT32) return NULL;
  int k = 1;
  while (k < b->ndim && b->shape[k]->dtype.id == DT_INT32) k++;
  if (k == b->ndim || !tirx_dtype_is_int(b->shape[k]->dtype)) return NULL;
  Value ext = v_make(V_TUPLE, loc), str = v_make(V_TUPLE, loc);
  ext.u.list.n = str.u.list.n = b->ndim;
  ext.u.list.items = TIRX_NEWN(ev->m, Value, b->ndim);
  str.u.list.items = TIRX_NEWN(ev->m, Value, b->ndim);
  Value s = v_expr(tirx_int(ev->m, b->shape[k]->dtype, 1, loc), loc);
  for (int i = b->ndim - 1; i >= 0; i--) {
    ext.u.list.items[i] = v_expr(b->shape[i], loc);
    str.u.list.items[i] = s;
    if (i > 0) s = ev_binop(ev, OP_STAR, s, v_expr(b->shape[i], loc), loc);
    if (s.kind == V_ERROR) return NULL;
  }
  Value sa[2] = {ext, str};
  Args la = {sa, 2, NULL, NULL, 0, loc};
  Value sl = ev_layout_call(ev, "T.S", &la, loc);
  if (sl.kind == V_ERROR) return NULL;
  Args ta = {&sl, 1, NULL, NULL, 0, loc};
  Value tl = ev_layout_call(ev, "T.TileLayout", &ta, loc);
  return tl.kind == V_EXPR ? tl.u.e : NULL;
}

/* Fills a buffer from TVM's keyword set. `names` lists the keywords the
 * builder accepts (for error messages). */
/* T.decl_buffer/T.alloc_buffer(shape, dtype, data, strides, ...): TVM's
 * positional arguments after dtype, as the keywords kws[2...] in *pk. */
static bool positional_kws(Eval *ev, Args *a, const char *fn, const char *const *kws, int nkws,
                           Args *pk) {
  /* TVM's signature: shape, dtype, data, strides, elem_offset, byte_offset, scope,
   * align, offset_factor, layout, allocated_addr[, annotations]: the positional
   * arguments after dtype become those keywords */
  /* kws without shape, dtype and the NULL end; only alloc_buffer takes annotations */
  int extra = a->npos - 2, most = nkws - 3 - (fn[2] == 'd');
  if (extra > most) {
    ev_error(ev, a->pos[2 + most].loc, "%s() takes at most %d positional arguments", fn, most + 2);
    return false;
  }
  *pk = *a;
  pk->npos = 2;
  pk->kwn = TIRX_NEWN(ev->m, const char *, a->nkw + extra);
  pk->kwv = TIRX_NEWN(ev->m, Value, a->nkw + extra);
  for (int i = 0; i < a->nkw; i++) pk->kwn[i] = a->kwn[i], pk->kwv[i] = a->kwv[i];
  for (int i = 0; i < extra; i++) {
    if (ev_kwarg(a, kws[2 + i])) {
      ev_error(ev, a->pos[2 + i].loc, "%s() got multiple values for argument '%s'", fn, kws[2 + i]);
      return false;
    }
    pk->kwn[a->nkw + i] = kws[2 + i];
    pk->kwv[a->nkw + i] = a->pos[2 + i];
  }
  pk->nkw = a->nkw + extra;
  return true;
}

/* data=: the buffer's pointer, whose type's storage scope wins over scope=. */
static bool buffer_data(Eval *ev, Buffer *b, const Value *v, const char *fn, bool has_data_kw) {
  if (!has_data_kw) {
    ev_error(ev, v->loc, "%s() does not take data=", fn);
    return false;
  }
  Expr *d = ev_to_expr(ev, *v, "data");
  if (!d) return false;
  if (!tirx_dtype_is_handle(d->dtype)) {
    ev_error(ev, v->loc, "data= must be a pointer (e.g. arena.data)");
    return false;
  }
  b->decl_data = d;
  /* TVM 0.27: the buffer is in the storage scope of its data pointer's type
   * (a typed variable, a buffer's data, T.reinterpret(PointerType(...), p)),
   * whatever scope= says */
  const Var *dvar = d->kind == E_VAR ? d->u.var : NULL;
  const PtrType *pt = d->kind == E_CALL ? d->u.call.ptr_ty : NULL;
  const char *psc = dvar && (dvar->ptr_typed || dvar->kind == VAR_BUFDATA) ? dvar->ptr_scope
                    : pt && pt->typed                                      ? pt->scope
                                                                           : NULL;
  if (psc && *psc) {
    b->scope = psc;
    b->data->ptr_scope = psc;
  }
  return true;
}

/* strides=, elem_offset=, byte_offset=, align= and offset_factor=. */
static bool buffer_offsets(Eval *ev, Buffer *b, Args *a) {
  Value *v;
  DType t = b->dtype;
  if ((v = ev_kwarg(a, "strides")) && v->kind != V_NONE) {
    Expr **st;
    int ns;
    if (!shape_from(ev, *v, &st, &ns)) return false;
    b->strides = st;
    b->nstrides = ns;
  }
  if ((v = ev_kwarg(a, "elem_offset")) && v->kind != V_NONE) {
    Value eo = *v;
    if (eo.kind == V_STR && ev->in_signature) {
      extern Value ev_quoted_expr(Eval *, Value);
      eo = ev_quoted_expr(ev, eo);
    }
    b->elem_offset = ev_index_expr(ev, eo, v->loc);
    if (!b->elem_offset) return false;
  }
  if ((v = ev_kwarg(a, "byte_offset")) && v->kind != V_NONE) {
    if (b->elem_offset) {
      ev_error(ev, v->loc, "byte_offset and elem_offset are mutually exclusive");
      return false;
    }
    int64_t bo;
    if (!ev_get_int(ev, *v, &bo, "byte_offset")) return false;
    int bits = tirx_dtype_bits(t) * t.lanes;
    b->elem_offset = tirx_i32(ev->m, bo * 8 / (bits ? bits : 8));
  }
  if ((v = ev_kwarg(a, "align"))) {
    int64_t al;
    if (!ev_get_int(ev, *v, &al, "align")) return false;
    b->align = al <= 0 ? 0 : (int)al;
    if (al > 0 && (al & (al - 1))) {
      ev_error(ev, v->loc, "align must be a power of two, got %lld", (long long)al);
      return false;
    }
  }
  if ((v = ev_kwarg(a, "offset_factor"))) {
    int64_t of;
    if (!ev_get_int(ev, *v, &of, "offset_factor")) return false;
    b->offset_factor = of <= 0 ? 0 : (int)of;
  }
  return true;
}

/* layout= (or TVM's default layout), allocated_addr= and annotations=. */
static bool buffer_layout_annotations(Eval *ev, Buffer *b, Args *a) {
  Value *v;
  if ((v = ev_kwarg(a, "layout"))) {
    if (v->kind == V_NONE) {
      b->layout = tirx_expr_new(ev->m, E_NONE, tirx_dtype(DT_VOID), v->loc);
    } else if (v->kind == V_STR && v->u.s.len == 7 && memcmp(v->u.s.p, "default", 7) == 0) {
      b->layout = NULL;
    } else {
      Expr *l = ev_to_expr(ev, *v, "layout");
      if (!l) return false;
      if (l->kind != E_LAYOUT) {
        ev_error(ev, v->loc, "layout= must be a T.TileLayout(...) or T.ComposeLayout(...)");
        return false;
      }
      /* the default row-major layout of the shape is no layout (TVM prints none) */
      b->layout = ev_layout_is_default(ev, l, b->shape, b->ndim) ? NULL : l;
    }
  }
  if (!(v = ev_kwarg(a, "layout")) ||
      (v->kind == V_STR && v->u.s.len == 7 && memcmp(v->u.s.p, "default", 7) == 0))
    b->layout_default = (b->layout = tvm_default_layout(ev, b, a->loc)) != NULL;
  if ((v = ev_kwarg(a, "allocated_addr")) && v->kind != V_NONE) {
    b->allocated_addr = ev_value_to_any(ev, *v);
    if (!b->allocated_addr) return false;
  }
  if ((v = ev_kwarg(a, "annotations")) && v->kind != V_NONE) {
    if (v->kind != V_DICT) {
      ev_error(ev, v->loc, "annotations= must be a dictionary");
      return false;
    }
    b->annotations = ev_value_to_any(ev, *v);
  }
  return true;
}

Buffer *ev_make_buffer(Eval *ev, Args *a, const char *fn, const char *scope_default,
                       bool has_data_kw) {
  static const char *const kws[] = {
      "shape", "dtype",         "data",   "strides",        "elem_offset", "byte_offset", "scope",
      "align", "offset_factor", "layout", "allocated_addr", "annotations", NULL};
  if (!ev_check_kw(ev, a, fn, kws)) return NULL;
  Args pk;
  if (a->npos > 2 && (strcmp(fn, "T.decl_buffer") == 0 || strcmp(fn, "T.alloc_buffer") == 0)) {
    if (!positional_kws(ev, a, fn, kws, (int)(sizeof kws / sizeof kws[0]), &pk)) return NULL;
    a = &pk;
  }
  Value *sv = ev_arg(a, 0, "shape");
  if (!sv) {
    ev_error(ev, a->loc, "%s() missing required argument 'shape'", fn);
    return NULL;
  }
  Expr **shape;
  int ndim;
  if (!shape_from(ev, *sv, &shape, &ndim)) return NULL;
  DType t = tirx_dtype(DT_FLOAT32);
  Value *dv = ev_arg(a, 1, "dtype");
  if (dv && !ev_get_dtype(ev, *dv, &t, "dtype")) return NULL;
  if (a->npos > 2) {
    ev_error(ev, a->pos[2].loc, "%s() takes at most 2 positional arguments", fn);
    return NULL;
  }
  const char *name = ev->name_hint ? ev->name_hint : "buffer";
  Buffer *b = tirx_buffer_new(ev->m, name, t, ndim, a->loc);
  memcpy(b->shape, shape, sizeof(Expr *) * (size_t)ndim);
  const char *sc = ev_scope_str(ev, ev_kwarg(a, "scope"), scope_default);
  if (!sc) return NULL;
  b->scope = sc;
  b->data->ptr_scope = sc;
  Value *v;
  if ((v = ev_kwarg(a, "data")) && !buffer_data(ev, b, v, fn, has_data_kw)) return NULL;
  if (!buffer_offsets(ev, b, a) || !buffer_layout_annotations(ev, b, a)) return NULL;
  return b;
}

bool ev_require_device(Eval *ev, Loc loc, const char *what) {
  if (!ev->tx->in_device) {
    ev_error(ev, loc, "%s is only valid after T.device_entry()", what);
    return false;
  }
  return true;
}

Value ev_alloc(Eval *ev, Args *a, const char *fn, const char *scope, bool decl) {
  Buffer *b = ev_make_buffer(ev, a, fn, scope, decl);
  if (!b) return v_make(V_ERROR, a->loc);
  Stmt *s = tirx_stmt_new(ev->m, b->decl_data ? S_DECL : S_ALLOC, a->loc);
  if (b->decl_data) {
    /* a view takes the storage scope of the pointer it aliases */
    Expr *d = b->decl_data;
    if (d->kind == E_VAR && d->u.var->ptr_typed && !ev_kwarg(a, "scope"))
      b->scope = d->u.var->ptr_scope;
  }
  if (!b->decl_data) {
    b->decl_no_data = decl && strcmp(fn, "T.decl_buffer") == 0;
    for (int i = 0; i < b->ndim; i++)
      if (!tirx_expr_is_const_int(b->shape[i], NULL) && !tirx_scope_is(b->scope, MEM_SHARED_DYN)) {
        ev_error(ev, a->loc, "allocation '%s' must have a constant shape", b->name);
        return v_make(V_ERROR, a->loc);
      }
  }
  s->u.alloc.buf = b;
  ev_emit(ev, s);
  Value v = v_make(V_BUFFER, a->loc);
  v.u.buf = b;
  return v;
}

/* A 1-element buffer named `name` in `scope`, allocated here: what every
 * scalar form (x: T.int32, x = <new value>, T.local_scalar, ...) becomes. */
Value ev_new_scalar(Eval *ev, const char *name, DType t, const char *scope, Loc loc) {
  Buffer *b = tirx_buffer_new(ev->m, name, t, 1, loc);
  b->shape[0] = tirx_i32(ev->m, 1);
  b->scope = tirx_intern0(ev->m, scope);
  b->data->ptr_scope = b->scope;
  Stmt *s = tirx_stmt_new(ev->m, S_ALLOC, loc);
  s->u.alloc.buf = b;
  ev_emit(ev, s);
  /* every scalar form reads and writes by name (x, not x[0]), as in TVM */
  Value v = v_make(V_SCALAR, loc);
  v.u.buf = b;
  return v;
}
