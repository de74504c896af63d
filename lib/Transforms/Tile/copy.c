/* The copy tile op (TVM 0.27's tirx.tile.copy, `T.<scope>.copy(dst, src)`)
 * and its variants (rows in variants.def):
 *
 *   vec_auto   priority 10.  global <-> shared: the scope's threads split
 *              the region into vectors of V elements, vector q going to
 *              thread q % nthreads, with V the widest of 128/64/32/16/8 bits
 *              (then 1 element) such that every V-element run of the region
 *              is contiguous and V-aligned on both sides (the layouts, a
 *              swizzle's chunk, the region start) and nthreads * V divides
 *              the region; each vector is one ld.global/ld.shared.v*.u32 into
 *              registers and one st of them.  Registers <-> global/shared:
 *              the register tile's layout says which thread holds which
 *              element; each thread copies its elements (the same vector
 *              rule on the memory side, the registers through a uint32 view).
 *   vec_16b / vec_32b / vec_64b / vec_128b / vec_256b   priority 20, only
 *              by dispatch=: one thread moves exactly that many bytes with
 *              one instruction; cache="nc", l1_evict=, l2_evict= (256b:
 *              sm_100), prefetch_size= go to the load (a global source).
 *   fallback   priority 0: a scalar element loop run by the scope's first
 *              thread; picked without dispatch="fallback" it is a warning
 *              (TVM warns too).
 *
 * Operands as TVM checks them: dst and src regions of one dtype whose
 * shapes agree once extent-1 dimensions are dropped (so the row-major
 * flat index of the region is the element's identity on both sides).
 *   ldstmatrix priority 10, tried before vec_auto (TVM's order): registers <->
 *              shared at warp scope with ldmatrix / stmatrix (below). */
#include <stdio.h>
#include <string.h>

#include "Transforms/Tile/tile.h"
#include "tirx/internal/ptx_table.h"

static Loc noloc(void) { return (Loc){0, 0}; }

typedef struct CopyPlan {
  TileRegion dst, src;
  int bits; /* element bits */
} CopyPlan;

static bool is_shared(const Buffer *b) {
  return tile_scope_is(b, MEM_SHARED) || tile_scope_is(b, MEM_SHARED_DYN);
}
static bool is_global(const Buffer *b) { return tile_scope_is(b, MEM_GLOBAL); }
static bool is_local(const Buffer *b) { return tile_scope_is(b, MEM_LOCAL); }

static bool active_ok(TileOp *op, char *why, size_t nwhy) {
  if (!op->inactive) return true;
  tile_why(why, nwhy, "%s", op->inactive);
  return false;
}

static const char *shape_str(const TileRegion *r, char *buf, size_t n) {
  size_t o = (size_t)snprintf(buf, n, "(");
  for (int i = 0; i < r->nd && o < n; i++)
    o += (size_t)snprintf(buf + o, n - o, "%s%lld", i ? ", " : "", (long long)r->ext[i]);
  if (o < n) snprintf(buf + o, n - o, ")");
  return buf;
}

/* TVM's validate_copy_op: two regions, one dtype, shapes equal up to
 * extent-1 dimensions. */
static bool parse(TileOp *op, CopyPlan *p, char *why, size_t nwhy) {
  memset(p, 0, sizeof *p);
  if (op->nargs != 2) {
    tile_why(why, nwhy, "takes 2 operands (dst, src), got %d", op->nargs);
    return false;
  }
  if (!tile_is_region(op->args[0]) || !tile_is_region(op->args[1])) {
    tile_why(why, nwhy, "dst and src must be buffer regions");
    return false;
  }
  if (!tile_region(op, op->args[0], &p->dst, why, nwhy) ||
      !tile_region(op, op->args[1], &p->src, why, nwhy))
    return false;
  DType a = p->dst.buf->dtype, b = p->src.buf->dtype;
  if (a.id != b.id || a.lanes != b.lanes) {
    char s1[32], s2[32];
    tile_why(why, nwhy, "dtype mismatch: dst '%s' is %s, src '%s' is %s", p->dst.buf->name,
             tirx_dtype_str(a, s1), p->src.buf->name, tirx_dtype_str(b, s2));
    return false;
  }
  int i = 0, j = 0;
  for (;;) {
    while (i < p->dst.nd && p->dst.ext[i] == 1) i++;
    while (j < p->src.nd && p->src.ext[j] == 1) j++;
    if (i == p->dst.nd || j == p->src.nd) break;
    if (p->dst.ext[i] != p->src.ext[j]) break;
    i++, j++;
  }
  if (i != p->dst.nd || j != p->src.nd) {
    char a1[96], a2[96];
    tile_why(why, nwhy,
             "the regions of '%s' %s and '%s' %s differ in shape (extent-1 dimensions aside)",
             p->dst.buf->name, shape_str(&p->dst, a1, sizeof a1), p->src.buf->name,
             shape_str(&p->src, a2, sizeof a2));
    return false;
  }
  p->bits = tirx_dtype_bits(a) * (a.lanes > 0 ? a.lanes : 1);
  return true;
}

/* ---- alignment and contiguity ------------------------------------------------------ */

static int64_t gcd64(int64_t a, int64_t b) {
  if (a < 0) a = -a;
  if (b < 0) b = -b;
  while (b) {
    int64_t t = a % b;
    a = b;
    b = t;
  }
  return a;
}

/* A known divisor of an integer expression (1 when nothing is known), through T.let
 * bindings (`col: T.let[T.int32] = tid // 64 * 4`). */
static int64_t known_divisor(const TileOp *op, const Expr *e) {
  int64_t c;
  if (xf_const_int(e, &c)) return c == 0 ? ((int64_t)1 << 40) : (c < 0 ? -c : c);
  switch (e->kind) {
  case E_ADD:
  case E_SUB: return gcd64(known_divisor(op, e->u.bin.a), known_divisor(op, e->u.bin.b));
  case E_MUL: {
    int64_t x = known_divisor(op, e->u.bin.a), y = known_divisor(op, e->u.bin.b);
    return x > ((int64_t)1 << 40) / (y > 0 ? y : 1) ? ((int64_t)1 << 40) : x * y;
  }
  case E_VAR: {
    const Expr *v = tile_let_value(op, e->u.var);
    return v ? known_divisor(op, v) : 1;
  }
  default: return 1;
  }
}

/* The memory layout of a region, its start folded in where constant.  A
 * symbolic start is allowed on a buffer without a layout (row-major): its
 * contribution is sum(lo[d] * stride[d]), of which `sym_div` is a known
 * divisor (0: none). */
typedef struct MemSide {
  Layout l;
  int64_t sym_div;
  bool ok;
  char why[TILE_WHY_LEN];
} MemSide;

/* A region with a symbolic start on a buffer with a layout (a swizzled shared tile): the
 * widest V (a power of two) such that, whatever the start, every V-aligned run of the region's
 * last dimension is one contiguous, V-aligned stretch of memory: the last dimension's
 * innermost iter has stride 1 and V divides its extent, the region's extent there and the
 * start's known divisor; every other memory stride and the offset are multiples of V; and a
 * swizzle moves chunks of 2^M >= V elements.  0: nothing can be said. */
