/* The tile-layout algebra: include/tirx/internal/layout.h describes the
 * model.  Everything here is over constant integers; the E_LAYOUT reader is
 * the one place that looks at the parser's layout expressions
 * ("T.TileLayout", "T.S", "T.R", "@", "+", "T.ComposeLayout"). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "tirx/internal/layout.h"

bool lay_vwhy(char *why, size_t nwhy, const char *fmt, va_list ap) {
  static const char cut[] = " [...cut]";
  if (!why || !nwhy) return false;
  int k = vsnprintf(why, nwhy, fmt, ap);
  if (k >= 0 && (size_t)k >= nwhy && nwhy > sizeof cut)
    memcpy(why + nwhy - sizeof cut, cut, sizeof cut);
  return false;
}

static bool fail(char *why, size_t n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static bool fail(char *why, size_t n, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  lay_vwhy(why, n, fmt, ap);
  va_end(ap);
  return false;
}

static bool is_lay(const Expr *e, const char *name) {
  return e && e->kind == E_LAYOUT && e->u.call.name && strcmp(e->u.call.name, name) == 0;
}

static LayIter *iters(Module *m, int n) { return TIRX_NEWN(m, LayIter, n > 0 ? n : 1); }

static const char *const known_axes[] = {"laneid", "warpid", "wid_in_wg", "tid_in_wg", "tx",
                                         "wgid",   "ty",     "tz",        "bx",        "by",
                                         "bz",     "cbx",    "cby",       "cbz"};

bool lay_axis_known(const char *axis) {
  for (size_t i = 0; i < sizeof known_axes / sizeof known_axes[0]; i++)
    if (strcmp(axis, known_axes[i]) == 0) return true;
  return false;
}

void lay_row_major(Module *m, const int64_t *shape, int nd, Layout *out) {
  memset(out, 0, sizeof *out);
  out->it = iters(m, nd);
  out->n = nd;
  int64_t s = 1;
  for (int i = nd - 1; i >= 0; i--) {
    out->it[i] = (LayIter){shape[i], s, NULL};
    s *= shape[i];
  }
}

/* ---- reading E_LAYOUT ------------------------------------------------------ */

static int items(const Expr *e, Expr *const **out) {
  if (e->kind == E_TUPLE || e->kind == E_LIST) {
    *out = e->u.list.items;
    return e->u.list.n;
  }
  *out = NULL;
  return 1;
}

static bool const_of(const Expr *e, int64_t *v) { return tirx_expr_is_const_int(e, v); }

bool lay_read_shard(Module *m, const Expr *sl, int *n, Expr ***ext, Expr ***str, const char ***axis,
                    char *why, size_t nwhy) {
  if (!(is_lay(sl, "T.S") || is_lay(sl, "T.R")) || sl->u.call.n < 1 || sl->u.call.n > 2)
    return fail(why, nwhy, "not a T.S[...] / T.R[...] shard");
  Expr *const *ex, *const *st = NULL;
  int k = items(sl->u.call.args[0], &ex);
  if (!ex) ex = &sl->u.call.args[0];
  int ks = k;
  if (sl->u.call.n == 2) {
    ks = items(sl->u.call.args[1], &st);
    if (!st) st = &sl->u.call.args[1];
  }
  if (ks != k) return fail(why, nwhy, "the layout has %d extents but %d strides", k, ks);
  *ext = TIRX_NEWN(m, Expr *, k > 0 ? k : 1);
  *str = TIRX_NEWN(m, Expr *, k > 0 ? k : 1);
  *axis = TIRX_NEWN(m, const char *, k > 0 ? k : 1);
  for (int i = 0; i < k; i++) {
    (*ext)[i] = ex[i];
    (*str)[i] = NULL;
    (*axis)[i] = NULL;
    if (!st) continue;
    Expr *t = st[i];
    if (is_lay(t, "@") && t->u.call.n == 2 && t->u.call.args[1]->kind == E_STR) {
      (*axis)[i] = tirx_intern(m, t->u.call.args[1]->u.s.p, t->u.call.args[1]->u.s.len);
      t = t->u.call.args[0];
    }
    (*str)[i] = t;
  }
  *n = k;
  return true;
}

