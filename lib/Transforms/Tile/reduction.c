/* The reductions sum / max / min (TVM 0.27's tirx.tile.{sum, max, min}):
 * reduce(dst, src, axes, accum), axes and accum positional or keywords.
 * `axes` lists the reduced dims of src (negative counts from the end); absent,
 * the trailing dims of src whose removal leaves dst's element count.  dst
 * holds the spatial (kept) elements in row-major order; with accum the old
 * dst value joins the reduction.  Two variants (rows in variants.def):
 *
 *   local   src and dst in registers.  Each thread reduces the elements it
 *           holds; when a reduced dim of src is spread over laneid (a register
 *           layout S[...:(.., k@laneid)]) the per-lane partials are folded by a
 *           __shfl_xor_sync butterfly over those lanes (masks k, 2k, ...) and
 *           every lane of the group ends with the result (TVM's replica).
 *           At warp scope TVM's lane pattern comes first: a source spread
 *           over the warp's 32 lanes (its laneid shard spans 32 lanes) into a
 *           destination replicated over w lanes (R[w:..@laneid], w a power of
 *           two) reduces each thread's k-th element across groups of w
 *           adjacent lanes (xor butterflies w/2 .. 1), the axes aside: dst's
 *           k-th local element = op over the group of src's k-th (apache/tvm's
 *           warp_shuffle_multi_elem / gapped_permuted_storage; with accum the
 *           old dst value joins, which TVM's pattern drops).
 *           With thread_reduce=True only each thread's own elements are
 *           reduced: the thread digits of a reduced dim stay, as digits of
 *           dst held by the same threads.  Without it a dst may also keep
 *           the butterflied lanes (each lane writes its replica).  At warpgroup / cta scope the
 *           reduced dims are each thread's own (kept dims may spread over
 *           any thread axis the dst spreads over the same way).
 *   shared  src and dst in shared memory.  The scope's threads form groups of
 *           G = min(next_pow2(L), 32, threads) lanes, one group per spatial
 *           element per round; each lane gathers a strided part of the L
 *           reduced elements, the group folds with a __shfl_xor_sync
 *           butterfly (masks 1 .. G/2, width G), lane 0 writes dst, and the
 *           scope synchronizes (cta_sync / warpgroup_sync / warp_sync).
 *           TVM 0.27 fails to build this variant ("Program is not
 *           well-formed"); this one follows its documented algorithm.
 * Partials accumulate in the source dtype when it is 32-bit or wider, else
 * in float32. */
#include <stdio.h>
#include <string.h>

#include "Transforms/Tile/tile.h"

typedef struct RedPlan {
  ExprKind op;
  TileRegion dst, src;
  bool *red; /* per src dim */
  bool accum;
  int64_t P, L; /* spatial and reduced element counts */
  DType acc;    /* accumulation dtype */
  /* thread_reduce=True (local): only the elements each thread holds are
   * reduced; the thread digits of a reduced dim stay, as dst digits */
  bool thread_reduce;
} RedPlan;

static Expr *arg_or_kw(TileOp *op, int pos, const char *kw) {
  Expr *e = tile_kwarg(op, kw);
  if (e) return e;
  return pos < op->nargs ? op->args[pos] : NULL;
}

static bool parse(TileOp *op, RedPlan *p, char *why, size_t nwhy) {
  memset(p, 0, sizeof *p);
  p->op = strcmp(op->op, "sum") == 0 ? E_ADD : strcmp(op->op, "max") == 0 ? E_MAX : E_MIN;
  if (op->nargs < 2 || !tile_region(op, op->args[0], &p->dst, why, nwhy) ||
      !tile_region(op, op->args[1], &p->src, why, nwhy)) {
    if (op->nargs < 2) tile_why(why, nwhy, "takes a destination and a source region");
    return false;
  }
  if (p->dst.buf->dtype.id != p->src.buf->dtype.id) {
    char a[32], b[32];
    tile_why(why, nwhy, "the source is %s but the destination %s (a reduction keeps the dtype)",
             tirx_dtype_str(p->src.buf->dtype, a), tirx_dtype_str(p->dst.buf->dtype, b));
    return false;
  }
  int nd = p->src.nd;
  p->red = TIRX_NEWN(op->m, bool, nd > 0 ? nd : 1);
  Expr *axes = arg_or_kw(op, 2, "axes");
  if (axes && axes->kind != E_NONE) {
    Expr *const *items = &axes;
    int n = 1;
    if (axes->kind == E_TUPLE || axes->kind == E_LIST) {
      items = axes->u.list.items;
      n = axes->u.list.n;
    }
    for (int i = 0; i < n; i++) {
      int64_t a;
      if (!xf_const_int(items[i], &a) || a < -nd || a >= nd) {
        tile_why(why, nwhy, "axes must be constant dims of the %d-d source", nd);
        return false;
      }
      p->red[a < 0 ? a + nd : a] = true;
    }
  } else { /* trailing dims until the kept ones match dst */
    int64_t kept = p->src.n;
    for (int d = nd - 1; d >= 0 && kept > p->dst.n; d--) {
      p->red[d] = true;
      kept /= p->src.ext[d] ? p->src.ext[d] : 1;
    }
  }
  Expr *acc = arg_or_kw(op, 3, "accum");
  int64_t av = 0;
  if (acc && acc->kind != E_NONE && !xf_const_int(acc, &av)) {
    tile_why(why, nwhy, "accum must be a constant bool");
    return false;
  }
  p->accum = av != 0;
  Expr *tr = tile_kwarg(op, "thread_reduce");
  int64_t tv = 0;
  if (tr && tr->kind != E_NONE && !xf_const_int(tr, &tv)) {
    tile_why(why, nwhy, "thread_reduce must be a constant bool");
    return false;
  }
  p->thread_reduce = tv != 0;
  p->P = p->L = 1;
  for (int d = 0; d < nd; d++) *(p->red[d] ? &p->L : &p->P) *= p->src.ext[d];
  DType t = p->src.buf->dtype;
  p->acc = tirx_dtype_bits(t) >= 32 || !tirx_dtype_is_float(t) ? t : tirx_dtype(DT_FLOAT32);
  return true;
}

