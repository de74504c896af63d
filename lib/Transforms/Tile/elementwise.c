/* The elementwise tile ops (TVM 0.27's tirx.tile.{zero, fill, cast, sqrt,
 * exp, exp2, log2, reciprocal, silu, add, sub, mul, fdiv, maximum, fma}) and
 * their two variants (rows in variants.def):
 *
 *   reg   every buffer operand is a register tile ("local"): each thread
 *         applies the op to the registers it holds; the partition is the
 *         operands' register layout (its thread iters), so the operands'
 *         layouts must agree on which thread holds each element.
 *   smem  every buffer operand is in shared memory: the scope's threads
 *         split the destination region into vec-element chunks round-robin
 *         (chunk q of the region goes to thread q % nthreads), vec being TVM's
 *         widest 128/64/32/16/8-bit vector that splits each thread's share and
 *         every operand's innermost extent; a chunk is one T.vectorized loop,
 *         which becomes vector ld/st.shared where the chunk is contiguous and
 *         aligned.  A barrier of the scope ends the op, as in TVM
 *         (T.cuda.cta_sync / warpgroup_sync(8) / warp_sync).
 *
 * Operands, as TVM parses them:
 *   zero(dst[, src])              dst = 0
 *   fill(dst, value)              dst = value
 *   cast(dst, src)                dst = src
 *   sqrt/exp/exp2/log2(dst, src[, bias[, scale]])   dst = f(src * scale + bias)
 *   reciprocal(dst, src)          dst = 1 / src
 *   silu(dst, src)                dst = src / (1 + exp(0 - src))
 *                                 (a unary op without src is in place: f(dst))
 *   add/sub/mul/fdiv/maximum(dst, a, b)  a or b may be a scalar; a scalar
 *                                 left operand commutes for add/mul/maximum
 *   fma(dst, a, b, c)             dst = a * b + c
 * The op computes in the widest dtype among the operands (dst wins ties)
 * and casts the result to dst's dtype.  Sources broadcast numpy-style
 * (right-aligned, extent-1 dims) in both variants (reg: a repeated dim
 * reads one register of each thread, so it must not be a thread dim of the
 * destination).
 *
 * A reg cast between float32 and float16/bfloat16 converts pairs, as TVM's
 * cast vec2 does: the innermost register run (stride 1 in every operand,
 * even extent) becomes an unrolled loop over pairs, each one two-lane access
 * (a T.Ramp(i, 1, 2) index) and a two-lane cast, which LLVM lowers to one
 * cvt.rn.{f16,bf16}x2.f32 per pair (not left to LLVM's SLP vectorizer, which
 * misses pairs whose registers are not stored to memory).  On sm_100+ reg
 * add/sub/mul/fma of float32 registers go in f32x2 pairs (packed_emit below). */
#include <stdio.h>
#include <string.h>

#include "Transforms/Tile/tile.h"

typedef enum { EW_ZERO, EW_FILL, EW_CAST, EW_UNARY, EW_RECIP, EW_SILU, EW_BINARY, EW_FMA } EwKind;

static const struct {
  const char *op;
  EwKind kind;
  int code; /* IntrinId for EW_UNARY, ExprKind for EW_BINARY */
} ew_ops[] = {
    {"zero", EW_ZERO, 0},       {"fill", EW_FILL, 0},          {"cast", EW_CAST, 0},
    {"sqrt", EW_UNARY, I_SQRT}, {"exp", EW_UNARY, I_EXP},      {"exp2", EW_UNARY, I_EXP2},
    {"log2", EW_UNARY, I_LOG2}, {"reciprocal", EW_RECIP, 0},   {"silu", EW_SILU, 0},
    {"add", EW_BINARY, E_ADD},  {"sub", EW_BINARY, E_SUB},     {"mul", EW_BINARY, E_MUL},
    {"fdiv", EW_BINARY, E_DIV}, {"maximum", EW_BINARY, E_MAX}, {"fma", EW_FMA, 0},
};

typedef struct EwSrc {
  bool is_buf;
  TileRegion r;
  Expr *scalar;
} EwSrc;

typedef struct EwPlan {
  EwKind kind;
  int code;
  TileRegion dst;
  EwSrc src[3];
  int nsrc;
  Expr *scale; /* unary: src * scale */
  int bias;    /* unary: index of the bias in src[], -1: none */
  DType cdt;   /* compute dtype */
} EwPlan;

