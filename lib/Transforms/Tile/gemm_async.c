/* The gemm_async tile op (TVM 0.27's tirx.tile.gemm_async,
 * `T.<scope>.gemm_async(C, A, B, transA, transB, accum, **config)`:
 * C = A @ B^T, or C += A @ B^T with accum; A is [M, K], B is [N, K] (K-major,
 * transA / transB False) and its variants (rows in variants.def):
 *
 *   wgmma   priority 10, warpgroup scope, sm_90a only (TVM has no Hopper
 *           variant: this one is tirx's).  C float32 in registers, spread
 *           over the warpgroup's 128 threads by a layout over tid_in_wg (or
 *           wid_in_wg + laneid) that holds the wgmma accumulator fragment:
 *             thread t = 32 w + 4 g + q, slot s = 4 j + 2 v + h:
 *             C[64 mi + 16 w + g + 8 v, n0 + 8 j + 2 q + h]
 *           every slot at a register index the same for all threads.  A
 *           float16 / bfloat16 (k16) or float8 e4m3 / e5m2 (k32) in shared
 *           memory, or (16-bit types) in registers with the m64k16 A fragment
 *             slot s = p + 2 rM + 4 kHi:  A[64 mi + 16 w + g + 8 rM, 2 q + p + 8 kHi]
 *           the two halves of a 32-bit register adjacent; B in shared memory.
 *           A shared operand is K-major: each wgmma's 64 x k (A) or n x k (B)
 *           block must be the canonical layout of a descriptor, read off the
 *           buffer's layout element by element:
 *             swizzled (ComposeLayout(log2(16 / elem bytes), b, 3, tile),
 *             b = 3 / 2 / 1: 128 / 64 / 32 B rows):
 *               off(r, k) = start + (r / 8) SBO + (r % 8) row + k, the
 *               start at the first row of a swizzle atom;
 *             no swizzle (core matrices of 8 rows x 16 B):
 *               off(r, k) = start + (r / 8) SBO + (k / e16) LBO + (r % 8) e16 + k % e16.
 *           The M x N x K product is m64nNk16 (k32) instructions, N <= 256
 *           per instruction (N % 256 == 0 above 256); M a multiple of 64.
 *           Emitted: fence.proxy.async.shared::cta (fence_proxy=False leaves
 *           it out: shared memory written only by TMA needs none), wgmma.fence,
 *           the wgmmas (the first K step scales D by accum, a constant or a
 *           runtime bool), wgmma.commit_group, wgmma.wait_group(wait_group=,
 *           default 0; -1 waits for none: the caller waits later) and, after a
 *           wait for all, a no-op tie of every accumulator register (so that
 *           no read of one is scheduled above the wait, ptxas C7514).
 *
 * A variant's arch is its precondition's first check: the "no variant
 * applies" error then names it, the arch compiled for and the call's line.
 * Not here yet: MN-major (transposed) wgmma operands, f16 accumulators. */
#include <stdio.h>
#include <string.h>

#include "Transforms/Tile/tile.h"

static Loc noloc(void) { return (Loc){0, 0}; }

/* ---- operands ------------------------------------------------------------------- */

static Expr *arg_or_kw(TileOp *op, int pos, const char *name) {
  Expr *e = tile_kwarg(op, name);
  if (e) return e;
  return op->nargs > pos ? op->args[pos] : NULL;
}

/* The two non-unit extents of a region (rows, cols); false when more. */
static bool mat_ext(const TileRegion *r, int64_t *e0, int64_t *e1) {
  int64_t e[2] = {1, 1};
  int k = 0;
  for (int i = 0; i < r->nd; i++)
    if (r->ext[i] != 1) {
      if (k == 2) return false;
      e[k++] = r->ext[i];
    }
  if (k == 1) e[1] = e[0], e[0] = 1;
  *e0 = e[0];
  *e1 = e[1];
  return true;
}

static bool const_bool(const Expr *e, bool *v) {
  int64_t i;
  if (!e) return false;
  if (xf_const_int(e, &i)) {
    *v = i != 0;
    return true;
  }
  return false;
}

/* The thread of a warpgroup register layout at logical index `flat`, and its register offset. */
static int64_t wg_at(const Layout *l, int64_t flat, int64_t *thread) {
  static const char *const ax[] = {"tid_in_wg", "wid_in_wg", "laneid"};
  int64_t thr[3] = {0, 0, 0};
  int64_t off = lay_apply(l, flat, ax, 3, thr);
  *thread = thr[0] + 32 * thr[1] + thr[2];
  return off;
}

static bool wg_threads_only(const Layout *l, const char *name, char *why, size_t nwhy) {
  if (!tile_wg_layout(l, name, "wgmma takes", why, nwhy)) return false;
  if (l->swz_b) return tile_why(why, nwhy, "the layout of %s (registers) is swizzled", name);
  return true;
}

/* ---- the plan -------------------------------------------------------------------- */

typedef struct WgSmem {
  int mode;         /* descriptor layout type: 0 none (core matrices), 1 128B, 2 64B, 3 32B */
  bool mn;          /* MN-major (tcgen05's transpose bit): MN contiguous in shared memory */
  int64_t lbo, sbo; /* elements */
  int64_t *off; /* pre-swizzle element offset of each instruction block, from the region's start */
} WgSmem;

typedef struct WgPlan {
  TileRegion c, a, b;
  Layout lc, la, lb;
  bool a_regs;
  int64_t M, N, K;
  int kinst, ninst;
  int es;            /* A / B element bytes */
  const char *entry; /* the T.ptx row */
  const char *atype; /* "f16", "bf16", "e4m3", "e5m2" */
  WgSmem sa, sb;
  int64_t *offc; /* [mt][nt][ninst / 2] register index of each accumulator slot */
  int64_t *offa; /* A in registers: [mt][kt][8] register index of each half */
  Expr *accum;   /* NULL: false */
  int64_t wait;  /* -1: none */
  bool fence_proxy;
} WgPlan;

/* A shared operand as the instruction reads it: element (i, k) of `rows` (M or N) x `cols`
 * (K); the region is [rows, cols], or [cols, rows] when transposed (tr: TVM's transA /
 * transB).  pl: its layout without the swizzle. */
typedef struct SmemView {
  const Layout *pl;
  int64_t rows, cols;
  bool tr;
} SmemView;

/* Pre-swizzle offset of operand element (i, k). */
static int64_t pre_off(const SmemView *v, int64_t i, int64_t k) {
  return lay_apply(v->pl, v->tr ? k * v->rows + i : i * v->cols + k, NULL, 0, NULL);
}

/* Where the canonical layout of a descriptor puts element (i, k) of a block starting at
 * `start` (PTX ISA, tcgen05 shared memory matrix layouts, in elements; e16 elements to 16
 * bytes, row_e to a swizzle row):
 *   K-major   swizzled: start + (i / 8) SBO + (i % 8) row_e + k
 *             none:     start + (i / 8) SBO + (k / e16) LBO + (i % 8) e16 + k % e16
 *   MN-major  swizzled: start + (i / row_e) LBO + i % row_e + (k / 8) SBO + (k % 8) row_e
 *             none:     start + (i / e16) SBO + i % e16 + (k / 8) LBO + (k % 8) e16 */
static int64_t canon_off(const WgSmem *s, int64_t start, int64_t row_e, int64_t e16, int64_t i,
                         int64_t k) {
  if (!s->mn)
    return s->mode ? start + (i / 8) * s->sbo + (i % 8) * row_e + k
                   : start + (i / 8) * s->sbo + (k / e16) * s->lbo + (i % 8) * e16 + k % e16;
  return s->mode ? start + (i / row_e) * s->lbo + i % row_e + (k / 8) * s->sbo + (k % 8) * row_e
                 : start + (i / e16) * s->sbo + i % e16 + (k / 8) * s->lbo + (k % 8) * e16;
}

/* Whether the operand is TVM 0.27's column-major view of an unswizzled 16-bit K-major operand
 * (FlashMLA's S tile): the region reads (i, k) at i + rows k with rows spanning 128 bytes, and
 * the data are the packed 16-byte K-major layout (i, k) -> 8 i + 8 rows (k / 8) + k % 8 that
 * the view's strides stand in for.  TVM encodes it as that K-major operand (LBO rows x 16
 * bytes, SBO 128 bytes); so does tirx. */
static bool col_major_view(const SmemView *v, const Layout *l, int eb, int64_t ri) {
  if (l->swz_b || eb != 16 || v->rows * eb != 1024 || ri != v->rows) return false;
  int64_t base = pre_off(v, 0, 0);
  for (int64_t i = 0; i < v->rows; i++)
    for (int64_t k = 0; k < v->cols; k++)
      if (pre_off(v, i, k) != base + i + v->rows * k) return false;
  return true;
}

/* The descriptor strides and block offsets of one major-ness (s->mn); false with why when the
 * layout is not that canonical layout. */