static int64_t sym_layout_vec(TileOp *op, const Layout *whole, const int64_t *shape,
                              const TileRegion *r) {
  int nd = r->nd;
  Layout g;
  int *start = TIRX_NEWN(op->m, int, nd + 1);
  char w[8];
  if (nd == 0 || !lay_group(op->m, whole, shape, nd, &g, start, w, sizeof w) || lay_has_threads(&g))
    return 0;
  int inner = -1;
  for (int i = start[nd] - 1; i >= start[nd - 1] && inner < 0; i--)
    if (g.it[i].ext > 1) inner = i;
  if (inner < 0 || g.it[inner].stride != 1) return 1;
  int64_t lo, V = g.it[inner].ext;
  V = gcd64(V, r->ext[nd - 1]);
  V = gcd64(V, xf_const_int(r->lo[nd - 1], &lo) ? (lo ? lo : V) : known_divisor(op, r->lo[nd - 1]));
  if (g.offset) V = gcd64(V, g.offset);
  for (int i = 0; i < g.n; i++)
    if (i != inner && g.it[i].ext > 1) V = gcd64(V, g.it[i].stride);
  if (g.swz_b && V > ((int64_t)1 << g.swz_m)) V = (int64_t)1 << g.swz_m;
  while (V & (V - 1)) V &= V - 1; /* a power of two */
  return V > 0 ? V : 1;
}

static void mem_side(TileOp *op, const TileRegion *r, MemSide *s) {
  memset(s, 0, sizeof *s);
  Layout whole;
  if (!lay_of_buffer(op->m, r->buf, &whole, s->why, sizeof s->why)) return;
  int nd = r->nd;
  int64_t *lo = TIRX_NEWN(op->m, int64_t, nd > 0 ? nd : 1);
  int64_t *shape = TIRX_NEWN(op->m, int64_t, nd > 0 ? nd : 1);
  if (r->buf->ndim != nd) {
    tile_why(s->why, sizeof s->why, "the region of '%s' has %d dimensions, the buffer %d",
             r->buf->name, nd, r->buf->ndim);
    return;
  }
  for (int i = 0; i < nd; i++)
    if (!xf_const_int(r->buf->shape[i], &shape[i])) {
      tile_why(s->why, sizeof s->why, "'%s' has a symbolic shape", r->buf->name);
      return;
    }
  bool symbolic = false;
  int64_t stride = 1;
  for (int i = nd - 1; i >= 0; i--) {
    if (!xf_const_int(r->lo[i], &lo[i])) {
      symbolic = true;
      lo[i] = 0;
      int64_t d = known_divisor(op, r->lo[i]);
      s->sym_div = s->sym_div ? gcd64(s->sym_div, d * stride) : d * stride;
    }
    stride *= shape[i];
  }
  if (symbolic && r->buf->layout && r->buf->layout->kind != E_NONE && !r->buf->layout_default) {
    s->sym_div = sym_layout_vec(op, &whole, shape, r);
    if (s->sym_div == 0) {
      tile_why(s->why, sizeof s->why,
               "the region of '%s' starts at a symbolic index and the buffer has a layout",
               r->buf->name);
      return;
    }
  }
  char inner[TILE_WHY_LEN];
  if (!lay_slice(op->m, &whole, shape, nd, lo, r->ext, &s->l, inner, sizeof inner)) {
    tile_why(s->why, sizeof s->why, "the region of '%s': %s", r->buf->name, inner);
    return;
  }
  s->ok = true;
}

/* Is every run [kV, kV + V) of the flat logical indices (over n) one
 * contiguous, V-aligned stretch of memory? */
static bool runs_ok(const MemSide *s, int64_t n, int64_t V) {
  if (V == 1) return true;
  if (s->sym_div && s->sym_div % V) return false;
  for (int64_t k = 0; k < n; k += V) {
    int64_t base = lay_apply(&s->l, k, NULL, 0, NULL);
    if (base % V) return false;
    for (int64_t j = 1; j < V; j++)
      if (lay_apply(&s->l, k + j, NULL, 0, NULL) != base + j) return false;
  }
  return true;
}

/* ---- T.ptx ld / st ------------------------------------------------------------------- */

/* The container of a `bytes`-wide move: the PTX vector and type tokens and
 * the uint register dtype (TVM's copy_ptx_form). */
typedef struct Form {
  int bytes;
  const char *vec, *type;
  int lanes;
  DTypeId reg;
} Form;
static const Form forms[] = {
    {32, "v8", "u32", 8, DT_UINT32}, {16, "v4", "u32", 4, DT_UINT32},
    {8, "v2", "u32", 2, DT_UINT32},  {4, NULL, "u32", 1, DT_UINT32},
    {2, NULL, "u16", 1, DT_UINT16},  {1, NULL, "u8", 1, DT_UINT8},
};
static const Form *form_of(int bytes) {
  for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++)
    if (forms[i].bytes == bytes) return &forms[i];
  return NULL;
}

typedef struct Hints {
  bool nc;
  const char *l1ev, *l2ev, *prefetch;
} Hints;

/* One T.ptx call of table entry `name`: the operands, then one string per
 * slot (by slot name from `mods`, "" when absent) and the empty marker. */
static Stmt *ptx_stmt(TileOp *op, const char *name, Expr **ops, int nops, const char *const *mods,
                      int nmods) {
  const PtxEntry *e = tirx_ptx_find(name);
  Expr **a = TIRX_NEWN(op->m, Expr *, nops + (e ? e->nslots : 0) + 1);
  int n = 0;
  for (int i = 0; i < nops; i++) a[n++] = ops[i];
  for (int i = 0; e && i < e->nslots; i++) {
    const char *t = "";
    for (int k = 0; k + 1 < nmods; k += 2)
      if (strcmp(mods[k], e->slots[i].name) == 0) t = mods[k + 1];
    a[n++] = tirx_str(op->m, t, strlen(t), noloc());
  }
  a[n++] = tirx_str(op->m, "", 0, noloc());
  Expr *c = tirx_call(op->m, tirx_intrin(I_PTX_INSTR), tirx_dtype(DT_VOID), a, n, noloc());
  c->u.call.name = tirx_intern0(op->m, name);
  Stmt *s = tirx_stmt_new(op->m, S_EVAL, noloc());
  s->u.eval.e = c;
  return s;
}

static const char *space_of(const Buffer *b) {
  return is_global(b) ? "global" : is_shared(b) ? "shared" : "local";
}

/* The address operand: T.address_of(buf[idx]), a shared one as the uint32
 * shared-window address the T.ptx engine takes. */