static bool src_of(TileOp *op, Expr *arg, EwSrc *s, char *why, size_t nwhy) {
  memset(s, 0, sizeof *s);
  if (tile_is_region(arg)) {
    s->is_buf = true;
    return tile_region(op, arg, &s->r, why, nwhy);
  }
  s->scalar = arg;
  return true;
}

static bool nargs_ok(TileOp *op, int lo, int hi, char *why, size_t nwhy) {
  if (op->nargs >= lo && op->nargs <= hi) return true;
  tile_why(why, nwhy, "takes %d%s%d operands, got %d", lo, lo == hi ? "" : " to ", hi, op->nargs);
  if (lo == hi) tile_why(why, nwhy, "takes %d operands, got %d", lo, op->nargs);
  return false;
}

/* TVM's parse of each op into dst + sources. */
static bool parse(TileOp *op, EwPlan *p, char *why, size_t nwhy) {
  memset(p, 0, sizeof *p);
  p->bias = -1;
  size_t k = 0;
  while (k < sizeof ew_ops / sizeof ew_ops[0] && strcmp(ew_ops[k].op, op->op) != 0) k++;
  if (k == sizeof ew_ops / sizeof ew_ops[0]) {
    tile_why(why, nwhy, "'%s' is not an elementwise op", op->op);
    return false;
  }
  p->kind = ew_ops[k].kind;
  p->code = ew_ops[k].code;
  if (op->nargs < 1 || !tile_is_region(op->args[0])) {
    tile_why(why, nwhy, "the destination is not a buffer region");
    return false;
  }
  if (!tile_region(op, op->args[0], &p->dst, why, nwhy)) return false;
  switch (p->kind) {
  case EW_ZERO:
    if (!nargs_ok(op, 1, 2, why, nwhy)) return false;
    break;
  case EW_FILL:
    if (!nargs_ok(op, 2, 2, why, nwhy)) return false;
    if (tile_is_region(op->args[1])) {
      tile_why(why, nwhy, "the fill value must be a scalar");
      return false;
    }
    p->nsrc = 1;
    p->src[0].scalar = op->args[1];
    break;
  case EW_CAST:
    if (!nargs_ok(op, 2, 2, why, nwhy)) return false;
    if (!tile_is_region(op->args[1])) {
      tile_why(why, nwhy, "cast's source must be a buffer region");
      return false;
    }
    p->nsrc = 1;
    if (!src_of(op, op->args[1], &p->src[0], why, nwhy)) return false;
    break;
  case EW_UNARY:
  case EW_RECIP:
  case EW_SILU:
    if (!nargs_ok(op, 1, 4, why, nwhy)) return false;
    p->nsrc = 1;
    if (op->nargs == 1) { /* in place: TVM prints f(dst, dst) as f(dst) */
      p->src[0].is_buf = true;
      p->src[0].r = p->dst;
      break;
    }
    if (!src_of(op, op->args[1], &p->src[0], why, nwhy)) return false;
    if (p->kind == EW_UNARY && op->nargs > 2) {
      p->bias = 1;
      p->nsrc = 2;
      if (!src_of(op, op->args[2], &p->src[1], why, nwhy)) return false;
      if (op->nargs > 3) p->scale = op->args[3];
      if (p->scale && tile_is_region(p->scale)) {
        tile_why(why, nwhy, "the scale must be a scalar");
        return false;
      }
    }
    break;
  case EW_BINARY: {
    if (!nargs_ok(op, 3, 3, why, nwhy)) return false;
    bool commutes = p->code == E_ADD || p->code == E_MUL || p->code == E_MAX;
    Expr *a = op->args[1], *b = op->args[2];
    /* both scalars (S[1, 0] = S[0, 0] + 1 as TVM prints one-element regions): dst = a op b */
    if (!tile_is_region(a) && tile_is_region(b)) {
      if (!commutes) {
        tile_why(why, nwhy, "'%s' does not commute, so its left operand cannot be a scalar",
                 op->op);
        return false;
      }
      Expr *t = a;
      a = b;
      b = t;
    }
    p->nsrc = 2;
    if (!src_of(op, a, &p->src[0], why, nwhy) || !src_of(op, b, &p->src[1], why, nwhy))
      return false;
    if (p->src[1].is_buf && p->src[0].r.n < p->src[1].r.n) {
      if (!commutes) {
        tile_why(why, nwhy,
                 "'%s' does not commute, so its left operand cannot be the broadcast one", op->op);
        return false;
      }
      EwSrc t = p->src[0];
      p->src[0] = p->src[1];
      p->src[1] = t;
    }
    break;
  }
  case EW_FMA:
    if (!nargs_ok(op, 4, 4, why, nwhy)) return false;
    p->nsrc = 3;
    for (int i = 0; i < 3; i++)
      if (!src_of(op, op->args[1 + i], &p->src[i], why, nwhy)) return false;
    break;
  }
  /* the compute dtype: the widest operand, dst breaking ties */
  p->cdt = p->dst.buf->dtype;
  for (int i = 0; i < p->nsrc; i++) {
    DType t = p->src[i].is_buf ? p->src[i].r.buf->dtype : p->src[i].scalar->dtype;
    if (tirx_dtype_bits(t) > tirx_dtype_bits(p->cdt)) p->cdt = t;
  }
  if ((p->kind == EW_UNARY || p->kind == EW_RECIP || p->kind == EW_SILU || p->code == E_DIV) &&
      !tirx_dtype_is_float(p->cdt)) {
    char t[32];
    tile_why(why, nwhy, "'%s' needs a floating-point compute dtype, not %s", op->op,
             tirx_dtype_str(p->cdt, t));
    return false;
  }
  return true;
}