bool lay_read(Module *m, const Expr *l, LaySpec *out, char *why, size_t nwhy) {
  memset(out, 0, sizeof *out);
  if (is_lay(l, "T.ComposeLayout") && l->u.call.n == 4) {
    for (int k = 0; k < l->u.call.nkw; k++) { /* swizzle_inner=True is TVM's default */
      const KwArg *kw = &l->u.call.kw[k];
      int64_t v;
      if (strcmp(kw->name, "swizzle_inner") || !const_of(kw->value, &v))
        return fail(why, nwhy, "T.ComposeLayout takes no '%s=' tirx models", kw->name);
      if (!v)
        return fail(why, nwhy,
                    "T.ComposeLayout(..., swizzle_inner=False) (the mirrored swizzle "
                    "x ^ ((x & inner_mask) << atom_len)) is not supported: TMA and the "
                    "shared-memory descriptors swizzle as swizzle_inner=True");
    }
    out->comp = l;
    l = l->u.call.args[3];
  }
  if (is_lay(l, "T.TileLayout") && l->u.call.n == 1 && l->u.call.nkw == 0) {
    out->wrapped = true;
    l = l->u.call.args[0];
  }
  if (is_lay(l, "T.S"))
    return lay_read_shard(m, l, &out->n, &out->ext, &out->str, &out->axis, why, nwhy);
  if (!is_lay(l, "+")) return fail(why, nwhy, "not a T.TileLayout / T.ComposeLayout");
  bool shard = false;
  out->terms = TIRX_NEWN(m, Expr *, l->u.call.n > 0 ? l->u.call.n : 1);
  for (int i = 0; i < l->u.call.n; i++) {
    Expr *t = l->u.call.args[i];
    if (is_lay(t, "T.S") && !shard) {
      if (!lay_read_shard(m, t, &out->n, &out->ext, &out->str, &out->axis, why, nwhy)) return false;
      shard = true;
    } else {
      out->terms[out->nterms++] = t;
    }
  }
  if (!shard) return fail(why, nwhy, "the layout has no T.S shard");
  return true;
}

/* Constant iters of a shard read by lay_read_shard (row-major strides when none). */
static bool const_iters(Module *m, int k, Expr **ext, Expr **str, const char **axis, LayIter **out,
                        char *why, size_t nwhy) {
  LayIter *it = iters(m, k);
  int64_t s = 1;
  for (int i = k - 1; i >= 0; i--) {
    if (!const_of(ext[i], &it[i].ext)) return fail(why, nwhy, "the layout has a symbolic extent");
    it[i].axis = axis[i];
    if (!str[i]) {
      it[i].stride = s;
      s *= it[i].ext;
    } else if (!const_of(str[i], &it[i].stride)) {
      return fail(why, nwhy, "the layout has a symbolic stride");
    }
  }
  *out = it;
  return true;
}

