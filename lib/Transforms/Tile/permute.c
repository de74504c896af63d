/* The permute_layout tile op (TVM 0.27's tirx.tile.permute_layout(dst, src)):
 * element i of the region (logical, row-major) moves from src's layout to
 * dst's.  One variant (row in variants.def):
 *
 *   warp_xor_swizzle   a warp stages the region through registers: V
 *            elements, P = V / 32 per lane (a power of two <= 32).  Lane l's
 *            register r holds element l + 32 * (r ^ ((l >> (5 - k)) & (2^k
 *            - 1))); phase 1 loads every register from src, __syncwarp,
 *            phase 2 stores them to dst, __syncwarp.  k is the smallest in
 *            [0, log2 P] for which both phases are free of shared-memory
 *            bank conflicts (the 32 lanes of each register slot hit 32
 *            distinct 4-byte banks), as TVM chooses it; none: rejected, as
 *            TVM rejects (sub-4-byte elements read contiguously share banks).
 *            Both operands carry plain strided layouts (no swizzle) that are
 *            bijections on the region, of one dtype and one region shape.
 *
 * TVM 0.27 declares the variant but fails to build any kernel with it
 * ("Program is not well-formed"); here the layouts are applied by
 * flatten-buffer to the logical indices the emitter writes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "Transforms/Tile/tile.h"

static Loc noloc(void) { return (Loc){0, 0}; }

typedef struct Permute {
  TileRegion dst, src;
  int64_t V, P;
  int k;
} Permute;

static int cmp_i64(const void *a, const void *b) {
  int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
  return x < y ? -1 : x > y;
}

static bool bijective(TileOp *op, const Layout *l, int64_t V) {
  int64_t *o = TIRX_NEWN(op->m, int64_t, V);
  for (int64_t i = 0; i < V; i++) o[i] = lay_apply(l, i, NULL, 0, NULL);
  qsort(o, (size_t)V, sizeof *o, cmp_i64);
  for (int64_t i = 1; i < V; i++)
    if (o[i] == o[i - 1]) return false;
  return true;
}

static bool bank_free(const Layout *l, int64_t P, int64_t bytes, int k) {
  int shift = 5 - k;
  int64_t mask = ((int64_t)1 << k) - 1;
  for (int64_t r = 0; r < P; r++) {
    uint32_t seen = 0;
    for (int64_t lane = 0; lane < 32; lane++) {
      int64_t j = r ^ ((lane >> shift) & mask);
      int64_t off = lay_apply(l, lane + j * 32, NULL, 0, NULL) * bytes;
      int bank = (int)((off / 4) % 32);
      if (bank < 0) bank += 32;
      if (seen & (1u << bank)) return false;
      seen |= 1u << bank;
    }
  }
  return true;
}

static bool plain(TileOp *op, const TileRegion *r, Layout *l, char *why, size_t nwhy) {
  if (!tile_region_layout_any_lo(op, r, l, why, nwhy)) return false;
  if (l->swz_b) {
    tile_why(why, nwhy, "the layout of '%s' is swizzled (a ComposeLayout), not a plain TileLayout",
             r->buf->name);
    return false;
  }
  if (lay_has_threads(l)) {
    tile_why(why, nwhy, "the layout of '%s' has thread axes, not a plain memory TileLayout",
             r->buf->name);
    return false;
  }
  return true;
}

static bool permute_plan(TileOp *op, Permute *p, char *why, size_t nwhy) {
  memset(p, 0, sizeof *p);
  if (op->inactive) {
    tile_why(why, nwhy, "%s", op->inactive);
    return false;
  }
  if (op->scope != TS_WARP) {
    tile_why(why, nwhy, "scope '%s' is not 'warp'", tile_scope_name(op->scope));
    return false;
  }
  if (op->nargs != 2 || !tile_is_region(op->args[0]) || !tile_is_region(op->args[1])) {
    tile_why(why, nwhy, "takes a destination and a source buffer region");
    return false;
  }
  if (!tile_region(op, op->args[0], &p->dst, why, nwhy) ||
      !tile_region(op, op->args[1], &p->src, why, nwhy))
    return false;
  if (!tirx_dtype_eq(p->src.buf->dtype, p->dst.buf->dtype)) {
    char a[32], b[32];
    tile_why(why, nwhy, "dtype mismatch: dst=%s vs src=%s", tirx_dtype_str(p->dst.buf->dtype, a),
             tirx_dtype_str(p->src.buf->dtype, b));
    return false;
  }
  bool same = p->src.nd == p->dst.nd;
  for (int i = 0; same && i < p->src.nd; i++) same = p->src.ext[i] == p->dst.ext[i];
  if (!same) {
    tile_why(why, nwhy, "slice shape mismatch between dst '%s' and src '%s'", p->dst.buf->name,
             p->src.buf->name);
    return false;
  }
  int bits = tirx_dtype_bits(p->src.buf->dtype) * p->src.buf->dtype.lanes;
  int64_t bytes = bits / 8;
  if (bits % 8 || (bytes != 1 && bytes != 2 && bytes != 4 && bytes != 8 && bytes != 16)) {
    tile_why(why, nwhy, "unsupported element width: %d bits", bits);
    return false;
  }
  Layout ls, ld;
  if (!plain(op, &p->src, &ls, why, nwhy) || !plain(op, &p->dst, &ld, why, nwhy)) return false;
  p->V = p->src.n;
  if (p->V == 0 || p->V % 32) {
    tile_why(why, nwhy, "volume %lld not divisible by warp size 32", (long long)p->V);
    return false;
  }
  p->P = p->V / 32;
  if ((p->P & (p->P - 1)) || p->P > 32) {
    tile_why(why, nwhy, "per-thread count %lld must be a power of 2 in [1, 32]", (long long)p->P);
    return false;
  }
  if (!bijective(op, &ls, p->V)) {
    tile_why(why, nwhy, "the layout of src '%s' is not a bijection on the slice", p->src.buf->name);
    return false;
  }
  if (!bijective(op, &ld, p->V)) {
    tile_why(why, nwhy, "the layout of dst '%s' is not a bijection on the slice", p->dst.buf->name);
    return false;
  }
  int maxk = 0;
  while (((int64_t)1 << (maxk + 1)) <= p->P) maxk++;
  for (int k = 0; k <= maxk; k++)
    if (bank_free(&ls, p->P, bytes, k) && bank_free(&ld, p->P, bytes, k)) {
      p->k = k;
      return true;
    }
  tile_why(why, nwhy, "no XOR-bits k in [0, log2(P)=%d] makes both phases bank-free", maxk);
  return false;
}

bool tile_perm_xor_ok(TileOp *op, char *why, size_t nwhy) {
  Permute p;
  return permute_plan(op, &p, why, nwhy);
}

static Expr *call2(TileOp *op, IntrinId id, Expr *a, Expr *b) {
  Expr *x[2] = {a, b};
  return tile_call(op, id, xf_i32(), x, 2);
}

/* lane + 32 * (r ^ ((lane >> shift) & mask)) */
static Expr *flat_of(TileOp *op, const Permute *p, Expr *lane, Var *r) {
  Expr *rv = tirx_varref(op->m, r, noloc());
  Expr *j = rv;
  if (p->k > 0)
    j = call2(op, I_BITWISE_XOR, rv,
              call2(op, I_BITWISE_AND, call2(op, I_SHIFT_RIGHT, lane, tile_int(op, 5 - p->k)),
                    tile_int(op, ((int64_t)1 << p->k) - 1)));
  return tile_bin(op, E_ADD, lane, tile_bin(op, E_MUL, j, tile_int(op, 32)));
}