static bool active_ok(TileOp *op, char *why, size_t nwhy) {
  if (!op->inactive) return true;
  tile_why(why, nwhy, "%s", op->inactive);
  return false;
}

/* ---- the computation ------------------------------------------------------------- */

static Expr *fconst(TileOp *op, DType t, double v) {
  return tirx_dtype_is_float(t) ? tirx_float(op->m, t, v, (Loc){0, 0})
                                : tirx_int(op->m, t, (int64_t)v, (Loc){0, 0});
}

static Expr *compute(TileOp *op, const EwPlan *p, Expr **v) {
  DType t = p->cdt;
  for (int i = 0; i < p->nsrc; i++) v[i] = tile_cast(op, t, v[i]);
  switch (p->kind) {
  case EW_ZERO: return fconst(op, t, 0.0);
  case EW_FILL:
  case EW_CAST: return v[0];
  case EW_UNARY: {
    Expr *x = v[0];
    if (p->scale) x = tile_bin(op, E_MUL, x, tile_cast(op, t, p->scale));
    if (p->bias >= 0) x = tile_bin(op, E_ADD, x, v[p->bias]);
    return tile_call(op, (IntrinId)p->code, t, &x, 1);
  }
  case EW_RECIP: return tile_bin(op, E_DIV, fconst(op, t, 1.0), v[0]);
  case EW_SILU: {
    Expr *neg = tile_bin(op, E_SUB, fconst(op, t, 0.0), v[0]);
    Expr *e = tile_call(op, I_EXP, t, &neg, 1);
    return tile_bin(op, E_DIV, v[0], tile_bin(op, E_ADD, fconst(op, t, 1.0), e));
  }
  case EW_BINARY: return tile_bin(op, (ExprKind)p->code, v[0], v[1]);
  case EW_FMA: return tile_bin(op, E_ADD, tile_bin(op, E_MUL, v[0], v[1]), v[2]);
  }
  return NULL;
}

/* ---- smem ------------------------------------------------------------------------- */

/* numpy-style right-aligned broadcast of src over dst */
static bool broadcasts(const TileRegion *src, const TileRegion *dst, char *why, size_t nwhy) {
  for (int k = 0; k < src->nd; k++) {
    int j = dst->nd - src->nd + k;
    int64_t de = j >= 0 ? dst->ext[j] : 1;
    if (src->ext[k] != 1 && src->ext[k] != de) {
      tile_why(why, nwhy,
               "the region of '%s' does not broadcast to the destination's shape (dimension %d: "
               "%lld vs %lld)",
               src->buf->name, k, (long long)src->ext[k], (long long)de);
      return false;
    }
  }
  return true;
}

static Expr **src_coords(TileOp *op, const TileRegion *src, const TileRegion *dst, Expr **c) {
  Expr **sc = TIRX_NEWN(op->m, Expr *, src->nd > 0 ? src->nd : 1);
  for (int k = 0; k < src->nd; k++) {
    int j = dst->nd - src->nd + k;
    sc[k] = j >= 0 && src->ext[k] != 1 ? c[j] : tile_int(op, 0);
  }
  return sc;
}

static bool is_shared(const Buffer *b) {
  return tile_scope_is(b, MEM_SHARED) || tile_scope_is(b, MEM_SHARED_DYN);
}