bool lay_from_expr(Module *m, const Expr *l, Expr *const *shape, int ndim, Layout *out, char *why,
                   size_t nwhy) {
  memset(out, 0, sizeof *out);
  if (!l) {
    int64_t *sh = TIRX_NEWN(m, int64_t, ndim > 0 ? ndim : 1);
    for (int i = 0; i < ndim; i++)
      if (!const_of(shape[i], &sh[i])) return fail(why, nwhy, "the buffer has a symbolic shape");
    lay_row_major(m, sh, ndim, out);
    return true;
  }
  LaySpec sp;
  if (!lay_read(m, l, &sp, why, nwhy)) return false;
  if (sp.comp) {
    int64_t v[3];
    for (int k = 0; k < 3; k++)
      if (!const_of(sp.comp->u.call.args[k], &v[k]) || v[k] < 0 || v[k] > 16)
        return fail(why, nwhy, "the swizzle parameters are not small constants");
    out->swz_m = (int)v[0];
    out->swz_b = (int)v[1];
    out->swz_s = (int)v[2];
  }
  if (!const_iters(m, sp.n, sp.ext, sp.str, sp.axis, &out->it, why, nwhy)) return false;
  out->n = sp.n;
  for (int i = 0; i < sp.nterms; i++) {
    const Expr *t = sp.terms[i];
    int64_t c;
    if (is_lay(t, "T.R") && (t->u.call.n == 1 || t->u.call.n == 2)) {
      int nr;
      Expr **ex, **st;
      const char **ax;
      LayIter *r;
      if (!lay_read_shard(m, t, &nr, &ex, &st, &ax, why, nwhy) ||
          !const_iters(m, nr, ex, st, ax, &r, why, nwhy))
        return false;
      LayIter *all = iters(m, out->nrep + nr);
      if (out->nrep) memcpy(all, out->rep, sizeof *all * (size_t)out->nrep);
      if (nr) memcpy(all + out->nrep, r, sizeof *all * (size_t)nr);
      out->rep = all;
      out->nrep += nr;
    } else if (t->kind != E_LAYOUT && const_of(t, &c)) {
      out->offset += c;
    } else if (is_lay(t, "@") && t->u.call.n == 2 && t->u.call.args[1]->kind == E_STR &&
               const_of(t->u.call.args[0], &c)) {
      const char *ax = tirx_intern(m, t->u.call.args[1]->u.s.p, t->u.call.args[1]->u.s.len);
      if (strcmp(ax, "TLane") && strcmp(ax, "TCol"))
        return fail(why, nwhy,
                    "the layout has an offset along thread axis '%s', which tirx does not model "
                    "yet (only tensor memory's TLane / TCol)",
                    ax);
      int k = 0;
      while (k < out->naoff && out->aoff_axis[k] != ax) k++;
      if (k == out->naoff) { /* a new axis: grow the arrays (a few terms at most) */
        const char **na = TIRX_NEWN(m, const char *, k + 1);
        int64_t *nv = TIRX_NEWN(m, int64_t, k + 1);
        for (int j = 0; j < k; j++) na[j] = out->aoff_axis[j], nv[j] = out->aoff[j];
        na[k] = ax;
        nv[k] = 0;
        out->aoff_axis = na;
        out->aoff = nv;
        out->naoff++;
      }
      out->aoff[k] += c;
    } else {
      return fail(why, nwhy,
                  "the layout has a term tirx does not model yet (a thread-axis offset or a "
                  "symbolic offset)");
    }
  }
  return true;
}

bool lay_of_buffer(Module *m, const Buffer *b, Layout *out, char *why, size_t nwhy) {
  const Buffer *r = b;
  while (!r->layout && r->layout_src) r = r->layout_src;
  if (r->layout && r->layout->kind != E_LAYOUT)
    return fail(why, nwhy, "the layout of '%s' is not a layout value", b->name);
  if (!lay_from_expr(m, r->layout, r->shape, r->ndim, out, why, nwhy)) return false;
  int64_t off;
  if (b->elem_offset && const_of(b->elem_offset, &off)) out->offset += off;
  else if (b->elem_offset) return fail(why, nwhy, "'%s' has a symbolic element offset", b->name);
  return true;
}

bool lay_dim_strides(Module *m, const Buffer *b, Expr **strides, char *why, size_t nwhy) {
  if (b->nstrides == b->ndim && b->ndim > 0) {
    for (int d = 0; d < b->ndim; d++) strides[d] = b->strides[d];
    return true;
  }
  const Buffer *r = b;
  while (!r->layout && r->layout_src) r = r->layout_src;
  const Expr *l = r->layout;
  if (!l || l->kind != E_LAYOUT)
    return fail(why, nwhy, "'%s' has no explicit strided layout", b->name);
  LaySpec sp;
  if (!lay_read(m, l, &sp, why, nwhy)) return false;
  if (sp.comp || sp.nterms || (sp.n > 0 && !sp.str[0]))
    return fail(why, nwhy, "the layout of '%s' is not one T.S[extents:strides] shard", b->name);
  if (sp.n != b->ndim)
    return fail(why, nwhy, "the layout of '%s' has %d iters for its %d dimensions", b->name, sp.n,
                b->ndim);
  for (int d = 0; d < sp.n; d++) {
    int64_t e, s;
    if (!const_of(sp.ext[d], &e) || !const_of(b->shape[d], &s) || e != s)
      return fail(why, nwhy, "the layout of '%s' does not split its shape one iter per dimension",
                  b->name);
    if (sp.axis[d]) return fail(why, nwhy, "the layout of '%s' has a thread axis", b->name);
    strides[d] = sp.str[d];
  }
  return true;
}

/* ---- canonical form -------------------------------------------------------- */

