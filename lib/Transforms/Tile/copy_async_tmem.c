/* copy_async with tensor memory (TVM 0.27's tcgen05 variants of tirx.tile.copy_async,
 * sm_100a / sm_103a; rows in variants.def).  Both are asynchronous and, as in TVM, emit the
 * instructions only: the caller waits (tcgen05.wait::ld / wait::st after ld / st, a
 * tcgen05.commit to an mbarrier after cp).
 *
 *   tmem<->local   priority 10, warpgroup scope.  tcgen05.ld (tmem -> registers) or
 *                  tcgen05.st (registers -> tmem), shapes .32x32b / .16x64b / .16x128b /
 *                  .16x256b, .x1 .. .x128, 32-bit or 16-bit elements (two to a 32-bit cell
 *                  and register, no pack::16b).  Read element by element off the two layouts:
 *                  every element of the region is at (thread, register r, half h) of the
 *                  register tile and at (lane, column c) of tensor memory, c % 2 == h for
 *                  16-bit types.  Every thread must use the same registers; they are cut, in
 *                  ascending order, into instructions greedily (the widest shape and .num
 *                  whose map holds), each one's lane and column base taken from thread 0.
 *                  The maps (PTX ISA, tcgen05 matrix fragments; warp w, lane l, register q of
 *                  the instruction; lanes relative to 32 w + the base, columns to the base):
 *                    32x32b    lane l,                       column q
 *                    16x64b    lane l / 4 + 8 (l % 2),       column (l / 2) % 2 + 2 q
 *                    16x128b   lane l / 4 + 8 (q % 2),       column l % 4 + 4 (q / 2)
 *                    16x256b   lane l / 4 + 8 ((q / 2) % 2), column q % 2 + 2 (l % 4) + 8 (q / 4)
 *                  with a lane base of 0 (32x32b) or 0 / 16 (the 16-lane shapes).  This covers
 *                  TVM's datapath D (.32x32b, or two .16x*b slabs), F (one slab, either half)
 *                  and B (.32x32b over a (64, N) view); other tilings that the maps hold are
 *                  accepted too.  The tensor-memory address is the buffer's allocated_addr
 *                  (any expression: a load of the word tcgen05.alloc wrote works, the form
 *                  TVM 0.27 cannot lower) + lane << 16 + column; a symbolic start of a
 *                  tensor-memory dimension (a stage index) adds its lane / column steps.
 *
 *   smem->tmem     priority 10, thread scope.  tcgen05.cp.cta_group::1/2 (cta_group=),
 *                  shapes 128x256b, 4x256b, 128x128b, 64x128b.warpx2::02_13 / ::01_23,
 *                  32x128b.warpx4, tried in that order unless shape= (and multicast=) force
 *                  one.  Each element's tensor-memory (lane, column) gives its instruction
 *                  (column block of the shape's row width, lane base) and its (row, element)
 *                  in it, by the shape's lane pattern:
 *                    128 rows  lane = row                4x256b    lane = 32 row + base
 *                    02_13     lane = row (< 64), copy at +64
 *                    01_23     lane = row % 32 + 64 (row / 32), copy at +32
 *                    warpx4    lane = row (< 32), copies at +32, +64, +96
 *                  (the copies must be the tensor-memory layout's replicas).  Every
 *                  instruction's rows must sit in shared memory as a descriptor's canonical
 *                  K-major layout (as for the MMAs: 8-row groups SBO apart; unswizzled, 16-byte
 *                  units LBO apart; swizzled, rows of the 32 / 64 / 128-byte atom), one
 *                  descriptor (version 1) for the copy, each instruction adding its start.
 *                  The byte width must agree (uint8 scale factors into a float8 tile). */
#include <stdio.h>
#include <string.h>

#include "Transforms/Tile/tile.h"

static Loc noloc(void) { return (Loc){0, 0}; }

static Expr *u32c(TileOp *op, int64_t v) {
  return tirx_int(op->m, tirx_dtype(DT_UINT32), v, noloc());
}

static int bits_of(DType t) { return tirx_dtype_bits(t) * (t.lanes > 0 ? t.lanes : 1); }

/* ---- tensor-memory coordinates ----------------------------------------------------- */

/* (lane, column) of each element of a tmem region (row-major over its extents, columns in
 * elements), read off the whole buffer's layout; *sym the runtime address term of the
 * symbolic starts (NULL: none), each dimension's start moving lanes and columns linearly. */
typedef struct TmemMap {
  int64_t *lane, *col;
  Expr *sym;
  const Layout *rep; /* the layout's replicas */
  int nrep;
} TmemMap;

static bool dim_step(const Layout *l, const int64_t *shape, int nd, int d, int64_t *dl,
                     int64_t *dc) {
  static const char *const ax[] = {"TLane", "TCol"};
  int64_t inner = 1;
  for (int i = d + 1; i < nd; i++) inner *= shape[i];
  int64_t t0[2] = {0, 0};
  lay_apply(l, 0, ax, 2, t0);
  for (int64_t k = 1; k < shape[d]; k++) {
    int64_t t[2] = {0, 0};
    lay_apply(l, k * inner, ax, 2, t);
    if (k == 1) *dl = t[0] - t0[0], *dc = t[1] - t0[1];
    if (t[0] - t0[0] != k * *dl || t[1] - t0[1] != k * *dc) return false;
  }
  return true;
}