bool tile_ew_smem_ok(TileOp *op, char *why, size_t nwhy) {
  EwPlan p;
  if (!active_ok(op, why, nwhy) || !parse(op, &p, why, nwhy)) return false;
  if (!is_shared(p.dst.buf)) {
    tile_why(why, nwhy, "operand '%s' is in %s, not shared memory", p.dst.buf->name,
             p.dst.buf->scope);
    return false;
  }
  for (int i = 0; i < p.nsrc; i++) {
    if (!p.src[i].is_buf) continue;
    if (!is_shared(p.src[i].r.buf)) {
      tile_why(why, nwhy, "operand '%s' is in %s, not shared memory", p.src[i].r.buf->name,
               p.src[i].r.buf->scope);
      return false;
    }
    if (!broadcasts(&p.src[i].r, &p.dst, why, nwhy)) return false;
  }
  if (!tile_threads_known(op, why, nwhy)) return false;
  return true;
}

/* TVM's vector chunk: the widest of 128 / 64 / 32 / 16 / 8 bits (of the widest operand
 * dtype) that splits every thread's share of the region and every buffer operand's
 * innermost extent; 1 when the threads do not split the region evenly. */
static int64_t smem_vec(const EwPlan *p, int64_t nt) {
  int64_t n = p->dst.n, bits = tirx_dtype_bits(p->dst.buf->dtype);
  for (int i = 0; i < p->nsrc; i++)
    if (p->src[i].is_buf && tirx_dtype_bits(p->src[i].r.buf->dtype) > bits)
      bits = tirx_dtype_bits(p->src[i].r.buf->dtype);
  if (n % nt || bits <= 0) return 1;
  static const int64_t cands[] = {128, 64, 32, 16, 8};
  for (size_t k = 0; k < sizeof cands / sizeof cands[0]; k++) {
    int64_t v = cands[k] / bits;
    bool ok = v > 0 && (n / nt) % v == 0 && p->dst.ext[p->dst.nd - 1] % v == 0;
    for (int i = 0; ok && i < p->nsrc; i++)
      if (p->src[i].is_buf && p->src[i].r.nd > 0) ok = p->src[i].r.ext[p->src[i].r.nd - 1] % v == 0;
    if (ok) return v;
  }
  return 1;
}

/* The barrier that ends a shared-memory op at each scope (TVM's emit_scope_sync). */
static Stmt *smem_sync(TileOp *op) {
  switch (op->scope) {
  case TS_CTA: return tile_eval(op, tile_call(op, I_CUDA_CTA_SYNC, tirx_dtype(DT_VOID), NULL, 0));
  case TS_WARP: return tile_eval(op, tile_call(op, I_CUDA_WARP_SYNC, tirx_dtype(DT_VOID), NULL, 0));
  case TS_WG: {
    Expr *a = tile_int(op, 8);
    return tile_eval(op, tile_call(op, I_CUDA_WARPGROUP_SYNC, tirx_dtype(DT_VOID), &a, 1));
  }
  default: return NULL;
  }
}

Stmt *tile_ew_smem_emit(TileOp *op) {
  EwPlan p;
  char why[TILE_WHY_LEN];
  if (!parse(op, &p, why, sizeof why)) {
    tile_error(op, "%s", why);
    return NULL;
  }
  int64_t nt = op->nthreads, n = p.dst.n;
  if (n == 0) return tile_seq(op, NULL, 0);
  int64_t vec = smem_vec(&p, nt), step = vec * nt;
  int64_t rounds = (n + step - 1) / step;
  Expr *tid = nt == 1 ? tile_int(op, 0) : tile_thread_index(op);
  Var *it = tile_var(op, "it");
  Var *lane = vec > 1 ? tile_var(op, "vec") : NULL;
  /* element f = it * vec * nt + tid * vec + lane: thread tid's vec-element chunk of each
   * round, one vectorized loop (contiguous, aligned chunks become vector ld/st.shared) */
  Expr *f = tile_bin(op, E_MUL, tid, tile_int(op, vec));
  if (rounds > 1)
    f = tile_bin(op, E_ADD,
                 tile_bin(op, E_MUL, tirx_varref(op->m, it, (Loc){0, 0}), tile_int(op, step)), f);
  if (lane) f = tile_bin(op, E_ADD, f, tirx_varref(op->m, lane, (Loc){0, 0}));
  Expr **c = tile_unravel(op, f, p.dst.ext, p.dst.nd);
  Expr *v[3];
  for (int i = 0; i < p.nsrc; i++)
    v[i] = p.src[i].is_buf ? tile_load(op, &p.src[i].r, src_coords(op, &p.src[i].r, &p.dst, c))
                           : p.src[i].scalar;
  Stmt *body = tile_store(op, &p.dst, c, compute(op, &p, v));
  if (n % step) body = tile_if(op, tile_bin(op, E_LT, f, tile_int(op, n)), body);
  if (lane) body = tile_for(op, lane, tile_int(op, vec), FOR_VECTORIZED, body);
  if (rounds > 1) body = tile_for(op, it, tile_int(op, rounds), FOR_SERIAL, body);
  Stmt *sync = smem_sync(op);
  if (!sync) return body;
  Stmt *items[2] = {body, sync};
  return tile_seq(op, items, 2);
}