void lay_canonical(Module *m, const Layout *in, Layout *out) {
  *out = *in;
  out->it = iters(m, in->n);
  int n = 0;
  for (int i = 0; i < in->n; i++) {
    LayIter x = in->it[i];
    if (x.ext == 1) continue;
    out->it[n++] = x;
  }
  /* merge from the inside out: outer (a) over inner (b) */
  int w = n;
  for (int i = n - 2; i >= 0; i--) {
    LayIter *a = &out->it[i], *b = &out->it[i + 1];
    if (a->axis == b->axis && a->stride == b->stride * b->ext) {
      b->ext *= a->ext;
      memmove(a, b, sizeof *a * (size_t)(w - i - 1));
      w--;
    }
  }
  out->n = w;
  out->rep = iters(m, in->nrep);
  int nr = 0;
  for (int i = 0; i < in->nrep; i++)
    if (in->rep[i].ext != 1) out->rep[nr++] = in->rep[i];
  out->nrep = nr;
}

static bool iters_equal(const LayIter *a, const LayIter *b, int n) {
  for (int i = 0; i < n; i++)
    if (a[i].ext != b[i].ext || a[i].stride != b[i].stride || a[i].axis != b[i].axis) return false;
  return true;
}

bool lay_equal(Module *m, const Layout *a, const Layout *b) {
  Layout x, y;
  lay_canonical(m, a, &x);
  lay_canonical(m, b, &y);
  for (int i = 0; i < a->naoff; i++) /* axis offsets: the same value on each axis */
    for (int j = 0; j < b->naoff; j++)
      if (a->aoff_axis[i] == b->aoff_axis[j] && a->aoff[i] != b->aoff[j]) return false;
  int64_t na = 0, nb = 0;
  for (int i = 0; i < a->naoff; i++) na += a->aoff[i] != 0;
  for (int j = 0; j < b->naoff; j++) nb += b->aoff[j] != 0;
  if (na != nb) return false;
  return x.n == y.n && x.nrep == y.nrep && x.offset == y.offset && x.swz_b == y.swz_b &&
         (x.swz_b == 0 || (x.swz_m == y.swz_m && x.swz_s == y.swz_s)) &&
         iters_equal(x.it, y.it, x.n) && iters_equal(x.rep, y.rep, x.nrep);
}

/* ---- grouping and slicing ---------------------------------------------------- */

bool lay_group(Module *m, const Layout *in, const int64_t *shape, int nd, Layout *out, int *start,
               char *why, size_t nwhy) {
  *out = *in;
  /* every split adds at most one iter per dimension */
  out->it = iters(m, in->n + nd);
  int n = 0, k = 0;
  LayIter cur = {1, 0, NULL};
  bool have = false;
  int64_t total = 1, want = 1;
  for (int i = 0; i < in->n; i++) {
    if (in->it[i].ext < 1)
      return fail(why, nwhy, "the layout has an extent of %lld", (long long)in->it[i].ext);
    total *= in->it[i].ext;
  }
  for (int d = 0; d < nd; d++) {
    if (shape[d] < 1)
      return fail(why, nwhy, "dimension %d has extent %lld", d, (long long)shape[d]);
    want *= shape[d];
  }
  if (total != want)
    return fail(why, nwhy, "the layout covers %lld elements but the shape has %lld",
                (long long)total, (long long)want);
  for (int d = 0; d < nd; d++) {
    start[d] = n;
    int64_t need = shape[d];
    while (need > 1) {
      if (!have) {
        if (k >= in->n) return fail(why, nwhy, "the layout's extents do not cover the shape");
        cur = in->it[k++];
        have = true;
      }
      if (cur.ext == 1) {
        have = false;
        continue;
      }
      if (cur.ext <= need) {
        if (need % cur.ext)
          return fail(why, nwhy,
                      "dimension %d (extent %lld) does not split the layout's extent %lld", d,
                      (long long)shape[d], (long long)cur.ext);
        need /= cur.ext;
        out->it[n++] = cur;
        have = false;
      } else {
        if (cur.ext % need)
          return fail(why, nwhy,
                      "dimension %d (extent %lld) does not split the layout's extent %lld", d,
                      (long long)shape[d], (long long)cur.ext);
        /* outer part of cur belongs to d, the inner part stays for d + 1 */
        int64_t inner = cur.ext / need;
        out->it[n++] = (LayIter){need, cur.stride * inner, cur.axis};
        cur.ext = inner;
        need = 1;
      }
    }
  }
  /* trailing extent-1 iters */
  start[nd] = n;
  out->n = n;
  return true;
}