static bool tmem_map(TileOp *op, const TileRegion *r, int epw, TmemMap *tm, char *why,
                     size_t nwhy) {
  Buffer *b = r->buf;
  memset(tm, 0, sizeof *tm);
  if (!b->allocated_addr)
    return tile_why(why, nwhy, "'%s' (tmem) has no allocated_addr (its tensor-memory address)",
                    b->name);
  int nd = b->ndim > 0 ? b->ndim : 1;
  int64_t *shape = TIRX_NEWN(op->m, int64_t, nd), *lo = TIRX_NEWN(op->m, int64_t, nd);
  for (int i = 0; i < b->ndim; i++)
    if (!xf_const_int(b->shape[i], &shape[i]))
      return tile_why(why, nwhy, "the shape of '%s' (tmem) is not constant", b->name);
  if (r->nd != b->ndim)
    return tile_why(why, nwhy, "the region of '%s' has %d dimensions, the buffer %d", b->name,
                    r->nd, b->ndim);
  Layout *whole = TIRX_NEW(op->m, Layout);
  char w[TILE_WHY_LEN];
  if (!lay_of_buffer(op->m, b, whole, w, sizeof w)) return tile_why(why, nwhy, "%s", w);
  for (int i = 0; i < whole->n; i++)
    if (whole->it[i].axis && strcmp(whole->it[i].axis, "TLane") &&
        strcmp(whole->it[i].axis, "TCol"))
      return tile_why(why, nwhy, "the layout of '%s' (tmem) uses axis '%s', not TLane / TCol",
                      b->name, whole->it[i].axis);
  tm->rep = whole;
  tm->nrep = whole->nrep;
  DType t32 = tirx_dtype(DT_UINT32);
  for (int d = 0; d < r->nd; d++) {
    if (xf_const_int(r->lo[d], &lo[d])) continue;
    lo[d] = 0;
    int64_t dl = 0, dc = 0;
    if (!dim_step(whole, shape, b->ndim, d, &dl, &dc) || dc % epw || dl < 0 || dc < 0)
      return tile_why(why, nwhy,
                      "the symbolic start of dimension %d of '%s' does not move it by whole lanes "
                      "and 32-bit columns",
                      d, b->name);
    Expr *t = tile_bin(op, E_MUL, tile_cast(op, t32, r->lo[d]), u32c(op, (dl << 16) + dc / epw));
    tm->sym = tm->sym ? tile_bin(op, E_ADD, tm->sym, t) : t;
  }
  tm->lane = TIRX_NEWN(op->m, int64_t, r->n);
  tm->col = TIRX_NEWN(op->m, int64_t, r->n);
  static const char *const ax[] = {"TLane", "TCol"};
  int64_t *idx = TIRX_NEWN(op->m, int64_t, nd);
  for (int64_t e = 0; e < r->n; e++) {
    int64_t rem = e, flat = 0;
    for (int d = r->nd - 1; d >= 0; d--) idx[d] = rem % r->ext[d], rem /= r->ext[d];
    for (int d = 0; d < r->nd; d++) flat = flat * shape[d] + lo[d] + idx[d];
    int64_t t[2] = {0, 0};
    if (lay_apply(whole, flat, ax, 2, t) != 0)
      return tile_why(why, nwhy, "the layout of '%s' (tmem) has a memory component", b->name);
    if (t[0] < 0 || t[0] >= 128 || t[1] < 0)
      return tile_why(why, nwhy, "element %lld of '%s' is at lane %lld, column %lld, outside tmem",
                      (long long)e, b->name, (long long)t[0], (long long)t[1]);
    tm->lane[e] = t[0];
    tm->col[e] = t[1];
  }
  return true;
}

/* allocated_addr (+ the symbolic starts) + lane << 16 + col32. */
static Expr *tmem_addr(TileOp *op, const Buffer *b, const TmemMap *tm, int64_t lane,
                       int64_t col32) {
  DType t32 = tirx_dtype(DT_UINT32);
  int64_t add = (lane << 16) + col32, a0;
  if (xf_const_int(b->allocated_addr, &a0))
    return tm->sym ? tile_bin(op, E_ADD, tm->sym, u32c(op, a0 + add)) : u32c(op, a0 + add);
  Expr *e = tile_cast(op, t32, b->allocated_addr);
  if (tm->sym) e = tile_bin(op, E_ADD, e, tm->sym);
  return add ? tile_bin(op, E_ADD, e, u32c(op, add)) : e;
}

/* ---- tmem<->local: tcgen05.ld / tcgen05.st ----------------------------------------- */

enum { SH_32x32b, SH_16x64b, SH_16x128b, SH_16x256b, SH_N };
static const char *const sh_name[SH_N] = {"32x32b", "16x64b", "16x128b", "16x256b"};
static const int sh_regs[SH_N] = {1, 1, 2, 4}; /* registers per .num */
static const int sh_maxnum[SH_N] = {128, 128, 64, 32};

/* Lane (relative to the warp's quadrant and the base) and column (relative to the base) of
 * register q of lane l in one instruction. */
static void sh_map(int s, int64_t l, int64_t q, int64_t *lane, int64_t *col) {
  switch (s) {
  case SH_32x32b: *lane = l, *col = q; break;
  case SH_16x64b: *lane = l / 4 + 8 * (l % 2), *col = (l / 2) % 2 + 2 * q; break;
  case SH_16x128b: *lane = l / 4 + 8 * (q % 2), *col = l % 4 + 4 * (q / 2); break;
  default: *lane = l / 4 + 8 * ((q / 2) % 2), *col = q % 2 + 2 * (l % 4) + 8 * (q / 4); break;
  }
}

typedef struct LdstIssue {
  int shape, num;
  int64_t q0;        /* index into the used-register list */
  int64_t lane, col; /* base */
} LdstIssue;