/* ---- reg -------------------------------------------------------------------------- */

/* The axes a register layout may spread over at each scope. */
static bool axis_fits(TileScope s, const char *axis) {
  switch (s) {
  case TS_THREAD: return false;
  case TS_WARP: return strcmp(axis, "laneid") == 0;
  case TS_WG:
    return strcmp(axis, "laneid") == 0 || strcmp(axis, "wid_in_wg") == 0 ||
           strcmp(axis, "tid_in_wg") == 0;
  default:
    return strcmp(axis, "laneid") == 0 || strcmp(axis, "wid_in_wg") == 0 ||
           strcmp(axis, "tid_in_wg") == 0 || strcmp(axis, "warpid") == 0 ||
           strcmp(axis, "tx") == 0 || strcmp(axis, "wgid") == 0;
  }
}

static bool layout_fits(TileOp *op, const Buffer *b, const Layout *l, char *why, size_t nwhy) {
  for (int i = 0; i < l->n + l->nrep; i++) {
    const LayIter *x = i < l->n ? &l->it[i] : &l->rep[i - l->n];
    if (x->axis && x->ext > 1 && !axis_fits(op->scope, x->axis)) {
      tile_why(
          why, nwhy,
          "the register layout of '%s' spreads over thread axis '%s', which is not within a %s",
          b->name, x->axis, tile_scope_name(op->scope));
      return false;
    }
  }
  if (op->scope != TS_THREAD && !lay_has_threads(l)) {
    tile_why(why, nwhy,
             "the register layout of '%s' has no thread axis, so it does not partition over the %s",
             b->name, tile_scope_name(op->scope));
    return false;
  }
  return true;
}

/* The per-operand refined layouts: position k of every operand is the same
 * logical digit; a thread digit must be held by the same thread in all. */
typedef struct RegPlan {
  EwPlan p;
  Layout dst;
  Layout src[3];
} RegPlan;

static bool reg_plan(TileOp *op, RegPlan *rp, char *why, size_t nwhy) {
  EwPlan *p = &rp->p;
  if (!parse(op, p, why, nwhy)) return false;
  if (!tile_scope_is(p->dst.buf, MEM_LOCAL)) {
    tile_why(why, nwhy, "operand '%s' is in %s, not registers (local)", p->dst.buf->name,
             p->dst.buf->scope);
    return false;
  }
  Layout d;
  if (!tile_region_layout(op, &p->dst, &d, why, nwhy)) return false;
  if (!layout_fits(op, p->dst.buf, &d, why, nwhy)) return false;
  rp->dst = d;
  for (int i = 0; i < p->nsrc; i++) {
    if (!p->src[i].is_buf) continue;
    const TileRegion *r = &p->src[i].r;
    if (!tile_scope_is(r->buf, MEM_LOCAL)) {
      tile_why(why, nwhy, "operand '%s' is in %s, not registers (local)", r->buf->name,
               r->buf->scope);
      return false;
    }
    Layout s;
    if (!tile_region_layout(op, r, &s, why, nwhy)) return false;
    bool same = r->nd == p->dst.nd;
    for (int k = 0; same && k < r->nd; k++) same = r->ext[k] == p->dst.ext[k];
    if (!same && r->n != p->dst.n) {
      /* numpy-style broadcast: the repeated dims read one register (stride 0) */
      Layout b;
      char inner[TILE_WHY_LEN];
      if (!lay_broadcast(op->m, &s, r->ext, r->nd, p->dst.ext, p->dst.nd, &b, inner,
                         sizeof inner)) {
        tile_why(why, nwhy, "the region of '%s' does not broadcast to the destination's: %s",
                 r->buf->name, inner);
        return false;
      }
      s = b;
    }
    Layout rd, rs;
    char inner[TILE_WHY_LEN];
    if (!lay_refine(op->m, &rp->dst, &s, &rd, &rs, inner, sizeof inner)) {
      tile_why(why, nwhy, "'%s' and '%s': %s", p->dst.buf->name, r->buf->name, inner);
      return false;
    }
    for (int k = 0; k < rd.n; k++)
      if (rd.it[k].axis != rs.it[k].axis || (rd.it[k].axis && rd.it[k].stride != rs.it[k].stride)) {
        tile_why(why, nwhy,
                 "the register layouts of '%s' and '%s' give some element to different threads",
                 p->dst.buf->name, r->buf->name);
        return false;
      }
    /* refine the others along */
    rp->dst = rd;
    for (int j = 0; j < i; j++)
      if (p->src[j].is_buf) {
        Layout a, b;
        if (!lay_refine(op->m, &rd, &rp->src[j], &a, &b, why, nwhy)) return false;
        rp->src[j] = b;
      }
    rp->src[i] = rs;
  }
  return true;
}