static Expr *addr_of(TileOp *op, Expr *elem) {
  Expr **a = TIRX_NEWN(op->m, Expr *, 1);
  a[0] = elem;
  Expr *p = tirx_call(op->m, tirx_intrin(I_ADDRESS_OF), tirx_dtype(DT_HANDLE), a, 1, noloc());
  if (elem->kind == E_LOAD && is_shared(elem->u.load.buf)) {
    Expr **b = TIRX_NEWN(op->m, Expr *, 1);
    b[0] = p;
    return tirx_call(op->m, tirx_intrin(I_CUDA_CVTA_TO_SHARED), tirx_dtype(DT_UINT32), b, 1,
                     noloc());
  }
  return p;
}

static Stmt *ld_stmt(TileOp *op, const Form *f, const Buffer *srcbuf, Expr **regs, Expr *addr,
                     const Hints *h) {
  Expr **ops = TIRX_NEWN(op->m, Expr *, f->lanes + 1);
  for (int i = 0; i < f->lanes; i++) ops[i] = regs[i];
  ops[f->lanes] = addr;
  const char *mods[] = {"space",    space_of(srcbuf),
                        "vec",      f->vec ? f->vec : "",
                        "type",     f->type,
                        "nc",       h && h->nc ? "nc" : "",
                        "l1ev",     h && h->l1ev ? h->l1ev : "",
                        "l2ev",     h && h->l2ev ? h->l2ev : "",
                        "prefetch", h && h->prefetch ? h->prefetch : ""};
  const char *name = f->bytes == 32 ? "ld_vec256" : f->vec ? "ld_vec" : "ld";
  if (h && h->l2ev && f->bytes != 32) name = "ld_vec256";
  return ptx_stmt(op, name, ops, f->lanes + 1, mods, (int)(sizeof mods / sizeof mods[0]));
}

static Stmt *st_stmt(TileOp *op, const Form *f, const Buffer *dstbuf, Expr *addr, Expr **regs) {
  Expr **ops = TIRX_NEWN(op->m, Expr *, f->lanes + 1);
  ops[0] = addr;
  for (int i = 0; i < f->lanes; i++) ops[1 + i] = regs[i];
  const char *mods[] = {"space", space_of(dstbuf), "vec", f->vec ? f->vec : "", "type", f->type};
  const char *name = f->bytes == 32 ? "st_vec256" : f->vec ? "st_vec" : "st";
  return ptx_stmt(op, name, ops, f->lanes + 1, mods, (int)(sizeof mods / sizeof mods[0]));
}

/* A uint view (dtype reg) of a register buffer's per-thread storage,
 * `words` containers long: what TVM's buf.view(-1).view(reg) is. */
static Buffer *word_view(TileOp *op, Buffer *b, DTypeId reg, int64_t words) {
  return tile_storage_view(op, b, tirx_intern_printf(op->m, "%s_w%d", b->name, op->serial++),
                           tirx_dtype(reg), words > 0 ? words : 1);
}

static Expr *load1(TileOp *op, Buffer *b, Expr *i) {
  Expr **idx = TIRX_NEWN(op->m, Expr *, 1);
  idx[0] = i;
  return tirx_load(op->m, b, idx, 1, noloc());
}

static Stmt *store1(TileOp *op, Buffer *b, Expr *i, Expr *v) {
  Stmt *s = tirx_stmt_new(op->m, S_STORE, noloc());
  s->u.store.buf = b;
  s->u.store.n = 1;
  s->u.store.idx = TIRX_NEWN(op->m, Expr *, 1);
  s->u.store.idx[0] = i;
  s->u.store.value = tile_cast(op, b->dtype, v);
  return s;
}

/* One vector move of V elements from src element `se` to dst element `de`
 * through scratch registers (both sides in memory). */
static Stmt *move_mem(TileOp *op, const CopyPlan *p, int64_t V, Buffer **tmp, Expr *de, Expr *se) {
  if (V == 1) {
    Stmt *s = tirx_stmt_new(op->m, S_STORE, noloc());
    s->u.store.buf = de->u.load.buf;
    s->u.store.n = de->u.load.n;
    s->u.store.idx = de->u.load.idx;
    s->u.store.value = se;
    return s;
  }
  const Form *f = form_of((int)(V * p->bits / 8));
  if (!*tmp) *tmp = tile_alloc(op, "tmp", tirx_dtype(f->reg), f->lanes, "local");
  Expr **regs = TIRX_NEWN(op->m, Expr *, f->lanes);
  for (int i = 0; i < f->lanes; i++) regs[i] = load1(op, *tmp, tile_int(op, i));
  Stmt *two[2] = {ld_stmt(op, f, p->src.buf, regs, addr_of(op, se), NULL),
                  st_stmt(op, f, p->dst.buf, addr_of(op, de), regs)};
  return tile_seq(op, two, 2);
}

static const int vec_bits[] = {128, 64, 32, 16, 8};

/* ---- vec_auto: global <-> shared ----------------------------------------------------- */

static bool gs_pair(const CopyPlan *p) {
  return (is_global(p->src.buf) && is_shared(p->dst.buf)) ||
         (is_shared(p->src.buf) && is_global(p->dst.buf));
}

/* The vector length of a global <-> shared copy (0 with a reason: none). */
static int64_t gs_vec(TileOp *op, const CopyPlan *p, char *why, size_t nwhy) {
  int64_t nt = op->nthreads, n = p->dst.n;
  if (!tile_threads_known(op, why, nwhy)) return 0;
  if (n % nt) {
    tile_why(why, nwhy, "region size %lld not divisible by the %lld threads of the %s",
             (long long)n, (long long)nt, tile_scope_name(op->scope));
    return 0;
  }
  MemSide sd, ss;
  mem_side(op, &p->dst, &sd);
  mem_side(op, &p->src, &ss);
  for (size_t i = 0; i < sizeof vec_bits / sizeof vec_bits[0]; i++) {
    if (vec_bits[i] < p->bits || vec_bits[i] % p->bits) continue;
    int64_t V = vec_bits[i] / p->bits;
    if (V == 1 || n % (nt * V)) continue;
    if (!sd.ok || !ss.ok) break;
    if (runs_ok(&sd, n, V) && runs_ok(&ss, n, V)) return V;
  }
  return 1;
}

/* ---- vec_auto: registers <-> global / shared ----------------------------------------- */

static bool axis_in_scope(TileScope s, const char *axis) {
  switch (s) {
  case TS_THREAD: return false;
  case TS_WARP: return strcmp(axis, "laneid") == 0;
  case TS_WG:
    return strcmp(axis, "laneid") == 0 || strcmp(axis, "wid_in_wg") == 0 ||
           strcmp(axis, "tid_in_wg") == 0;
  default: return true;
  }
}

typedef struct RegPlan {
  CopyPlan p;
  bool r_is_dst;
  const TileRegion *r, *s; /* into p */
  Layout rl;               /* the register side, refined ... */
  Layout ml;               /* ... and the memory side, split at the same points */
  int64_t V;
} RegPlan;