typedef struct Ldst {
  bool load;
  TileRegion t, l;
  TmemMap tm;
  int epw;
  int64_t span, nwords;
  int64_t *used; /* the registers (32-bit words) every thread uses, ascending */
  int64_t nused;
  int64_t *cl, *cc; /* [thread][word]: lane, column (32-bit) */
  Expr *symreg;     /* the registers' offset (words) of the symbolic register-region starts */
  LdstIssue *is;
  int nis;
} Ldst;


/* Symbolic starts of the register region: each (a multiple of f) must move every element by
 * the same register offset, a whole number of words, on the same thread; lo[d] = 0 for them and
 * p->symreg the sum of (lo_d / f) * words. */
static bool reg_sym(TileOp *op, Ldst *p, const Layout *l, const int64_t *shape, int64_t *lo,
                    char *why, size_t nwhy) {
  static const char *const ax[] = {"tid_in_wg", "wid_in_wg", "laneid"};
  const TileRegion *r = &p->l;
  p->symreg = NULL;
  for (int d = 0; d < r->nd; d++)
    if (!xf_const_int(r->lo[d], &lo[d])) lo[d] = 0;
  for (int d = 0; d < r->nd; d++) {
    int64_t c;
    if (xf_const_int(r->lo[d], &c)) continue;
    int64_t f = tile_known_factor(r->lo[d]), inner = 1, delta = 0;
    for (int i = d + 1; i < r->nd; i++) inner *= shape[i];
    bool ok = f > 0 && f < shape[d];
    for (int64_t e = 0; ok && e < r->n; e++) {
      int64_t rem = e, flat = 0, idx_d = 0;
      for (int i = r->nd - 1; i >= 0; i--) {
        int64_t k = rem % r->ext[i];
        rem /= r->ext[i];
        if (i == d) idx_d = k;
      }
      rem = e;
      int64_t *ix = TIRX_NEWN(op->m, int64_t, r->nd);
      for (int i = r->nd - 1; i >= 0; i--) ix[i] = rem % r->ext[i], rem /= r->ext[i];
      for (int i = 0; i < r->nd; i++) flat = flat * shape[i] + lo[i] + ix[i];
      if (lo[d] + idx_d + f >= shape[d]) continue;
      int64_t t0[3] = {0, 0, 0}, t1[3] = {0, 0, 0};
      int64_t o0 = lay_apply(l, flat, ax, 3, t0), o1 = lay_apply(l, flat + f * inner, ax, 3, t1);
      if (e == 0) delta = o1 - o0;
      ok = o1 - o0 == delta && t0[0] == t1[0] && t0[1] == t1[1] && t0[2] == t1[2];
    }
    if (!ok || delta < 0 || delta % p->epw)
      return tile_why(
          why, nwhy,
          "the symbolic start of dimension %d of '%s' does not move the region by whole "
          "registers of the same threads",
          d, r->buf->name);
    DType i32 = tirx_dtype(DT_INT32);
    Expr *q = tile_bin(op, E_FLOORDIV, tile_cast(op, i32, r->lo[d]), tile_int(op, f));
    Expr *t = tile_bin(op, E_MUL, q, tile_int(op, delta / p->epw));
    p->symreg = p->symreg ? tile_bin(op, E_ADD, p->symreg, t) : t;
  }
  return true;
}