static Expr *combine(TileOp *op, const RedPlan *p, Expr *a, Expr *b) {
  return tile_bin(op, p->op, a, b);
}

static Expr *identity(TileOp *op, const RedPlan *p) {
  if (p->op == E_ADD)
    return tirx_dtype_is_float(p->acc) ? tirx_float(op->m, p->acc, 0.0, (Loc){0, 0})
                                       : tirx_int(op->m, p->acc, 0, (Loc){0, 0});
  return tile_call(op, p->op == E_MAX ? I_MIN_VALUE : I_MAX_VALUE, p->acc, NULL, 0);
}

/* src coordinates of spatial index p and reduced index k */
static Expr **src_coords(TileOp *op, const RedPlan *p, Expr *sp, Expr *k) {
  int nd = p->src.nd, ns = 0, nr = 0;
  int64_t *se = TIRX_NEWN(op->m, int64_t, nd + 1), *re = TIRX_NEWN(op->m, int64_t, nd + 1);
  for (int d = 0; d < nd; d++) {
    if (p->red[d]) re[nr++] = p->src.ext[d];
    else se[ns++] = p->src.ext[d];
  }
  Expr **sc = tile_unravel(op, sp, se, ns), **rc = tile_unravel(op, k, re, nr);
  Expr **c = TIRX_NEWN(op->m, Expr *, nd > 0 ? nd : 1);
  ns = nr = 0;
  for (int d = 0; d < nd; d++) c[d] = p->red[d] ? rc[nr++] : sc[ns++];
  return c;
}

static Expr *shfl_xor(TileOp *op, Expr *v, int64_t lanemask, int64_t width, int64_t mask) {
  Expr *a[4] = {tirx_int(op->m, tirx_dtype(DT_UINT32), mask, (Loc){0, 0}), v,
                tile_int(op, lanemask), tile_int(op, width)};
  return tile_call(op, I_CUDA_SHFL_XOR_SYNC, v->dtype, a, 4);
}

static Expr *one(TileOp *op, Buffer *b) {
  Expr **idx = TIRX_NEWN(op->m, Expr *, 1);
  idx[0] = tile_int(op, 0);
  return tirx_load(op->m, b, idx, 1, (Loc){0, 0});
}

static Stmt *set_one(TileOp *op, Buffer *b, Expr *v) {
  Stmt *s = tirx_stmt_new(op->m, S_STORE, (Loc){0, 0});
  s->u.store.buf = b;
  s->u.store.n = 1;
  s->u.store.idx = TIRX_NEWN(op->m, Expr *, 1);
  s->u.store.idx[0] = tile_int(op, 0);
  s->u.store.value = tile_cast(op, b->dtype, v);
  return s;
}

static bool is_shared(const Buffer *b) {
  return tile_scope_is(b, MEM_SHARED) || tile_scope_is(b, MEM_SHARED_DYN);
}

/* ---- shared ------------------------------------------------------------------------- */

bool tile_red_shared_ok(TileOp *op, char *why, size_t nwhy) {
  RedPlan p;
  if (op->inactive) {
    tile_why(why, nwhy, "%s", op->inactive);
    return false;
  }
  if (!parse(op, &p, why, nwhy)) return false;
  if (p.thread_reduce) {
    tile_why(why, nwhy, "thread_reduce=True reduces registers (the local variant)");
    return false;
  }
  if (p.P != p.dst.n) {
    tile_why(why, nwhy, "the destination has %lld elements but the source keeps %lld",
             (long long)p.dst.n, (long long)p.P);
    return false;
  }
  if (!is_shared(p.src.buf) || !is_shared(p.dst.buf)) {
    const Buffer *b = is_shared(p.src.buf) ? p.dst.buf : p.src.buf;
    tile_why(why, nwhy, "operand '%s' is in %s, not shared memory", b->name, b->scope);
    return false;
  }
  if (!tile_threads_known(op, why, nwhy)) return false;
  return true;
}