bool lay_broadcast(Module *m, const Layout *in, const int64_t *shape, int nd, const int64_t *to,
                   int tnd, Layout *out, char *why, size_t nwhy) {
  if (nd > tnd) return fail(why, nwhy, "%d dimensions do not broadcast to %d", nd, tnd);
  Layout g;
  int *start = TIRX_NEWN(m, int, nd + 1);
  if (!lay_group(m, in, shape, nd, &g, start, why, nwhy)) return false;
  *out = g;
  out->it = iters(m, g.n + tnd);
  int n = 0;
  for (int j = 0; j < tnd; j++) {
    int d = j - (tnd - nd); /* the source dim aligned with j, < 0: missing */
    if (d >= 0 && shape[d] == to[j]) {
      for (int k = start[d]; k < start[d + 1]; k++) out->it[n++] = g.it[k];
    } else if (d < 0 || shape[d] == 1) {
      out->it[n++] = (LayIter){to[j], 0, NULL};
    } else {
      return fail(why, nwhy, "dimension %d (extent %lld) does not broadcast to extent %lld", d,
                  (long long)shape[d], (long long)to[j]);
    }
  }
  out->n = n;
  return true;
}

/* The iters x[0..cnt) of dimension d (outermost first) sliced to lo .. lo + ext: walked from
 * the innermost, whole iters while the region covers them, then one narrowed iter, then
 * fixed digits (into *offset); kept[0..*nk) innermost first. */
static bool slice_dim(const LayIter *x, int cnt, int d, int64_t lo, int64_t ext, int64_t full,
                      int64_t *offset, LayIter *kept, int *nk, char *why, size_t nwhy) {
  int64_t rem = ext, pos = lo;
  int i = cnt - 1;
  *nk = 0;
  for (; i >= 0 && rem % x[i].ext == 0 && pos % x[i].ext == 0 && rem >= x[i].ext; i--) {
    kept[(*nk)++] = x[i];
    rem /= x[i].ext;
    pos /= x[i].ext;
  }
  if (i >= 0 && rem > 1) {
    int64_t s0 = pos % x[i].ext;
    if (s0 + rem > x[i].ext)
      return fail(why, nwhy,
                  "dimension %d: the region %lld:%lld is not a box of the layout's iters", d,
                  (long long)lo, (long long)(lo + ext));
    if (x[i].axis && s0)
      return fail(why, nwhy, "dimension %d: the region starts inside thread axis '%s'", d,
                  x[i].axis);
    *offset += x[i].axis ? 0 : s0 * x[i].stride;
    kept[(*nk)++] = (LayIter){rem, x[i].stride, x[i].axis};
    pos /= x[i].ext;
    i--;
  } else if (rem > 1) {
    return fail(why, nwhy, "dimension %d: the region %lld:%lld is not a box of the layout's iters",
                d, (long long)lo, (long long)(lo + ext));
  }
  for (; i >= 0; i--) { /* fixed outer digits */
    int64_t digit = pos % x[i].ext;
    pos /= x[i].ext;
    if (x[i].axis && digit)
      return fail(why, nwhy, "dimension %d: the region selects part of thread axis '%s'", d,
                  x[i].axis);
    if (x[i].axis && x[i].ext > 1 && ext < full)
      return fail(why, nwhy, "dimension %d: the region selects part of thread axis '%s'", d,
                  x[i].axis);
    *offset += digit * x[i].stride;
  }
  return true;
}