/* Fills p->cl / p->cc from the two maps and the used-register list. */
static bool ldst_table(TileOp *op, Ldst *p, char *why, size_t nwhy) {
  Buffer *lb = p->l.buf;
  Layout whole;
  char w[TILE_WHY_LEN];
  if (!lay_of_buffer(op->m, lb, &whole, w, sizeof w)) return tile_why(why, nwhy, "%s", w);
  char shown[TILE_WHY_LEN];
  snprintf(shown, sizeof shown, "'%s'", lb->name);
  if (!tile_wg_layout(&whole, shown, "tcgen05.ld/st take", why, nwhy)) return false;
  int nd = lb->ndim > 0 ? lb->ndim : 1;
  int64_t *shape = TIRX_NEWN(op->m, int64_t, nd), *lo = TIRX_NEWN(op->m, int64_t, nd);
  for (int i = 0; i < lb->ndim; i++)
    if (!xf_const_int(lb->shape[i], &shape[i]))
      return tile_why(why, nwhy, "the shape of '%s' is not constant", lb->name);
  if (p->l.nd != lb->ndim)
    return tile_why(why, nwhy, "the region of '%s' has %d dimensions, the buffer %d", lb->name,
                    p->l.nd, lb->ndim);
  p->span = tile_local_span(op, lb);
  if (!reg_sym(op, p, &whole, shape, lo, why, nwhy)) return false;
  p->nwords = (p->span + p->epw - 1) / p->epw;
  int64_t cells = 128 * p->nwords * p->epw;
  p->cl = TIRX_NEWN(op->m, int64_t, cells);
  p->cc = TIRX_NEWN(op->m, int64_t, cells);
  for (int64_t i = 0; i < cells; i++) p->cl[i] = -1;
  static const char *const ax[] = {"tid_in_wg", "wid_in_wg", "laneid"};
  int64_t *idx = TIRX_NEWN(op->m, int64_t, nd);
  for (int64_t e = 0; e < p->l.n; e++) {
    int64_t rem = e, flat = 0;
    for (int d = p->l.nd - 1; d >= 0; d--) idx[d] = rem % p->l.ext[d], rem /= p->l.ext[d];
    for (int d = 0; d < p->l.nd; d++) flat = flat * shape[d] + lo[d] + idx[d];
    int64_t thr[3] = {0, 0, 0};
    int64_t o = lay_apply(&whole, flat, ax, 3, thr), t = thr[0] + 32 * thr[1] + thr[2];
    int64_t lane = p->tm.lane[e], col = p->tm.col[e];
    if (t < 0 || t >= 128 || o < 0 || o >= p->nwords * p->epw)
      return tile_why(why, nwhy,
                      "element %lld of '%s' is on thread %lld, register %lld: outside "
                      "the warpgroup's registers",
                      (long long)e, lb->name, (long long)t, (long long)o);
    if (o % p->epw != col % p->epw)
      return tile_why(why, nwhy,
                      "element %lld is half %lld of its register but half %lld of its tmem cell "
                      "(16-bit elements pair up in both)",
                      (long long)e, (long long)(o % p->epw), (long long)(col % p->epw));
    int64_t cell = t * p->nwords * p->epw + o;
    if (p->cl[cell] >= 0)
      return tile_why(why, nwhy, "two elements of '%s' share thread %lld, register %lld", lb->name,
                      (long long)t, (long long)o);
    p->cl[cell] = lane;
    p->cc[cell] = col / p->epw;
  }
  /* the words every thread uses, whole, with their halves in one cell */
  p->used = TIRX_NEWN(op->m, int64_t, p->nwords > 0 ? p->nwords : 1);
  p->nused = 0;
  for (int64_t q = 0; q < p->nwords; q++) {
    int64_t have = 0;
    for (int64_t t = 0; t < 128; t++)
      for (int h = 0; h < p->epw; h++) {
        int64_t c = (t * p->nwords + q) * p->epw + h;
        if (p->cl[c] < 0) continue;
        have++;
        int64_t c0 = (t * p->nwords + q) * p->epw;
        if (p->cl[c] != p->cl[c0] || p->cc[c] != p->cc[c0])
          return tile_why(why, nwhy, "thread %lld's register %lld holds elements of two tmem cells",
                          (long long)t, (long long)q);
      }
    if (have == 0) continue;
    if (have != 128 * p->epw)
      return tile_why(why, nwhy,
                      "register %lld of '%s' holds region elements on some threads only (%lld of "
                      "%d); tcgen05.ld/st move the same registers on all 128 threads",
                      (long long)q, lb->name, (long long)have, 128 * p->epw);
    p->used[p->nused++] = q;
  }
  if (p->nused == 0) return tile_why(why, nwhy, "the region is empty");
  p->is = TIRX_NEWN(op->m, LdstIssue, p->nused);
  return true;
}

/* Whether used registers [pos, pos + regs) are one instruction of shape s; its base. */
static bool ldst_fits(const Ldst *p, int s, int64_t pos, int64_t regs, int64_t *bl, int64_t *bc) {
  int64_t l0, c0;
  sh_map(s, 0, 0, &l0, &c0);
  int64_t q = p->used[pos];
  *bl = p->cl[q * p->epw] - l0;
  *bc = p->cc[q * p->epw] - c0;
  if (*bc < 0 || (s == SH_32x32b ? *bl != 0 : *bl != 0 && *bl != 16)) return false;
  for (int64_t t = 0; t < 128; t++)
    for (int64_t k = 0; k < regs; k++) {
      int64_t lane, col, c = (t * p->nwords + p->used[pos + k]) * p->epw;
      sh_map(s, t % 32, k, &lane, &col);
      if (p->cl[c] != 32 * (t / 32) + *bl + lane || p->cc[c] != *bc + col) return false;
    }
  return true;
}

static bool ldst_cut(Ldst *p, char *why, size_t nwhy);

static bool ldst_plan(TileOp *op, Ldst *p, char *why, size_t nwhy) {
  memset(p, 0, sizeof *p);
  if (!tile_need_arch(op, 100, 103, "tcgen05.ld/st", why, nwhy)) return false;
  if (op->inactive) return tile_why(why, nwhy, "%s", op->inactive);
  if (op->nargs != 2 || !tile_is_region(op->args[0]) || !tile_is_region(op->args[1]))
    return tile_why(why, nwhy, "takes a destination and a source region");
  TileRegion d, s;
  if (!tile_region(op, op->args[0], &d, why, nwhy) || !tile_region(op, op->args[1], &s, why, nwhy))
    return false;
  if (tile_scope_is(s.buf, MEM_TMEM) && tile_scope_is(d.buf, MEM_LOCAL))
    p->load = true, p->t = s, p->l = d;
  else if (tile_scope_is(s.buf, MEM_LOCAL) && tile_scope_is(d.buf, MEM_TMEM))
    p->load = false, p->t = d, p->l = s;
  else
    return tile_why(why, nwhy, "not tmem -> local or local -> tmem (src %s, dst %s)", s.buf->scope,
                    d.buf->scope);
  char a[32], b[32];
  int bits = bits_of(p->t.buf->dtype);
  if (bits_of(p->l.buf->dtype) != bits || (bits != 32 && bits != 16 && bits != 8))
    return tile_why(why, nwhy,
                    "tcgen05.ld/st move 32, 16 or 8-bit elements of one width, got %s (tmem) and "
                    "%s (registers)",
                    tirx_dtype_str(p->t.buf->dtype, a), tirx_dtype_str(p->l.buf->dtype, b));
  if (p->t.n != p->l.n)
    return tile_why(why, nwhy, "the regions have %lld (tmem) and %lld (registers) elements",
                    (long long)p->t.n, (long long)p->l.n);
  p->epw = 32 / bits;
  if (!tmem_map(op, &p->t, p->epw, &p->tm, why, nwhy)) return false;
  if (p->tm.nrep)
    return tile_why(why, nwhy, "the layout of '%s' (tmem) has replicas (a tcgen05.cp multicast)",
                    p->t.buf->name);
  if (ldst_table(op, p, why, nwhy) && ldst_cut(p, why, nwhy)) return true;
  /* TVM 0.27 reads rows 0..63 of a 128-row datapath-D buffer with a 64-row (.16x*b) fragment as
   * the first 16-lane half of each warp's quadrant: row r in lane 32 (r / 16) + r % 16 */
  char w[TILE_WHY_LEN];
  int64_t *lane = p->tm.lane;
  if (p->t.nd != 2 || p->t.ext[0] != 64 || p->t.buf->ndim != 2) return false;
  p->tm.lane = TIRX_NEWN(op->m, int64_t, p->t.n);
  for (int64_t e = 0; e < p->t.n; e++) {
    if (lane[e] >= 64) return false;
    p->tm.lane[e] = 32 * (lane[e] / 16) + lane[e] % 16;
  }
  return ldst_table(op, p, w, sizeof w) && ldst_cut(p, w, sizeof w);
}