static bool smem_major(TileOp *op, const SmemView *v, const Layout *l, int64_t ri, int kinst,
                       int eb, const char *name, WgSmem *s, char *why, size_t nwhy) {
  int64_t row_e = s->mode ? (128 << l->swz_b) / eb : 0, repeat = 8 * row_e, e16 = 128 / eb;
  int64_t base = pre_off(v, 0, 0);
  const char *major = s->mn ? "MN-major" : "K-major";
  if (!s->mn) {
    s->sbo = ri > 8 ? pre_off(v, 8, 0) - base : 0;
    s->lbo = !s->mode && kinst > e16 ? pre_off(v, 0, e16) - base : 0;
  } else {
    int64_t mnstep = s->mode ? row_e : e16; /* along MN: a swizzle row / a core matrix */
    int64_t mnd = ri > mnstep ? pre_off(v, mnstep, 0) - base : 0,
            kd = kinst > 8 ? pre_off(v, 0, 8) - base : 0;
    s->lbo = s->mode ? mnd : kd;
    s->sbo = s->mode ? kd : mnd;
  }
  int64_t nr = v->rows / ri, nk = v->cols / kinst;
  s->off = TIRX_NEWN(op->m, int64_t, nr * nk);
  for (int64_t t = 0; t < nr; t++)
    for (int64_t ki = 0; ki < nk; ki++) {
      int64_t start = pre_off(v, t * ri, ki * kinst);
      /* K-major: a start inside the first row of a swizzle pattern (a K slice) is fine */
      if (s->mode && (s->mn ? start % repeat != 0 : start % repeat >= row_e))
        return tile_why(why, nwhy,
                        "the MMA block at (%lld, %lld) of %s does not start %s a swizzle atom",
                        (long long)(t * ri), (long long)(ki * kinst), name,
                        s->mn ? "at" : "on the first row of");
      if (!s->mode && (start * eb) % 128)
        return tile_why(why, nwhy, "the MMA block at (%lld, %lld) of %s is not 16-byte aligned",
                        (long long)(t * ri), (long long)(ki * kinst), name);
      for (int64_t i = 0; i < ri; i++)
        for (int64_t k = 0; k < kinst; k++) {
          if (pre_off(v, t * ri + i, ki * kinst + k) == canon_off(s, start, row_e, e16, i, k))
            continue;
          if (s->mode)
            return tile_why(why, nwhy,
                            "the layout of %s is not a %s MMA operand: element (%lld, %lld) is "
                            "not at its place in the %lld-byte swizzle atom",
                            name, major, (long long)(t * ri + i), (long long)(ki * kinst + k),
                            (long long)(row_e * eb / 8));
          return tile_why(why, nwhy,
                          "the layout of %s is not a %s MMA operand: element (%lld, %lld) is not "
                          "in an 8 x 16-byte core matrix (unswizzled operands use the "
                          "core-matrix layout)",
                          name, major, (long long)(t * ri + i), (long long)(ki * kinst + k));
        }
      s->off[t * nk + ki] = start - base;
    }
  return true;
}

/* A shared operand: `rows` x `cols` (K), instruction blocks of ri rows x kinst; eb bits to an
 * element (4: two to a byte); the region transposed ([K, rows]) with tr.  K-major, or with
 * allow_mn (tcgen05, 8- and 16-bit types) MN-major when the layout is that. */
static bool smem_operand(TileOp *op, const TileRegion *r, const Layout *l, int64_t rows,
                         int64_t cols, int64_t ri, int kinst, int eb, bool tr, bool allow_mn,
                         const char *name, WgSmem *s, char *why, size_t nwhy) {
  if (lay_has_threads(l))
    return tile_why(why, nwhy, "the layout of %s (shared) uses thread axes", name);
  int64_t row_e = 0, repeat = 1;
  memset(s, 0, sizeof *s);
  if (l->swz_b) {
    if (((int64_t)1 << l->swz_m) * eb != 128 || l->swz_s != 3 || l->swz_b < 1 || l->swz_b > 3)
      return tile_why(why, nwhy,
                      "the swizzle of %s (ComposeLayout(%d, %d, %d)) is not an MMA swizzle mode "
                      "(ComposeLayout(%d, 1..3, 3): 16-byte units, rows of 32, 64 or 128 bytes)",
                      name, l->swz_m, l->swz_b, l->swz_s,
                      eb == 4    ? 5
                      : eb == 8  ? 4
                      : eb == 16 ? 3
                                 : 2);
    row_e = (128 << l->swz_b) / eb;
    repeat = 8 * row_e;
    s->mode = 4 - l->swz_b; /* 128B: 1, 64B: 2, 32B: 3 */
    if (r->buf->align && r->buf->align < repeat * eb / 8)
      return tile_why(
          why, nwhy, "%s is aligned to %d bytes; its %lld-byte swizzle pattern needs align=%lld",
          name, r->buf->align, (long long)(repeat * eb / 8), (long long)(repeat * eb / 8));
  }
  Layout pl = *l;
  pl.swz_b = 0;
  SmemView v = {&pl, rows, cols, tr};
  int64_t e16 = 128 / eb;
  int64_t base = pre_off(&v, 0, 0);
  /* a start inside the first row of a swizzle pattern (a K slice) is unswizzled; deeper is not */
  if (l->swz_b && base % repeat >= row_e)
    return tile_why(
        why, nwhy,
        "%s starts %lld elements into a %lld-element swizzle pattern, past its first row", name,
        (long long)base, (long long)repeat);
  if (!tile_sym_lo_aligned(op, r, l->swz_b ? repeat : e16, name, why, nwhy)) return false;
  if (!smem_major(op, &v, l, ri, kinst, eb, name, s, why, nwhy)) {
    WgSmem m = *s;
    char w2[TILE_WHY_LEN];
    m.mn = true;
    bool mn_ok = allow_mn && smem_major(op, &v, l, ri, kinst, eb, name, &m, w2, sizeof w2);
    if (mn_ok && eb != 8 && eb != 16)
      return tile_why(why, nwhy,
                      "%s is MN-major (M / N contiguous), which tcgen05 takes for 8- and 16-bit "
                      "types only (PTX: tf32 and 4-bit operands are K-major); lay it out K-major",
                      name);
    if (mn_ok) *s = m;
    else if (allow_mn && col_major_view(&v, l, eb, ri)) {
      s->mn = false, s->lbo = rows * e16, s->sbo = 8 * e16;
      int64_t nk = cols / kinst;
      s->off = TIRX_NEWN(op->m, int64_t, nk);
      for (int64_t ki = 0; ki < nk; ki++) s->off[ki] = pre_off(&v, 0, ki * kinst) - base;
    } else return false;
  }
  if ((s->sbo * eb) % 128 || (s->lbo * eb) % 128 || s->sbo * eb >= (1 << 21) ||
      s->lbo * eb >= (1 << 21) || s->sbo < 0 || s->lbo < 0)
    return tile_why(why, nwhy,
                    "the strides of %s (SBO %lld, LBO %lld bytes) do not fit an MMA descriptor",
                    name, (long long)(s->sbo * eb / 8), (long long)(s->lbo * eb / 8));
  return true;
}

/* The accumulator C [M, N]: offc[(mi * nt + ni) * (ninst / 2) + s]. */
static bool acc_layout(TileOp *op, WgPlan *p, char *why, size_t nwhy) {
  int64_t mt = p->M / 64, nt = p->N / p->ninst, ns = p->ninst / 2;
  p->offc = TIRX_NEWN(op->m, int64_t, mt * nt * ns);
  for (int64_t mi = 0; mi < mt; mi++)
    for (int64_t ni = 0; ni < nt; ni++)
      for (int64_t s = 0; s < ns; s++) {
        int64_t want = -1;
        for (int t = 0; t < 128; t++) {
          int w = t / 32, g = (t % 32) / 4, q = t % 4;
          int64_t j = s / 4, v = (s / 2) % 2, h = s % 2;
          int64_t i = 64 * mi + 16 * w + g + 8 * v, k = ni * p->ninst + 8 * j + 2 * q + h, thr;
          int64_t off = wg_at(&p->lc, i * p->N + k, &thr);
          if (thr != t)
            return tile_why(why, nwhy,
                            "the layout of C puts element (%lld, %lld) on thread %lld of the "
                            "warpgroup, the wgmma accumulator fragment needs thread %d",
                            (long long)i, (long long)k, (long long)thr, t);
          if (want < 0) want = off;
          else if (off != want)
            return tile_why(why, nwhy,
                            "the layout of C holds accumulator register %lld at different register "
                            "indices on different threads",
                            (long long)s);
        }
        p->offc[(mi * nt + ni) * ns + s] = want;
      }
  return true;
}

/* A in registers (16-bit): offa[(mi * kt + ki) * 8 + s]. */
static bool areg_layout(TileOp *op, WgPlan *p, char *why, size_t nwhy) {
  int64_t mt = p->M / 64, kt = p->K / 16;
  p->offa = TIRX_NEWN(op->m, int64_t, mt * kt * 8);
  for (int64_t mi = 0; mi < mt; mi++)
    for (int64_t ki = 0; ki < kt; ki++)
      for (int s = 0; s < 8; s++) {
        int64_t want = -1;
        for (int t = 0; t < 128; t++) {
          int w = t / 32, g = (t % 32) / 4, q = t % 4, pp = s % 2, rM = (s / 2) % 2, kHi = s / 4;
          int64_t i = 64 * mi + 16 * w + g + 8 * rM, k = 16 * ki + 2 * q + pp + 8 * kHi, thr;
          int64_t off = wg_at(&p->la, i * p->K + k, &thr);
          if (thr != t)
            return tile_why(why, nwhy,
                            "the layout of A puts element (%lld, %lld) on thread %lld of the "
                            "warpgroup, the wgmma A fragment needs thread %d",
                            (long long)i, (long long)k, (long long)thr, t);
          if (want < 0) want = off;
          else if (off != want)
            return tile_why(why, nwhy,
                            "the layout of A holds fragment half %d at different register indices "
                            "on different threads",
                            s);
        }
        int64_t idx = (mi * kt + ki) * 8 + s;
        p->offa[idx] = want;
        if (s % 2 == 1 && (p->offa[idx - 1] % 2 != 0 || want != p->offa[idx - 1] + 1))
          return tile_why(why, nwhy,
                          "the layout of A does not keep the two 16-bit halves of a fragment "
                          "register adjacent");
      }
  return true;
}