static bool reg_plan(TileOp *op, RegPlan *rp, char *why, size_t nwhy) {
  CopyPlan *p = &rp->p;
  if (!parse(op, p, why, nwhy)) return false;
  bool dl = is_local(p->dst.buf), sl = is_local(p->src.buf);
  if (dl == sl) {
    tile_why(
        why, nwhy,
        "unsupported memory scopes src=%s dst=%s (the register paths need exactly one local side)",
        p->src.buf->scope, p->dst.buf->scope);
    return false;
  }
  rp->r_is_dst = dl;
  rp->r = dl ? &p->dst : &p->src;
  rp->s = dl ? &p->src : &p->dst;
  if (!is_global(rp->s->buf) && !is_shared(rp->s->buf)) {
    tile_why(why, nwhy, "unsupported memory scopes src=%s dst=%s", p->src.buf->scope,
             p->dst.buf->scope);
    return false;
  }
  Layout r;
  if (!tile_region_layout(op, rp->r, &r, why, nwhy)) return false;
  if (r.swz_b) {
    tile_why(why, nwhy, "the register layout of '%s' is swizzled", rp->r->buf->name);
    return false;
  }
  if (r.nrep) {
    tile_why(why, nwhy, "the register layout of '%s' has replicas", rp->r->buf->name);
    return false;
  }
  for (int i = 0; i < r.n; i++)
    if (r.it[i].axis && r.it[i].ext > 1 && !axis_in_scope(op->scope, r.it[i].axis)) {
      tile_why(
          why, nwhy,
          "the register layout of '%s' spreads over thread axis '%s', which is not within a %s",
          rp->r->buf->name, r.it[i].axis, tile_scope_name(op->scope));
      return false;
    }
  if (op->scope != TS_THREAD && !lay_has_threads(&r)) {
    tile_why(why, nwhy,
             "the register layout of '%s' has no thread axis, so it does not partition over the %s",
             rp->r->buf->name, tile_scope_name(op->scope));
    return false;
  }
  /* the logical split of the region, as row-major over the memory side */
  Layout ml;
  lay_row_major(op->m, &rp->s->n, 1, &ml);
  Layout rr, mr;
  char inner[TILE_WHY_LEN];
  if (!lay_refine(op->m, &r, &ml, &rr, &mr, inner, sizeof inner)) {
    tile_why(why, nwhy, "the register layout of '%s': %s", rp->r->buf->name, inner);
    return false;
  }
  rp->rl = rr;
  rp->ml = mr;
  /* the vector: the innermost register iter, stride 1 in the registers */
  rp->V = 1;
  MemSide ms;
  mem_side(op, rp->s, &ms);
  const LayIter *last = rr.n ? &rr.it[rr.n - 1] : NULL;
  if (ms.ok && last && !last->axis && last->stride == 1)
    for (size_t i = 0; i < sizeof vec_bits / sizeof vec_bits[0]; i++) {
      if (vec_bits[i] < p->bits || vec_bits[i] % p->bits) continue;
      int64_t V = vec_bits[i] / p->bits;
      if (V == 1 || last->ext % V || vec_bits[i] < 32) continue; /* registers move as whole words */
      bool ok = runs_ok(&ms, rp->s->n, V);
      for (int k = 0; ok && k < rr.n - 1; k++)
        if (!rr.it[k].axis && rr.it[k].stride % V) ok = false;
      if (ok && rr.offset % V) ok = false;
      if (ok) {
        rp->V = V;
        break;
      }
    }
  return true;
}

static bool reg_ok(TileOp *op, char *why, size_t nwhy) {
  RegPlan rp;
  return reg_plan(op, &rp, why, nwhy);
}

/* The extent of a thread axis within its scope (-1: the CTA's, not fixed). */
static int64_t axis_extent(const TileOp *op, const char *axis) {
  if (strcmp(axis, "tx") == 0) return op->scope == TS_CTA ? op->nthreads : -1;
  return strcmp(axis, "laneid") == 0      ? 32
         : strcmp(axis, "wid_in_wg") == 0 ? 4
         : strcmp(axis, "tid_in_wg") == 0 ? 128
                                          : -1;
}

/* The value of thread axis `axis` for this thread. */
static Expr *axis_value(TileOp *op, const char *axis, PtrVec *names, PtrVec *vals) {
  for (int i = 0; i < names->n; i++)
    if (strcmp(names->items[i], axis) == 0) return vals->items[i];
  Expr *v;
  if (strcmp(axis, "laneid") == 0) v = tile_scope_id(op, SID_LANE_ID);
  else if (strcmp(axis, "warpid") == 0) v = tile_scope_id(op, SID_WARP_ID);
  else if (strcmp(axis, "wid_in_wg") == 0) v = tile_scope_id(op, SID_WARP_ID_IN_WG);
  else if (strcmp(axis, "tid_in_wg") == 0) v = tile_scope_id(op, SID_THREAD_ID_IN_WG);
  else if (strcmp(axis, "wgid") == 0) v = tile_scope_id(op, SID_WARPGROUP_ID);
  else v = tile_scope_id(op, SID_THREAD_ID);
  ptrvec_push(names, (void *)(uintptr_t)axis); /* read back as const char * */
  ptrvec_push(vals, v);
  return v;
}