/* Cuts the used registers into instructions (greedy: the widest shape and .num that holds). */
static bool ldst_cut(Ldst *p, char *why, size_t nwhy) {
  p->nis = 0;
  for (int64_t pos = 0; pos < p->nused;) {
    bool ok = false;
    for (int sh = SH_N - 1; sh >= 0 && !ok; sh--)
      for (int num = sh_maxnum[sh]; num >= 1 && !ok; num /= 2) {
        int64_t regs = (int64_t)sh_regs[sh] * num, bl, bc;
        if (pos + regs > p->nused || !ldst_fits(p, sh, pos, regs, &bl, &bc)) continue;
        p->is[p->nis++] = (LdstIssue){sh, num, pos, bl, bc};
        pos += regs;
        ok = true;
      }
    if (!ok) {
      int64_t c = (p->used[pos]) * p->epw;
      return tile_why(why, nwhy,
                      "no tcgen05.ld/st shape (32x32b, 16x64b, 16x128b, 16x256b) moves register "
                      "%lld: thread 0 holds tmem lane %lld, column %lld there, thread 1 lane %lld, "
                      "column %lld",
                      (long long)p->used[pos], (long long)p->cl[c], (long long)p->cc[c],
                      (long long)p->cl[p->nwords * p->epw + c],
                      (long long)p->cc[p->nwords * p->epw + c]);
    }
  }
  return true;
}

bool tile_ca_tmem_local_ok(TileOp *op, char *why, size_t nwhy) {
  Ldst p;
  return ldst_plan(op, &p, why, nwhy);
}

Stmt *tile_ca_tmem_local_emit(TileOp *op) {
  Ldst p;
  char why[TILE_WHY_LEN];
  if (!ldst_plan(op, &p, why, sizeof why)) {
    tile_error(op, "%s", why);
    return NULL;
  }
  Buffer *lb = p.l.buf;
  Buffer *v =
      p.epw == 1
          ? tile_local_view(op, lb, p.span)
          : tile_storage_view(op, lb, tirx_intern_printf(op->m, "%s_w%d", lb->name, op->serial++),
                              tirx_dtype(DT_UINT32), p.nwords);
  PtrVec st = {0};
  for (int i = 0; i < p.nis; i++) {
    const LdstIssue *is = &p.is[i];
    int64_t regs = (int64_t)sh_regs[is->shape] * is->num;
    Expr **ops = TIRX_NEWN(op->m, Expr *, regs + 1);
    Expr *addr = tmem_addr(op, p.t.buf, &p.tm, is->lane, is->col);
    int n = 0;
    if (!p.load) ops[n++] = addr;
    for (int64_t k = 0; k < regs; k++) {
      Expr **idx = TIRX_NEWN(op->m, Expr *, 1);
      idx[0] = tile_int(op, p.used[is->q0 + k]);
      if (p.symreg) idx[0] = tile_bin(op, E_ADD, p.symreg, idx[0]);
      ops[n++] = tirx_load(op->m, v, idx, 1, noloc());
    }
    if (p.load) ops[n++] = addr;
    char tokens[64];
    snprintf(tokens, sizeof tokens, "%s.sync.aligned.%s.x%d.b32", p.load ? "ld" : "st",
             sh_name[is->shape], is->num);
    Expr *c = tile_ptx(op, p.load ? "tcgen05_ld" : "tcgen05_st", tokens, ops, n);
    if (!c) {
      ptrvec_free(&st);
      return NULL;
    }
    ptrvec_push(&st, tile_eval(op, c));
  }
  Stmt *r = tile_seq(op, (Stmt **)st.items, st.n);
  ptrvec_free(&st);
  return r;
}

/* A string keyword argument (NULL: not a string). */
static const char *str_arg(TileOp *op, const Expr *e) {
  if (e->kind != E_STR) return NULL;
  return tirx_intern(op->m, e->u.s.p, e->u.s.len);
}

/* ---- smem->tmem: tcgen05.cp -------------------------------------------------------- */

typedef struct CpShape {
  const char *shape, *multicast; /* multicast "" : none */
  int rows, bits;
  int64_t rep_ext, rep_stride; /* the copies the tmem layout must declare (0: none) */
} CpShape;