static bool plan(TileOp *op, WgPlan *p, char *why, size_t nwhy) {
  memset(p, 0, sizeof *p);
  if (!tile_need_arch(op, 90, 90, "wgmma", why, nwhy)) return false;
  if (op->inactive) return tile_why(why, nwhy, "%s", op->inactive);
  if (op->nthreads > 0 && op->nthreads != 128)
    return tile_why(why, nwhy, "the warpgroup has %lld threads, wgmma needs 128",
                    (long long)op->nthreads);
  if (op->nargs < 3) return tile_why(why, nwhy, "takes C, A, B, got %d operands", op->nargs);
  if (op->nargs > 3 && tile_is_region(op->args[3]))
    return tile_why(why, nwhy,
                    "block-scaled gemm_async (SFA, SFB operands) is a tcgen05 form; wgmma has no "
                    "scale factors");
  TileRegion *rs[3] = {&p->c, &p->a, &p->b};
  for (int i = 0; i < 3; i++)
    if (!tile_region(op, op->args[i], rs[i], why, nwhy)) return false;
  if (!tile_scope_is(p->c.buf, MEM_LOCAL))
    return tile_why(why, nwhy, "wgmma accumulates C in registers (local scope), got %s",
                    p->c.buf->scope);
  p->a_regs = tile_scope_is(p->a.buf, MEM_LOCAL);
  if (!p->a_regs && !tile_scope_is(p->a.buf, MEM_SHARED) &&
      !tile_scope_is(p->a.buf, MEM_SHARED_DYN))
    return tile_why(why, nwhy, "wgmma takes A from shared memory or registers, got %s",
                    p->a.buf->scope);
  if (!tile_scope_is(p->b.buf, MEM_SHARED) && !tile_scope_is(p->b.buf, MEM_SHARED_DYN))
    return tile_why(why, nwhy, "wgmma takes B from shared memory, got %s", p->b.buf->scope);
  bool ta = false, tb = false;
  Expr *eta = arg_or_kw(op, 3, "transA"), *etb = arg_or_kw(op, 4, "transB");
  if ((eta && !const_bool(eta, &ta)) || (etb && !const_bool(etb, &tb)))
    return tile_why(why, nwhy, "transA / transB must be constants");
  if (ta || tb)
    return tile_why(why, nwhy,
                    "MN-major (transposed) wgmma operands are not supported yet: A must be [M, K] "
                    "and B [N, K]");
  p->accum = arg_or_kw(op, 5, "accum");
  bool ac;
  if (p->accum && const_bool(p->accum, &ac) && !ac) p->accum = NULL;
  if (p->accum && p->accum->kind != E_INT && tirx_dtype_bits(p->accum->dtype) > 64)
    return tile_why(why, nwhy, "accum must be a bool");
  Expr *wg = tile_kwarg(op, "wait_group");
  p->wait = 0;
  if (wg && (!xf_const_int(wg, &p->wait) || p->wait < -1 || p->wait > 7))
    return tile_why(why, nwhy,
                    "wait_group= must be a constant 0..7 (groups left in flight), or -1 (no wait)");
  Expr *fp = tile_kwarg(op, "fence_proxy");
  p->fence_proxy = true;
  if (fp && !const_bool(fp, &p->fence_proxy))
    return tile_why(why, nwhy, "fence_proxy= must be a constant bool");
  /* dtypes */
  DType da = p->a.buf->dtype, db = p->b.buf->dtype;
  char s[3][32];
  if (p->c.buf->dtype.id != DT_FLOAT32)
    return tile_why(why, nwhy, "wgmma accumulates in float32 here, C is %s",
                    tirx_dtype_str(p->c.buf->dtype, s[0]));
  bool fp8a = da.id == DT_E4M3FN || da.id == DT_E4M3 || da.id == DT_E5M2,
       fp8b = db.id == DT_E4M3FN || db.id == DT_E4M3 || db.id == DT_E5M2;
  if (da.id == DT_FLOAT16 && db.id == DT_FLOAT16) p->atype = "f16", p->kinst = 16, p->es = 2;
  else if (da.id == DT_BFLOAT16 && db.id == DT_BFLOAT16)
    p->atype = "bf16", p->kinst = 16, p->es = 2;
  else if (fp8a && fp8b) p->atype = "fp8", p->kinst = 32, p->es = 1;
  else
    return tile_why(why, nwhy,
                    "no wgmma for A=%s B=%s (float16 / bfloat16 pairs, or float8 e4m3 / e5m2)",
                    tirx_dtype_str(da, s[1]), tirx_dtype_str(db, s[2]));
  if (p->a_regs && p->es != 2)
    return tile_why(why, nwhy, "A in registers is supported for 16-bit types only");
  p->entry = p->es == 1            ? (p->a_regs ? "wgmma_fp8_rs" : "wgmma_fp8_ss")
             : da.id == DT_FLOAT16 ? (p->a_regs ? "wgmma_f16_rs" : "wgmma_f16_ss")
                                   : (p->a_regs ? "wgmma_bf16_rs" : "wgmma_bf16_ss");
  /* shapes */
  int64_t c0, c1, a0, a1, b0, b1;
  if (!mat_ext(&p->c, &c0, &c1) || !mat_ext(&p->a, &a0, &a1) || !mat_ext(&p->b, &b0, &b1))
    return tile_why(why, nwhy, "wgmma takes 2-d operands (C, A, B each with two non-unit extents)");
  if (a0 != c0 || b0 != c1 || a1 != b1)
    return tile_why(
        why, nwhy,
        "shapes do not agree: C is %lldx%lld (M x N), A %lldx%lld (M x K), B %lldx%lld (N x K)",
        (long long)c0, (long long)c1, (long long)a0, (long long)a1, (long long)b0, (long long)b1);
  p->M = c0, p->N = c1, p->K = a1;
  p->ninst = (int)(p->N <= 256 ? p->N : 256);
  if (p->M % 64 || p->N % 8 || p->N % p->ninst || p->K % p->kinst)
    return tile_why(why, nwhy,
                    "no wgmma tiling fits M=%lld, N=%lld, K=%lld (m64nNk%d: M %% 64, N %% 8 (N %% "
                    "256 above 256), K %% %d == 0)",
                    (long long)p->M, (long long)p->N, (long long)p->K, p->kinst, p->kinst);
  /* layouts */
  if (!tile_region_layout(op, &p->c, &p->lc, why, nwhy)) return false;
  if (!wg_threads_only(&p->lc, "C", why, nwhy) || !acc_layout(op, p, why, nwhy)) return false;
  if (p->a_regs) {
    if (!tile_region_layout(op, &p->a, &p->la, why, nwhy)) return false;
    if (!wg_threads_only(&p->la, "A", why, nwhy) || !areg_layout(op, p, why, nwhy)) return false;
  } else {
    if (!tile_region_layout_any_lo(op, &p->a, &p->la, why, nwhy)) return false;
    if (!smem_operand(op, &p->a, &p->la, p->M, p->K, 64, p->kinst, 8 * p->es, false, false, "A",
                      &p->sa, why, nwhy))
      return false;
  }
  if (!tile_region_layout_any_lo(op, &p->b, &p->lb, why, nwhy)) return false;
  return smem_operand(op, &p->b, &p->lb, p->N, p->K, p->ninst, p->kinst, 8 * p->es, false, false,
                      "B", &p->sb, why, nwhy);
}

bool tile_ga_wgmma_ok(TileOp *op, char *why, size_t nwhy) {
  WgPlan p;
  return plan(op, &p, why, nwhy);
}

/* ---- emission -------------------------------------------------------------------- */

static Expr *u64(TileOp *op, int64_t v) {
  return tirx_int(op->m, tirx_dtype(DT_UINT64), v, noloc());
}
static Expr *u32(TileOp *op, int64_t v) {
  return tirx_int(op->m, tirx_dtype(DT_UINT32), v, noloc());
}

static Expr *call2(TileOp *op, IntrinId id, DType t, Expr *a, Expr *b) {
  Expr *x[2] = {a, b};
  return tile_call(op, id, t, x, 2);
}

/* `descX: T.uint64 = hi | ((cvta(&buf[lo]) & 0x3FFFF) >> 4)`, into *stmts; the var. */
static Var *desc_base(TileOp *op, const TileRegion *r, const WgSmem *s, int eb, const char *base,
                      PtrVec *stmts) {
  Expr **zero = TIRX_NEWN(op->m, Expr *, r->nd > 0 ? r->nd : 1);
  for (int i = 0; i < r->nd; i++) zero[i] = tile_int(op, 0);
  Expr *ld = tile_load(op, r, zero);
  Expr *addr = tile_call(op, I_ADDRESS_OF, tirx_dtype(DT_HANDLE), &ld, 1);
  Expr *sh = tile_call(op, I_CUDA_CVTA_TO_SHARED, tirx_dtype(DT_UINT32), &addr, 1);
  DType t32 = tirx_dtype(DT_UINT32), t64 = tirx_dtype(DT_UINT64);
  Expr *lo = call2(op, I_SHIFT_RIGHT, t32, call2(op, I_BITWISE_AND, t32, sh, u32(op, 0x3FFFF)),
                   u32(op, 4));
  uint64_t lbo = s->mode && !s->mn ? 1 : (uint64_t)(s->lbo * eb) >> 7,
           sbo = (uint64_t)(s->sbo * eb) >> 7;
  uint64_t hi = (lbo << 16) | (sbo << 32) | ((uint64_t)s->mode << 62); /* the u64 bit pattern */
  Var *v =
      tirx_var_new(op->m, tirx_intern_printf(op->m, "%s_%d", base, op->serial++), t64, noloc());
  Stmt *b = tirx_stmt_new(op->m, S_BIND, noloc());
  b->u.bind.var = v;
  b->u.bind.value = call2(op, I_BITWISE_OR, t64, u64(op, (int64_t)hi), tile_cast(op, t64, lo));
  ptrvec_push(stmts, b);
  return v;
}