static Stmt *reg_emit(TileOp *op) {
  RegPlan rp;
  char why[TILE_WHY_LEN];
  if (!reg_plan(op, &rp, why, sizeof why)) {
    tile_error(op, "%s", why);
    return NULL;
  }
  CopyPlan *p = &rp.p;
  const Layout *rl = &rp.rl;
  int64_t V = rp.V;
  /* the flat logical index: sum of digit_k * (product of the extents inside k) */
  PtrVec names = {0}, vals = {0};
  Var **vars = TIRX_NEWN(op->m, Var *, rl->n > 0 ? rl->n : 1);
  Expr *flat = tile_int(op, 0), *roff = tile_int(op, rl->offset);
  /* the same offset in uint32 words (V > 1: every term is a whole word) */
  Expr *woff = tile_int(op, V > 1 ? rl->offset * p->bits / 32 : 0);
  int64_t inner = 1;
  for (int k = rl->n - 1; k >= 0; k--) {
    const LayIter *x = &rl->it[k];
    int64_t ext = x->ext;
    if (k == rl->n - 1 && V > 1) ext = x->ext / V; /* the vector digit */
    int64_t unit = inner * (k == rl->n - 1 ? V : 1);
    if (x->ext > 1) {
      Expr *d;
      if (x->axis) {
        Expr *t = axis_value(op, x->axis, &names, &vals);
        d = x->stride == 1 ? t : tile_bin(op, E_FLOORDIV, t, tile_int(op, x->stride));
        if (x->stride * x->ext != axis_extent(op, x->axis))
          d = tile_bin(op, E_FLOORMOD, d, tile_int(op, x->ext));
      } else if (ext > 1) {
        vars[k] = tile_var(op, "r");
        d = tirx_varref(op->m, vars[k], noloc());
        int64_t coef = x->stride * (unit / inner);
        roff = tile_bin(op, E_ADD, roff, tile_bin(op, E_MUL, d, tile_int(op, coef)));
        if (V > 1)
          woff =
              tile_bin(op, E_ADD, woff, tile_bin(op, E_MUL, d, tile_int(op, coef * p->bits / 32)));
      } else {
        d = tile_int(op, 0);
      }
      flat = tile_bin(op, E_ADD, flat, tile_bin(op, E_MUL, d, tile_int(op, unit)));
    }
    inner *= x->ext;
  }
  ptrvec_free(&names);
  ptrvec_free(&vals);
  const TileRegion *s = rp.s;
  Expr *se = tile_load(op, s, tile_unravel(op, flat, s->ext, s->nd));
  Stmt *body;
  Layout whole, loc;
  char w8[8];
  int64_t span = 1;
  if (lay_of_buffer(op->m, rp.r->buf, &whole, w8, sizeof w8)) {
    lay_local(op->m, &whole, &loc);
    span = lay_span(&loc);
  }
  if (V == 1) {
    Buffer *lv = tile_local_view(op, rp.r->buf, span);
    if (rp.r_is_dst) body = store1(op, lv, roff, se);
    else {
      Stmt *st = tirx_stmt_new(op->m, S_STORE, noloc());
      st->u.store.buf = se->u.load.buf;
      st->u.store.n = se->u.load.n;
      st->u.store.idx = se->u.load.idx;
      st->u.store.value = load1(op, lv, roff);
      body = st;
    }
  } else {
    const Form *f = form_of((int)(V * p->bits / 8));
    Buffer *wv = word_view(op, rp.r->buf, DT_UINT32, (span * p->bits + 31) / 32);
    Expr *w0 = woff;
    Expr **regs = TIRX_NEWN(op->m, Expr *, f->lanes);
    for (int i = 0; i < f->lanes; i++)
      regs[i] = load1(op, wv, tile_bin(op, E_ADD, w0, tile_int(op, i)));
    Expr *addr = addr_of(op, se);
    body =
        rp.r_is_dst ? ld_stmt(op, f, s->buf, regs, addr, NULL) : st_stmt(op, f, s->buf, addr, regs);
  }
  for (int k = rl->n - 1; k >= 0; k--)
    if (vars[k]) {
      int64_t ext = rl->it[k].ext / (k == rl->n - 1 ? V : 1);
      body = tile_for(op, vars[k], tile_int(op, ext), FOR_UNROLLED, body);
    }
  return body;
}

/* ---- vec_auto ------------------------------------------------------------------------- */

bool tile_copy_vec_auto_ok(TileOp *op, char *why, size_t nwhy) {
  if (!active_ok(op, why, nwhy)) return false;
  CopyPlan p;
  if (!parse(op, &p, why, nwhy)) return false;
  if (gs_pair(&p)) {
    char w2[200];
    if (gs_vec(op, &p, w2, sizeof w2)) return true;
    tile_why(why, nwhy, "global<->shared: %s", w2);
    return false;
  }
  char w1[240];
  if (reg_ok(op, w1, sizeof w1)) return true;
  tile_why(why, nwhy, "gmem_smem: src=%s dst=%s is not global<->shared; reg: %s", p.src.buf->scope,
           p.dst.buf->scope, w1);
  return false;
}

Stmt *tile_copy_vec_auto_emit(TileOp *op) {
  CopyPlan p;
  char why[TILE_WHY_LEN];
  if (!parse(op, &p, why, sizeof why)) {
    tile_error(op, "%s", why);
    return NULL;
  }
  if (!gs_pair(&p)) return reg_emit(op);
  int64_t V = gs_vec(op, &p, why, sizeof why);
  if (!V) {
    tile_error(op, "%s", why);
    return NULL;
  }
  int64_t nt = op->nthreads, n = p.dst.n, rounds = n / (nt * V);
  Expr *tid = tile_thread_index(op);
  Var *it = tile_var(op, "it");
  Expr *q =
      rounds == 1
          ? tid
          : tile_bin(op, E_ADD,
                     tile_bin(op, E_MUL, tirx_varref(op->m, it, noloc()), tile_int(op, nt)), tid);
  Expr *f = tile_bin(op, E_MUL, q, tile_int(op, V));
  Expr *de = tile_load(op, &p.dst, tile_unravel(op, f, p.dst.ext, p.dst.nd));
  Expr *se = tile_load(op, &p.src, tile_unravel(op, f, p.src.ext, p.src.nd));
  Buffer *tmp = NULL;
  Stmt *body = move_mem(op, &p, V, &tmp, de, se);
  return tile_for(op, it, tile_int(op, rounds), FOR_SERIAL, body);
}

/* ---- vec_16b ... vec_256b --------------------------------------------------------------- */

static int forced_bytes(const char *variant) {
  static const struct {
    const char *name;
    int bytes;
  } v[] = {{"vec_16b", 2}, {"vec_32b", 4}, {"vec_64b", 8}, {"vec_128b", 16}, {"vec_256b", 32}};
  for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
    if (strcmp(v[i].name, variant) == 0) return v[i].bytes;
  return 0;
}

static const char *str_kw(TileOp *op, const char *name, bool *bad) {
  Expr *e = tile_kwarg(op, name);
  if (!e || e->kind == E_NONE) return NULL;
  if (e->kind != E_STR) {
    *bad = true;
    return NULL;
  }
  if (e->u.s.len == 0) return NULL;
  return tirx_intern_printf(op->m, "%.*s", (int)e->u.s.len, e->u.s.p);
}

static bool forced_hints(TileOp *op, Hints *h, char *why, size_t nwhy) {
  memset(h, 0, sizeof *h);
  bool bad = false;
  const char *cache = str_kw(op, "cache", &bad);
  h->l1ev = str_kw(op, "l1_evict", &bad);
  h->l2ev = str_kw(op, "l2_evict", &bad);
  h->prefetch = str_kw(op, "prefetch_size", &bad);
  if (bad) {
    tile_why(why, nwhy, "cache=, l1_evict=, l2_evict= and prefetch_size= take strings");
    return false;
  }
  if (cache && strcmp(cache, "nc") != 0) {
    tile_why(why, nwhy, "unsupported cache config '%s'; expected None or 'nc'", cache);
    return false;
  }
  h->nc = cache != NULL;
  return true;
}

