/* The gemm tile op (TVM 0.27's tirx.tile.gemm,
 * `T.warp.gemm(D, A, B, C, transpose_A, transpose_B, alpha, beta)`:
 * D = alpha * A @ B + beta * C) and its variant (a row in variants.def):
 *
 *   mma.m16n8k*   priority 10, warp scope: every operand a register tile
 *                 spread over the lanes; A, B float16 or bfloat16, C, D
 *                 float32; alpha = 1, beta 0 or 1.  The M x N x K product is
 *                 tiled by m16n8k16 (else m16n8k8) mma.sync instructions,
 *                 each lane passing the registers its operands' layouts give
 *                 it: an operand's layout must put every element of each
 *                 instruction's fragment on the lane the PTX ISA's m16n8
 *                 fragment map names, at a register index the same for all
 *                 lanes, the two 16-bit elements of an A / B register
 *                 adjacent (index even, then odd):
 *                   lane = 4g + t
 *                   D/C[M, N]: M = g + 8 rM,  N = 2t + rN           reg 2 rM + rN
 *                   A[M, K]:   M = g + 8 rM,  K = 2t + p + 8 kHi    reg p + 2 rM + 4 kHi
 *                   B[K, N]:   N = g,         K = 2t + p + 8 kHi    reg p + 2 kHi
 *                 (transpose_A: A is [K, M]; transpose_B: B is [N, K]).  The
 *                 K tiles accumulate into D; the first one adds C (beta = 1)
 *                 or zeros (beta = 0).
 *
 * The match is element by element over the layouts (lay_apply), so any
 * layout TVM's tile_to / group / permute_by_groups builds for these
 * fragments is accepted.  Not here: warpgroup / CTA scope (warps tiling M or
 * N), f16 accumulation, the other mma shapes. */
#include <stdio.h>
#include <string.h>

#include "Transforms/Tile/tile.h"
#include "tirx/internal/ptx_table.h"

static Loc noloc(void) { return (Loc){0, 0}; }

typedef struct GemmPlan {
  TileRegion d, a, b, c;
  Layout ld, la, lb, lc;
  bool ta, tb;
  int beta; /* 0 or 1 */
  int64_t M, N, K;
  int kinst;         /* 16 or 8 */
  const char *atype; /* "f16" / "bf16" */
  /* register indices: [tile][slot] */
  int64_t *offd, *offc, *offa, *offb;
} GemmPlan;

static Expr *arg_or_kw(TileOp *op, int pos, const char *name) {
  Expr *e = tile_kwarg(op, name);
  if (e) return e;
  return op->nargs > pos ? op->args[pos] : NULL;
}

static bool const_num(const Expr *e, double *v) {
  if (!e) return false;
  if (e->kind == E_FLOAT) {
    *v = e->u.f.v;
    return true;
  }
  if (e->kind == E_INT) {
    *v = (double)e->u.i.v;
    return true;
  }
  if (e->kind == E_CAST) return const_num(e->u.un.a, v);
  return false;
}

static bool mat_ext(const TileRegion *r, int64_t *e0, int64_t *e1) {
  int64_t e[2];
  int k = 0;
  for (int i = 0; i < r->nd; i++)
    if (r->ext[i] != 1) {
      if (k == 2) return false;
      e[k++] = r->ext[i];
    }
  while (k < 2) e[k++] = 1;
  *e0 = e[0];
  *e1 = e[1];
  return true;
}

/* memory offset of logical element (i, j) of a 2-d operand and its lane */
static int64_t at(const Layout *l, int64_t cols, int64_t i, int64_t j, int64_t *lane) {
  static const char *const ax[] = {"laneid"};
  int64_t thr[1] = {0};
  int64_t off = lay_apply(l, i * cols + j, ax, 1, thr);
  *lane = thr[0];
  return off;
}

/* The register index of fragment slot `s` of tile `tile` for every lane:
 * coord(lane, s) gives (i, j); false when a lane or an index disagrees. */
typedef void (*CoordFn)(int lane, int s, int kinst, int64_t t0, int64_t t1, int64_t *i, int64_t *j);