static Expr *desc_at(TileOp *op, Var *base, int64_t off_elems, int eb) {
  Expr *v = tirx_varref(op->m, base, noloc());
  int64_t add = (off_elems * eb) >> 7;
  return add ? tirx_binary(op->m, E_ADD, v, u64(op, add), noloc()) : v;
}

Stmt *tile_ga_wgmma_emit(TileOp *op) {
  WgPlan p;
  char why[TILE_WHY_LEN];
  if (!plan(op, &p, why, sizeof why)) {
    tile_error(op, "%s", why);
    return NULL;
  }
  int64_t mt = p.M / 64, nt = p.N / p.ninst, kt = p.K / p.kinst, ns = p.ninst / 2;
  Buffer *cv = tile_local_view(op, p.c.buf, tile_local_span(op, p.c.buf));
  Buffer *aw = NULL;
  if (p.a_regs)
    aw = tile_storage_view(op, p.a.buf,
                           tirx_intern_printf(op->m, "%s_w%d", p.a.buf->name, op->serial++),
                           tirx_dtype(DT_UINT32), (tile_local_span(op, p.a.buf) + 1) / 2);
  PtrVec st = {0};
  Var *da = p.a_regs ? NULL : desc_base(op, &p.a, &p.sa, 8 * p.es, "descA", &st);
  Var *db = desc_base(op, &p.b, &p.sb, 8 * p.es, "descB", &st);
  if (p.fence_proxy)
    ptrvec_push(&st,
                tile_eval(op, tile_ptx(op, "fence_proxy", "proxy.async.shared::cta", NULL, 0)));
  ptrvec_push(&st, tile_eval(op, tile_ptx(op, "wgmma_fence", "fence.sync.aligned", NULL, 0)));
  char tokens[96];
  const char *ty = p.es == 1 ? (p.a.buf->dtype.id == DT_E5M2 ? "e5m2" : "e4m3") : p.atype;
  const char *tyb = p.es == 1 ? (p.b.buf->dtype.id == DT_E5M2 ? "e5m2" : "e4m3") : p.atype;
  snprintf(tokens, sizeof tokens, "mma_async.sync.aligned.m64n%dk%d.f32.%s.%s", p.ninst, p.kinst,
           ty, tyb);
  for (int64_t ki = 0; ki < kt; ki++)
    for (int64_t mi = 0; mi < mt; mi++)
      for (int64_t ni = 0; ni < nt; ni++) {
        Expr **ops = TIRX_NEWN(op->m, Expr *, ns + 4 + 5);
        int n = 0;
        for (int64_t s = 0; s < ns; s++)
          ops[n++] = tile_ld1(op, cv, p.offc[(mi * nt + ni) * ns + s]);
        if (p.a_regs)
          for (int s = 0; s < 8; s += 2)
            ops[n++] = tile_ld1(op, aw, p.offa[(mi * kt + ki) * 8 + s] / 2);
        else ops[n++] = desc_at(op, da, p.sa.off[mi * kt + ki], 8 * p.es);
        ops[n++] = desc_at(op, db, p.sb.off[ni * kt + ki], 8 * p.es);
        ops[n++] = ki > 0    ? tirx_int(op->m, tirx_dtype(DT_BOOL), 1, noloc())
                   : p.accum ? p.accum
                             : tirx_int(op->m, tirx_dtype(DT_BOOL), 0, noloc());
        ops[n++] = tile_int(op, 1);
        ops[n++] = tile_int(op, 1);
        if (p.es == 2) {
          if (!p.a_regs) ops[n++] = tile_int(op, 0);
          ops[n++] = tile_int(op, 0);
        }
        Expr *c = tile_ptx(op, p.entry, tokens, ops, n);
        if (!c) {
          ptrvec_free(&st);
          return NULL;
        }
        ptrvec_push(&st, tile_eval(op, c));
      }
  ptrvec_push(
      &st, tile_eval(op, tile_ptx(op, "wgmma_commit_group", "commit_group.sync.aligned", NULL, 0)));
  if (p.wait >= 0) {
    Expr *g = tile_int(op, p.wait);
    ptrvec_push(&st,
                tile_eval(op, tile_ptx(op, "wgmma_wait_group", "wait_group.sync.aligned", &g, 1)));
  }
  if (p.wait == 0)
    for (int64_t i = 0; i < mt * nt * ns; i++) {
      Expr *r = tile_ld1(op, cv, p.offc[i]);
      ptrvec_push(
          &st, tile_eval(op, tile_call(op, I_CUDA_WGMMA_NOOP_BARRIER, tirx_dtype(DT_VOID), &r, 1)));
    }
  Stmt *r = tile_seq(op, (Stmt **)st.items, st.n);
  ptrvec_free(&st);
  return r;
}

/* ---- tcgen05 (sm_100a) ------------------------------------------------------------
 *
 *   tcgen05   priority 10, thread scope (the one thread that issues) or warp scope (lane 0
 *             issues), sm_100a / sm_103a.  Dense kinds: kind::f16 (float16 / bfloat16,
 *             k16), kind::f8f6f4 (float8 e4m3 / e5m2, k32), kind::tf32 (float32 with
 *             is_AB_tf32=True, k8).  C float32 in tensor memory
 *             on the M = 128 datapath (row i in lane i, column j in column j of the
 *             buffer's allocated_addr, which may be any expression: a constant, a let, or a
 *             load of the shared word tcgen05.alloc wrote, the form TVM 0.27 cannot lower);
 *             A and B K-major in shared memory, their descriptors read off the layouts as
 *             for wgmma (version 1, layout codes 2 / 4 / 6 for 128 / 64 / 32-byte swizzles, 0
 *             for core matrices).  One tcgen05.mma per N block (<= 256) and K step, the
 *             instruction descriptor a constant from tcgen05_format.def's codes; the first
 *             K step reads D only with accum.  Completion is the caller's, as in TVM
 *             (tcgen05.commit to an mbarrier).  cta_group=2 is TVM's per-CTA view of the
 *             pair's instruction (C [M, N], A [M, K], B [N / 2, K] in each CTA, the
 *             instruction's M = 2 M): M = 128 per CTA on datapath A (row i in lane i), M = 64
 *             on datapath B (an instruction's column halves in lanes 0..63 and 64..127).
 *             mma_m= / mma_n= (TVM's explicit instruction tile) choose the instruction's N;
 *             mma_m must be the pair's M.
 *             M = 64 with cta_group 1: datapath F (row i in lane 32 (i / 16) + i % 16).
 *             weight_stationary=True (cta_group 1, instruction N 64 / 128 / 256) issues
 *             tcgen05.mma.ws (operands d, a, b, idesc, enable-input-d, a zero column mask); an
 *             M = 64 C in datapath E's layout (column halves in lanes 0..63 / 64..127) implies
 *             it, as in TVM.  A in tensor memory (datapaths D, A, F): row i on C's datapath
 *             lane, element k at column col0 + k (two 16-bit / four 8-bit to a 32-bit column),
 *             each K step kinst * bytes / 4 columns on; on the folded datapaths the batched
 *             A[2, M, K] (E, B: the rows again in lanes 64..127) or, for B, a [M, K] A mirrored
 *             there (R[2:64@TLane]); C may be the batched C[2, M, N / 2] (E or B).
 *             transA / transB: the region is [K, M] / [K, N]; the operand's major-ness is read
 *             off its layout (smem_operand: K-major, else MN-major for 8- / 16-bit types), the
 *             instruction descriptor's bits 15 / 16 set for MN-major.
 *             Block-scaled (C, A, B, SFA, SFB, transA, transB, accum): kind::mxf8f6f4 /
 *             mxf4 / mxf4nvf4 .block_scale.scale_vec::1X / 2X / 4X, the scale factors in tmem in
 *             TVM's atom layout (tc_sf), each MMA's scale-factor ids in its constant idesc.
 * Not here yet: an mma_n that splits a folded C (TVM permutes C's columns; rejected), layouts
 * with a lane-offset term. */

static int tc_format(DType t) {
  char s[32];
  tirx_dtype_str(t, s);
#define TCGEN05_FORMAT(name, code, scale) \
  if (strcmp(s, name) == 0) return code;
#include "tirx/internal/tcgen05_format.def"
#undef TCGEN05_FORMAT
  return -1;
}

typedef struct TcPlan {
  TileRegion c, a, b;
  Layout la, lb;
  int64_t M, N, K; /* this CTA's: C is M x N, A M x K, B (N / cta_group) x K */
  int cg;          /* cta_group: 1, or 2 (the pair's instruction has M = 2 M) */
  bool fold;       /* datapath B (cta_group 2, M = 64) or E (.ws, M = 64): column halves in lanes
                      0..63, 64..127 */
  bool dpf;        /* datapath F (cta_group 1, M = 64): row i in lane 32 (i / 16) + i % 16 */
  bool ws;         /* tcgen05.mma.ws (weight_stationary) */
  bool cbat, abat; /* C [2, M, N / 2] / A [2, M, K] (tmem): the folded datapath's lane halves
                      as a leading dimension */
  Expr *ataddr;    /* A in tensor memory: its buffer's allocated_addr (NULL: A in shared) ... */
  int64_t acol;    /* ... and the 32-bit column of its first element */
  int kinst, ninst, eb; /* eb: bits to an A / B element */
  const char *kind;
  WgSmem sa, sb;
  Expr *taddr; /* the tensor-memory address of C's first element (u32) */
  uint32_t idesc;
  Expr *accum;
  /* block-scaled kinds: SFA, SFB in tensor memory */
  bool bs;
  int svec;                 /* scale_vec::NX: scale factors one row reads per K step */
  TileRegion sf[2];         /* SFA [M, KA], SFB [>= N, KB] */
  int64_t *sfl[2], *sfc[2]; /* lane and (8-bit element) column of the scale factors of each
                              MMA: SFA [ki], SFB [ni * kt + ki] */
} TcPlan;