Stmt *tile_red_shared_emit(TileOp *op) {
  RedPlan p;
  char why[TILE_WHY_LEN];
  if (!parse(op, &p, why, sizeof why)) {
    tile_error(op, "%s", why);
    return NULL;
  }
  int64_t nt = op->nthreads, g = 1;
  while (g < p.L && g < 32 && g * 2 <= nt && nt % (g * 2) == 0) g *= 2;
  int64_t groups = nt / g, rounds = (p.P + groups - 1) / groups, steps = (p.L + g - 1) / g;
  Expr *tid = tile_thread_index(op);
  Buffer *acc = tile_alloc(op, "red_acc", p.acc, 1, "local");
  Var *rv = tile_var(op, "round"), *kv = tile_var(op, "k");
  Expr *grp = g == nt ? tile_int(op, 0) : tile_bin(op, E_FLOORDIV, tid, tile_int(op, g));
  Expr *lane = g == 1 ? tile_int(op, 0) : tile_bin(op, E_FLOORMOD, tid, tile_int(op, g));
  Expr *sp =
      rounds == 1
          ? grp
          : tile_bin(op, E_ADD,
                     tile_bin(op, E_MUL, tirx_varref(op->m, rv, (Loc){0, 0}), tile_int(op, groups)),
                     grp);
  Expr *k =
      steps == 1
          ? lane
          : tile_bin(op, E_ADD,
                     tile_bin(op, E_MUL, tirx_varref(op->m, kv, (Loc){0, 0}), tile_int(op, g)),
                     lane);
  /* gather: acc = op(acc, src[sp, k]) for this lane's k */
  Expr *cond = NULL;
  if (p.L % g) cond = tile_bin(op, E_LT, k, tile_int(op, p.L));
  if (p.P % groups) {
    Expr *c2 = tile_bin(op, E_LT, sp, tile_int(op, p.P));
    cond = cond ? tile_bin(op, E_AND, cond, c2) : c2;
  }
  Stmt *gather =
      set_one(op, acc,
              combine(op, &p, one(op, acc),
                      tile_cast(op, p.acc, tile_load(op, &p.src, src_coords(op, &p, sp, k)))));
  if (cond) gather = tile_if(op, cond, gather);
  Stmt **body = TIRX_NEWN(op->m, Stmt *, 8 + 64);
  int nb = 0;
  body[nb++] = set_one(op, acc, identity(op, &p));
  body[nb++] = tile_for(op, kv, tile_int(op, steps), FOR_SERIAL, gather);
  int64_t mask = nt >= 32 ? 0xFFFFFFFFll : (1ll << nt) - 1;
  for (int64_t m = 1; m < g; m *= 2)
    body[nb++] =
        set_one(op, acc, combine(op, &p, one(op, acc), shfl_xor(op, one(op, acc), m, g, mask)));
  Expr **dc = tile_unravel(op, sp, p.dst.ext, p.dst.nd);
  Expr *res = one(op, acc);
  if (p.accum) res = combine(op, &p, tile_cast(op, p.acc, tile_load(op, &p.dst, dc)), res);
  Stmt *wr = tile_store(op, &p.dst, dc, res);
  Expr *wc = g == 1 ? NULL : tile_bin(op, E_EQ, lane, tile_int(op, 0));
  if (p.P % groups) {
    Expr *c2 = tile_bin(op, E_LT, sp, tile_int(op, p.P));
    wc = wc ? tile_bin(op, E_AND, wc, c2) : c2;
  }
  body[nb++] = wc ? tile_if(op, wc, wr) : wr;
  Stmt *loop = tile_for(op, rv, tile_int(op, rounds), FOR_SERIAL, tile_seq(op, body, nb));
  Stmt *sync = NULL;
  if (op->scope == TS_CTA)
    sync = tirx_stmt_new(op->m, S_EVAL, (Loc){0, 0}),
    sync->u.eval.e = tile_call(op, I_CUDA_CTA_SYNC, tirx_dtype(DT_VOID), NULL, 0);
  else if (op->scope == TS_WARP)
    sync = tirx_stmt_new(op->m, S_EVAL, (Loc){0, 0}),
    sync->u.eval.e = tile_call(op, I_CUDA_WARP_SYNC, tirx_dtype(DT_VOID), NULL, 0);
  else if (op->scope == TS_WG) {
    Expr *bar = tile_int(op, 8); /* TVM's named barrier for warpgroup_sync */
    sync = tirx_stmt_new(op->m, S_EVAL, (Loc){0, 0});
    sync->u.eval.e = tile_call(op, I_CUDA_WARPGROUP_SYNC, tirx_dtype(DT_VOID), &bar, 1);
  }
  Stmt *items[2] = {loop, sync};
  return tile_seq(op, items, sync ? 2 : 1);
}

/* ---- local -------------------------------------------------------------------------- */

/* TVM's warp lane pattern (see the head comment): the per-thread layouts of src
 * and dst, the lane group width and the elements per thread. */
typedef struct LanePlan {
  Layout sl, dl;
  int64_t width, n;
} LanePlan;

static bool whole_buffer(const TileRegion *r) {
  for (int d = 0; d < r->nd; d++) {
    int64_t lo, ext;
    if (!xf_const_int(r->lo[d], &lo) || lo != 0 || !xf_const_int(r->buf->shape[d], &ext) ||
        ext != r->ext[d])
      return false;
  }
  return true;
}