static bool forced_ok(TileOp *op, const char *variant, char *why, size_t nwhy) {
  Expr *d = tile_kwarg(op, "dispatch");
  if (!d || d->kind != E_STR || strlen(variant) != d->u.s.len ||
      strncmp(variant, d->u.s.p, d->u.s.len) != 0) {
    tile_why(why, nwhy, "requires explicit dispatch=\"%s\"", variant);
    return false;
  }
  if (op->scope != TS_THREAD) {
    tile_why(why, nwhy, "expected thread exec_scope, got %s", tile_scope_name(op->scope));
    return false;
  }
  if (forced_bytes(variant) == 32 && !tile_need_sm(op, 100, "a 256-bit ld / st", why, nwhy))
    return false;
  CopyPlan p;
  if (!parse(op, &p, why, nwhy)) return false;
  const Buffer *sb = p.src.buf, *db = p.dst.buf;
  bool sm = is_global(sb) || is_shared(sb), dm = is_global(db) || is_shared(db);
  if ((!sm && !is_local(sb)) || (!dm && !is_local(db)) || (is_local(sb) && is_local(db)) ||
      (is_shared(sb) && is_shared(db)) || (is_global(sb) && is_global(db))) {
    tile_why(why, nwhy, "unsupported memory scopes src=%s dst=%s", sb->scope, db->scope);
    return false;
  }
  int bytes = forced_bytes(variant);
  if ((bytes * 8) % p.bits) {
    tile_why(why, nwhy, "%s is not an integral number of %d-bit elements", variant, p.bits);
    return false;
  }
  int64_t want = bytes * 8 / p.bits;
  if (p.src.n != want || p.dst.n != want) {
    tile_why(why, nwhy, "%s region does not contain exactly %lld elements",
             p.src.n != want ? "src" : "dst", (long long)want);
    return false;
  }
  Hints h;
  if (!forced_hints(op, &h, why, nwhy)) return false;
  if ((h.nc || h.l1ev || h.l2ev || h.prefetch) && !is_global(sb)) {
    tile_why(
        why, nwhy,
        "cache/L1/L2 hint config applies to global loads; requires src scope 'global', got '%s'",
        sb->scope);
    return false;
  }
  if (h.l2ev && bytes != 32) {
    tile_why(why, nwhy,
             "l2_evict= needs the 256-bit load (vec_256b): ptxas takes an L2 eviction priority "
             "only there");
    return false;
  }
  /* the vector must be one contiguous, aligned run on the memory sides */
  for (int side = 0; side < 2; side++) {
    const TileRegion *r = side ? &p.src : &p.dst;
    if (is_local(r->buf)) continue;
    MemSide ms;
    mem_side(op, r, &ms);
    if (!ms.ok) {
      tile_why(why, nwhy, "%s", ms.why);
      return false;
    }
    if (!runs_ok(&ms, want, want)) {
      tile_why(why, nwhy, "the region of '%s' is not one contiguous %d-byte aligned run",
               r->buf->name, bytes);
      return false;
    }
  }
  return true;
}

static Stmt *forced_emit(TileOp *op, const char *variant) {
  char why[TILE_WHY_LEN];
  if (!forced_ok(op, variant, why, sizeof why)) {
    tile_error(op, "%s", why);
    return NULL;
  }
  CopyPlan p;
  parse(op, &p, why, sizeof why);
  Hints h;
  forced_hints(op, &h, why, sizeof why);
  const Form *f = form_of(forced_bytes(variant));
  Expr **zero_d = TIRX_NEWN(op->m, Expr *, p.dst.nd > 0 ? p.dst.nd : 1);
  Expr **zero_s = TIRX_NEWN(op->m, Expr *, p.src.nd > 0 ? p.src.nd : 1);
  for (int i = 0; i < p.dst.nd; i++) zero_d[i] = tile_int(op, 0);
  for (int i = 0; i < p.src.nd; i++) zero_s[i] = tile_int(op, 0);
  Expr *de = tile_load(op, &p.dst, zero_d), *se = tile_load(op, &p.src, zero_s);
  const TileRegion *loc = is_local(p.dst.buf) ? &p.dst : is_local(p.src.buf) ? &p.src : NULL;
  Expr **regs = TIRX_NEWN(op->m, Expr *, f->lanes);
  if (loc) {
    /* the register words: the region's first element, scaled to containers */
    int cbits = f->bytes * 8 / f->lanes;
    Layout whole, lo;
    char w8[8];
    int64_t span = loc->buf->ndim;
    if (lay_of_buffer(op->m, loc->buf, &whole, w8, sizeof w8)) {
      lay_local(op->m, &whole, &lo);
      span = lay_span(&lo);
    }
    Expr *start = tile_int(op, 0);
    int64_t stride = 1;
    for (int i = loc->nd - 1; i >= 0; i--) {
      int64_t e;
      xf_const_int(loc->buf->shape[i], &e);
      start = tile_bin(op, E_ADD, start, tile_bin(op, E_MUL, loc->lo[i], tile_int(op, stride)));
      stride *= e;
    }
    Expr *base = p.bits >= cbits ? tile_bin(op, E_MUL, start, tile_int(op, p.bits / cbits))
                                 : tile_bin(op, E_FLOORDIV, start, tile_int(op, cbits / p.bits));
    Buffer *wv = word_view(op, loc->buf, f->reg, (span * p.bits + cbits - 1) / cbits);
    for (int i = 0; i < f->lanes; i++)
      regs[i] = load1(op, wv, tile_bin(op, E_ADD, base, tile_int(op, i)));
    if (loc == &p.src) return st_stmt(op, f, p.dst.buf, addr_of(op, de), regs);
    return ld_stmt(op, f, p.src.buf, regs, addr_of(op, se), &h);
  }
  Buffer *tmp = tile_alloc(op, "tmp", tirx_dtype(f->reg), f->lanes, "local");
  for (int i = 0; i < f->lanes; i++) regs[i] = load1(op, tmp, tile_int(op, i));
  Stmt *two[2] = {ld_stmt(op, f, p.src.buf, regs, addr_of(op, se), &h),
                  st_stmt(op, f, p.dst.buf, addr_of(op, de), regs)};
  return tile_seq(op, two, 2);
}

#define FORCED(n)                                               \
  bool tile_copy_##n##_ok(TileOp *op, char *why, size_t nwhy) { \
    return forced_ok(op, #n, why, nwhy);                        \
  }                                                             \
  Stmt *tile_copy_##n##_emit(TileOp *op) { return forced_emit(op, #n); }
FORCED(vec_16b)
FORCED(vec_32b)
FORCED(vec_64b)
FORCED(vec_128b)
FORCED(vec_256b)
#undef FORCED

/* ---- fallback ------------------------------------------------------------------------- */

bool tile_copy_fallback_ok(TileOp *op, char *why, size_t nwhy) {
  CopyPlan p;
  if (!parse(op, &p, why, nwhy)) return false;
  const Buffer *b[2] = {p.dst.buf, p.src.buf};
  for (int i = 0; i < 2; i++)
    if (is_local(b[i]) && op->scope != TS_THREAD) {
      Layout l;
      if (lay_of_buffer(op->m, b[i], &l, why, nwhy) && lay_has_threads(&l)) {
        tile_why(why, nwhy,
                 "'%s' is a register tile spread over threads; one thread cannot copy it",
                 b[i]->name);
        return false;
      }
    }
  if (op->inactive && op->scope != TS_THREAD) {
    tile_why(why, nwhy, "%s", op->inactive);
    return false;
  }
  return true;
}