/* The tensor-memory (lane, element column) of element (r, k) of the last two dimensions of a
 * scale-factor region; false when the layout cannot be applied. */
static void sf_at(const TileRegion *r, const Layout *whole, const int64_t *shape, const int64_t *lo,
                  int64_t row, int64_t k, int64_t *lane, int64_t *col) {
  int nd = r->buf->ndim;
  int64_t flat = 0;
  for (int d = 0; d < nd; d++)
    flat = flat * shape[d] + lo[d] + (d == nd - 2 ? row : d == nd - 1 ? k : 0);
  static const char *const ax[] = {"TLane", "TCol"};
  int64_t t[2] = {0, 0};
  lay_apply(whole, flat, ax, 2, t);
  *lane = t[0], *col = t[1];
}

/* SFA (i = 0) or SFB (i = 1): TVM's scale-factor atom, 32 rows in lanes lane0 .. lane0 + 31
 * (copied to the four lane quarters: R[4:32@TLane]) and smk consecutive scale factors of a K
 * step in consecutive 8-bit columns, the 32-row / K-step blocks anywhere in the columns; the
 * region [rows, kt * smk] (or smk: every K step reads the same, or kt * smk * 4).  Fills
 * p->sfl / sfc for the MMAs. */
static bool tc_sf(TileOp *op, TcPlan *p, int i, int smk, int64_t rows_min, char *why, size_t nwhy) {
  const char *name = i ? "SFB" : "SFA";
  TileRegion *r = &p->sf[i];
  Buffer *b = r->buf;
  int nd = b->ndim;
  if (nd < 2 || r->nd != nd)
    return tile_why(why, nwhy, "%s ('%s') must be a [rows, K] region of scale factors", name,
                    b->name);
  int64_t *shape = TIRX_NEWN(op->m, int64_t, nd), *lo = TIRX_NEWN(op->m, int64_t, nd);
  for (int d = 0; d < nd; d++)
    if (!xf_const_int(b->shape[d], &shape[d]))
      return tile_why(why, nwhy, "the shape of %s ('%s') is not constant", name, b->name);
  if (!tile_region_const_lo(r, lo))
    return tile_why(why, nwhy, "the region of %s starts at a symbolic index", name);
  for (int d = 0; d < nd - 2; d++)
    if (r->ext[d] != 1)
      return tile_why(why, nwhy, "%s ('%s') must be a [rows, K] region of scale factors", name,
                      b->name);
  int64_t rows = r->ext[nd - 2], kx = r->ext[nd - 1], kt = p->K / p->kinst;
  if (i == 0 ? rows != p->M : rows < rows_min)
    return tile_why(why, nwhy, "%s has %lld rows; the MMA needs %s %lld", name, (long long)rows,
                    i == 0 ? "M =" : "at least N =", (long long)(i == 0 ? p->M : rows_min));
  if (rows % 32 || (kx != smk && kx != smk * kt && kx != smk * kt * 4))
    return tile_why(why, nwhy,
                    "%s is [%lld, %lld]; block-scaled tcgen05 takes rows a multiple of 32 and K "
                    "%d (one K step's scale factors for all), %lld or %lld",
                    name, (long long)rows, (long long)kx, smk, (long long)(smk * kt),
                    (long long)(smk * kt * 4));
  if (!b->allocated_addr)
    return tile_why(why, nwhy, "%s ('%s') has no allocated_addr (its tensor-memory address)", name,
                    b->name);
  Layout l;
  char w[TILE_WHY_LEN];
  if (!lay_of_buffer(op->m, b, &l, w, sizeof w)) return tile_why(why, nwhy, "%s", w);
  bool quarters = false;
  for (int k = 0; k < l.nrep; k++)
    quarters |= l.rep[k].ext == 4 && l.rep[k].stride == 32 && l.rep[k].axis &&
                strcmp(l.rep[k].axis, "TLane") == 0;
  if (!quarters)
    return tile_why(why, nwhy,
                    "the layout of %s does not copy its 32 lanes to the four lane quarters "
                    "(R[4:32@TLane]), where the block-scaled MMA reads them",
                    name);
  int64_t lane0, c0;
  sf_at(r, &l, shape, lo, 0, 0, &lane0, &c0);
  for (int64_t m = 0; m < rows; m += 32)
    for (int64_t kb = 0; kb < kx; kb += smk) {
      int64_t bl, bc;
      sf_at(r, &l, shape, lo, m, kb, &bl, &bc);
      for (int64_t q = 0; q < 32; q++)
        for (int64_t j = 0; j < smk; j++) {
          int64_t el, ec;
          sf_at(r, &l, shape, lo, m + q, kb + j, &el, &ec);
          if (j == 0 && ec % 4 + smk > 4)
            return tile_why(why, nwhy,
                            "the layout of %s puts the %d scale factors of K step %lld (row "
                            "%lld) at column %lld, across a 32-bit column (a K step's scale "
                            "factors are one column's bytes)",
                            name, smk, (long long)(kb / smk), (long long)(m + q), (long long)ec);
          if (el != lane0 + q || ec != bc + j)
            return tile_why(why, nwhy,
                            "the layout of %s puts scale factor (%lld, %lld) at lane %lld, "
                            "column %lld; the block-scaled atom needs lane %lld, column %lld "
                            "(32 rows in consecutive lanes, a K step's scale factors in "
                            "consecutive columns)",
                            name, (long long)(m + q), (long long)(kb + j), (long long)el,
                            (long long)ec, (long long)(lane0 + q), (long long)(bc + j));
        }
    }
  /* the K step's first scale factor: kx == smk: one set that every K step reads */
  int64_t nt = p->N / p->ninst, per = i == 0 ? 1 : nt, epk = kx == smk ? 0 : kx / kt;
  p->sfl[i] = TIRX_NEWN(op->m, int64_t, per * kt);
  p->sfc[i] = TIRX_NEWN(op->m, int64_t, per * kt);
  for (int64_t ni = 0; ni < per; ni++)
    for (int64_t ki = 0; ki < kt; ki++)
      sf_at(r, &l, shape, lo, ni * (p->ninst / p->cg), ki * epk, &p->sfl[i][ni * kt + ki],
            &p->sfc[i][ni * kt + ki]);
  return true;
}

/* The block-scaled kind from A / B and the scale factors' types (TVM's pairs): float8 e4m3 with
 * e8m0 scales: mxf8f6f4 (scale_vec::1X, k32); float4 e2m1 with e8m0: mxf4 (2X, k64); with e4m3:
 * mxf4nvf4 (4X, k64).  *smk: scale factors per row and K step. */
static bool tc_bs_kind(TcPlan *p, int *smk, char *why, size_t nwhy) {
  DType da = p->a.buf->dtype, db = p->b.buf->dtype, sa = p->sf[0].buf->dtype,
        sb = p->sf[1].buf->dtype;
  char s[4][32];
  for (int i = 0; i < 2; i++)
    if (!tile_scope_is(p->sf[i].buf, MEM_TMEM))
      return tile_why(why, nwhy, "block-scaled tcgen05 takes %s in tensor memory (tmem), got %s",
                      i ? "SFB" : "SFA", p->sf[i].buf->scope);
  if (da.id != db.id || sa.id != sb.id || (da.id != DT_E4M3FN && da.id != DT_E2M1FN) ||
      (sa.id != DT_E8M0FNU && sa.id != DT_E4M3FN) || (da.id == DT_E4M3FN && sa.id != DT_E8M0FNU))
    return tile_why(why, nwhy,
                    "no block-scaled tcgen05 kind for A=%s B=%s SFA=%s SFB=%s (float8_e4m3fn "
                    "with float8_e8m0fnu scales, float4_e2m1fn with float8_e8m0fnu or "
                    "float8_e4m3fn scales)",
                    tirx_dtype_str(da, s[0]), tirx_dtype_str(db, s[1]), tirx_dtype_str(sa, s[2]),
                    tirx_dtype_str(sb, s[3]));
  if (da.id == DT_E4M3FN) p->kind = "kind::mxf8f6f4", p->svec = 1, p->kinst = 32, p->eb = 8;
  else if (sa.id == DT_E8M0FNU) p->kind = "kind::mxf4", p->svec = 2, p->kinst = 64, p->eb = 4;
  else p->kind = "kind::mxf4nvf4", p->svec = 4, p->kinst = 64, p->eb = 4;
  *smk = p->svec;
  return true;
}

/* The non-unit dimensions of a region, outermost first, into d[0..3); their count (at most 3
 * counted; -1 when more). */
static int tc_dims(const TileRegion *r, int *d) {
  int k = 0;
  for (int i = 0; i < r->nd; i++)
    if (r->ext[i] != 1) {
      if (k == 3) return -1;
      d[k++] = i;
    }
  return k;
}

/* The region's flat buffer index of logical element (i, j) of a 2-d operand, or of a batched one
 * ([2, rows, cols / 2]: element (i, j) is (j / (cols / 2), i, j % (cols / 2))). */