static bool lane_pattern(TileOp *op, const RedPlan *p, LanePlan *lp) {
  Layout s, d, sc, dc;
  char w[8];
  if (op->scope != TS_WARP || p->thread_reduce || !whole_buffer(&p->src) ||
      !whole_buffer(&p->dst) || !lay_of_buffer(op->m, p->src.buf, &s, w, sizeof w) ||
      !lay_of_buffer(op->m, p->dst.buf, &d, w, sizeof w) || s.swz_b || d.swz_b)
    return false;
  lay_canonical(op->m, &s, &sc);
  lay_canonical(op->m, &d, &dc);
  int64_t span = 1;
  bool lanes = false;
  for (int i = 0; i < sc.n; i++) {
    if (!sc.it[i].axis) continue;
    if (strcmp(sc.it[i].axis, "laneid") != 0) return false;
    lanes = true;
    span += (sc.it[i].stride < 0 ? -sc.it[i].stride : sc.it[i].stride) * (sc.it[i].ext - 1);
  }
  if (!lanes || span != 32) return false;
  lp->width = 1;
  for (int i = 0; i < dc.nrep; i++)
    if (dc.rep[i].axis && strcmp(dc.rep[i].axis, "laneid") == 0) lp->width *= dc.rep[i].ext;
  if (lp->width < 2 || lp->width > 32 || (lp->width & (lp->width - 1))) return false;
  lay_local(op->m, &sc, &lp->sl);
  lay_local(op->m, &dc, &lp->dl);
  lp->n = lay_local_size(&lp->sl);
  return lay_local_size(&lp->dl) == lp->n && !lay_has_threads(&lp->dl) ? true : false;
}

/* The memory offset of a thread's k-th local element under a per-thread layout. */
static Expr *local_offset(TileOp *op, const Layout *l, Expr *k) {
  int64_t *ext = TIRX_NEWN(op->m, int64_t, l->n + 1);
  for (int i = 0; i < l->n; i++) ext[i] = l->it[i].ext;
  Expr **dig = tile_unravel(op, k, ext, l->n);
  Expr *o = tile_int(op, l->offset);
  for (int i = 0; i < l->n; i++)
    if (l->it[i].ext > 1)
      o = tile_bin(op, E_ADD, o, tile_bin(op, E_MUL, dig[i], tile_int(op, l->it[i].stride)));
  return o;
}

typedef struct LocalPlan {
  RedPlan p;
  bool lanes; /* TVM's warp lane pattern (lane) */
  LanePlan lane;
  Layout src; /* the source region's layout, grouped by the region's shape */
  int *start;
  int64_t lanes_mask[8];
  int nshfl;
  Layout dst;
  int64_t *kept_threads; /* per src dim: thread_reduce's kept thread extent of a reduced dim */
} LocalPlan;

static bool local_plan(TileOp *op, LocalPlan *lp, char *why, size_t nwhy) {
  RedPlan *p = &lp->p;
  memset(lp, 0, sizeof *lp);
  if (!parse(op, p, why, nwhy)) return false;
  if (!tile_scope_is(p->src.buf, MEM_LOCAL) || !tile_scope_is(p->dst.buf, MEM_LOCAL)) {
    const Buffer *b = tile_scope_is(p->src.buf, MEM_LOCAL) ? p->dst.buf : p->src.buf;
    tile_why(why, nwhy, "operand '%s' is in %s, not registers (local)", b->name, b->scope);
    return false;
  }
  if (op->scope == TS_CLUSTER) {
    tile_why(why, nwhy, "runs at thread, warp, warpgroup or cta scope, not %s",
             tile_scope_name(op->scope));
    return false;
  }
  if (lane_pattern(op, p, &lp->lane)) {
    lp->lanes = true;
    return true;
  }
  /* with thread_reduce, or a dst that keeps the butterflied lanes (a multiple
   * of P), the plan below counts the kept thread digits */
  if (p->P != p->dst.n && !p->thread_reduce && (p->P == 0 || p->dst.n % p->P != 0)) {
    tile_why(why, nwhy, "the destination has %lld elements but the source keeps %lld",
             (long long)p->dst.n, (long long)p->P);
    return false;
  }
  Layout s;
  if (!tile_region_layout(op, &p->src, &s, why, nwhy) ||
      !tile_region_layout(op, &p->dst, &lp->dst, why, nwhy))
    return false;
  lp->start = TIRX_NEWN(op->m, int, p->src.nd + 1);
  char inner[TILE_WHY_LEN];
  if (!lay_group(op->m, &s, p->src.ext, p->src.nd, &lp->src, lp->start, inner, sizeof inner)) {
    tile_why(why, nwhy, "the layout of '%s': %s", p->src.buf->name, inner);
    return false;
  }
  lp->kept_threads = TIRX_NEWN(op->m, int64_t, p->src.nd + 1);
  int64_t *red_lanes = TIRX_NEWN(op->m, int64_t, p->src.nd + 1);
  int64_t kept = p->P;
  for (int d = 0; d < p->src.nd; d++) {
    lp->kept_threads[d] = red_lanes[d] = 1;
    for (int i = lp->start[d]; i < lp->start[d + 1]; i++) {
      const LayIter *x = &lp->src.it[i];
      if (!x->axis || x->ext == 1) continue;
      if (op->scope == TS_THREAD) {
        tile_why(why, nwhy, "the layout of '%s' spreads over thread axis '%s' at thread scope",
                 p->src.buf->name, x->axis);
        return false;
      }
      if (p->red[d] && p->thread_reduce) { /* kept: a dst digit of the same threads */
        lp->kept_threads[d] *= x->ext;
        kept *= x->ext;
        continue;
      }
      if (p->red[d]) red_lanes[d] *= x->ext;
      if (p->red[d] && strcmp(x->axis, "laneid") != 0) {
        tile_why(why, nwhy,
                 "the layout of '%s' reduces over thread axis '%s' (lane butterflies only: laneid)",
                 p->src.buf->name, x->axis);
        return false;
      }
      if (!p->red[d]) {
        /* a kept dim over lanes: the dst must be held by the same lanes */
        bool same = false;
        for (int j = 0; j < lp->dst.n; j++)
          same |= lp->dst.it[j].axis == x->axis && lp->dst.it[j].stride == x->stride &&
                  lp->dst.it[j].ext == x->ext;
        if (!same) {
          tile_why(why, nwhy, "'%s' does not keep the lanes of '%s' (axis %d over laneid)",
                   p->dst.buf->name, p->src.buf->name, d);
          return false;
        }
        continue;
      }
      /* reduced over lanes: a butterfly over stride * 2^j */
      if ((x->ext & (x->ext - 1)) || (x->stride & (x->stride - 1))) {
        tile_why(why, nwhy, "the lanes of '%s' in a reduced dim are not a power-of-two group",
                 p->src.buf->name);
        return false;
      }
      for (int64_t m = x->stride; m < x->stride * x->ext; m *= 2) {
        if (lp->nshfl == 8) {
          tile_why(why, nwhy, "too many lane groups");
          return false;
        }
        lp->lanes_mask[lp->nshfl++] = m;
      }
    }
  }
  int64_t all_red_lanes = 1;
  for (int d = 0; d < p->src.nd; d++)
    all_red_lanes *= p->red[d] && !p->thread_reduce ? red_lanes[d] : 1;
  if (kept != p->dst.n && kept * all_red_lanes == p->dst.n) {
    /* dst keeps the butterflied lanes: each lane of a group writes the (replicated) result */
    for (int d = 0; d < p->src.nd; d++)
      if (p->red[d]) lp->kept_threads[d] = red_lanes[d];
    kept *= all_red_lanes;
  }
  if (kept != p->dst.n) {
    tile_why(why, nwhy, "the destination has %lld elements but the source keeps %lld",
             (long long)p->dst.n, (long long)kept);
    return false;
  }
  /* the dst must give each lane its spatial elements in its own memory */
  if (op->scope != TS_THREAD && !lay_has_threads(&lp->dst) && lp->nshfl == 0) {
    tile_why(why, nwhy,
             "the register layout of '%s' has no thread axis, so it does not partition over the %s",
             p->src.buf->name, tile_scope_name(op->scope));
    return false;
  }
  return true;
}