static const CpShape cp_shapes[] = {
    {"128x256b", "", 128, 256, 0, 0},
    {"4x256b", "", 4, 256, 0, 0},
    {"128x128b", "", 128, 128, 0, 0},
    {"64x128b", "warpx2::02_13", 64, 128, 2, 64},
    {"64x128b", "warpx2::01_23", 64, 128, 2, 32},
    {"32x128b", "warpx4", 32, 128, 4, 32},
};
#define N_CP_SHAPES ((int)(sizeof cp_shapes / sizeof cp_shapes[0]))

/* Row of the instruction and its lane base for tmem lane `lane` (false: not a lane it writes). */
static bool cp_row(const CpShape *s, int64_t lane, int64_t *row, int64_t *base) {
  *base = 0;
  if (s->rows == 4) return *row = lane / 32, *base = lane % 32, true;
  if (!strcmp(s->multicast, "warpx2::01_23")) {
    if (lane % 64 >= 32) return false;
    return *row = lane % 32 + 32 * (lane / 64), true;
  }
  *row = lane;
  return lane < s->rows;
}

typedef struct CpInst {
  int64_t lane, col; /* lane base, element column */
  int64_t start;     /* pre-swizzle smem element offset of (row 0, element 0), from the region's */
  int64_t *off;      /* [row * per_row + k] smem offsets, -1: not yet */
} CpInst;

typedef struct Cp {
  TileRegion t, s;
  TmemMap tm;
  const CpShape *sh;
  int es, epw, cg;
  int64_t per_row;  /* elements of a row of the instruction */
  int mode;         /* descriptor layout: 0 none, 2 128B, 4 64B, 6 32B */
  int64_t lbo, sbo; /* bytes */
  int64_t e0;       /* pre-swizzle smem offset of the region's first element */
  CpInst *in;
  int nin;
} Cp;

/* The instructions of shape sh covering the region, their smem rows checked canonical. */
static bool cp_fit(TileOp *op, Cp *p, const CpShape *sh, const Layout *sl, char *why, size_t nwhy) {
  p->sh = sh;
  p->per_row = sh->bits / (8 * p->es); /* 8, 16 or 32-bit elements divide 128 and 256 bits */
  int64_t per = sh->rows * p->per_row;
  if (p->t.n % per)
    return tile_why(why, nwhy, "%lld elements are no whole number of %lld-element instructions",
                    (long long)p->t.n, (long long)per);
  const Layout *rl = p->tm.rep;
  bool rep_ok = sh->rep_ext ? rl->nrep == 1 && rl->rep[0].ext == sh->rep_ext &&
                                  rl->rep[0].stride == sh->rep_stride && rl->rep[0].axis &&
                                  !strcmp(rl->rep[0].axis, "TLane")
                            : rl->nrep == 0;
  if (!rep_ok) {
    if (sh->rep_ext)
      return tile_why(why, nwhy, "the tmem layout must replicate R[%lld : %lld @ TLane]",
                      (long long)sh->rep_ext, (long long)sh->rep_stride);
    return tile_why(why, nwhy, "the tmem layout has replicas");
  }
  Layout pre = *sl; /* pre-swizzle offsets */
  pre.swz_b = 0;
  p->nin = (int)(p->t.n / per);
  p->in = TIRX_NEWN(op->m, CpInst, p->nin);
  int used = 0;
  for (int64_t e = 0; e < p->t.n; e++) {
    int64_t d = p->tm.col[e] - p->tm.col[0], k = ((d % p->per_row) + p->per_row) % p->per_row;
    int64_t row, lb, cb = p->tm.col[e] - k;
    if (!cp_row(sh, p->tm.lane[e], &row, &lb))
      return tile_why(why, nwhy, "element %lld is at lane %lld, not a lane the shape writes",
                      (long long)e, (long long)p->tm.lane[e]);
    int i = 0;
    while (i < used && (p->in[i].lane != lb || p->in[i].col != cb)) i++;
    if (i == used) {
      if (used == p->nin)
        return tile_why(why, nwhy, "the elements spread over more than %d instructions", p->nin);
      p->in[used].lane = lb, p->in[used].col = cb;
      p->in[used].off = TIRX_NEWN(op->m, int64_t, per);
      for (int64_t j = 0; j < per; j++) p->in[used].off[j] = -1;
      used++;
    }
    int64_t *slot = &p->in[i].off[row * p->per_row + k];
    if (*slot >= 0)
      return tile_why(why, nwhy, "two elements land at lane %lld, column %lld",
                      (long long)p->tm.lane[e], (long long)p->tm.col[e]);
    *slot = lay_apply(&pre, e, NULL, 0, NULL);
  }
  /* the smem side: one canonical descriptor layout, each instruction from its start */
  int64_t e16 = 16 / p->es, row_e = 0, repeat = 1;
  p->mode = 0;
  if (sl->swz_b) {
    if (((int64_t)1 << sl->swz_m) * p->es != 16 || sl->swz_s != 3 || sl->swz_b < 1 || sl->swz_b > 3)
      return tile_why(why, nwhy,
                      "the swizzle of '%s' (ComposeLayout(%d, %d, %d)) is no descriptor swizzle "
                      "(16-byte units, rows of 32, 64 or 128 bytes)",
                      p->s.buf->name, sl->swz_m, sl->swz_b, sl->swz_s);
    row_e = (16 << sl->swz_b) / p->es;
    repeat = 8 * row_e;
    p->mode = 2 * (4 - sl->swz_b);
  }
  const CpInst *i0 = &p->in[0];
  int64_t s0 = i0->off[0], e0 = p->e0 = lay_apply(&pre, 0, NULL, 0, NULL);
  /* TVM 0.27 (and the descriptor's base offset of 0) wants a swizzled source to start on a
     whole atom (8 rows): a start inside one, even in its first row, is rejected.  The later
     instructions may start at any row of an atom (TVM's middle iterators step the start
     address in 16-byte units: 4x256b's four-row instructions, two to a 32-byte atom; the
     swizzle follows the address bits) */
  if (sl->swz_b && e0 % repeat)
    return tile_why(why, nwhy,
                    "'%s' starts %lld bytes into a %lld-byte swizzle atom (row %lld, byte %lld); "
                    "the descriptor starts on a whole atom",
                    p->s.buf->name, (long long)((e0 % repeat) * p->es), (long long)(repeat * p->es),
                    (long long)((e0 % repeat) / row_e), (long long)((e0 % row_e) * p->es));
  if (!tile_sym_lo_aligned(op, &p->s, sl->swz_b ? repeat : e16, p->s.buf->name, why, nwhy))
    return false;
  p->sbo = sh->rows > 8 ? (i0->off[8 * p->per_row] - s0) * p->es : 0;
  p->lbo = !sl->swz_b && p->per_row > e16 ? (i0->off[e16] - s0) * p->es : 0;
  for (int i = 0; i < p->nin; i++) {
    CpInst *in = &p->in[i];
    in->start = in->off[0];
    if (sl->swz_b && (in->start % row_e) + p->per_row > row_e)
      return tile_why(why, nwhy,
                      "instruction %d's rows (%lld elements from %lld) cross a %lld-byte "
                      "swizzle row",
                      i, (long long)p->per_row, (long long)in->start, (long long)(row_e * p->es));
    if (in->start < e0)
      return tile_why(why, nwhy, "instruction %d starts before the region's first element", i);
    if ((in->start * p->es) % 16)
      return tile_why(why, nwhy, "instruction %d starts at byte %lld, not 16-byte aligned", i,
                      (long long)(in->start * p->es));
    for (int64_t r = 0; r < sh->rows; r++)
      for (int64_t k = 0; k < p->per_row; k++) {
        int64_t want = sl->swz_b ? in->start + (r / 8) * p->sbo / p->es + (r % 8) * row_e + k
                                 : in->start + (r / 8) * p->sbo / p->es +
                                       (k / e16) * p->lbo / p->es + (r % 8) * e16 + k % e16;
        if (in->off[r * p->per_row + k] != want)
          return tile_why(why, nwhy,
                          "shared memory is not a descriptor's canonical layout: row %lld, element "
                          "%lld of instruction %d is at %lld, the layout needs %lld",
                          (long long)r, (long long)k, i, (long long)in->off[r * p->per_row + k],
                          (long long)want);
      }
    if ((in->col / p->epw) % 4)
      return tile_why(why, nwhy, "instruction %d writes from column %lld, not 128-bit aligned", i,
                      (long long)(in->col / p->epw));
  }
  if (p->sbo % 16 || p->lbo % 16 || p->sbo < 0 || p->lbo < 0 || p->sbo >= (1 << 18) ||
      p->lbo >= (1 << 18))
    return tile_why(why, nwhy, "the strides (SBO %lld, LBO %lld bytes) do not fit a descriptor",
                    (long long)p->sbo, (long long)p->lbo);
  return true;
}