Stmt *tile_copy_fallback_emit(TileOp *op) {
  CopyPlan p;
  char why[TILE_WHY_LEN];
  if (!parse(op, &p, why, sizeof why)) {
    tile_error(op, "%s", why);
    return NULL;
  }
  Var *it = tile_var(op, "i");
  Expr *f = tirx_varref(op->m, it, noloc());
  Expr *de = tile_load(op, &p.dst, tile_unravel(op, f, p.dst.ext, p.dst.nd));
  Expr *se = tile_load(op, &p.src, tile_unravel(op, f, p.src.ext, p.src.nd));
  Stmt *body = tirx_stmt_new(op->m, S_STORE, noloc());
  body->u.store.buf = de->u.load.buf;
  body->u.store.n = de->u.load.n;
  body->u.store.idx = de->u.load.idx;
  body->u.store.value = se;
  body = tile_for(op, it, tile_int(op, p.dst.n), FOR_SERIAL, body);
  if (!tile_kwarg(op, "dispatch")) /* picked because every faster variant was rejected: TVM warns */
    tirx_diag_add(op->d, DIAG_WARNING, op->loc.line, op->loc.col,
                  "%s: the scalar copy fallback (one thread, element by element) moves %s -> %s; "
                  "every faster "
                  "variant was rejected (dispatch=\"fallback\" silences this)",
                  op->name, p.src.buf->scope, p.dst.buf->scope);
  if (op->scope == TS_THREAD) return body;
  Expr *tid = tile_thread_index(op);
  return tile_if(op, tile_bin(op, E_EQ, tid, tile_int(op, 0)), body);
}

/* ---- ldstmatrix ----------------------------------------------------------------------
 * Registers <-> shared memory, warp scope, 16-bit elements: ldmatrix /
 * stmatrix .m8n8 .x4 / .x2 / .x1 (.trans).  Each 32-bit register word w of
 * the register tile (two adjacent 16-bit elements, the same index on every
 * lane) must be one 8x8 matrix of shared memory: rows of 8 contiguous,
 * 16-byte-aligned elements (a swizzle keeps them when its chunk is 8 or
 * more), lane 4q + t holding row q, columns 2t and 2t + 1 (or, .trans,
 * column q of rows 2t and 2t + 1).  The row a lane addresses is found
 * element by element and must be affine in the lane's bits, so that one
 * address expression serves the warp. */

typedef struct RowSteps {
  int64_t d[3];
} RowSteps;

typedef struct LsmPlan {
  CopyPlan p;
  bool to_reg;
  const TileRegion *r, *s;
  bool trans;
  int nwords;
  int64_t *word;  /* the local word index of each matrix */
  int64_t *row0;  /* per matrix: flat index of the region at lane 0's row */
  RowSteps *rowd; /* per matrix: flat-index step of each bit of the row r = lane % 8 */
} LsmPlan;

static bool lsm_plan(TileOp *op, LsmPlan *lp, char *why, size_t nwhy) {
  memset(lp, 0, sizeof *lp);
  CopyPlan *p = &lp->p;
  if (op->scope != TS_WARP) {
    tile_why(why, nwhy, "runs at warp scope only (tirx), not %s", tile_scope_name(op->scope));
    return false;
  }
  if (!active_ok(op, why, nwhy) || !parse(op, p, why, nwhy)) return false;
  bool dl = is_local(p->dst.buf), sl = is_local(p->src.buf);
  if (dl == sl || !(is_shared(dl ? p->src.buf : p->dst.buf))) {
    tile_why(why, nwhy, "unsupported memory scopes src=%s dst=%s (needs local <-> shared)",
             p->src.buf->scope, p->dst.buf->scope);
    return false;
  }
  if (p->bits != 16) {
    tile_why(why, nwhy, "ldmatrix / stmatrix move 16-bit elements, not %d-bit", p->bits);
    return false;
  }
  lp->to_reg = dl;
  lp->r = dl ? &p->dst : &p->src;
  lp->s = dl ? &p->src : &p->dst;
  Layout r;
  if (!tile_region_layout(op, lp->r, &r, why, nwhy)) return false;
  if (r.nrep || r.swz_b) {
    tile_why(why, nwhy, "the register layout of '%s' has replicas or a swizzle", lp->r->buf->name);
    return false;
  }
  for (int i = 0; i < r.n; i++)
    if (r.it[i].axis && r.it[i].ext > 1 && strcmp(r.it[i].axis, "laneid") != 0) {
      tile_why(why, nwhy, "the register layout of '%s' spreads over '%s', not only laneid",
               lp->r->buf->name, r.it[i].axis);
      return false;
    }
  if (lay_thread_extent(&r, "laneid") != 32) {
    tile_why(why, nwhy, "the register layout of '%s' does not spread over the 32 lanes",
             lp->r->buf->name);
    return false;
  }
  MemSide ms;
  mem_side(op, lp->s, &ms);
  if (!ms.ok) {
    tile_why(why, nwhy, "%s", ms.why);
    return false;
  }
  if (ms.sym_div && ms.sym_div % 8) {
    tile_why(why, nwhy, "the region of '%s' may start off a 16-byte boundary", lp->s->buf->name);
    return false;
  }
  int64_t n = lp->r->n, per = n / 32;
  if (n % 64) {
    tile_why(why, nwhy, "the region has %lld elements, not whole 8x8 matrices", (long long)n);
    return false;
  }
  /* flat index by (lane, local offset); local offsets 0 .. span */
  int64_t span = 0;
  static const char *const ax[] = {"laneid"};
  for (int64_t f = 0; f < n; f++) {
    int64_t thr[1] = {0};
    int64_t o = lay_apply(&r, f, ax, 1, thr) - r.offset;
    if (o + 1 > span) span = o + 1;
  }
  if (span != per) {
    tile_why(why, nwhy, "the register layout of '%s' does not pack a lane's elements densely",
             lp->r->buf->name);
    return false;
  }
  int64_t *fl = TIRX_NEWN(op->m, int64_t, n);
  for (int64_t k = 0; k < n; k++) fl[k] = -1;
  for (int64_t f = 0; f < n; f++) {
    int64_t thr[1] = {0};
    int64_t o = lay_apply(&r, f, ax, 1, thr) - r.offset;
    if (thr[0] < 0 || thr[0] >= 32 || fl[thr[0] * per + o] >= 0) {
      tile_why(why, nwhy, "the register layout of '%s' is not one element per lane and register",
               lp->r->buf->name);
      return false;
    }
    fl[thr[0] * per + o] = f;
  }
  if (r.offset % 2 || per % 2) {
    tile_why(why, nwhy, "the register layout of '%s' does not hold whole 32-bit words",
             lp->r->buf->name);
    return false;
  }
  lp->nwords = (int)(per / 2);
  lp->word = TIRX_NEWN(op->m, int64_t, lp->nwords);
  lp->row0 = TIRX_NEWN(op->m, int64_t, lp->nwords);
  lp->rowd = TIRX_NEWN(op->m, RowSteps, lp->nwords);
  for (int mode = 0; mode < 2; mode++) {
    bool ok = true;
    for (int w = 0; w < lp->nwords && ok; w++) {
      int64_t a[32][2], rf[8];
      for (int L = 0; L < 32; L++)
        for (int h = 0; h < 2; h++)
          a[L][h] = lay_apply(&ms.l, fl[L * per + 2 * w + h], NULL, 0, NULL);
      for (int m = 0; m < 8; m++) {
        int L = mode ? m / 2 : 4 * m, h = mode ? m % 2 : 0;
        rf[m] = fl[L * per + 2 * w + h];
        int64_t ra = a[L][h];
        if (ra % 8) ok = false;
        for (int q = 0; q < 8 && ok; q++)
          for (int t = 0; t < 4 && ok; t++)
            for (int hh = 0; hh < 2 && ok; hh++) {
              int lane = 4 * q + t;
              if (!mode && q == m && a[lane][hh] != ra + 2 * t + hh) ok = false;
              if (mode && 2 * t + hh == m && a[lane][hh] != ra + q) ok = false;
            }
      }
      if (!ok) break;
      lp->word[w] = w;
      lp->row0[w] = rf[0];
      for (int b = 0; b < 3; b++) lp->rowd[w].d[b] = rf[1 << b] - rf[0];
      for (int m = 0; m < 8 && ok; m++) {
        int64_t g = rf[0];
        for (int b = 0; b < 3; b++)
          if (m >> b & 1) g += lp->rowd[w].d[b];
        if (g != rf[m]) ok = false;
      }
    }
    if (ok) {
      lp->trans = mode == 1;
      return true;
    }
  }
  tile_why(why, nwhy,
           "the layouts of '%s' and '%s' do not make 8x8 ldmatrix/stmatrix matrices (rows of 8 "
           "contiguous, "
           "16-byte-aligned elements, lane 4q + t holding row q, columns 2t, 2t + 1, or their "
           "transpose) with "
           "rows affine in the lane",
           lp->r->buf->name, lp->s->buf->name);
  return false;
}