bool tile_ew_reg_ok(TileOp *op, char *why, size_t nwhy) {
  RegPlan rp;
  return active_ok(op, why, nwhy) && reg_plan(op, &rp, why, nwhy);
}

/* i -> T.Ramp(i, 1, 2): the two lanes of a cast pair */
static Expr *pair_ramp(TileOp *op, Expr *base) {
  Expr *r = tirx_expr_new(op->m, E_RAMP, tirx_dtype_vec((DTypeId)base->dtype.id, 2), (Loc){0, 0});
  r->u.ramp.base = base;
  r->u.ramp.stride = tile_int(op, 1);
  r->u.ramp.lanes = 2;
  return r;
}

/* offset + Σ digit_k * stride_k over the memory positions */
static Expr *mem_offset(TileOp *op, const Layout *l, Var **vars) {
  Expr *o = tile_int(op, l->offset);
  for (int k = 0; k < l->n; k++) {
    if (l->it[k].axis || l->it[k].ext == 1 || l->it[k].stride == 0)
      continue; /* 0: a broadcast dim */
    o = tile_bin(op, E_ADD, o,
                 tile_bin(op, E_MUL, tirx_varref(op->m, vars[k], (Loc){0, 0}),
                          tile_int(op, l->it[k].stride)));
  }
  return o;
}

static Buffer *local_of(TileOp *op, Buffer *b, PtrVec *keys, PtrVec *views) {
  int i = ptrvec_index(keys, b);
  if (i >= 0) return views->items[i];
  Layout whole;
  char why[8];
  int64_t span = 1;
  if (lay_of_buffer(op->m, b, &whole, why, sizeof why)) {
    Layout loc;
    lay_local(op->m, &whole, &loc);
    span = lay_span(&loc);
  }
  Buffer *v = tile_local_view(op, b, span);
  ptrvec_push(keys, b);
  ptrvec_push(views, v);
  return v;
}

static Expr *local_load(TileOp *op, Buffer *v, Expr *off) {
  Expr **idx = TIRX_NEWN(op->m, Expr *, 1);
  idx[0] = off;
  return tirx_load(op->m, v, idx, 1, (Loc){0, 0});
}

/* the innermost memory digit of more than one element (the register run the pair forms
 * below split), or -1 */
static int inner_mem_digit(const Layout *l) {
  int k = l->n - 1;
  while (k >= 0 && (l->it[k].axis || l->it[k].ext == 1)) k--;
  return k;
}

/* the cast pairs of TVM's cast vec2: float32 <-> float16 / bfloat16 */
static bool cast_pairs(DType a, DType b) {
  DTypeId x = (DTypeId)a.id, y = (DTypeId)b.id;
  if (a.lanes != 1 || b.lanes != 1) return false;
  if (y == DT_FLOAT32) x = y, y = (DTypeId)a.id;
  return x == DT_FLOAT32 && (y == DT_FLOAT16 || y == DT_BFLOAT16);
}

/* The innermost memory digit of a reg cast that can go in pairs (see the header):
 * its index, or -1.  The pair digit splits it in every operand's layout: (e, 1)
 * becomes (e/2, 2) and (2, 1); the (2, 1) digit is the two lanes of a ramp. */
static int pair_digit(TileOp *op, RegPlan *rp) {
  EwPlan *p = &rp->p;
  if (p->kind != EW_CAST || p->nsrc != 1 || !p->src[0].is_buf ||
      !cast_pairs(p->dst.buf->dtype, p->src[0].r.buf->dtype))
    return -1;
  int k = inner_mem_digit(&rp->dst);
  if (k < 0 || rp->dst.it[k].ext % 2 || rp->dst.it[k].stride != 1 || rp->src[0].it[k].stride != 1 ||
      rp->dst.offset % 2 || rp->src[0].offset % 2)
    return -1;
  Layout *ls[2] = {&rp->dst, &rp->src[0]};
  for (int j = 0; j < 2; j++) {
    LayIter *it = TIRX_NEWN(op->m, LayIter, ls[j]->n + 1);
    memcpy(it, ls[j]->it, sizeof *it * (size_t)(k + 1));
    memcpy(it + k + 2, ls[j]->it + k + 1, sizeof *it * (size_t)(ls[j]->n - k - 1));
    it[k].ext /= 2;
    it[k].stride = 2;
    it[k + 1] = (LayIter){2, 1, NULL};
    ls[j]->it = it;
    ls[j]->n++;
  }
  return k + 1;
}