bool lay_slice(Module *m, const Layout *in, const int64_t *shape, int nd, const int64_t *lo,
               const int64_t *ext, Layout *out, char *why, size_t nwhy) {
  Layout g;
  int *start = TIRX_NEWN(m, int, nd + 1);
  if (!lay_group(m, in, shape, nd, &g, start, why, nwhy)) return false;
  *out = g;
  out->it = iters(m, g.n + nd);
  int n = 0;
  for (int d = 0; d < nd; d++) {
    if (lo[d] < 0 || ext[d] < 0 || lo[d] + ext[d] > shape[d])
      return fail(why, nwhy, "dimension %d: the region %lld:%lld is outside the extent %lld", d,
                  (long long)lo[d], (long long)(lo[d] + ext[d]), (long long)shape[d]);
    int a = start[d], b = start[d + 1], nk;
    LayIter *kept = iters(m, b - a + 1);
    int64_t off = 0;
    if (!slice_dim(g.it + a, b - a, d, lo[d], ext[d], shape[d], &off, kept, &nk, why, nwhy)) {
      /* a region across iters that are one run ((8, 8):(128, 16) is 64:16): merge them */
      LayIter *mg = iters(m, b - a);
      int nm = 0;
      for (int i = a; i < b; i++) {
        LayIter x = g.it[i];
        bool same = nm > 0 && (x.axis == mg[nm - 1].axis ||
                               (x.axis && mg[nm - 1].axis && !strcmp(x.axis, mg[nm - 1].axis)));
        if (same && mg[nm - 1].stride == x.stride * x.ext) {
          mg[nm - 1] = (LayIter){mg[nm - 1].ext * x.ext, x.stride, x.axis};
          continue;
        }
        mg[nm++] = x;
      }
      if (nm == b - a) return false;
      off = 0;
      if (!slice_dim(mg, nm, d, lo[d], ext[d], shape[d], &off, kept, &nk, why, nwhy)) return false;
    }
    out->offset += off;
    for (int k = nk - 1; k >= 0; k--) out->it[n++] = kept[k];
    if (nk == 0) out->it[n++] = (LayIter){1, 0, NULL}; /* keep the dimension */
  }
  out->n = n;
  return true;
}

/* ---- per-thread views ---------------------------------------------------------- */

void lay_local(Module *m, const Layout *in, Layout *out) {
  *out = *in;
  out->it = iters(m, in->n);
  int n = 0;
  for (int i = 0; i < in->n; i++)
    if (!in->it[i].axis) out->it[n++] = in->it[i];
  out->n = n;
  out->rep = NULL;
  out->nrep = 0;
  out->naoff = 0;
}

int64_t lay_local_size(const Layout *l) {
  int64_t p = 1;
  for (int i = 0; i < l->n; i++)
    if (!l->it[i].axis) p *= l->it[i].ext;
  return p;
}

int64_t lay_thread_extent(const Layout *l, const char *axis) {
  int64_t p = 1;
  for (int i = 0; i < l->n; i++)
    if (l->it[i].axis && (!axis || strcmp(axis, l->it[i].axis) == 0)) p *= l->it[i].ext;
  for (int i = 0; i < l->nrep; i++)
    if (l->rep[i].axis && (!axis || strcmp(axis, l->rep[i].axis) == 0)) p *= l->rep[i].ext;
  return p;
}

bool lay_has_threads(const Layout *l) {
  for (int i = 0; i < l->n; i++)
    if (l->it[i].axis) return true;
  return l->nrep > 0;
}

int64_t lay_span(const Layout *l) {
  int64_t mx = l->offset;
  for (int i = 0; i < l->n; i++)
    if (!l->it[i].axis && l->it[i].stride > 0) mx += (l->it[i].ext - 1) * l->it[i].stride;
  return mx + 1;
}

int64_t lay_contig(const Layout *l) {
  for (int i = l->n - 1; i >= 0; i--) {
    if (l->it[i].axis || l->it[i].ext == 1) continue;
    return l->it[i].stride == 1 ? l->it[i].ext : 1;
  }
  return 1;
}

int64_t lay_apply(const Layout *l, int64_t flat, const char *const *axes, int nax, int64_t *thr) {
  int64_t o = l->offset;
  for (int k = 0; k < nax && thr; k++) thr[k] = 0;
  for (int i = l->n - 1; i >= 0; i--) {
    int64_t digit = flat % l->it[i].ext;
    flat /= l->it[i].ext;
    if (!l->it[i].axis) {
      o += digit * l->it[i].stride;
      continue;
    }
    for (int k = 0; k < nax && thr; k++)
      if (strcmp(axes[k], l->it[i].axis) == 0) thr[k] += digit * l->it[i].stride;
  }
  for (int j = 0; j < l->naoff; j++)
    for (int k = 0; k < nax && thr; k++)
      if (strcmp(axes[k], l->aoff_axis[j]) == 0) thr[k] += l->aoff[j];
  if (l->swz_b) o ^= ((o >> (l->swz_m + l->swz_s)) & ((1ll << l->swz_b) - 1)) << l->swz_m;
  return o;
}