bool tile_red_local_ok(TileOp *op, char *why, size_t nwhy) {
  LocalPlan lp;
  if (op->inactive) {
    tile_why(why, nwhy, "%s", op->inactive);
    return false;
  }
  return local_plan(op, &lp, why, nwhy);
}

/* The memory offset of element `c` (region coordinates, one Expr per dim)
 * under a layout grouped per dim (start[]); thread iters contribute nothing. */
static Expr *grouped_offset(TileOp *op, const Layout *l, const int *start, int nd, Expr **c) {
  Expr *o = tile_int(op, l->offset);
  for (int d = 0; d < nd; d++) {
    int64_t inner = 1;
    for (int i = start[d + 1] - 1; i >= start[d]; i--) {
      const LayIter *x = &l->it[i];
      if (!x->axis && x->ext > 1) {
        Expr *dig = inner == 1 ? c[d] : tile_bin(op, E_FLOORDIV, c[d], tile_int(op, inner));
        if (i > start[d]) dig = tile_bin(op, E_FLOORMOD, dig, tile_int(op, x->ext));
        o = tile_bin(op, E_ADD, o, tile_bin(op, E_MUL, dig, tile_int(op, x->stride)));
      }
      inner *= x->ext;
    }
  }
  return o;
}

/* TVM's warp lane pattern: for k: acc = src_local[k]; butterflies w/2 .. 1;
 * dst_local[k] = acc (op'd with the old value under accum). */
static Stmt *lane_emit(TileOp *op, const LocalPlan *lp) {
  const RedPlan *p = &lp->p;
  Buffer *sv = tile_local_view(op, p->src.buf, lay_span(&lp->lane.sl));
  Buffer *dv =
      p->dst.buf == p->src.buf ? sv : tile_local_view(op, p->dst.buf, lay_span(&lp->lane.dl));
  Buffer *acc = tile_alloc(op, "red_acc", p->acc, 1, "local");
  Var *kv = tile_var(op, "k");
  Expr *k = tirx_varref(op->m, kv, (Loc){0, 0});
  Expr **si = TIRX_NEWN(op->m, Expr *, 1), **di = TIRX_NEWN(op->m, Expr *, 1);
  si[0] = local_offset(op, &lp->lane.sl, k);
  di[0] = local_offset(op, &lp->lane.dl, k);
  int nsteps = 0;
  for (int64_t m = lp->lane.width / 2; m > 0; m /= 2) nsteps++;
  Stmt **body = TIRX_NEWN(op->m, Stmt *, nsteps + 2);
  int nb = 0;
  body[nb++] = set_one(op, acc, tile_cast(op, p->acc, tirx_load(op->m, sv, si, 1, (Loc){0, 0})));
  for (int64_t m = lp->lane.width / 2; m > 0; m /= 2)
    body[nb++] = set_one(
        op, acc, combine(op, p, one(op, acc), shfl_xor(op, one(op, acc), m, 32, 0xFFFFFFFFll)));
  Expr *res = one(op, acc);
  if (p->accum)
    res = combine(op, p, tile_cast(op, p->acc, tirx_load(op->m, dv, di, 1, (Loc){0, 0})), res);
  Stmt *st = tirx_stmt_new(op->m, S_STORE, (Loc){0, 0});
  st->u.store.buf = dv;
  st->u.store.n = 1;
  st->u.store.idx = di;
  st->u.store.value = tile_cast(op, dv->dtype, res);
  body[nb++] = st;
  return tile_for(op, kv, tile_int(op, lp->lane.n), FOR_UNROLLED, tile_seq(op, body, nb));
}