bool tile_copy_ldstmatrix_ok(TileOp *op, char *why, size_t nwhy) {
  LsmPlan lp;
  return lsm_plan(op, &lp, why, nwhy);
}

Stmt *tile_copy_ldstmatrix_emit(TileOp *op) {
  LsmPlan lp;
  char why[TILE_WHY_LEN];
  if (!lsm_plan(op, &lp, why, sizeof why)) {
    tile_error(op, "%s", why);
    return NULL;
  }
  Expr *lane = tile_scope_id(op, SID_LANE_ID);
  Layout whole, loc;
  char w8[8];
  int64_t span = 1;
  if (lay_of_buffer(op->m, lp.r->buf, &whole, w8, sizeof w8)) {
    lay_local(op->m, &whole, &loc);
    span = lay_span(&loc);
  }
  Layout rl;
  tile_region_layout(op, lp.r, &rl, why, sizeof why);
  Buffer *wv = word_view(op, lp.r->buf, DT_UINT32, (span + 1) / 2);
  PtrVec stmts = {0};
  Expr *row = tile_bin(op, E_FLOORMOD, lane, tile_int(op, 8));
  for (int w = 0; w < lp.nwords;) {
    int num = lp.nwords - w >= 4 ? 4 : lp.nwords - w >= 2 ? 2 : 1;
    /* the matrix of this lane's row address: j = (lane / 8) % num */
    Expr *j = num == 1 ? tile_int(op, 0)
                       : tile_bin(op, E_FLOORMOD, tile_bin(op, E_FLOORDIV, lane, tile_int(op, 8)),
                                  tile_int(op, num));
    Expr *flat = NULL;
    /* affine in the lane's bits when the matrices share their row steps and
     * their first rows are affine in the matrix index j */
    bool affine = true;
    for (int k = 1; k < num; k++)
      for (int b = 0; b < 3; b++) affine &= lp.rowd[w + k].d[b] == lp.rowd[w].d[b];
    int64_t jd[2] = {num > 1 ? lp.row0[w + 1] - lp.row0[w] : 0,
                     num > 2 ? lp.row0[w + 2] - lp.row0[w] : 0};
    if (num == 4) affine &= lp.row0[w + 3] - lp.row0[w] == jd[0] + jd[1];
    if (affine) {
      flat = tile_int(op, lp.row0[w]);
      for (int b = 0; b < 5; b++) {
        int64_t d = b < 3 ? lp.rowd[w].d[b]
                          : (b - 3 < (num == 4   ? 2
                                      : num == 2 ? 1
                                                 : 0)
                                 ? jd[b - 3]
                                 : 0);
        if (!d) continue;
        Expr *bit = tile_bin(op, E_FLOORMOD,
                             b ? tile_bin(op, E_FLOORDIV, lane, tile_int(op, 1 << b)) : lane,
                             tile_int(op, 2));
        flat = tile_bin(op, E_ADD, flat, tile_bin(op, E_MUL, bit, tile_int(op, d)));
      }
    }
    for (int k = num - 1; k >= 0 && !affine; k--) {
      Expr *fk = tile_int(op, lp.row0[w + k]);
      for (int b = 0; b < 3; b++)
        if (lp.rowd[w + k].d[b])
          fk = tile_bin(
              op, E_ADD, fk,
              tile_bin(op, E_MUL,
                       tile_bin(op, E_FLOORMOD,
                                b ? tile_bin(op, E_FLOORDIV, row, tile_int(op, 1 << b)) : row,
                                tile_int(op, 2)),
                       tile_int(op, lp.rowd[w + k].d[b])));
      if (!flat) flat = fk;
      else {
        Expr *sel = tirx_expr_new(op->m, E_SELECT, fk->dtype, noloc());
        sel->u.sel.c = tile_bin(op, E_EQ, j, tile_int(op, k));
        sel->u.sel.t = fk;
        sel->u.sel.f = flat;
        flat = sel;
      }
    }
    Expr *addr = addr_of(op, tile_load(op, lp.s, tile_unravel(op, flat, lp.s->ext, lp.s->nd)));
    Expr **ops = TIRX_NEWN(op->m, Expr *, num + 1);
    int at = 0;
    if (!lp.to_reg) ops[at++] = addr;
    for (int k = 0; k < num; k++)
      ops[at++] = load1(op, wv, tile_int(op, rl.offset / 2 + lp.word[w + k]));
    if (lp.to_reg) ops[at++] = addr;
    const char *mods[] = {"sync",    "sync",
                          "aligned", "aligned",
                          "shape",   "m8n8",
                          "num",     num == 4 ? "x4" : num == 2 ? "x2" : "x1",
                          "trans",   lp.trans ? "trans" : "",
                          "space",   "shared",
                          "type",    "b16"};
    ptrvec_push(&stmts, ptx_stmt(op, lp.to_reg ? "ldmatrix" : "stmatrix", ops, num + 1, mods,
                                 (int)(sizeof mods / sizeof mods[0])));
    w += num;
  }
  Stmt *s = tile_seq(op, (Stmt **)stmts.items, stmts.n);
  ptrvec_free(&stmts);
  return s;
}