/* ---- printing ---------------------------------------------------------------- */

static size_t put_iters(char *buf, size_t n, size_t pos, const char *kind, const LayIter *it,
                        int k) {
  pos += (size_t)snprintf(buf + pos, pos < n ? n - pos : 0, "%s[%s", kind, k == 1 ? "" : "(");
  for (int i = 0; i < k; i++)
    pos += (size_t)snprintf(buf + pos, pos < n ? n - pos : 0, "%s%lld", i ? ", " : "",
                            (long long)it[i].ext);
  pos += (size_t)snprintf(buf + pos, pos < n ? n - pos : 0, "%s:%s", k == 1 ? "" : ")",
                          k == 1 ? "" : "(");
  for (int i = 0; i < k; i++) {
    pos += (size_t)snprintf(buf + pos, pos < n ? n - pos : 0, "%s%lld", i ? ", " : "",
                            (long long)it[i].stride);
    if (it[i].axis) pos += (size_t)snprintf(buf + pos, pos < n ? n - pos : 0, "@%s", it[i].axis);
  }
  pos += (size_t)snprintf(buf + pos, pos < n ? n - pos : 0, "%s]", k == 1 ? "" : ")");
  return pos;
}

char *lay_str(const Layout *l, char *buf, size_t n) {
  if (!n) return buf;
  buf[0] = 0;
  size_t pos = 0;
  if (l->swz_b)
    pos += (size_t)snprintf(buf, n, "Swizzle(%d, %d, %d) o ", l->swz_m, l->swz_b, l->swz_s);
  pos = put_iters(buf, n, pos, "S", l->it, l->n);
  if (l->nrep) {
    pos += (size_t)snprintf(buf + pos, pos < n ? n - pos : 0, " + ");
    pos = put_iters(buf, n, pos, "R", l->rep, l->nrep);
  }
  if (l->offset)
    pos += (size_t)snprintf(buf + pos, pos < n ? n - pos : 0, " + %lld", (long long)l->offset);
  for (int j = 0; j < l->naoff; j++)
    if (l->aoff[j])
      pos += (size_t)snprintf(buf + pos, pos < n ? n - pos : 0, " + %lld@%s", (long long)l->aoff[j],
                              l->aoff_axis[j]);
  return buf;
}

/* ---- common refinement ---------------------------------------------------------- */

bool lay_refine(Module *m, const Layout *a, const Layout *b, Layout *ra, Layout *rb, char *why,
                size_t nwhy) {
  *ra = *a;
  *rb = *b;
  ra->it = iters(m, a->n + b->n);
  rb->it = iters(m, a->n + b->n);
  int n = 0, i = a->n - 1, j = b->n - 1;
  LayIter x = {1, 0, NULL}, y = {1, 0, NULL};
  for (;;) {
    while (x.ext == 1 && i >= 0) x = a->it[i--];
    while (y.ext == 1 && j >= 0) y = b->it[j--];
    if (x.ext == 1 && y.ext == 1) break;
    if (x.ext == 1 || y.ext == 1)
      return fail(why, nwhy, "the layouts cover different numbers of elements");
    int64_t g = x.ext < y.ext ? x.ext : y.ext;
    if (x.ext % g || y.ext % g)
      return fail(why, nwhy, "the layouts split the tile at incompatible points (%lld vs %lld)",
                  (long long)x.ext, (long long)y.ext);
    ra->it[n] = (LayIter){g, x.stride, x.axis};
    rb->it[n] = (LayIter){g, y.stride, y.axis};
    n++;
    x.ext /= g;
    x.stride *= g;
    y.ext /= g;
    y.stride *= g;
  }
  /* innermost first -> outermost first */
  for (int k = 0; k < n / 2; k++) {
    LayIter t = ra->it[k];
    ra->it[k] = ra->it[n - 1 - k];
    ra->it[n - 1 - k] = t;
    t = rb->it[k];
    rb->it[k] = rb->it[n - 1 - k];
    rb->it[n - 1 - k] = t;
  }
  ra->n = rb->n = n;
  return true;
}