/* ---- reg, packed f32x2 (sm_100+) ------------------------------------------------------
 * add / sub / mul / fma of float32 registers (float32 scalars allowed; fma's a a register) pair
 * two adjacent registers of the innermost register dim (even extent, stride 1 in every operand,
 * none broadcast): mov.b64 packs each operand, {add,sub,mul,fma}.<rounding_mode>.ftz.f32x2
 * computes (rounding_mode= rn / rz / rm / rp, default rz: TVM 0.27's), mov.b64 unpacks into dst. */

static bool is_f32(const Expr *e) { return e->dtype.id == DT_FLOAT32 && e->dtype.lanes <= 1; }

/* The dst iter to pair (-1: no packed form) and the rounding mode. */
static int packed_iter(TileOp *op, const RegPlan *rp, const char **rm) {
  const EwPlan *p = &rp->p;
  char why[TILE_WHY_LEN];
  bool bin = p->kind == EW_BINARY && (p->code == E_ADD || p->code == E_SUB || p->code == E_MUL);
  if ((!bin && p->kind != EW_FMA) || !tile_need_sm(op, 100, "f32x2", why, sizeof why)) return -1;
  if (p->dst.buf->dtype.id != DT_FLOAT32 || p->dst.buf->dtype.lanes > 1) return -1;
  if (p->kind == EW_FMA && !p->src[0].is_buf) return -1;
  int k = inner_mem_digit(&rp->dst);
  if (k < 0 || rp->dst.it[k].ext % 2 || rp->dst.it[k].stride != 1) return -1;
  for (int i = 0; i < p->nsrc; i++) {
    if (!p->src[i].is_buf) {
      if (!is_f32(p->src[i].scalar)) return -1;
      continue;
    }
    const Buffer *b = p->src[i].r.buf;
    if (b->dtype.id != DT_FLOAT32 || b->dtype.lanes > 1 || rp->src[i].n != rp->dst.n ||
        rp->src[i].it[k].stride != 1)
      return -1;
    for (int j = 0; j < rp->src[i].n; j++)
      if (!rp->src[i].it[j].axis && rp->src[i].it[j].ext > 1 && rp->src[i].it[j].stride == 0)
        return -1; /* broadcast */
  }
  Expr *e = tile_kwarg(op, "rounding_mode");
  *rm = "rz";
  if (e && e->kind == E_STR) {
    static const char *const modes[] = {"rn", "rz", "rm", "rp"};
    for (int i = 0; i < 4; i++)
      if (e->u.s.len == 2 && strncmp(e->u.s.p, modes[i], 2) == 0) *rm = modes[i];
  }
  return k;
}