/* A loop over the coordinates of dims with `want` reduction status whose
 * iters are memory (this thread's elements); thread digits stay at this
 * thread's (implicit) coordinate, which the per-thread view already is. */
Stmt *tile_red_local_emit(TileOp *op) {
  LocalPlan lp;
  char why[TILE_WHY_LEN];
  if (!local_plan(op, &lp, why, sizeof why)) {
    tile_error(op, "%s", why);
    return NULL;
  }
  RedPlan *p = &lp.p;
  if (lp.lanes) return lane_emit(op, &lp);
  int nd = p->src.nd;
  /* per-thread extents: memory iters only; the coordinate of a dim is its
   * memory digits placed at their logical weights (thread digits 0). */
  Var **dv = TIRX_NEWN(op->m, Var *, lp.src.n + 1);
  Expr **c = TIRX_NEWN(op->m, Expr *, nd > 0 ? nd : 1);
  for (int d = 0; d < nd; d++) {
    c[d] = tile_int(op, 0);
    int64_t inner = 1;
    for (int i = lp.start[d + 1] - 1; i >= lp.start[d]; i--) {
      const LayIter *x = &lp.src.it[i];
      if (!x->axis && x->ext > 1) {
        dv[i] = tile_var(op, p->red[d] ? "k" : "s");
        c[d] = tile_bin(
            op, E_ADD, c[d],
            tile_bin(op, E_MUL, tirx_varref(op->m, dv[i], (Loc){0, 0}), tile_int(op, inner)));
      }
      inner *= x->ext;
    }
  }
  Layout sw;
  char w2[8];
  Layout swhole;
  if (!lay_of_buffer(op->m, p->src.buf, &swhole, w2, sizeof w2)) return NULL;
  lay_local(op->m, &swhole, &sw);
  Buffer *sv = tile_local_view(op, p->src.buf, lay_span(&sw));
  Layout dwhole, dl;
  if (!lay_of_buffer(op->m, p->dst.buf, &dwhole, w2, sizeof w2)) return NULL;
  lay_local(op->m, &dwhole, &dl);
  Buffer *dvw = p->dst.buf == p->src.buf ? sv : tile_local_view(op, p->dst.buf, lay_span(&dl));
  Buffer *acc = tile_alloc(op, "red_acc", p->acc, 1, "local");
  Expr **idx = TIRX_NEWN(op->m, Expr *, 1);
  idx[0] = grouped_offset(op, &lp.src, lp.start, nd, c);
  Stmt *red = set_one(op, acc,
                      combine(op, p, one(op, acc),
                              tile_cast(op, p->acc, tirx_load(op->m, sv, idx, 1, (Loc){0, 0}))));
  for (int i = lp.src.n - 1; i >= 0; i--) {
    int d = 0;
    while (!(i >= lp.start[d] && i < lp.start[d + 1])) d++;
    if (dv[i] && p->red[d])
      red = tile_for(op, dv[i], tile_int(op, lp.src.it[i].ext), FOR_UNROLLED, red);
  }
  Stmt **body = TIRX_NEWN(op->m, Stmt *, 4 + lp.nshfl);
  int nb = 0;
  body[nb++] = set_one(op, acc, identity(op, p));
  body[nb++] = red;
  for (int j = 0; j < lp.nshfl; j++)
    body[nb++] = set_one(op, acc,
                         combine(op, p, one(op, acc),
                                 shfl_xor(op, one(op, acc), lp.lanes_mask[j], 32, 0xFFFFFFFFll)));
  /* dst element: the spatial coordinate, as a dst region coordinate */
  Expr *spf = tile_int(op, 0);
  int64_t w = 1;
  for (int d = nd - 1; d >= 0; d--) {
    if (p->red[d]) { /* thread_reduce: the kept thread digits, this thread's (implicit, 0 here) */
      w *= lp.kept_threads[d];
      continue;
    }
    spf = tile_bin(op, E_ADD, spf, tile_bin(op, E_MUL, c[d], tile_int(op, w)));
    w *= p->src.ext[d];
  }
  Layout dg;
  int *dstart = TIRX_NEWN(op->m, int, p->dst.nd + 1);
  if (!lay_group(op->m, &lp.dst, p->dst.ext, p->dst.nd, &dg, dstart, why, sizeof why)) {
    tile_error(op, "the layout of '%s': %s", p->dst.buf->name, why);
    return NULL;
  }
  Expr **dc = tile_unravel(op, spf, p->dst.ext, p->dst.nd);
  Expr **didx = TIRX_NEWN(op->m, Expr *, 1);
  didx[0] = grouped_offset(op, &dg, dstart, p->dst.nd, dc);
  Expr *res = one(op, acc);
  if (p->accum)
    res = combine(op, p, tile_cast(op, p->acc, tirx_load(op->m, dvw, didx, 1, (Loc){0, 0})), res);
  Stmt *st = tirx_stmt_new(op->m, S_STORE, (Loc){0, 0});
  st->u.store.buf = dvw;
  st->u.store.n = 1;
  st->u.store.idx = didx;
  st->u.store.value = tile_cast(op, dvw->dtype, res);
  body[nb++] = st;
  Stmt *all = tile_seq(op, body, nb);
  for (int i = lp.src.n - 1; i >= 0; i--) {
    int d = 0;
    while (!(i >= lp.start[d] && i < lp.start[d + 1])) d++;
    if (dv[i] && !p->red[d])
      all = tile_for(op, dv[i], tile_int(op, lp.src.it[i].ext), FOR_UNROLLED, all);
  }
  return all;
}