Stmt *tile_perm_xor_emit(TileOp *op) {
  Permute p;
  char why[TILE_WHY_LEN];
  if (!permute_plan(op, &p, why, sizeof why)) {
    tile_error(op, "%s", why);
    return NULL;
  }
  Expr *lane = tile_thread_index(op);
  Buffer *regs = tile_alloc(op, "regs", p.src.buf->dtype, p.P, "local");
  Stmt *items[4];
  for (int phase = 0; phase < 2; phase++) {
    Var *r = tile_var(op, "r");
    Expr *flat = flat_of(op, &p, lane, r);
    Expr **ri = TIRX_NEWN(op->m, Expr *, 1);
    ri[0] = tirx_varref(op->m, r, noloc());
    Stmt *body;
    if (phase == 0) {
      Expr *v = tile_load(op, &p.src, tile_unravel(op, flat, p.src.ext, p.src.nd));
      body = tirx_stmt_new(op->m, S_STORE, noloc());
      body->u.store.buf = regs;
      body->u.store.n = 1;
      body->u.store.idx = ri;
      body->u.store.value = v;
    } else {
      body = tile_store(op, &p.dst, tile_unravel(op, flat, p.dst.ext, p.dst.nd),
                        tirx_load(op->m, regs, ri, 1, noloc()));
    }
    items[2 * phase] = tile_for(op, r, tile_int(op, p.P), FOR_UNROLLED, body);
    items[2 * phase + 1] =
        tile_eval(op, tile_call(op, I_CUDA_WARP_SYNC, tirx_dtype(DT_VOID), NULL, 0));
  }
  return tile_seq(op, items, 4);
}