static int64_t tc_flat(const TileRegion *r, const int64_t *shape, const int64_t *lo, bool bat,
                       int64_t cols, int64_t i, int64_t j) {
  int d[3] = {-1, -1, -1};
  tc_dims(r, d);
  int dh = bat ? d[0] : -1, dm = bat ? d[1] : d[0], dn = bat ? d[2] : d[1];
  int64_t h = cols / 2, flat = 0;
  for (int x = 0; x < r->buf->ndim; x++) {
    int64_t idx = lo[x];
    if (x == dh) idx += j / h;
    else if (x == dm) idx += i;
    else if (x == dn) idx += bat ? j % h : j;
    flat = flat * shape[x] + idx;
  }
  return flat;
}

/* C in tmem on the datapath of the instruction: row i at lane i, column j of N block ni at
 * column col0 + j (datapaths A, D), or, folded (datapath B), the block's columns c < n / 2 at
 * lane i, column col0 + ni n / 2 + c, the others at lane 64 + i, column col0 + ni n / 2 + c - n / 2;
 * p->taddr = allocated_addr + col0. */
static bool tmem_acc(TileOp *op, TcPlan *p, char *why, size_t nwhy) {
  Buffer *b = p->c.buf;
  if (!b->allocated_addr)
    return tile_why(why, nwhy, "C ('%s') has no allocated_addr (its tensor-memory address)",
                    b->name);
  int64_t *shape = TIRX_NEWN(op->m, int64_t, b->ndim > 0 ? b->ndim : 1),
          *lo = TIRX_NEWN(op->m, int64_t, b->ndim > 0 ? b->ndim : 1);
  for (int i = 0; i < b->ndim; i++)
    if (!xf_const_int(b->shape[i], &shape[i]))
      return tile_why(why, nwhy, "the shape of C ('%s') is not constant", b->name);
  if (!tile_region_const_lo(&p->c, lo))
    return tile_why(why, nwhy, "the region of C starts at a symbolic index");
  Layout whole;
  char w[TILE_WHY_LEN];
  if (!lay_of_buffer(op->m, b, &whole, w, sizeof w)) return tile_why(why, nwhy, "%s", w);
  static const char *const ax[] = {"TLane", "TCol"};
  int64_t lane0 = -1, col0 = -1;
  for (int64_t i = 0; i < p->M; i++)
    for (int64_t j = 0; j < p->N; j++) {
      int64_t flat = tc_flat(&p->c, shape, lo, p->cbat, p->N, i, j);
      int64_t thr[2] = {0, 0};
      int64_t off = lay_apply(&whole, flat, ax, 2, thr);
      if (i == 0 && j == 0) lane0 = thr[0], col0 = thr[1];
      int64_t h = p->ninst / 2, cl = j % p->ninst, ni = j / p->ninst;
      int64_t wl = p->fold  ? i + (cl >= h ? 64 : 0)
                   : p->dpf ? 32 * (i / 16) + i % 16
                            : lane0 + i,
              wc = p->fold ? col0 + ni * h + cl % h : col0 + j;
      if (off != 0 || thr[0] != wl || thr[1] != wc)
        return tile_why(why, nwhy,
                        "the layout of C puts element (%lld, %lld) at lane %lld, column %lld; the "
                        "%s datapath needs lane %lld, column %lld%s",
                        (long long)i, (long long)j, (long long)thr[0], (long long)thr[1],
                        p->fold && p->ws ? "M = 64 .ws (Layout-E: column halves folded)"
                        : p->fold        ? "M = 128 cta_group 2 (B: column halves folded)"
                        : p->dpf         ? "M = 64 (F)"
                        : p->cg == 2     ? "M = 256 cta_group 2 (A)"
                                         : "M = 128 (D)",
                        (long long)wl, (long long)wc,
                        p->fold && p->ninst < p->N
                            ? " (each instruction folds its own N: an mma_n below C's N splits "
                              "a fold over all of N)"
                            : "");
    }
  if (lane0 != 0)
    return tile_why(why, nwhy, "C starts at lane %lld; the datapath starts at lane 0",
                    (long long)lane0);
  DType t32 = tirx_dtype(DT_UINT32);
  int64_t a0;
  p->taddr = xf_const_int(b->allocated_addr, &a0)
                 ? tirx_int(op->m, t32, a0 + col0, noloc())
                 : tile_bin(op, E_ADD, tile_cast(op, t32, b->allocated_addr),
                            tirx_int(op->m, t32, col0, noloc()));
  return true;
}

/* Whether C's element (0, n / 2) of the first instruction block sits in lane 64: the folded
 * datapath E (.ws, M = 64), inferred from the layout as TVM does. */
static bool tc_folded(TileOp *op, const TcPlan *p) {
  Layout l;
  char w[TILE_WHY_LEN];
  int64_t lo[8], h = (p->N < 256 ? p->N : 256) / 2;
  if (p->c.nd > 8 || !tile_region_const_lo(&p->c, lo) ||
      !lay_of_buffer(op->m, p->c.buf, &l, w, sizeof w))
    return false;
  int64_t flat = 0, k = 0;
  for (int d = 0; d < p->c.nd; d++) {
    int64_t ext;
    if (!xf_const_int(p->c.buf->shape[d], &ext)) return false;
    int64_t idx = lo[d];
    if (p->c.ext[d] != 1 && k++ == 1) idx += h;
    flat = flat * ext + idx;
  }
  static const char *const ax[] = {"TLane", "TCol"};
  int64_t t[2] = {0, 0};
  lay_apply(&l, flat, ax, 2, t);
  return t[0] >= 64;
}

/* A in tensor memory: row i on C's datapath lane (D / A: i; F: 32 (i / 16) + i % 16), element k
 * of a row at column col0 + k (16-bit: two to a 32-bit column); p->ataddr = allocated_addr +
 * col0 in 32-bit columns. */
static bool tc_tmem_a(TileOp *op, TcPlan *p, char *why, size_t nwhy) {
  Buffer *b = p->a.buf;
  if (!p->fold && p->abat)
    return tile_why(why, nwhy,
                    "a batched A[2, M, K] in tensor memory is only valid for Layout E (cta_group 1 "
                    ".ws, M = 64) or Layout B (cta_group 2, M = 64), not the M = %lld%s datapath",
                    (long long)p->M, p->cg == 2 ? " cta_group 2" : "");
  if (p->fold && !p->abat && p->ws)
    return tile_why(why, nwhy,
                    "an M = 64 .ws MMA with A in tensor memory reads A from both 64-lane halves "
                    "(lanes 0..63 and 64..127); declare A as the batched A[2, M, K] (layout (2, M, "
                    "K):(64@TLane, 1@TLane, 1@TCol))");
  if (!b->allocated_addr)
    return tile_why(why, nwhy, "A ('%s') has no allocated_addr (its tensor-memory address)",
                    b->name);
  int nd = b->ndim > 0 ? b->ndim : 1;
  int64_t *shape = TIRX_NEWN(op->m, int64_t, nd), *lo = TIRX_NEWN(op->m, int64_t, nd);
  for (int i = 0; i < b->ndim; i++)
    if (!xf_const_int(b->shape[i], &shape[i]))
      return tile_why(why, nwhy, "the shape of A ('%s') is not constant", b->name);
  if (!tile_region_const_lo(&p->a, lo))
    return tile_why(why, nwhy, "the region of A (tmem) starts at a symbolic index");
  Layout whole;
  char w[TILE_WHY_LEN];
  if (!lay_of_buffer(op->m, b, &whole, w, sizeof w)) return tile_why(why, nwhy, "%s", w);
  if (p->fold && !p->abat) { /* datapath B: the rows mirrored into lanes 64..127 */
    bool mirror = false;
    for (int k = 0; k < whole.nrep; k++)
      mirror |= whole.rep[k].ext == 2 && whole.rep[k].stride == 64 && whole.rep[k].axis &&
                strcmp(whole.rep[k].axis, "TLane") == 0;
    if (!mirror)
      return tile_why(why, nwhy,
                      "the TMEM A layout of a cta_group 2 M = 64 MMA (datapath B) must mirror its "
                      "rows into lanes 64..127 (R[2:64@TLane]), or A be the batched A[2, M, K]");
  }
  int epw = 32 / p->eb;
  static const char *const ax[] = {"TLane", "TCol"};
  int64_t col0 = -1;
  for (int64_t hh = 0; hh < (p->abat ? 2 : 1); hh++)
    for (int64_t i = 0; i < p->M; i++)
      for (int64_t k = 0; k < p->K; k++) {
        /* batched: the half hh of element (i, k) is (hh, i, k) */
        int64_t flat = tc_flat(&p->a, shape, lo, p->abat, 2 * p->K, i, hh * p->K + k);
        int64_t t[2] = {0, 0};
        int64_t off = lay_apply(&whole, flat, ax, 2, t);
        if (hh == 0 && i == 0 && k == 0) col0 = t[1];
        int64_t wl = p->dpf ? 32 * (i / 16) + i % 16 : 64 * hh + i;
        if (off != 0 || t[0] != wl || t[1] != col0 + k)
          return tile_why(why, nwhy,
                          "the layout of A (tmem) puts element (%s%lld, %lld) at lane %lld, column "
                          "%lld; the datapath needs lane %lld, column %lld",
                          p->abat ? (hh ? "1, " : "0, ") : "", (long long)i, (long long)k,
                          (long long)t[0], (long long)t[1], (long long)wl, (long long)(col0 + k));
      }
  if (col0 % epw)
    return tile_why(why, nwhy, "A (tmem) starts inside a 32-bit column (element column %lld)",
                    (long long)col0);
  p->ataddr = b->allocated_addr;
  p->acol = col0 / epw;
  return true;
}

