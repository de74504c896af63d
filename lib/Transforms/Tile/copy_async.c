/* The copy_async tile op (TVM 0.27's tirx.tile.copy_async): an asynchronous
 * copy whose completion the caller waits for.  Variants (rows in
 * variants.def):
 *
 *   ldgsts   global -> shared with cp.async (LDGSTS), 4, 8 or 16 bytes per
 *            instruction.  The scope's threads split the region into
 *            [outer, threads, vec] (element f of the region, row-major, is in
 *            vector f / vec, which thread (f / vec) % threads issues in round
 *            (f / vec) / threads); vec is the widest of 16, 8, 4 bytes that
 *            both regions hold contiguously and aligned (the shared side's
 *            swizzle atom included) and that splits the region evenly.  No
 *            commit, wait or barrier is emitted: as in TVM, the caller
 *            commits the group (T.ptx.cp.async.commit_group()) and waits
 *            (wait_group) before reading the shared tile.
 *            Options: predicate=c guards every copy of the thread
 *            (`if c:`); with fill_mode="zero" the copy is issued anyway with
 *            src-size = c ? cp_size : 0, so the destination is zero-filled
 *            where c is false (out-of-bounds rows); direct=True (thread scope)
 *            copies the region, which must be 4, 8 or 16 contiguous bytes,
 *            with one instruction from its starts.
 *
 * Not here yet (the op then reports "no variant applies" naming ldgsts):
 * tma_auto / tma_explicit (TMA), dsmem; prefetch_size= (the L2::NB
 * qualifier) is a located error. */
#include <stdio.h>
#include <string.h>

#include "Transforms/Tile/tile.h"

static Loc noloc(void) { return (Loc){0, 0}; }

static bool is_shared(const Buffer *b) {
  return tile_scope_is(b, MEM_SHARED) || tile_scope_is(b, MEM_SHARED_DYN);
}

static bool opt_int(TileOp *op, const char *name, int64_t dflt, int64_t *out) {
  Expr *e = tile_kwarg(op, name);
  *out = dflt;
  if (!e) return true;
  return xf_const_int(e, out);
}

/* ---- ldgsts ------------------------------------------------------------------------ */

typedef struct Ldgsts {
  TileRegion dst, src;
  int64_t elem_bytes;
  int64_t vec;     /* elements per instruction */
  int64_t cp_size; /* bytes per instruction */
  int64_t outer;   /* instructions per thread */
  bool direct;
  Expr *pred;      /* predicate=, NULL: none */
  bool zero_fill;  /* fill_mode="zero" */
} Ldgsts;

/* The layout of region r with every symbolic start taken as 0 (the strides
 * are the same; the alignment of the symbolic starts is judged apart). */
static bool region_layout_any_lo(TileOp *op, const TileRegion *r, Layout *out, char *why, size_t nwhy) {
  TileRegion z = *r;
  z.lo = TIRX_NEWN(op->m, Expr *, r->nd > 0 ? r->nd : 1);
  for (int i = 0; i < r->nd; i++) {
    int64_t c;
    z.lo[i] = xf_const_int(r->lo[i], &c) ? r->lo[i] : tile_int(op, 0);
  }
  return tile_region_layout(op, &z, out, why, nwhy);
}

/* Can every thread move `vec` elements of region r with one aligned
 * instruction?  The region's innermost contiguous run must hold whole
 * vectors, every other memory stride and the offset be multiples of vec, the
 * swizzle (if any) keep vec-element atoms whole, and each symbolic start
 * move the region by a multiple of vec. */