static void coord_acc(int lane, int s, int kinst, int64_t mi, int64_t ni, int64_t *i, int64_t *j) {
  (void)kinst;
  int g = lane / 4, t = lane % 4, rM = s / 2, rN = s % 2;
  *i = mi * 16 + g + 8 * rM;
  *j = ni * 8 + 2 * t + rN;
}
static void coord_a(int lane, int s, int kinst, int64_t mi, int64_t ki, int64_t *i, int64_t *j) {
  int g = lane / 4, t = lane % 4, p = s % 2, rM = (s / 2) % 2, kHi = s / 4;
  *i = mi * 16 + g + 8 * rM;
  *j = ki * kinst + 2 * t + p + 8 * kHi;
}
static void coord_b(int lane, int s, int kinst, int64_t ki, int64_t ni, int64_t *i, int64_t *j) {
  int g = lane / 4, t = lane % 4, p = s % 2, kHi = s / 2;
  *i = ki * kinst + 2 * t + p + 8 * kHi;
  *j = ni * 8 + g;
}

static bool frag_offsets(const Layout *l, int64_t cols, bool trans, CoordFn fn, int kinst,
                         int64_t n0, int64_t n1, int nslots, bool pairs, int64_t *out,
                         const char *name, char *why, size_t nwhy) {
  for (int64_t t0 = 0; t0 < n0; t0++)
    for (int64_t t1 = 0; t1 < n1; t1++)
      for (int s = 0; s < nslots; s++) {
        int64_t want = -1;
        for (int lane = 0; lane < 32; lane++) {
          int64_t i, j, ln;
          fn(lane, s, kinst, t0, t1, &i, &j);
          int64_t off = trans ? at(l, cols, j, i, &ln) : at(l, cols, i, j, &ln);
          if (ln != lane) {
            tile_why(why, nwhy,
                     "the layout of %s puts element (%lld, %lld) on lane %lld, the m16n8k%d "
                     "fragment needs lane %d",
                     name, (long long)(trans ? j : i), (long long)(trans ? i : j), (long long)ln,
                     kinst, lane);
            return false;
          }
          if (want < 0) want = off;
          else if (off != want) {
            tile_why(why, nwhy,
                     "the layout of %s holds fragment register %d at different register indices on "
                     "different lanes",
                     name, s);
            return false;
          }
        }
        int64_t idx = (t0 * n1 + t1) * nslots + s;
        out[idx] = want;
        if (pairs && s % 2 == 1 && (out[idx - 1] % 2 != 0 || want != out[idx - 1] + 1)) {
          tile_why(why, nwhy,
                   "the layout of %s does not keep the two 16-bit halves of a fragment register "
                   "adjacent",
                   name);
          return false;
        }
      }
  return true;
}

static bool lane_only(const Layout *l, const char *name, char *why, size_t nwhy) {
  if (l->nrep) {
    tile_why(why, nwhy, "%s layout has replicas", name);
    return false;
  }
  if (l->swz_b) {
    tile_why(why, nwhy, "%s layout is swizzled", name);
    return false;
  }
  for (int i = 0; i < l->n; i++)
    if (l->it[i].axis && l->it[i].ext > 1 && strcmp(l->it[i].axis, "laneid") != 0) {
      tile_why(why, nwhy,
               "%s spreads over thread axis '%s'; the mma variant takes lane (laneid) layouts",
               name, l->it[i].axis);
      return false;
    }
  return true;
}