/* mma_m= / mma_n=: absent (0) or a positive integer constant (TVM: not a bool, not a float). */
static bool mma_dim(TileOp *op, const char *name, int64_t *v, char *why, size_t nwhy) {
  Expr *e = tile_kwarg(op, name);
  *v = 0;
  if (!e) return true;
  if (e->dtype.id == DT_BOOL)
    return tile_why(why, nwhy, "%s= must be a positive integer, got a bool", name);
  if (tirx_dtype_is_float(e->dtype))
    return tile_why(why, nwhy, "%s= must be a positive integer, got a float", name);
  if (!xf_const_int(e, v))
    return tile_why(why, nwhy, "%s= must be a positive integer constant", name);
  if (*v <= 0)
    return tile_why(why, nwhy, "%s= must be a positive integer, got %lld", name, (long long)*v);
  return true;
}

static bool tc_plan(TileOp *op, TcPlan *p, char *why, size_t nwhy) {
  memset(p, 0, sizeof *p);
  if (!tile_need_arch(op, 100, 103, "tcgen05", why, nwhy)) return false;
  if (op->inactive) return tile_why(why, nwhy, "%s", op->inactive);
  if (op->nargs < 3) return tile_why(why, nwhy, "takes C, A, B, got %d operands", op->nargs);
  p->bs = op->nargs > 3 && tile_is_region(op->args[3]);
  int ao = p->bs ? 2 : 0; /* block-scaled: C, A, B, SFA, SFB, transA, transB, accum */
  if (p->bs && (op->nargs < 5 || !tile_is_region(op->args[4])))
    return tile_why(why, nwhy, "block-scaled gemm_async takes C, A, B, SFA, SFB");
  if (tile_kwarg(op, "descI")) /* TVM 0.27 too: a hand-made descriptor went unchecked */
    return tile_why(why, nwhy,
                    "descI= was removed for %s tcgen05: the dispatch encodes the instruction "
                    "descriptor itself",
                    p->bs ? "block-scaled (in tirx)" : "dense");
  TileRegion *rs[5] = {&p->c, &p->a, &p->b, &p->sf[0], &p->sf[1]};
  for (int i = 0; i < 3 + ao; i++)
    if (!tile_region(op, op->args[i], rs[i], why, nwhy)) return false;
  if (!tile_scope_is(p->c.buf, MEM_TMEM))
    return tile_why(why, nwhy, "tcgen05 accumulates C in tensor memory (tmem), got %s",
                    p->c.buf->scope);
  bool a_tmem = tile_scope_is(p->a.buf, MEM_TMEM);
  if (!a_tmem && !tile_scope_is(p->a.buf, MEM_SHARED) && !tile_scope_is(p->a.buf, MEM_SHARED_DYN))
    return tile_why(why, nwhy, "tcgen05 takes A from shared memory, got %s", p->a.buf->scope);
  if (!tile_scope_is(p->b.buf, MEM_SHARED) && !tile_scope_is(p->b.buf, MEM_SHARED_DYN))
    return tile_why(why, nwhy, "tcgen05 takes B from shared memory, got %s", p->b.buf->scope);
  int64_t cg = 1;
  Expr *e = tile_kwarg(op, "cta_group");
  if (e && (!xf_const_int(e, &cg) || (cg != 1 && cg != 2)))
    return tile_why(why, nwhy, "cta_group= must be 1 or 2");
  p->cg = (int)cg;
  bool flag = false;
  Expr *wse = tile_kwarg(op, "weight_stationary");
  if (wse && !const_bool(wse, &p->ws))
    return tile_why(why, nwhy, "weight_stationary= must be a constant");
  if (p->ws && cg != 1) return tile_why(why, nwhy, "weight_stationary (.ws) takes cta_group 1");
  if (p->ws && p->bs)
    return tile_why(why, nwhy, "weight_stationary (.ws) has no block-scaled form");
  int64_t mma_m = 0, mma_n = 0;
  if (!mma_dim(op, "mma_m", &mma_m, why, nwhy) || !mma_dim(op, "mma_n", &mma_n, why, nwhy))
    return false;
  if ((mma_m != 0) != (mma_n != 0))
    return tile_why(why, nwhy,
                    "mma_m= and mma_n= (the explicit instruction tile) must be provided together; "
                    "%s= is missing",
                    mma_m ? "mma_n" : "mma_m");
  bool ta = false, tb = false;
  Expr *eta = arg_or_kw(op, 3 + ao, "transA"), *etb = arg_or_kw(op, 4 + ao, "transB");
  if ((eta && !const_bool(eta, &ta)) || (etb && !const_bool(etb, &tb)))
    return tile_why(why, nwhy, "transA / transB must be constants");
  if (ta && a_tmem)
    return tile_why(why, nwhy, "transA: A in tensor memory is [M, K] (it cannot be transposed)");
  p->accum = arg_or_kw(op, 5 + ao, "accum");
  bool ac;
  if (p->accum && const_bool(p->accum, &ac) && !ac) p->accum = NULL;
  /* kind */
  DType da = p->a.buf->dtype, db = p->b.buf->dtype;
  char s[3][32];
  if (p->c.buf->dtype.id != DT_FLOAT32)
    return tile_why(why, nwhy, "tcgen05 accumulates in float32 here, C is %s",
                    tirx_dtype_str(p->c.buf->dtype, s[0]));
  bool tf32 = (e = tile_kwarg(op, "is_AB_tf32")) && const_bool(e, &flag) && flag;
  bool f8a = da.id == DT_E4M3FN || da.id == DT_E5M2, f8b = db.id == DT_E4M3FN || db.id == DT_E5M2;
  int smk = 0;
  if (p->bs) {
    if (!tc_bs_kind(p, &smk, why, nwhy)) return false;
  } else if ((da.id == DT_FLOAT16 || da.id == DT_BFLOAT16) && da.id == db.id)
    p->kind = "kind::f16", p->kinst = 16, p->eb = 16;
  else if (f8a && f8b) p->kind = "kind::f8f6f4", p->kinst = 32, p->eb = 8;
  else if (tf32 && da.id == DT_FLOAT32 && db.id == DT_FLOAT32)
    p->kind = "kind::tf32", p->kinst = 8, p->eb = 32;
  else
    return tile_why(why, nwhy,
                    "no dense tcgen05 kind for A=%s B=%s (float16 / bfloat16 pairs, float8 e4m3 / "
                    "e5m2, float32 with is_AB_tf32=True)",
                    tirx_dtype_str(da, s[1]), tirx_dtype_str(db, s[2]));
  int64_t c0, c1, a0, a1, b0, b1;
  int dc[3], da3[3];
  p->cbat = tc_dims(&p->c, dc) == 3 && p->c.ext[dc[0]] == 2;
  p->abat = a_tmem && tc_dims(&p->a, da3) == 3 && p->a.ext[da3[0]] == 2;
  if (p->cbat) c0 = p->c.ext[dc[1]], c1 = 2 * p->c.ext[dc[2]];
  if (p->abat) a0 = p->a.ext[da3[1]], a1 = p->a.ext[da3[2]];
  if ((!p->cbat && !mat_ext(&p->c, &c0, &c1)) || (!p->abat && !mat_ext(&p->a, &a0, &a1)) ||
      !mat_ext(&p->b, &b0, &b1))
    return tile_why(why, nwhy,
                    "tcgen05 takes 2-d operands (C, A, B each with two non-unit extents; C [2, M, "
                    "N / 2] and a tmem A [2, M, K]: the M = 64 folded datapath's lane halves)");
  if (ta) { /* transposed: A [K, M], B [K, N] */
    int64_t x = a0;
    a0 = a1, a1 = x;
  }
  if (tb) {
    int64_t x = b0;
    b0 = b1, b1 = x;
  }
  if (a0 != c0 || b0 * cg != c1 || a1 != b1)
    return tile_why(
        why, nwhy,
        "shapes do not agree: C is %lldx%lld (M x N), A %lldx%lld (M x K), B %lldx%lld (%s)",
        (long long)c0, (long long)c1, (long long)a0, (long long)a1, (long long)b0, (long long)b1,
        cg == 2 ? "N / 2 x K: this CTA's half of the pair's B" : "N x K");
  p->M = c0, p->N = c1, p->K = a1;
  p->ninst = (int)(mma_n ? mma_n : p->N <= 256 ? p->N : 256);
  if (mma_m && mma_m != cg * p->M)
    return tile_why(why, nwhy,
                    "explicit mma_m=%lld must match the instruction's M: with cta_group %lld it "
                    "is %lld (C's %lld rows per CTA)",
                    (long long)mma_m, (long long)cg, (long long)(cg * p->M), (long long)p->M);
  if (mma_n && p->N % mma_n)
    return tile_why(why, nwhy, "explicit mma_n=%lld must divide C's N = %lld", (long long)mma_n,
                    (long long)p->N);
  if (cg == 1 && p->M == 64 && (p->cbat || tc_folded(op, p))) { /* E's fold implies .ws */
    if (wse && !p->ws)
      return tile_why(why, nwhy,
                      "C is in the M = 64 .ws datapath's layout (E: column halves in lanes 0..63 / "
                      "64..127), but weight_stationary=False was passed: drop the flag (it is "
                      "inferred from the layout) or declare C in the M = 64 (F) layout");
    p->ws = !p->bs;
  }
  if (p->cbat && !((cg == 2 || p->ws) && p->M == 64))
    return tile_why(why, nwhy,
                    "a batched C[2, M, N / 2] is the M = 64 folded datapath (cta_group 2, or .ws), "
                    "not M = %lld",
                    (long long)p->M);
  p->fold = (cg == 2 || p->ws) && p->M == 64;
  p->dpf = cg == 1 && p->M == 64 && !p->ws;
  int nmul = p->bs ? 8 * cg : p->fold ? 32 : p->dpf ? 8 : 16;
  if (p->ws ? p->ninst != 64 && p->ninst != 128 && p->ninst != 256
            : p->ninst < nmul || p->ninst > 256 || p->ninst % nmul)
    return tile_why(why, nwhy, "invalid matrix shape: N = %d is not an instruction N (%s)",
                    p->ninst,
                    p->ws                          ? ".ws: 64, 128 or 256"
                    : p->dpf || (p->bs && cg == 1) ? "8 .. 256, a multiple of 8"
                    : p->fold                      ? "32 .. 256, a multiple of 32"
                                                   : "16 .. 256, a multiple of 16");
  if (p->bs && cg == 1 && p->M != 128)
    return tile_why(why, nwhy,
                    "block-scaled tcgen05 with cta_group 1 takes M = 128 (datapath D), got M = "
                    "%lld",
                    (long long)p->M);
  bool m_ok = p->M == 128 || p->M == 64;
  if (!m_ok || p->N % p->ninst || p->K % p->kinst)
    return tile_why(why, nwhy,
                    "no tcgen05 tiling fits M=%lld, N=%lld, K=%lld (M = 128 or 64 per CTA, N a "
                    "multiple of the instruction's %d, K %% %d == 0)",
                    (long long)p->M, (long long)p->N, (long long)p->K, p->ninst, p->kinst);
  if (!tmem_acc(op, p, why, nwhy)) return false;
  if (a_tmem) {
    if (!tc_tmem_a(op, p, why, nwhy)) return false;
  } else if (!tile_region_layout_any_lo(op, &p->a, &p->la, why, nwhy) ||
             !smem_operand(op, &p->a, &p->la, p->M, p->K, p->M, p->kinst, p->eb, ta, true, "A",
                           &p->sa, why, nwhy))
    return false;
  if (!tile_region_layout_any_lo(op, &p->b, &p->lb, why, nwhy) ||
      !smem_operand(op, &p->b, &p->lb, p->N / cg, p->K, p->ninst / cg, p->kinst, p->eb, tb, true,
                    "B", &p->sb, why, nwhy))
    return false;
  if (p->bs) {
    if (!tc_sf(op, p, 0, smk, p->M, why, nwhy) || !tc_sf(op, p, 1, smk, p->N, why, nwhy))
      return false;
    /* block-scaled: A / B formats at 7 / 10 (E2M1 kinds: 1), N >> 3 at 17, the scales' type
     * at 23 (e8m0: 1), M >> 4 at 24; the scale-factor ids (4, 29) per MMA */
    uint32_t f4 = p->eb == 4, fa = f4 ? 1u : (uint32_t)tc_format(da),
             fb = f4 ? 1u : (uint32_t)tc_format(db);
    p->idesc = (fa << 7) | (fb << 10) | ((uint32_t)(p->ninst >> 3) << 17) |
               ((uint32_t)(p->sf[0].buf->dtype.id == DT_E8M0FNU) << 23) |
               ((uint32_t)((cg * p->M) >> 4) << 24) | (uint32_t)p->sa.mn << 15 |
               (uint32_t)p->sb.mn << 16;
    return true;
  }
  /* the instruction descriptor: D format (f32: 1) at 4, A / B formats at 7 / 10, A / B MN-major
   * at 15 / 16, N >> 3 at 17, M >> 4 at 24 */
  uint32_t fa = (uint32_t)(p->eb == 32 ? 2 : tc_format(da)),
           fb = (uint32_t)(p->eb == 32 ? 2 : tc_format(db));
  p->idesc = (1u << 4) | (fa << 7) | (fb << 10) | ((uint32_t)(p->ninst >> 3) << 17) |
             ((uint32_t)((cg * p->M) >> 4) << 24) | (uint32_t)p->sa.mn << 15 |
             (uint32_t)p->sb.mn << 16;
  return true;
}