static bool cp_plan(TileOp *op, Cp *p, char *why, size_t nwhy) {
  memset(p, 0, sizeof *p);
  if (!tile_need_arch(op, 100, 103, "tcgen05.cp", why, nwhy)) return false;
  if (op->inactive) return tile_why(why, nwhy, "%s", op->inactive);
  if (op->nargs != 2 || !tile_is_region(op->args[0]) || !tile_is_region(op->args[1]))
    return tile_why(why, nwhy, "takes a destination and a source region");
  if (!tile_region(op, op->args[0], &p->t, why, nwhy) ||
      !tile_region(op, op->args[1], &p->s, why, nwhy))
    return false;
  if (!tile_scope_is(p->t.buf, MEM_TMEM) ||
      !(tile_scope_is(p->s.buf, MEM_SHARED) || tile_scope_is(p->s.buf, MEM_SHARED_DYN)))
    return tile_why(why, nwhy, "not shared -> tmem (src %s, dst %s)", p->s.buf->scope,
                    p->t.buf->scope);
  int bits = bits_of(p->t.buf->dtype);
  char a[32], b[32];
  if (bits_of(p->s.buf->dtype) != bits || bits > 32 || 32 % bits)
    return tile_why(why, nwhy,
                    "tcgen05.cp copies elements of one width (8, 16 or 32 bits), got %s "
                    "and %s",
                    tirx_dtype_str(p->s.buf->dtype, a), tirx_dtype_str(p->t.buf->dtype, b));
  if (p->t.n != p->s.n)
    return tile_why(why, nwhy, "the regions have %lld (tmem) and %lld (shared) elements",
                    (long long)p->t.n, (long long)p->s.n);
  Expr *e;
  int64_t dec = 0;
  if ((e = tile_kwarg(op, "decompress")) && (!xf_const_int(e, &dec) || dec))
    return tile_why(why, nwhy, "decompress (fp4 / fp6 -> fp8) is not supported");
  int64_t cg = 1;
  if ((e = tile_kwarg(op, "cta_group")) && (!xf_const_int(e, &cg) || (cg != 1 && cg != 2)))
    return tile_why(why, nwhy, "cta_group= must be 1 or 2");
  p->cg = (int)cg;
  p->es = bits / 8;
  p->epw = 32 / bits;
  if (!tmem_map(op, &p->t, p->epw, &p->tm, why, nwhy)) return false;
  Layout sl;
  if (!tile_region_layout_any_lo(op, &p->s, &sl, why, nwhy)) return false;
  if (lay_has_threads(&sl))
    return tile_why(why, nwhy, "the layout of '%s' (shared) uses thread axes", p->s.buf->name);
  /* forced shape / multicast */
  const char *fs = NULL, *fm = NULL;
  if ((e = tile_kwarg(op, "shape")) && !(fs = str_arg(op, e)))
    return tile_why(why, nwhy, "shape= must be a string");
  if ((e = tile_kwarg(op, "multicast")) && !(fm = str_arg(op, e)))
    return tile_why(why, nwhy, "multicast= must be a string");
  if (fs && !fm && !strcmp(fs, "64x128b")) /* TVM: two multicasts fit; the caller picks */
    return tile_why(why, nwhy,
                    "tcgen05.cp shape '64x128b' needs multicast= (warpx2::02_13 or warpx2::01_23)");
  char all[TILE_WHY_LEN] = "";
  size_t used = 0;
  bool any = false;
  for (int i = 0; i < N_CP_SHAPES; i++) {
    const CpShape *sh = &cp_shapes[i];
    if ((fs && strcmp(fs, sh->shape)) || (fm && strcmp(fm, sh->multicast))) continue;
    any = true;
    char w[TILE_WHY_LEN];
    if (cp_fit(op, p, sh, &sl, w, sizeof w)) return true;
    int k = snprintf(all + used, sizeof all - used, "%s%s%s%s: %s", used ? "; " : "", sh->shape,
                     *sh->multicast ? "." : "", sh->multicast, w);
    if (k > 0) used = used + (size_t)k < sizeof all ? used + (size_t)k : sizeof all - 1;
  }
  if (!any)
    return tile_why(why, nwhy,
                    "no tcgen05.cp shape '%s'%s%s (128x256b, 4x256b, 128x128b, 64x128b with "
                    "warpx2::02_13 / warpx2::01_23, 32x128b with warpx4)",
                    fs ? fs : "", fm ? " with multicast " : "", fm ? fm : "");
  return tile_why(why, nwhy, "no tcgen05.cp shape fits (%s)", all);
}