static bool vec_fits(TileOp *op, const TileRegion *r, int64_t vec, char *why, size_t nwhy) {
  Layout l, c;
  if (!region_layout_any_lo(op, r, &l, why, nwhy)) return false;
  lay_canonical(op->m, &l, &c);
  if (lay_has_threads(&c)) {
    snprintf(why, nwhy, "the layout of '%s' has thread axes", r->buf->name);
    return false;
  }
  if (lay_contig(&c) % vec) {
    snprintf(why, nwhy, "'%s' holds runs of %lld contiguous elements, not whole %lld-element vectors", r->buf->name,
             (long long)lay_contig(&c), (long long)vec);
    return false;
  }
  for (int k = 0; k < c.n; k++)
    if (c.it[k].ext > 1 && c.it[k].stride != 1 && c.it[k].stride % vec) {
      snprintf(why, nwhy, "a stride of '%s' (%lld elements) is not a multiple of the %lld-element vector", r->buf->name,
               (long long)c.it[k].stride, (long long)vec);
      return false;
    }
  if (c.offset % vec) {
    snprintf(why, nwhy, "the region of '%s' starts at element offset %lld, not a multiple of %lld", r->buf->name,
             (long long)c.offset, (long long)vec);
    return false;
  }
  if (c.swz_b && (((int64_t)1 << c.swz_m) % vec)) {
    snprintf(why, nwhy, "the swizzle of '%s' moves %lld-element atoms, smaller than the %lld-element vector", r->buf->name,
             (long long)((int64_t)1 << c.swz_m), (long long)vec);
    return false;
  }
  /* a symbolic start of dimension d moves the region by lo_d times the
   * strides of d's iters in the whole buffer's layout */
  bool symbolic = false;
  for (int d = 0; d < r->nd; d++) {
    int64_t v;
    symbolic |= !xf_const_int(r->lo[d], &v);
  }
  if (!symbolic) return true;
  Layout whole, g;
  if (!lay_of_buffer(op->m, r->buf, &whole, why, nwhy)) return false;
  int64_t *shape = TIRX_NEWN(op->m, int64_t, r->nd > 0 ? r->nd : 1);
  for (int d = 0; d < r->nd; d++)
    if (!xf_const_int(r->buf->shape[d], &shape[d])) {
      snprintf(why, nwhy, "'%s' has a symbolic shape", r->buf->name);
      return false;
    }
  int *start = TIRX_NEWN(op->m, int, r->nd + 1);
  if (!lay_group(op->m, &whole, shape, r->nd, &g, start, why, nwhy)) return false;
  for (int d = 0; d < r->nd; d++) {
    int64_t v;
    if (xf_const_int(r->lo[d], &v)) continue;
    for (int k = start[d]; k < start[d + 1]; k++)
      if (g.it[k].ext > 1 && g.it[k].stride % vec) {
        snprintf(why, nwhy, "the symbolic start of dimension %d of '%s' moves it by a stride of %lld elements, not a multiple of %lld",
                 d, r->buf->name, (long long)g.it[k].stride, (long long)vec);
        return false;
      }
  }
  return true;
}

static bool ldgsts_plan(TileOp *op, Ldgsts *p, char *why, size_t nwhy) {
  memset(p, 0, sizeof *p);
  if (op->inactive) {
    snprintf(why, nwhy, "%s", op->inactive);
    return false;
  }
  if (op->nargs != 2 || !tile_is_region(op->args[0]) || !tile_is_region(op->args[1])) {
    snprintf(why, nwhy, "takes a destination and a source region");
    return false;
  }
  if (!tile_region(op, op->args[0], &p->dst, why, nwhy) || !tile_region(op, op->args[1], &p->src, why, nwhy))
    return false;
  if (!tile_scope_is(p->src.buf, MEM_GLOBAL) || !is_shared(p->dst.buf)) {
    snprintf(why, nwhy, "copies global -> shared only (cp.async), not %s -> %s", p->src.buf->scope, p->dst.buf->scope);
    return false;
  }
  if (!tirx_dtype_eq(p->src.buf->dtype, p->dst.buf->dtype)) {
    char a[32], b[32];
    snprintf(why, nwhy, "the dtypes differ (%s -> %s)", tirx_dtype_str(p->src.buf->dtype, a),
             tirx_dtype_str(p->dst.buf->dtype, b));
    return false;
  }
  if (p->src.n != p->dst.n) {
    snprintf(why, nwhy, "the source region has %lld elements, the destination %lld", (long long)p->src.n,
             (long long)p->dst.n);
    return false;
  }
  int bits = tirx_dtype_bits(p->dst.buf->dtype) * p->dst.buf->dtype.lanes;
  if (bits % 8) {
    snprintf(why, nwhy, "elements of %d bits are not whole bytes", bits);
    return false;
  }
  p->elem_bytes = bits / 8;
  int64_t pf;
  if (!opt_int(op, "prefetch_size", -1, &pf)) {
    snprintf(why, nwhy, "prefetch_size= must be an integer constant");
    return false;
  }
  if (pf != -1) {
    snprintf(why, nwhy, "prefetch_size= (the cp.async L2::%lldB qualifier) is not supported yet", (long long)pf);
    return false;
  }
  Expr *pe = tile_kwarg(op, "predicate");
  int64_t pc;
  if (pe && !(xf_const_int(pe, &pc) && pc == -1)) p->pred = pe;
  Expr *fm = tile_kwarg(op, "fill_mode");
  if (fm) {
    if (fm->kind != E_STR || (fm->u.s.len != 0 && (fm->u.s.len != 4 || strncmp(fm->u.s.p, "zero", 4) != 0))) {
      snprintf(why, nwhy, "fill_mode= must be \"zero\" or \"\"");
      return false;
    }
    p->zero_fill = fm->u.s.len == 4;
  }
  if (p->zero_fill && !p->pred) {
    snprintf(why, nwhy, "fill_mode=\"zero\" needs a predicate= (the elements to load; the rest are zero-filled)");
    return false;
  }
  int64_t direct;
  if (!opt_int(op, "direct", 0, &direct)) {
    snprintf(why, nwhy, "direct= must be a constant");
    return false;
  }
  p->direct = direct != 0;
  if (p->direct) {
    if (op->scope != TS_THREAD) {
      snprintf(why, nwhy, "direct=True is only valid at thread scope, not %s", tile_scope_name(op->scope));
      return false;
    }
    int64_t bytes = p->dst.n * p->elem_bytes;
    if (bytes != 4 && bytes != 8 && bytes != 16) {
      snprintf(why, nwhy, "direct=True needs a 4, 8 or 16-byte region, not %lld bytes", (long long)bytes);
      return false;
    }
    p->vec = p->dst.n;
    p->cp_size = bytes;
    p->outer = 1;
    char w1[256];
    if (!vec_fits(op, &p->src, p->vec, w1, sizeof w1) || !vec_fits(op, &p->dst, p->vec, w1, sizeof w1)) {
      snprintf(why, nwhy, "direct=True: %s", w1);
      return false;
    }
    return true;
  }
  if (op->nthreads <= 0) {
    snprintf(why, nwhy, "the number of threads of the %s is not known (declare T.thread_id([n]))",
             tile_scope_name(op->scope));
    return false;
  }
  if (p->src.n % op->nthreads) {
    snprintf(why, nwhy, "region size %lld not divisible by thread_cnt=%lld", (long long)p->src.n, (long long)op->nthreads);
    return false;
  }
  char last[256] = "";
  static const int64_t sizes[] = {16, 8, 4};
  for (int i = 0; i < 3; i++) {
    if (sizes[i] % p->elem_bytes) continue;
    int64_t vec = sizes[i] / p->elem_bytes;
    if (p->src.n % (op->nthreads * vec)) {
      snprintf(last, sizeof last, "%lld elements do not split into %lld threads x %lld-element vectors",
               (long long)p->src.n, (long long)op->nthreads, (long long)vec);
      continue;
    }
    if (!vec_fits(op, &p->src, vec, last, sizeof last) || !vec_fits(op, &p->dst, vec, last, sizeof last)) continue;
    p->vec = vec;
    p->cp_size = sizes[i];
    p->outer = p->src.n / (op->nthreads * vec);
    return true;
  }
  snprintf(why, nwhy, "no cp.async size of 16, 8 or 4 bytes fits (%s)",
           last[0] ? last : "the element is wider than 16 bytes");
  return false;
}