bool tile_ga_tcgen05_ok(TileOp *op, char *why, size_t nwhy) {
  TcPlan p;
  return tc_plan(op, &p, why, nwhy);
}

/* `descX: T.uint64 = hi | ((cvta(&buf[lo]) & 0x3FFFF) >> 4)`, the tcgen05 (version 1) form. */
static Var *tc_desc_base(TileOp *op, const TileRegion *r, const WgSmem *s, int eb, const char *base,
                         PtrVec *stmts) {
  Var *v = desc_base(op, r, s, eb, base, stmts);
  Stmt *b = stmts->items[stmts->n - 1];
  uint64_t lbo = s->mode && !s->mn ? 1 : (uint64_t)(s->lbo * eb) >> 7,
           sbo = (uint64_t)(s->sbo * eb) >> 7;
  uint64_t hi = (lbo << 16) | (sbo << 32) | ((uint64_t)1 << 46) | ((uint64_t)(2 * s->mode) << 61);
  b->u.bind.value->u.call.args[0] = u64(op, (int64_t)hi);
  return v;
}

/* The tensor-memory address of a scale factor's 32-bit cell: allocated_addr + lane << 16 +
 * column / 4 (the byte within the cell is the instruction descriptor's scale-factor id). */
static Expr *tc_sf_addr(TileOp *op, Buffer *b, int64_t lane, int64_t col) {
  DType t32 = tirx_dtype(DT_UINT32);
  int64_t a0, off = lane * 65536 + col / 4;
  if (xf_const_int(b->allocated_addr, &a0)) return tirx_int(op->m, t32, a0 + off, noloc());
  Expr *base = tile_cast(op, t32, b->allocated_addr);
  return off ? tile_bin(op, E_ADD, base, tirx_int(op->m, t32, off, noloc())) : base;
}

Stmt *tile_ga_tcgen05_emit(TileOp *op) {
  TcPlan p;
  char why[TILE_WHY_LEN];
  if (!tc_plan(op, &p, why, sizeof why)) {
    tile_error(op, "%s", why);
    return NULL;
  }
  int64_t nt = p.N / p.ninst, kt = p.K / p.kinst;
  PtrVec st = {0};
  Var *da = p.ataddr ? NULL : tc_desc_base(op, &p.a, &p.sa, p.eb, "descA", &st);
  Var *db = tc_desc_base(op, &p.b, &p.sb, p.eb, "descB", &st);
  char tokens[96];
  if (p.bs)
    snprintf(tokens, sizeof tokens, "mma.cta_group::%d.%s.block_scale.scale_vec::%dX", p.cg, p.kind,
             p.svec);
  else snprintf(tokens, sizeof tokens, "mma%s.cta_group::%d.%s", p.ws ? ".ws" : "", p.cg, p.kind);
  const char *entry = p.bs
                          ? (p.ataddr ? "tcgen05_mma_block_scale_ts" : "tcgen05_mma_block_scale_ss")
                      : p.ws ? (p.ataddr ? "tcgen05_mma_ws_ts" : "tcgen05_mma_ws_ss")
                             : (p.ataddr ? "tcgen05_mma_ts" : "tcgen05_mma_ss");
  DType t32 = tirx_dtype(DT_UINT32);
  for (int64_t ki = 0; ki < kt; ki++)
    for (int64_t ni = 0; ni < nt; ni++) {
      Expr *ops[13];
      int n = 0;
      int64_t a0;
      int64_t col = ni * (p.fold ? p.ninst / 2 : p.ninst);
      ops[n++] = xf_const_int(p.taddr, &a0)
                     ? tirx_int(op->m, t32, a0 + col, noloc())
                     : tile_bin(op, E_ADD, p.taddr, tirx_int(op->m, t32, col, noloc()));
      int64_t acol = p.acol + ki * p.kinst * p.eb / 32; /* A in tmem: 4-byte columns per K step */
      ops[n++] = !p.ataddr                     ? desc_at(op, da, p.sa.off[ki], p.eb)
                 : xf_const_int(p.ataddr, &a0) ? tirx_int(op->m, t32, a0 + acol, noloc())
                 : acol                        ? tile_bin(op, E_ADD, tile_cast(op, t32, p.ataddr),
                                                          tirx_int(op->m, t32, acol, noloc()))
                                               : tile_cast(op, t32, p.ataddr);
      ops[n++] = desc_at(op, db, p.sb.off[ni * kt + ki], p.eb);
      if (p.bs) {
        int64_t ca = p.sfc[0][ki], cb = p.sfc[1][ni * kt + ki];
        uint32_t id = p.idesc | (uint32_t)(ca % 4) << 29 | (uint32_t)(cb % 4) << 4;
        ops[n++] = tirx_int(op->m, t32, id, noloc());
        ops[n++] = tc_sf_addr(op, p.sf[0].buf, p.sfl[0][ki], ca);
        ops[n++] = tc_sf_addr(op, p.sf[1].buf, p.sfl[1][ni * kt + ki], cb);
      } else ops[n++] = tirx_int(op->m, t32, p.idesc, noloc());
      if (!p.ws && !p.bs)
        for (int i = 0; i < 4 * p.cg; i++) ops[n++] = tirx_int(op->m, t32, 0, noloc());
      ops[n++] = ki > 0    ? tirx_int(op->m, tirx_dtype(DT_BOOL), 1, noloc())
                 : p.accum ? p.accum
                           : tirx_int(op->m, tirx_dtype(DT_BOOL), 0, noloc());
      if (p.ws) ops[n++] = u64(op, 0); /* zero-column mask */
      Expr *c = tile_ptx(op, entry, tokens, ops, n);
      if (!c) {
        ptrvec_free(&st);
        return NULL;
      }
      ptrvec_push(&st, tile_eval(op, c));
    }
  Stmt *r = tile_seq(op, (Stmt **)st.items, st.n);
  ptrvec_free(&st);
  if (op->scope == TS_WARP)
    r = tile_if(op, tile_bin(op, E_EQ, tile_thread_index(op), tile_int(op, 0)), r);
  return r;
}