bool tile_ca_tcgen05_cp_ok(TileOp *op, char *why, size_t nwhy) {
  Cp p;
  return cp_plan(op, &p, why, nwhy);
}

Stmt *tile_ca_tcgen05_cp_emit(TileOp *op) {
  Cp p;
  char why[TILE_WHY_LEN];
  if (!cp_plan(op, &p, why, sizeof why)) {
    tile_error(op, "%s", why);
    return NULL;
  }
  DType t32 = tirx_dtype(DT_UINT32), t64 = tirx_dtype(DT_UINT64);
  /* desc: T.uint64 = hi | ((cvta(&src[lo]) & 0x3FFFF) >> 4): version 1 at bit 46 */
  Expr **zero = TIRX_NEWN(op->m, Expr *, p.s.nd > 0 ? p.s.nd : 1);
  for (int i = 0; i < p.s.nd; i++) zero[i] = tile_int(op, 0);
  Expr *ld = tile_load(op, &p.s, zero);
  Expr *addr = tile_call(op, I_ADDRESS_OF, tirx_dtype(DT_HANDLE), &ld, 1);
  Expr *sh = tile_call(op, I_CUDA_CVTA_TO_SHARED, t32, &addr, 1);
  Expr *x[2] = {sh, u32c(op, 0x3FFFF)};
  Expr *y[2] = {tile_call(op, I_BITWISE_AND, t32, x, 2), u32c(op, 4)};
  Expr *lo = tile_cast(op, t64, tile_call(op, I_SHIFT_RIGHT, t32, y, 2));
  uint64_t lbo = p.mode ? 1 : (uint64_t)p.lbo >> 4, sbo = (uint64_t)p.sbo >> 4;
  uint64_t hi = (lbo << 16) | (sbo << 32) | ((uint64_t)1 << 46) | ((uint64_t)p.mode << 61);
  Expr *z[2] = {tirx_int(op->m, t64, (int64_t)hi, noloc()), lo};
  Var *dv =
      tirx_var_new(op->m, tirx_intern_printf(op->m, "cp_desc_%d", op->serial++), t64, noloc());
  PtrVec st = {0};
  Stmt *b = tirx_stmt_new(op->m, S_BIND, noloc());
  b->u.bind.var = dv;
  b->u.bind.value = tile_call(op, I_BITWISE_OR, t64, z, 2);
  ptrvec_push(&st, b);
  char tokens[96];
  snprintf(tokens, sizeof tokens, "cp.cta_group::%d.%s%s%s", p.cg, p.sh->shape,
           *p.sh->multicast ? "." : "", p.sh->multicast);
  for (int i = 0; i < p.nin; i++) {
    const CpInst *in = &p.in[i];
    Expr *ops[2];
    ops[0] = tmem_addr(op, p.t.buf, &p.tm, in->lane, in->col / p.epw);
    Expr *d = tirx_varref(op->m, dv, noloc());
    int64_t add = (in->start - p.e0) * p.es / 16;
    ops[1] = add ? tile_bin(op, E_ADD, d, tirx_int(op->m, t64, add, noloc())) : d;
    Expr *c = tile_ptx(op, "tcgen05_cp", tokens, ops, 2);
    if (!c) {
      ptrvec_free(&st);
      return NULL;
    }
    ptrvec_push(&st, tile_eval(op, c));
  }
  Stmt *r = tile_seq(op, (Stmt **)st.items, st.n);
  ptrvec_free(&st);
  return r;
}