bool tile_ca_ldgsts_ok(TileOp *op, char *why, size_t nwhy) {
  Ldgsts p;
  return ldgsts_plan(op, &p, why, nwhy);
}

static Expr *addr_of(TileOp *op, const TileRegion *r, Expr **c) {
  Expr *ld = tile_load(op, r, c);
  return tile_call(op, I_ADDRESS_OF, tirx_dtype(DT_HANDLE), &ld, 1);
}

static Stmt *eval(TileOp *op, Expr *e) {
  Stmt *s = tirx_stmt_new(op->m, S_EVAL, noloc());
  s->u.eval.e = e;
  return s;
}

Stmt *tile_ca_ldgsts_emit(TileOp *op) {
  Ldgsts p;
  char why[256];
  if (!ldgsts_plan(op, &p, why, sizeof why)) {
    tile_error(op, "%s", why);
    return NULL;
  }
  int64_t nt = p.direct ? 1 : op->nthreads;
  Expr *tid = p.direct ? tile_int(op, 0) : tile_thread_index(op);
  Var *f = tile_var(op, "f");
  Expr *chunk = p.outer == 1 ? tid
               : tile_bin(op, E_ADD, tile_bin(op, E_MUL, tirx_varref(op->m, f, noloc()), tile_int(op, nt)), tid);
  Expr *flat = tile_bin(op, E_MUL, chunk, tile_int(op, p.vec));
  Expr *a[4];
  a[0] = addr_of(op, &p.dst, tile_unravel(op, flat, p.dst.ext, p.dst.nd));
  a[1] = addr_of(op, &p.src, tile_unravel(op, flat, p.src.ext, p.src.nd));
  a[2] = tile_int(op, p.cp_size);
  int n = 3;
  if (p.zero_fill) {
    Expr *sel[3] = {tile_cast(op, tirx_dtype(DT_BOOL), p.pred), tirx_int(op->m, tirx_dtype(DT_UINT32), p.cp_size, noloc()),
                    tirx_int(op->m, tirx_dtype(DT_UINT32), 0, noloc())};
    a[n++] = tile_call(op, I_IF_THEN_ELSE, tirx_dtype(DT_UINT32), sel, 3);
  }
  Stmt *body = eval(op, tile_call(op, p.cp_size == 16 ? I_PTX_CP_ASYNC_CG : I_PTX_CP_ASYNC_CA,
                                  tirx_dtype(DT_VOID), a, n));
  if (p.pred && !p.zero_fill) body = tile_if(op, tile_cast(op, tirx_dtype(DT_BOOL), p.pred), body);
  return tile_for(op, f, tile_int(op, p.outer), FOR_UNROLLED, body);
}