/* ---- packed_add_sum / 3input_maxmin (sm_100+) -------------------------------------------
 *
 *   packed_add_sum  (sum)       priority 20, thread scope, sm_100 or newer: a float32 source of
 *   3input_maxmin   (max, min)  at least 8 registers (1-d) into one float32 register.  sum keeps
 *                   8 partials, adding each further 8 source elements pairwise with
 *                   add.rn.ftz.f32x2 (mov.b64 packing and unpacking the pairs), the remainder
 *                   into partial 0, then 8 -> 4 -> 2 packed and one scalar add; max / min keep
 *                   4 partials, folding two source elements into each with the three-input
 *                   max.f32 / min.f32.  With accum the old dst joins the first partial.  TVM
 *                   0.27's forms, as it orders the operations (ftz included). */

static bool packed_plan(TileOp *op, RedPlan *p, char *why, size_t nwhy) {
  if (!tile_need_sm(op, 100, strcmp(op->op, "sum") ? "3input_maxmin" : "packed_add_sum", why, nwhy))
    return false;
  if (!parse(op, p, why, nwhy)) return false;
  if (!tile_scope_is(p->src.buf, MEM_LOCAL) || !tile_scope_is(p->dst.buf, MEM_LOCAL))
    return tile_why(why, nwhy, "src and dst must be registers (local), got %s and %s",
                    p->src.buf->scope, p->dst.buf->scope);
  if (p->src.buf->dtype.id != DT_FLOAT32 || p->src.buf->dtype.lanes > 1)
    return tile_why(why, nwhy, "takes float32");
  if (p->src.nd != 1 || p->dst.n != 1)
    return tile_why(why, nwhy, "reduces a 1-d source into one element (got %d-d into %lld)",
                    p->src.nd, (long long)p->dst.n);
  if (p->src.n < 8)
    return tile_why(why, nwhy, "needs at least 8 source elements, got %lld", (long long)p->src.n);
  Layout l;
  char w[TILE_WHY_LEN];
  for (int i = 0; i < 2; i++) {
    const Buffer *b = i ? p->dst.buf : p->src.buf;
    if (lay_of_buffer(op->m, b, &l, w, sizeof w) && lay_has_threads(&l))
      return tile_why(why, nwhy, "'%s' spreads over threads; a thread reduces its own registers",
                      b->name);
  }
  return true;
}

bool tile_red_packed_ok(TileOp *op, char *why, size_t nwhy) {
  RedPlan p;
  return packed_plan(op, &p, why, nwhy);
}

static Expr *at(TileOp *op, Buffer *b, Expr *i) {
  Expr **idx = TIRX_NEWN(op->m, Expr *, 1);
  idx[0] = i;
  return tirx_load(op->m, b, idx, 1, (Loc){0, 0});
}

static Stmt *put(TileOp *op, Buffer *b, int64_t i, Expr *v) {
  Stmt *s = set_one(op, b, v);
  s->u.store.idx[0] = tile_int(op, i);
  return s;
}

static Expr *src_at(TileOp *op, const RedPlan *p, Expr *i) { return tile_load(op, &p->src, &i); }

static Expr **dst_zero(TileOp *op, const RedPlan *p) {
  Expr **z = TIRX_NEWN(op->m, Expr *, p->dst.nd > 0 ? p->dst.nd : 1);
  for (int i = 0; i < p->dst.nd; i++) z[i] = tile_int(op, 0);
  return z;
}

static Expr *dst0(TileOp *op, const RedPlan *p) { return tile_load(op, &p->dst, dst_zero(op, p)); }

static Stmt *ptx(TileOp *op, const char *entry, const char *tokens, Expr **ops, int n) {
  Expr *e = tile_ptx(op, entry, tokens, ops, n);
  return e ? tile_eval(op, e) : NULL;
}

/* acc = {x, y}; acc = acc + {u, v} (f32x2); {x, y} = acc */
static void pair_add(TileOp *op, PtrVec *st, Buffer *acc, Buffer *rhs, Expr *x, Expr *y, Expr *u,
                     Expr *v) {
  Expr *a = one(op, acc), *r = one(op, rhs);
  Expr *p1[3] = {a, x, y}, *p2[3] = {r, u, v}, *p3[3] = {a, a, r}, *p4[3] = {x, y, a};
  ptrvec_push(st, ptx(op, "mov_pack_b32x2", "b64", p1, 3));
  ptrvec_push(st, ptx(op, "mov_pack_b32x2", "b64", p2, 3));
  ptrvec_push(st, ptx(op, "add", "rn.ftz.f32x2", p3, 3));
  ptrvec_push(st, ptx(op, "mov_unpack_b32x2", "b64", p4, 3));
}