static bool plan(TileOp *op, GemmPlan *p, char *why, size_t nwhy) {
  memset(p, 0, sizeof *p);
  if (op->inactive) {
    tile_why(why, nwhy, "%s", op->inactive);
    return false;
  }
  if (op->nargs < 4) {
    tile_why(why, nwhy, "takes D, A, B, C, got %d operands", op->nargs);
    return false;
  }
  TileRegion *rs[4] = {&p->d, &p->a, &p->b, &p->c};
  const char *names[4] = {"D", "A", "B", "C"};
  for (int i = 0; i < 4; i++) {
    if (!tile_region(op, op->args[i], rs[i], why, nwhy)) return false;
    if (!tile_scope_is(rs[i]->buf, MEM_LOCAL)) {
      tile_why(why, nwhy, "gemm mma requires %s in register (local) scope, got %s", names[i],
               rs[i]->buf->scope);
      return false;
    }
  }
  double alpha = 1, beta = 0;
  Expr *ea = arg_or_kw(op, 6, "alpha"), *eb = arg_or_kw(op, 7, "beta");
  if (ea && !const_num(ea, &alpha)) alpha = -1;
  if (eb && !const_num(eb, &beta)) beta = -1;
  if (alpha != 1.0) {
    tile_why(why, nwhy, "gemm mma supports only alpha=1");
    return false;
  }
  if (beta != 0.0 && beta != 1.0) {
    tile_why(why, nwhy, "gemm mma supports only beta in {0, 1}");
    return false;
  }
  p->beta = (int)beta;
  double ta = 0, tb = 0;
  Expr *eta = arg_or_kw(op, 4, "transpose_A"), *etb = arg_or_kw(op, 5, "transpose_B");
  if ((eta && !const_num(eta, &ta)) || (etb && !const_num(etb, &tb))) {
    tile_why(why, nwhy, "transpose_A / transpose_B must be constants");
    return false;
  }
  p->ta = ta != 0;
  p->tb = tb != 0;
  DType da = p->a.buf->dtype, db = p->b.buf->dtype;
  bool f16 = da.id == DT_FLOAT16 && db.id == DT_FLOAT16,
       bf16 = da.id == DT_BFLOAT16 && db.id == DT_BFLOAT16;
  if ((!f16 && !bf16) || p->c.buf->dtype.id != DT_FLOAT32 || p->d.buf->dtype.id != DT_FLOAT32) {
    char s[4][32];
    tile_why(why, nwhy,
             "no mma instruction for dtypes A=%s B=%s C=%s D=%s (m16n8k16/k8 take f16 or bf16 A "
             "and B, float32 C and D)",
             tirx_dtype_str(da, s[0]), tirx_dtype_str(db, s[1]),
             tirx_dtype_str(p->c.buf->dtype, s[2]), tirx_dtype_str(p->d.buf->dtype, s[3]));
    return false;
  }
  p->atype = f16 ? "f16" : "bf16";
  int64_t a0, a1, b0, b1, d0, d1, c0, c1;
  if (!mat_ext(&p->a, &a0, &a1) || !mat_ext(&p->b, &b0, &b1) || !mat_ext(&p->d, &d0, &d1) ||
      !mat_ext(&p->c, &c0, &c1)) {
    tile_why(why, nwhy, "gemm mma expects 2-d operands");
    return false;
  }
  int64_t M = p->ta ? a1 : a0, K = p->ta ? a0 : a1, BK = p->tb ? b1 : b0, N = p->tb ? b0 : b1;
  if (BK != K || d0 != M || d1 != N || c0 != M || c1 != N) {
    tile_why(why, nwhy,
             "shapes do not agree: A is %lldx%lld (M x K), B %lldx%lld (K x N), D %lldx%lld, C "
             "%lldx%lld",
             (long long)M, (long long)K, (long long)BK, (long long)N, (long long)d0, (long long)d1,
             (long long)c0, (long long)c1);
    return false;
  }
  p->M = M, p->N = N, p->K = K;
  if (!tile_region_layout(op, &p->d, &p->ld, why, nwhy) ||
      !tile_region_layout(op, &p->a, &p->la, why, nwhy) ||
      !tile_region_layout(op, &p->b, &p->lb, why, nwhy) ||
      !tile_region_layout(op, &p->c, &p->lc, why, nwhy))
    return false;
  if (!lane_only(&p->ld, "D", why, nwhy) || !lane_only(&p->la, "A", why, nwhy) ||
      !lane_only(&p->lb, "B", why, nwhy) || !lane_only(&p->lc, "C", why, nwhy))
    return false;
  if (M % 16 || N % 8 || K % 8) {
    tile_why(why, nwhy,
             "no mma instruction fits M=%lld, N=%lld, K=%lld (m16n8k16/k8 need M %% 16, N %% 8, K "
             "%% 8 == 0)",
             (long long)M, (long long)N, (long long)K);
    return false;
  }
  int64_t mt = M / 16, nt = N / 8;
  p->offd = TIRX_NEWN(op->m, int64_t, mt * nt * 4);
  p->offc = TIRX_NEWN(op->m, int64_t, mt * nt * 4);
  if (!frag_offsets(&p->ld, N, false, coord_acc, 16, mt, nt, 4, false, p->offd, "D", why, nwhy) ||
      !frag_offsets(&p->lc, N, false, coord_acc, 16, mt, nt, 4, false, p->offc, "C", why, nwhy))
    return false;
  char first[256] = "";
  static const int kinsts[] = {16, 8};
  for (int q = 0; q < 2; q++) {
    int ki = kinsts[q];
    if (K % ki) continue;
    int64_t kt = K / ki;
    int sa = ki == 16 ? 8 : 4, sb = ki == 16 ? 4 : 2;
    int64_t *oa = TIRX_NEWN(op->m, int64_t, mt * kt * sa),
            *ob = TIRX_NEWN(op->m, int64_t, kt * nt * sb);
    char w[256];
    if (frag_offsets(&p->la, p->ta ? M : K, p->ta, coord_a, ki, mt, kt, sa, true, oa, "A", w,
                     sizeof w) &&
        frag_offsets(&p->lb, p->tb ? K : N, p->tb, coord_b, ki, kt, nt, sb, true, ob, "B", w,
                     sizeof w)) {
      p->kinst = ki;
      p->offa = oa;
      p->offb = ob;
      return true;
    }
    if (!*first) snprintf(first, sizeof first, "m16n8k%d: %.200s", ki, w);
  }
  tile_why(why, nwhy, "%s", *first ? first : "no mma instruction fits");
  return false;
}