static Stmt *packed_emit(TileOp *op, RegPlan *rp, int k, const char *rm) {
  EwPlan *p = &rp->p;
  PtrVec keys = {0}, views = {0}, st = {0};
  Var **vars = TIRX_NEWN(op->m, Var *, rp->dst.n > 0 ? rp->dst.n : 1);
  for (int i = 0; i < rp->dst.n; i++)
    if (!rp->dst.it[i].axis && rp->dst.it[i].ext > 1) vars[i] = tile_var(op, "r");
  DType u64 = tirx_dtype(DT_UINT64);
  Buffer *pk[4];
  for (int i = 0; i < p->nsrc; i++) pk[i] = tile_alloc(op, "pk", u64, 1, "local");
  Expr *z = tile_int(op, 0);
  for (int i = 0; i < p->nsrc; i++) {
    Expr *lane[2];
    for (int h = 0; h < 2; h++) {
      if (!p->src[i].is_buf) {
        lane[h] = p->src[i].scalar;
        continue;
      }
      Layout l = rp->src[i];
      l.offset += h;
      l.it = TIRX_NEWN(op->m, LayIter, l.n);
      memcpy(l.it, rp->src[i].it, sizeof(LayIter) * (size_t)l.n);
      l.it[k].stride = 2;
      lane[h] =
          local_load(op, local_of(op, p->src[i].r.buf, &keys, &views), mem_offset(op, &l, vars));
    }
    Expr *ops[3] = {local_load(op, pk[i], z), lane[0], lane[1]};
    ptrvec_push(&st, tile_eval(op, tile_ptx(op, "mov_pack_b32x2", "b64", ops, 3)));
  }
  char tokens[32];
  const char *name = p->kind == EW_FMA  ? "fma"
                     : p->code == E_ADD ? "add"
                     : p->code == E_SUB ? "sub"
                                        : "mul";
  snprintf(tokens, sizeof tokens, "%s.ftz.f32x2", rm);
  Expr *ops[4];
  ops[0] = local_load(op, pk[0], z);
  for (int i = 0; i < p->nsrc; i++) ops[1 + i] = local_load(op, pk[i], z);
  ptrvec_push(&st, tile_eval(op, tile_ptx(op, name, tokens, ops, 1 + p->nsrc)));
  Buffer *dv = local_of(op, p->dst.buf, &keys, &views);
  Expr *out[3];
  for (int h = 0; h < 2; h++) {
    Layout l = rp->dst;
    l.offset += h;
    l.it = TIRX_NEWN(op->m, LayIter, l.n);
    memcpy(l.it, rp->dst.it, sizeof(LayIter) * (size_t)l.n);
    l.it[k].stride = 2;
    out[h] = local_load(op, dv, mem_offset(op, &l, vars));
  }
  out[2] = local_load(op, pk[0], z);
  ptrvec_push(&st, tile_eval(op, tile_ptx(op, "mov_unpack_b32x2", "b64", out, 3)));
  Stmt *body = tile_seq(op, (Stmt **)st.items, st.n);
  for (int i = rp->dst.n - 1; i >= 0; i--)
    if (vars[i])
      body = tile_for(op, vars[i], tile_int(op, rp->dst.it[i].ext / (i == k ? 2 : 1)),
                      i == k ? FOR_SERIAL : FOR_UNROLLED, body);
  ptrvec_free(&keys);
  ptrvec_free(&views);
  ptrvec_free(&st);
  return body;
}

Stmt *tile_ew_reg_emit(TileOp *op) {
  RegPlan rp;
  char why[TILE_WHY_LEN];
  if (!reg_plan(op, &rp, why, sizeof why)) {
    tile_error(op, "%s", why);
    return NULL;
  }
  const char *rm = NULL;
  int pk = packed_iter(op, &rp, &rm);
  if (pk >= 0) return packed_emit(op, &rp, pk, rm);
  EwPlan *p = &rp.p;
  int pair = pair_digit(op, &rp);
  PtrVec keys = {0}, views = {0};
  Var **vars = TIRX_NEWN(op->m, Var *, rp.dst.n > 0 ? rp.dst.n : 1);
  for (int k = 0; k < rp.dst.n; k++)
    if (!rp.dst.it[k].axis && rp.dst.it[k].ext > 1 && k != pair) vars[k] = tile_var(op, "r");
  if (pair >= 0) rp.dst.it[pair].ext = rp.src[0].it[pair].ext = 1; /* the ramp's lanes */
  Expr *v[3];
  for (int i = 0; i < p->nsrc; i++) {
    if (!p->src[i].is_buf) {
      v[i] = p->src[i].scalar;
      continue;
    }
    Expr *off = mem_offset(op, &rp.src[i], vars);
    v[i] = local_load(op, local_of(op, p->src[i].r.buf, &keys, &views),
                      pair >= 0 ? pair_ramp(op, off) : off);
  }
  Buffer *dv = local_of(op, p->dst.buf, &keys, &views);
  Stmt *body = tirx_stmt_new(op->m, S_STORE, (Loc){0, 0});
  body->u.store.buf = dv;
  body->u.store.n = 1;
  body->u.store.idx = TIRX_NEWN(op->m, Expr *, 1);
  body->u.store.idx[0] = mem_offset(op, &rp.dst, vars);
  if (pair >= 0) {
    body->u.store.idx[0] = pair_ramp(op, body->u.store.idx[0]);
    body->u.store.value =
        tirx_cast(op->m, tirx_dtype_vec((DTypeId)dv->dtype.id, 2), v[0], (Loc){0, 0});
  } else {
    body->u.store.value = tile_cast(op, dv->dtype, compute(op, p, v));
  }
  for (int k = rp.dst.n - 1; k >= 0; k--)
    if (vars[k]) body = tile_for(op, vars[k], tile_int(op, rp.dst.it[k].ext), FOR_UNROLLED, body);
  ptrvec_free(&keys);
  ptrvec_free(&views);
  return body;
}