static Stmt *packed_sum(TileOp *op, const RedPlan *p) {
  DType f32 = tirx_dtype(DT_FLOAT32), u64 = tirx_dtype(DT_UINT64);
  Buffer *ls = tile_alloc(op, "local_sum", f32, 8, "local");
  Buffer *acc = tile_alloc(op, "acc", u64, 1, "local"),
         *rhs = tile_alloc(op, "rhs", u64, 1, "local");
  int64_t n = p->src.n, chunks = n / 8, rem = n % 8;
  PtrVec st = {0};
  for (int i = 0; i < 8; i++) {
    Expr *v = src_at(op, p, tile_int(op, i));
    if (p->accum && i == 0) v = tile_bin(op, E_ADD, v, dst0(op, p));
    ptrvec_push(&st, put(op, ls, i, v));
  }
  if (chunks > 1) {
    Var *o = tile_var(op, "outer");
    Expr *base = tile_bin(op, E_MUL,
                          tile_bin(op, E_ADD, tirx_varref(op->m, o, (Loc){0, 0}), tile_int(op, 1)),
                          tile_int(op, 8));
    PtrVec body = {0};
    for (int j = 0; j < 4; j++)
      pair_add(op, &body, acc, rhs, at(op, ls, tile_int(op, 2 * j)),
               at(op, ls, tile_int(op, 2 * j + 1)),
               src_at(op, p, tile_bin(op, E_ADD, base, tile_int(op, 2 * j))),
               src_at(op, p, tile_bin(op, E_ADD, base, tile_int(op, 2 * j + 1))));
    Stmt *b = tile_seq(op, (Stmt **)body.items, body.n);
    ptrvec_free(&body);
    ptrvec_push(&st, tile_for(op, o, tile_int(op, chunks - 1), FOR_SERIAL, b));
  }
  for (int64_t i = 0; i < rem; i++)
    ptrvec_push(&st, put(op, ls, 0,
                         tile_bin(op, E_ADD, at(op, ls, tile_int(op, 0)),
                                  src_at(op, p, tile_int(op, chunks * 8 + i)))));
  static const int fold[3][4] = {{0, 1, 2, 3}, {4, 5, 6, 7}, {0, 1, 4, 5}};
  for (int k = 0; k < 3; k++)
    pair_add(op, &st, acc, rhs, at(op, ls, tile_int(op, fold[k][0])),
             at(op, ls, tile_int(op, fold[k][1])), at(op, ls, tile_int(op, fold[k][2])),
             at(op, ls, tile_int(op, fold[k][3])));
  ptrvec_push(&st, tile_store(op, &p->dst, dst_zero(op, p),
                              tile_bin(op, E_ADD, at(op, ls, tile_int(op, 0)),
                                       at(op, ls, tile_int(op, 1)))));
  Stmt *r = tile_seq(op, (Stmt **)st.items, st.n);
  ptrvec_free(&st);
  return r;
}

static Stmt *maxmin3(TileOp *op, const RedPlan *p) {
  const char *e3 = p->op == E_MAX ? "max3" : "min3";
  Buffer *t = tile_alloc(op, "temp", tirx_dtype(DT_FLOAT32), 4, "local");
  int64_t n = p->src.n, chunks = n / 8, rem = n % 8;
  PtrVec st = {0};
  for (int i = 0; i < 4; i++) {
    Expr *a = src_at(op, p, tile_int(op, 2 * i)), *b = src_at(op, p, tile_int(op, 2 * i + 1));
    if (p->accum && i == 0) {
      Expr *o[4] = {at(op, t, tile_int(op, 0)), a, b, dst0(op, p)};
      ptrvec_push(&st, ptx(op, e3, "f32", o, 4));
    } else {
      ptrvec_push(&st, put(op, t, i, combine(op, p, a, b)));
    }
  }
  if (chunks > 1) {
    Var *o = tile_var(op, "outer");
    Expr *base = tile_bin(op, E_MUL,
                          tile_bin(op, E_ADD, tirx_varref(op->m, o, (Loc){0, 0}), tile_int(op, 1)),
                          tile_int(op, 8));
    Stmt *body[4];
    for (int i = 0; i < 4; i++) {
      Expr *ti = at(op, t, tile_int(op, i));
      Expr *x[4] = {ti, ti, src_at(op, p, tile_bin(op, E_ADD, base, tile_int(op, 2 * i))),
                    src_at(op, p, tile_bin(op, E_ADD, base, tile_int(op, 2 * i + 1)))};
      body[i] = ptx(op, e3, "f32", x, 4);
    }
    ptrvec_push(&st, tile_for(op, o, tile_int(op, chunks - 1), FOR_SERIAL, tile_seq(op, body, 4)));
  }
  for (int64_t i = 0; i < rem; i++)
    ptrvec_push(&st, put(op, t, 0,
                         combine(op, p, at(op, t, tile_int(op, 0)),
                                 src_at(op, p, tile_int(op, chunks * 8 + i)))));
  ptrvec_push(&st,
              tile_store(op, &p->dst, dst_zero(op, p),
                         combine(op, p, at(op, t, tile_int(op, 0)), at(op, t, tile_int(op, 1)))));
  Expr *x[4] = {dst0(op, p), dst0(op, p), at(op, t, tile_int(op, 2)), at(op, t, tile_int(op, 3))};
  ptrvec_push(&st, ptx(op, e3, "f32", x, 4));
  Stmt *r = tile_seq(op, (Stmt **)st.items, st.n);
  ptrvec_free(&st);
  return r;
}

Stmt *tile_red_packed_emit(TileOp *op) {
  RedPlan p;
  char why[TILE_WHY_LEN];
  if (!packed_plan(op, &p, why, sizeof why)) {
    tile_error(op, "%s", why);
    return NULL;
  }
  return p.op == E_ADD ? packed_sum(op, &p) : maxmin3(op, &p);
}