bool tile_gemm_mma_ok(TileOp *op, char *why, size_t nwhy) {
  GemmPlan p;
  return plan(op, &p, why, nwhy);
}

static Buffer *word_view(TileOp *op, Buffer *b) {
  return tile_storage_view(op, b, tirx_intern_printf(op->m, "%s_w%d", b->name, op->serial++),
                           tirx_dtype(DT_UINT32), (tile_local_span(op, b) + 1) / 2);
}

Stmt *tile_gemm_mma_emit(TileOp *op) {
  GemmPlan p;
  char why[TILE_WHY_LEN];
  if (!plan(op, &p, why, sizeof why)) {
    tile_error(op, "%s", why);
    return NULL;
  }
  const PtxEntry *e = tirx_ptx_find("mma");
  int64_t mt = p.M / 16, nt = p.N / 8, kt = p.K / p.kinst;
  int sa = p.kinst == 16 ? 8 : 4, sb = p.kinst == 16 ? 4 : 2;
  Buffer *dv = tile_local_view(op, p.d.buf, tile_local_span(op, p.d.buf));
  Buffer *cv = !p.beta || p.c.buf == p.d.buf
                   ? dv
                   : tile_local_view(op, p.c.buf, tile_local_span(op, p.c.buf));
  Buffer *aw = word_view(op, p.a.buf), *bw = word_view(op, p.b.buf);
  const char *shape = p.kinst == 16 ? "m16n8k16" : "m16n8k8";
  const char *slots[][2] = {{"sync", "sync"},   {"aligned", "aligned"}, {"shape", shape},
                            {"alayout", "row"}, {"blayout", "col"},     {"dtype", "f32"},
                            {"atype", p.atype}, {"btype", p.atype},     {"ctype", "f32"}};
  PtrVec stmts = {0};
  for (int64_t mi = 0; mi < mt; mi++)
    for (int64_t ni = 0; ni < nt; ni++)
      for (int64_t ki = 0; ki < kt; ki++) {
        int n = 0;
        Expr **a = TIRX_NEWN(op->m, Expr *, 4 + sa / 2 + sb / 2 + 4 + e->nslots + 1);
        int64_t acc = (mi * nt + ni) * 4;
        for (int s = 0; s < 4; s++) a[n++] = tile_ld1(op, dv, p.offd[acc + s]);
        for (int s = 0; s < sa; s += 2)
          a[n++] = tile_ld1(op, aw, p.offa[(mi * kt + ki) * sa + s] / 2);
        for (int s = 0; s < sb; s += 2)
          a[n++] = tile_ld1(op, bw, p.offb[(ki * nt + ni) * sb + s] / 2);
        for (int s = 0; s < 4; s++)
          a[n++] = ki > 0   ? tile_ld1(op, dv, p.offd[acc + s])
                   : p.beta ? tile_ld1(op, cv, p.offc[acc + s])
                            : tirx_float(op->m, tirx_dtype(DT_FLOAT32), 0.0, noloc());
        for (int i = 0; i < e->nslots; i++) {
          const char *t = "";
          for (size_t k = 0; k < sizeof slots / sizeof slots[0]; k++)
            if (strcmp(slots[k][0], e->slots[i].name) == 0) t = slots[k][1];
          a[n++] = tirx_str(op->m, t, strlen(t), noloc());
        }
        a[n++] = tirx_str(op->m, "", 0, noloc());
        Expr *c = tirx_call(op->m, tirx_intrin(I_PTX_INSTR), tirx_dtype(DT_VOID), a, n, noloc());
        c->u.call.name = tirx_intern0(op->m, "mma");
        Stmt *st = tirx_stmt_new(op->m, S_EVAL, noloc());
        st->u.eval.e = c;
        ptrvec_push(&stmts, st);
      }
  Stmt *r = tile_seq(op, (Stmt **)stmts.items, stmts.n);
  ptrvec_free(&stmts);
  return r;
}
