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
 *            with one instruction from its starts; prefetch_size=64/128/256
 *            spells the L2::<N>B prefetch qualifier (through the T.ptx table).
 *
 *   tma_auto, tma_explicit   TMA (below).
 *
 *   dsmem                    cluster shared memory (below).
 *
 * Not here: the tcgen05 variants (sm_100a). */
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
  Expr *pred;       /* predicate=, NULL: none */
  bool zero_fill;   /* fill_mode="zero" */
  int64_t prefetch; /* prefetch_size= bytes (64, 128, 256), -1: none */
} Ldgsts;

/* Can every thread move `vec` elements of region r with one aligned
 * instruction?  The region's innermost contiguous run must hold whole
 * vectors, every other memory stride and the offset be multiples of vec, the
 * swizzle (if any) keep vec-element atoms whole, and each symbolic start
 * move the region by a multiple of vec. */
static bool vec_fits(TileOp *op, const TileRegion *r, int64_t vec, char *why, size_t nwhy) {
  Layout l, c;
  if (!tile_region_layout_any_lo(op, r, &l, why, nwhy)) return false;
  lay_canonical(op->m, &l, &c);
  if (lay_has_threads(&c)) {
    tile_why(why, nwhy, "the layout of '%s' has thread axes", r->buf->name);
    return false;
  }
  if (lay_contig(&c) % vec) {
    tile_why(why, nwhy,
             "'%s' holds runs of %lld contiguous elements, not whole %lld-element vectors",
             r->buf->name, (long long)lay_contig(&c), (long long)vec);
    return false;
  }
  for (int k = 0; k < c.n; k++)
    if (c.it[k].ext > 1 && c.it[k].stride != 1 && c.it[k].stride % vec) {
      tile_why(why, nwhy,
               "a stride of '%s' (%lld elements) is not a multiple of the %lld-element vector",
               r->buf->name, (long long)c.it[k].stride, (long long)vec);
      return false;
    }
  if (c.offset % vec) {
    tile_why(why, nwhy, "the region of '%s' starts at element offset %lld, not a multiple of %lld",
             r->buf->name, (long long)c.offset, (long long)vec);
    return false;
  }
  if (c.swz_b && (((int64_t)1 << c.swz_m) % vec)) {
    tile_why(why, nwhy,
             "the swizzle of '%s' moves %lld-element atoms, smaller than the %lld-element vector",
             r->buf->name, (long long)((int64_t)1 << c.swz_m), (long long)vec);
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
  Buffer *cb = tile_const_shape(op, r);
  if (!lay_of_buffer(op->m, cb, &whole, why, nwhy)) return false;
  int64_t *shape = TIRX_NEWN(op->m, int64_t, r->nd > 0 ? r->nd : 1);
  for (int d = 0; d < r->nd; d++)
    if (!xf_const_int(cb->shape[d], &shape[d])) {
      tile_why(why, nwhy, "'%s' has a symbolic shape", r->buf->name);
      return false;
    }
  int *start = TIRX_NEWN(op->m, int, r->nd + 1);
  if (!lay_group(op->m, &whole, shape, r->nd, &g, start, why, nwhy)) return false;
  for (int d = 0; d < r->nd; d++) {
    int64_t v;
    if (xf_const_int(r->lo[d], &v)) continue;
    for (int k = start[d]; k < start[d + 1]; k++)
      if (g.it[k].ext > 1 && g.it[k].stride % vec) {
        tile_why(why, nwhy,
                 "the symbolic start of dimension %d of '%s' moves it by a stride of %lld "
                 "elements, not a multiple of %lld",
                 d, r->buf->name, (long long)g.it[k].stride, (long long)vec);
        return false;
      }
  }
  return true;
}

static bool ldgsts_plan(TileOp *op, Ldgsts *p, char *why, size_t nwhy) {
  memset(p, 0, sizeof *p);
  if (op->inactive) {
    tile_why(why, nwhy, "%s", op->inactive);
    return false;
  }
  if (op->nargs != 2 || !tile_is_region(op->args[0]) || !tile_is_region(op->args[1])) {
    tile_why(why, nwhy, "takes a destination and a source region");
    return false;
  }
  if (!tile_region(op, op->args[0], &p->dst, why, nwhy) ||
      !tile_region(op, op->args[1], &p->src, why, nwhy))
    return false;
  if (!tile_scope_is(p->src.buf, MEM_GLOBAL) || !is_shared(p->dst.buf)) {
    tile_why(why, nwhy, "copies global -> shared only (cp.async), not %s -> %s", p->src.buf->scope,
             p->dst.buf->scope);
    return false;
  }
  if (!tirx_dtype_eq(p->src.buf->dtype, p->dst.buf->dtype)) {
    char a[32], b[32];
    tile_why(why, nwhy, "the dtypes differ (%s -> %s)", tirx_dtype_str(p->src.buf->dtype, a),
             tirx_dtype_str(p->dst.buf->dtype, b));
    return false;
  }
  if (p->src.n != p->dst.n) {
    tile_why(why, nwhy, "the source region has %lld elements, the destination %lld",
             (long long)p->src.n, (long long)p->dst.n);
    return false;
  }
  int bits = tirx_dtype_bits(p->dst.buf->dtype) * p->dst.buf->dtype.lanes;
  if (bits % 8) {
    tile_why(why, nwhy, "elements of %d bits are not whole bytes", bits);
    return false;
  }
  p->elem_bytes = bits / 8;
  int64_t pf;
  if (!opt_int(op, "prefetch_size", -1, &pf)) {
    tile_why(why, nwhy, "prefetch_size= must be an integer constant");
    return false;
  }
  if (pf != -1 && pf != 64 && pf != 128 && pf != 256) {
    tile_why(why, nwhy,
             "prefetch_size= must be 64, 128 or 256 (the cp.async L2::<N>B qualifier), not %lld",
             (long long)pf);
    return false;
  }
  p->prefetch = pf;
  Expr *pe = tile_kwarg(op, "predicate");
  int64_t pc;
  if (pe && !(xf_const_int(pe, &pc) && pc == -1)) p->pred = pe;
  Expr *fm = tile_kwarg(op, "fill_mode");
  if (fm) {
    if (fm->kind != E_STR ||
        (fm->u.s.len != 0 && (fm->u.s.len != 4 || strncmp(fm->u.s.p, "zero", 4) != 0))) {
      tile_why(why, nwhy, "fill_mode= must be \"zero\" or \"\"");
      return false;
    }
    p->zero_fill = fm->u.s.len == 4;
  }
  if (p->zero_fill && !p->pred) {
    tile_why(
        why, nwhy,
        "fill_mode=\"zero\" needs a predicate= (the elements to load; the rest are zero-filled)");
    return false;
  }
  int64_t direct;
  if (!opt_int(op, "direct", 0, &direct)) {
    tile_why(why, nwhy, "direct= must be a constant");
    return false;
  }
  p->direct = direct != 0;
  if (tile_kwarg(op, "mbar") || tile_kwarg(op, "mbarrier_addr")) {
    tile_why(why, nwhy, "mbar= asks for a TMA copy (cp.async completes in commit groups)");
    return false;
  }
  if (p->direct) {
    if (op->scope != TS_THREAD) {
      tile_why(why, nwhy, "direct=True is only valid at thread scope, not %s",
               tile_scope_name(op->scope));
      return false;
    }
    int64_t bytes = p->dst.n * p->elem_bytes;
    if (bytes != 4 && bytes != 8 && bytes != 16) {
      tile_why(why, nwhy, "direct=True needs a 4, 8 or 16-byte region, not %lld bytes",
               (long long)bytes);
      return false;
    }
    p->vec = p->dst.n;
    p->cp_size = bytes;
    p->outer = 1;
    char w1[256];
    if (!vec_fits(op, &p->src, p->vec, w1, sizeof w1) ||
        !vec_fits(op, &p->dst, p->vec, w1, sizeof w1)) {
      tile_why(why, nwhy, "direct=True: %s", w1);
      return false;
    }
    return true;
  }
  if (!tile_threads_known(op, why, nwhy)) return false;
  if (p->src.n % op->nthreads) {
    tile_why(why, nwhy, "region size %lld not divisible by thread_cnt=%lld", (long long)p->src.n,
             (long long)op->nthreads);
    return false;
  }
  char last[256] = "";
  static const int64_t sizes[] = {16, 8, 4};
  for (int i = 0; i < 3; i++) {
    if (sizes[i] % p->elem_bytes) continue;
    int64_t vec = sizes[i] / p->elem_bytes;
    if (p->src.n % (op->nthreads * vec)) {
      snprintf(last, sizeof last,
               "%lld elements do not split into %lld threads x %lld-element vectors",
               (long long)p->src.n, (long long)op->nthreads, (long long)vec);
      continue;
    }
    if (!vec_fits(op, &p->src, vec, last, sizeof last) ||
        !vec_fits(op, &p->dst, vec, last, sizeof last))
      continue;
    p->vec = vec;
    p->cp_size = sizes[i];
    p->outer = p->src.n / (op->nthreads * vec);
    return true;
  }
  tile_why(why, nwhy, "no cp.async size of 16, 8 or 4 bytes fits (%s)",
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

Stmt *tile_ca_ldgsts_emit(TileOp *op) {
  Ldgsts p;
  char why[TILE_WHY_LEN];
  if (!ldgsts_plan(op, &p, why, sizeof why)) {
    tile_error(op, "%s", why);
    return NULL;
  }
  int64_t nt = p.direct ? 1 : op->nthreads;
  Expr *tid = p.direct ? tile_int(op, 0) : tile_thread_index(op);
  Var *f = tile_var(op, "f");
  Expr *chunk =
      p.outer == 1
          ? tid
          : tile_bin(op, E_ADD,
                     tile_bin(op, E_MUL, tirx_varref(op->m, f, noloc()), tile_int(op, nt)), tid);
  Expr *flat = tile_bin(op, E_MUL, chunk, tile_int(op, p.vec));
  Expr *a[4];
  a[0] = addr_of(op, &p.dst, tile_unravel(op, flat, p.dst.ext, p.dst.nd));
  a[1] = addr_of(op, &p.src, tile_unravel(op, flat, p.src.ext, p.src.nd));
  a[2] = tile_int(op, p.cp_size);
  int n = 3;
  if (p.zero_fill) {
    Expr *sel[3] = {tile_cast(op, tirx_dtype(DT_BOOL), p.pred),
                    tirx_int(op->m, tirx_dtype(DT_UINT32), p.cp_size, noloc()),
                    tirx_int(op->m, tirx_dtype(DT_UINT32), 0, noloc())};
    a[n++] = tile_call(op, I_IF_THEN_ELSE, tirx_dtype(DT_UINT32), sel, 3);
  }
  Stmt *body;
  if (p.prefetch >
      0) { /* the L2::<N>B spelling: the T.ptx table's row, shared address as a window */
    a[0] = tile_call(op, I_CUDA_CVTA_TO_SHARED, tirx_dtype(DT_UINT32), &a[0], 1);
    const char *cop = p.cp_size == 16 ? "cg" : "ca";
    char entry[40], tok[64];
    snprintf(entry, sizeof entry, "cp_async_%s%s", cop, p.zero_fill ? "_src_size" : "");
    snprintf(tok, sizeof tok, "async.%s.shared.global.L2::%lldB", cop, (long long)p.prefetch);
    Expr *c = tile_ptx(op, entry, tok, a, n);
    if (!c) return NULL;
    body = tile_eval(op, c);
  } else {
    body = tile_eval(op, tile_call(op, p.cp_size == 16 ? I_PTX_CP_ASYNC_CG : I_PTX_CP_ASYNC_CA,
                                   tirx_dtype(DT_VOID), a, n));
  }
  if (p.pred && !p.zero_fill) body = tile_if(op, tile_cast(op, tirx_dtype(DT_BOOL), p.pred), body);
  return tile_for(op, f, tile_int(op, p.outer), FOR_UNROLLED, body);
}

/* ---- tma_auto ---------------------------------------------------------------------- */
/* One elected thread (thread scope) moves a global region to or from shared memory with
 * cp.async.bulk.tensor, through a tensor map the host encodes before the device region
 * (T.tvm_stack_alloca + T.call_packed("runtime.cuTensorMapEncodeTiled", ...), the form
 * split-host-device turns into a launch-plan tensor map; one map per global buffer, box
 * and swizzle, shared by every call of the region that needs it).
 *
 *   map      the global buffer's dimensions (row-major, innermost first; tma_auto over a
 *            view with constant strides orders them by stride, so a transposed view's
 *            stride-1 dimension is innermost), byte strides, elementStrides 1,
 *            interleave 0, swizzle from the shared layout, L2 promotion
 *            tensormap_l2_promotion= (default 2, 128B, as TVM), oob 0; tma_dtype="tf32"
 *            encodes a float32 map as TFLOAT32 (force_cu_dtype 11)
 *   box      tma_auto_box: per map dimension, innermost first, the widest box <= 256
 *            whose elements lie row-major after the boxes inside it in shared memory
 *            (the innermost within the swizzle's row); what the boxes leave of the
 *            region is an unrolled issue loop, each box at its shared offset
 *   shared   every box one contiguous row-major stretch (the order TMA writes it),
 *            16-byte aligned; a ComposeLayout swizzle of 16-byte units whose row is its
 *            span (32B / 64B / 128B: swizzle modes 1 / 2 / 3) sets the map's mode, each
 *            box starting at a whole swizzle pattern (the shared buffer itself must be
 *            aligned to it: align=)
 *   load     mbar= (the mbarrier's address) completes the transaction; expect_tx is the
 *            caller's, as in TVM
 *   store    shared -> global in a bulk group; commit / wait are the caller's
 * tma_explicit is the same map without planning: one instruction whose box is the
 * region (a dimension over 256 is an error: the caller tiles the copy), and oob=
 * ("zero", the default, or "nan") sets the map's out-of-bounds fill for loads.
 *   options  cta_mask= multicasts a load to the cluster's CTAs in the mask and
 *            use_tma_reduce= makes a store a reduction (both through the T.ptx table's
 *            spellings, shared addresses as 32-bit windows); prefetch_tensormap=True
 *            prefetches the map once, by thread 0, at the start of the device region;
 *            cta_group=2 (sm_100a) is a CTA pair's .cta_group::2 load, its mbarrier a
 *            shared-window address (TVM 0.27's spelling)
 * Not supported yet (located errors): gather4 / src_selector, TVM's widening of the map's
 * element (uint16 / 32 / 64 units to merge dimensions). */

typedef struct Tma {
  TileRegion g, s;
  bool load;
  int rank;
  int64_t eb;
  int64_t box[5]; /* innermost first */
  int split;      /* region dim issued in chunks, -1: none */
  int64_t chunk;  /* its box */
  int64_t issue;  /* instructions */
  int64_t chunk_elems;
  int64_t chunk_step; /* region-flat elements from one issue's first element to the next's */
  int perm[5];        /* map dimension k (innermost first) is dimension perm[k] of the buffer */
  bool permuted;      /* perm is not the reversed identity (a transposed global layout) */
  int nax;            /* tma_auto's issue axes (map dimensions not boxed whole), outermost first */
  int ax_dim[5];      /* their map dimensions */
  int64_t ax_n[5];    /* their issue counts */
  int cta_group;      /* 1, or 2: the .cta_group::2 load of a CTA pair (sm_100a) */
  bool tf32;          /* tma_dtype="tf32": a float32 map encoded as TFLOAT32 (force_cu_dtype 11) */
  int swizzle, l2, oob;
  Expr *mbar;
  Expr *cta_mask;     /* multicast loads: the .u16 CTA mask, NULL: none */
  const char *reduce; /* reduce stores: add / min / max / inc / dec / and / or / xor, NULL: none */
  bool prefetch;      /* prefetch_tensormap=True */
  Expr *cache;        /* cache_hint=: the .u64 L2 cache policy (.L2::cache_hint), NULL: none */
  bool gstrided;      /* the global strides are gstride[] (elements, outermost first), not
                         compact row-major over the shape */
  Expr *gstride[5];
  Expr *goff; /* the global buffer's element offset from its data pointer, NULL: 0 */
} Tma;

/* cache_hint="..." names TVM's built-in L2 policies (createpolicy's fractional
 * encodings, fraction 1.0); an expression is a policy value itself. */
static const struct {
  const char *name;
  uint64_t policy;
} cache_policies[] = {
    {"evict_normal", 0x1000000000000000ull},
    {"evict_first", 0x12F0000000000000ull},
    {"evict_last", 0x14F0000000000000ull},
};

/* The element types cp.reduce.async.bulk.tensor reduces, per operation (PTX ISA,
 * cp.reduce.async.bulk.tensor: the type comes from the tensor map; f32 only adds, 64-bit
 * floats never).  A combination outside the table is an illegal instruction at run time
 * (ptxas cannot see the tensor map's type), so it is refused here. */
static const struct {
  const char *op;
  const char *types; /* space-separated dtype names */
} tma_reduce_types[] = {
    {"add", "uint32 int32 uint64 float32 float16 bfloat16"},
    {"min", "uint32 int32 uint64 int64 float16 bfloat16"},
    {"max", "uint32 int32 uint64 int64 float16 bfloat16"},
    {"inc", "uint32"},
    {"dec", "uint32"},
    {"and", "uint32 int32 uint64 int64"},
    {"or", "uint32 int32 uint64 int64"},
    {"xor", "uint32 int32 uint64 int64"},
};

static bool word_in(const char *list, const char *w) {
  size_t n = strlen(w);
  for (const char *p = list; (p = strstr(p, w)) != NULL; p += n)
    if ((p == list || p[-1] == ' ') && (p[n] == ' ' || p[n] == 0)) return true;
  return false;
}

/* A shared tile that holds the region as several row-major runs side by side (TVM's box
 * splitting: a 16 x 128 region stored as two 16 x 64 halves): the innermost spanned
 * dimension of the region issued in chunks of c, the widest (a multiple of 16 bytes) whose
 * box lands row-major in one contiguous stretch each -- element (r, j) of chunk k at the
 * chunk's first element + r * c + j.  Not for a swizzled tile or a region already split. */
static bool tma_split_inner(Tma *p, const Layout *sl) {
  if (p->split >= 0 || sl->swz_b || lay_has_threads(sl)) return false;
  int d = -1;
  for (int i = p->g.nd - 1; i >= 0 && d < 0; i--)
    if (p->g.ext[i] > 1) d = i;
  if (d < 0) return false;
  int64_t e = p->g.ext[d], rows = p->g.n / e;
  for (int64_t c = e / 2; c >= 1; c--) {
    if (e % c || (c * p->eb) % 16) continue;
    bool ok = true;
    for (int64_t k = 0; ok && k < e / c; k++) {
      int64_t base = lay_apply(sl, k * c, NULL, 0, NULL);
      if (k && ((base - lay_apply(sl, 0, NULL, 0, NULL)) * p->eb) % 128) ok = false;
      for (int64_t r = 0; ok && r < rows; r++)
        for (int64_t j = 0; ok && j < c; j++)
          ok = lay_apply(sl, r * e + k * c + j, NULL, 0, NULL) == base + r * c + j;
    }
    if (!ok) continue;
    p->split = d;
    p->chunk = c;
    p->box[p->rank - 1 - d] = c;
    p->issue = e / c;
    p->chunk_elems = p->g.n / p->issue;
    p->chunk_step = c;
    return true;
  }
  return false;
}

/* tma_auto's box, from the shared side's iteration order (TVM 0.27's plan): map
 * dimension k (innermost first, dimension perm[k] of the buffer) gets the widest box
 * b_k <= 256 dividing the region's extent along it whose elements sit b_0 * .. * b_(k-1)
 * apart in shared memory (the innermost also within the swizzle's row), so each box lands
 * row-major in one contiguous stretch; what a box leaves of a dimension becomes an issue
 * axis (an unrolled loop over the boxes).  Every box is then checked element by element
 * (the layout without its swizzle, which TMA applies to the addresses itself) and to
 * start at a whole swizzle pattern. */
static bool tma_auto_box(TileOp *op, Tma *p, const Layout *sl, char *why, size_t nwhy) {
  Layout u = *sl;
  u.swz_b = 0;
  int nd = p->g.nd;
  int64_t rs[5]; /* row-major strides of the region (the copy pairs elements in that order) */
  rs[nd - 1] = 1;
  for (int d = nd - 2; d >= 0; d--) rs[d] = rs[d + 1] * p->g.ext[d + 1];
  if (lay_has_threads(sl)) {
    tile_why(why, nwhy,
             "the region of '%s' is not one contiguous row-major run of shared memory (the order "
             "TMA writes a box)",
             p->s.buf->name);
    return false;
  }
  int64_t base = lay_apply(&u, 0, NULL, 0, NULL);
  int64_t row = sl->swz_b ? ((int64_t)16 << sl->swz_b) / p->eb : INT64_MAX;
  int64_t want = 1, run = 1;
  for (int k = 0; k < p->rank; k++) {
    int d = p->perm[k];
    int64_t e = p->g.ext[d], best = 1;
    if (k == 0) /* the contiguous run along the innermost dimension, for the error below */
      while (run < e && lay_apply(&u, run * rs[d], NULL, 0, NULL) - base == run) run++;
    for (int64_t c = e < 256 ? e : 256; c > 1 && best == 1; c--) {
      if (e % c || (k == 0 && c > row)) continue;
      bool ok = true;
      for (int64_t j = 1; ok && j < c; j++)
        ok = lay_apply(&u, j * rs[d], NULL, 0, NULL) - base == j * want;
      if (ok) best = c;
    }
    p->box[k] = best;
    want *= best;
  }
  if ((p->box[0] * p->eb) % 16) {
    if (run < p->g.ext[p->perm[0]] && (run * p->eb) % 16)
      tile_why(why, nwhy,
               "the region of '%s' holds the innermost dimension of '%s' in runs of %lld "
               "contiguous bytes, not a multiple of 16 (a TMA box's rows)",
               p->s.buf->name, p->g.buf->name, (long long)(run * p->eb));
    else
      tile_why(why, nwhy, "the box's inner dimension is %lld bytes, not a multiple of 16",
               (long long)(p->box[0] * p->eb));
    return false;
  }
  p->nax = 0;
  p->issue = 1;
  for (int k = p->rank - 1; k >= 0; k--) {
    int64_t q = p->g.ext[p->perm[k]] / p->box[k];
    if (q == 1) continue;
    p->ax_dim[p->nax] = k;
    p->ax_n[p->nax++] = q;
    p->issue *= q;
  }
  int64_t repeat = sl->swz_b ? (int64_t)1 << (sl->swz_m + sl->swz_s + sl->swz_b) : 1;
  int64_t boxn = want;
  for (int64_t it = 0; it < p->issue; it++) {
    int64_t rem = it, of = 0;
    for (int a = p->nax - 1; a >= 0; a--) {
      int k = p->ax_dim[a];
      of += (rem % p->ax_n[a]) * p->box[k] * rs[p->perm[k]];
      rem /= p->ax_n[a];
    }
    int64_t o = lay_apply(&u, of, NULL, 0, NULL);
    if (o % repeat) {
      tile_why(why, nwhy,
               "the copy into '%s' does not start each box at a whole %lld-element swizzle pattern",
               p->s.buf->name, (long long)repeat);
      return false;
    }
    if ((o * p->eb) % 16) {
      tile_why(why, nwhy, "the region of '%s' starts %lld bytes into it, not 16-byte aligned",
               p->s.buf->name, (long long)(o * p->eb));
      return false;
    }
    for (int64_t e = 0; e < boxn; e++) {
      int64_t r = e, f = of;
      for (int k = 0; k < p->rank; k++) {
        f += (r % p->box[k]) * rs[p->perm[k]];
        r /= p->box[k];
      }
      if (lay_apply(&u, f, NULL, 0, NULL) != o + e) {
        tile_why(why, nwhy,
                 "the region of '%s' is not one contiguous row-major run of shared memory (the "
                 "order TMA writes a box)",
                 p->s.buf->name);
        return false;
      }
    }
  }
  (void)op;
  return true;
}

/* tma_auto over a global view with constant strides: the map's dimensions in stride order
 * (a transposed view's stride-1 dimension innermost), as TVM's plan groups them. */
static bool tma_auto_perm(Tma *p) {
  int64_t st[5];
  for (int i = 0; i < p->rank; i++)
    if (!xf_const_int(p->gstride[i], &st[i])) return false;
  int used[5] = {0}, perm[5];
  for (int k = 0; k < p->rank; k++) {
    int b = -1;
    for (int i = p->rank - 1; i >= 0; i--) /* smallest stride; ties: the later dimension */
      if (!used[i] && (b < 0 || st[i] < st[b])) b = i;
    used[b] = 1;
    perm[k] = b;
  }
  if (st[perm[0]] != 1) return false;
  for (int k = 0; k < p->rank; k++) {
    p->perm[k] = perm[k];
    p->permuted |= perm[k] != p->rank - 1 - k;
  }
  return true;
}

static bool tma_plan(TileOp *op, Tma *p, bool explicit_, char *why, size_t nwhy) {
  memset(p, 0, sizeof *p);
  p->split = -1;
  p->cta_group = 1;
  if (op->nargs != 2 || !tile_is_region(op->args[0]) || !tile_is_region(op->args[1])) {
    tile_why(why, nwhy, "takes a destination and a source region");
    return false;
  }
  TileRegion d, s;
  if (!tile_region(op, op->args[0], &d, why, nwhy) || !tile_region(op, op->args[1], &s, why, nwhy))
    return false;
  if (tile_scope_is(s.buf, MEM_GLOBAL) && is_shared(d.buf)) {
    p->load = true;
    p->g = s;
    p->s = d;
  } else if (is_shared(s.buf) && tile_scope_is(d.buf, MEM_GLOBAL)) {
    p->g = d;
    p->s = s;
  } else {
    tile_why(why, nwhy, "not a global <-> shared copy (%s -> %s)", s.buf->scope, d.buf->scope);
    return false;
  }
  if (op->scope != TS_THREAD) {
    tile_why(why, nwhy,
             "TMA is issued by a single thread: call it as T.tile.copy_async / Tx.copy_async under "
             "an elected thread, not at %s scope",
             tile_scope_name(op->scope));
    return false;
  }
  if (!tirx_dtype_eq(s.buf->dtype, d.buf->dtype)) {
    char a[32], b[32];
    tile_why(why, nwhy, "the dtypes differ (%s -> %s)", tirx_dtype_str(s.buf->dtype, a),
             tirx_dtype_str(d.buf->dtype, b));
    return false;
  }
  if (s.n != d.n) {
    tile_why(why, nwhy, "the source region has %lld elements, the destination %lld", (long long)s.n,
             (long long)d.n);
    return false;
  }
  static const char *const unsupported[] = {"oob", "gather4", "src_selector"};
  for (size_t i = 0; i < sizeof unsupported / sizeof unsupported[0]; i++)
    if (tile_kwarg(op, unsupported[i]) && tile_kwarg(op, unsupported[i])->kind != E_NONE &&
        !(explicit_ && strcmp(unsupported[i], "oob") == 0)) {
      if (strcmp(unsupported[i], "oob") == 0) {
        tile_why(why, nwhy, "oob= is tma_explicit's (tma_auto copies in bounds only)");
        return false;
      }
      tile_why(why, nwhy, "%s= is not supported yet", unsupported[i]);
      return false;
    }
  Expr *cg = tile_kwarg(op, "cta_group");
  if (cg && cg->kind != E_NONE) {
    int64_t v;
    if (!xf_const_int(cg, &v) || (v != 1 && v != 2)) {
      tile_why(why, nwhy, "cta_group= must be 1 or 2");
      return false;
    }
    if (v == 2 && !p->load) {
      tile_why(why, nwhy, "cta_group=2 applies to global -> shared copies only");
      return false;
    }
    if (v == 2 &&
        !tile_need_arch(op, 100, 103, "cta_group=2 (the .cta_group::2 TMA load)", why, nwhy))
      return false;
    p->cta_group = (int)v;
  }
  Expr *td = tile_kwarg(op, "tma_dtype");
  if (td && td->kind != E_NONE) {
    bool ok = td->kind == E_STR && ((td->u.s.len == 4 && strncmp(td->u.s.p, "tf32", 4) == 0) ||
                                    (td->u.s.len == 8 && strncmp(td->u.s.p, "tfloat32", 8) == 0));
    if (!ok) {
      tile_why(why, nwhy, "tma_dtype= must be \"tf32\" or \"tfloat32\"");
      return false;
    }
    Buffer *gbuf = tile_scope_is(s.buf, MEM_GLOBAL) ? s.buf : d.buf;
    if (!tirx_dtype_eq(gbuf->dtype, tirx_dtype(DT_FLOAT32))) {
      char tn[32];
      tile_why(why, nwhy, "tma_dtype=\"tf32\" needs a float32 global tensor, not %s",
               tirx_dtype_str(gbuf->dtype, tn));
      return false;
    }
    p->tf32 = true;
  }
  int bits = tirx_dtype_bits(s.buf->dtype) * s.buf->dtype.lanes;
  if (bits % 8) {
    tile_why(why, nwhy, "elements of %d bits are not whole bytes", bits);
    return false;
  }
  p->eb = bits / 8;
  /* the global side: a compact row-major buffer of rank 1..5 */
  Buffer *gb = p->g.buf;
  p->rank = gb->ndim;
  if (p->rank < 1 || p->rank > 5 || p->g.nd != p->rank) {
    tile_why(why, nwhy, "'%s' has %d dimensions; a tensor map takes 1 to 5", gb->name, gb->ndim);
    return false;
  }
  for (int k = 0; k < p->rank; k++) p->perm[k] = p->rank - 1 - k;
  int64_t eoff = 0;
  if (gb->elem_offset && !(xf_const_int(gb->elem_offset, &eoff) && eoff == 0))
    p->goff = gb->elem_offset;
  char sinner[TILE_WHY_LEN];
  if ((gb->nstrides || (gb->layout && gb->layout->kind != E_NONE)) &&
      lay_dim_strides(op->m, gb, p->gstride, sinner, sizeof sinner)) {
    int64_t one;
    if (!(!explicit_ && tma_auto_perm(p)) &&
        (!xf_const_int(p->gstride[p->rank - 1], &one) || one != 1)) {
      tile_why(why, nwhy,
               "the innermost dimension of '%s' is not contiguous (stride 1), as a tensor map's "
               "must be",
               gb->name);
      return false;
    }
    for (int i = 0; i < p->rank; i++) { /* TMA: 16-byte multiples under 2^40 */
      int64_t v;
      if (i != p->perm[0] && xf_const_int(p->gstride[i], &v) &&
          (v < 0 || (v * p->eb) % 16 || v * p->eb >= ((int64_t)1 << 40))) {
        tile_why(why, nwhy,
                 "the stride of dimension %d of '%s' is %lld bytes, not a non-negative multiple of "
                 "16 under 2^40 (a tensor map's global stride)",
                 i, gb->name, (long long)(v * p->eb));
        return false;
      }
    }
    for (int i = 0; i < p->rank && !explicit_; i++) {
      int64_t v;
      if (i != p->perm[0] &&
          !xf_const_int(p->gstride[i], &v)) { /* as TVM 0.27: legality unknown until run time */
        tile_why(why, nwhy,
                 "the stride of dimension %d of '%s' is symbolic, so the map's legality (a "
                 "multiple of 16 bytes, under 2^40) is only known at run time: use "
                 "dispatch=\"tma_explicit\"",
                 i, gb->name);
        return false;
      }
    }
    p->gstrided = true;
  } else if (gb->nstrides) {
    tile_why(why, nwhy, "the strides of '%s' do not describe it: %s", gb->name, sinner);
    return false;
  } else if (gb->layout && gb->layout->kind != E_NONE) {
    Layout l, rm;
    bool konst = true;
    int64_t shape[5];
    for (int i = 0; i < p->rank; i++) konst &= xf_const_int(gb->shape[i], &shape[i]);
    char inner[TILE_WHY_LEN];
    if (!konst || !lay_of_buffer(op->m, gb, &l, inner, sizeof inner)) {
      tile_why(why, nwhy, "the layout of '%s' is not a compact row-major one (not supported yet)",
               gb->name);
      return false;
    }
    lay_row_major(op->m, shape, p->rank, &rm);
    if (!lay_equal(op->m, &l, &rm)) {
      tile_why(why, nwhy, "the layout of '%s' is not a compact row-major one (not supported yet)",
               gb->name);
      return false;
    }
  }
  /* box: the region (tma_explicit); tma_auto plans it from the shared side (tma_auto_box,
   * after the layout below) */
  for (int i = 0; i < p->rank && explicit_; i++) {
    int64_t e = p->g.ext[i];
    if (e > 256) {
      tile_why(why, nwhy,
               "the region of '%s' spans %lld elements in dimension %d, over a box's 256 "
               "(tma_explicit issues one box: tile the copy)",
               gb->name, (long long)e, i);
      return false;
    }
    p->box[p->rank - 1 - i] = e;
  }
  p->issue = p->split >= 0 ? p->g.ext[p->split] / p->chunk : 1;
  p->chunk_elems = p->g.n / p->issue;
  p->chunk_step = p->chunk_elems;
  if (explicit_ && (p->box[0] * p->eb) % 16) {
    tile_why(why, nwhy, "the box's inner dimension is %lld bytes, not a multiple of 16",
             (long long)(p->box[0] * p->eb));
    return false;
  }
  /* the shared side: one contiguous row-major run */
  Layout sl, c;
  char inner[TILE_WHY_LEN];
  if (!tile_region_layout_any_lo(op, &p->s, &sl, inner, sizeof inner)) {
    tile_why(why, nwhy, "%s", inner);
    return false;
  }
  lay_canonical(op->m, &sl, &c);
  if (!explicit_ && !tma_auto_box(op, p, &sl, why, nwhy)) return false;
  if (explicit_ && (lay_has_threads(&c) || (p->s.n > 1 && (c.n != 1 || c.it[0].stride != 1))) &&
      !tma_split_inner(p, &sl)) {
    tile_why(why, nwhy,
             "the region of '%s' is not one contiguous row-major run of shared memory (the order "
             "TMA writes a box)",
             p->s.buf->name);
    return false;
  }
  int64_t repeat = 1;
  if (sl.swz_b) {
    /* TMA's 32B / 64B / 128B modes XOR byte-address bits [7, 7 + B) into [4, 4 + B):
     * ComposeLayout(M, B, 3) with 2^M elements = 16 bytes, B = 1, 2, 3 */
    if (((int64_t)1 << sl.swz_m) * p->eb != 16 || sl.swz_s != 3 || sl.swz_b > 3) {
      tile_why(why, nwhy,
               "the swizzle of '%s' (ComposeLayout(%d, %d, %d)) is not a TMA swizzle mode (16-byte "
               "units, a row of 32, 64 or 128 bytes)",
               p->s.buf->name, sl.swz_m, sl.swz_b, sl.swz_s);
      return false;
    }
    p->swizzle = sl.swz_b;
    int64_t span = 16 << sl.swz_b;
    if (p->box[0] * p->eb > span) {
      tile_why(why, nwhy,
               "the box's inner dimension is %lld bytes, wider than the %lld-byte swizzle",
               (long long)(p->box[0] * p->eb), (long long)span);
      return false;
    }
    repeat = (int64_t)1 << (sl.swz_m + sl.swz_s + sl.swz_b);
  }
  if (explicit_ && (c.offset % repeat || (p->issue > 1 && p->chunk_elems % repeat))) {
    tile_why(why, nwhy,
             "the copy into '%s' does not start each box at a whole %lld-element swizzle pattern",
             p->s.buf->name, (long long)repeat);
    return false;
  }
  if (explicit_ && (c.offset * p->eb) % 128 && !sl.swz_b && (c.offset * p->eb) % 16) {
    tile_why(why, nwhy, "the region of '%s' starts %lld bytes into it, not 16-byte aligned",
             p->s.buf->name, (long long)(c.offset * p->eb));
    return false;
  }
  /* options */
  p->mbar = tile_kwarg(op, "mbar");
  if (!p->mbar) p->mbar = tile_kwarg(op, "mbarrier_addr");
  if (p->load && !p->mbar) {
    tile_why(why, nwhy, "a global -> shared TMA copy needs mbar= (the mbarrier completing it)");
    return false;
  }
  if (!p->load && p->mbar) {
    tile_why(why, nwhy,
             "a shared -> global TMA copy takes no mbar= (it completes in a bulk group)");
    return false;
  }
  int64_t l2 = 2;
  Expr *l2e = tile_kwarg(op, "tensormap_l2_promotion");
  if (l2e) {
    if (l2e->kind == E_STR) {
      static const char *const names[] = {"none", "L2::64B", "L2::128B", "L2::256B"};
      l2 = -1;
      for (int i = 0; i < 4; i++)
        if (strlen(names[i]) == l2e->u.s.len && strncmp(names[i], l2e->u.s.p, l2e->u.s.len) == 0)
          l2 = i;
    } else if (!xf_const_int(l2e, &l2)) {
      l2 = -1;
    }
    if (l2 < 0 || l2 > 3) {
      tile_why(why, nwhy,
               "tensormap_l2_promotion= must be 0..3, \"none\", \"L2::64B\", \"L2::128B\" or "
               "\"L2::256B\"");
      return false;
    }
  }
  p->l2 = (int)l2;
  Expr *mask = tile_kwarg(op, "cta_mask");
  if (mask && mask->kind != E_NONE) {
    if (!p->load) {
      tile_why(why, nwhy, "cta_mask= (multicast) applies to global -> shared copies only");
      return false;
    }
    if (!tirx_dtype_is_int(mask->dtype)) {
      tile_why(why, nwhy, "cta_mask= must be an integer (a .u16 mask of the cluster's CTAs)");
      return false;
    }
    p->cta_mask = mask;
  }
  Expr *red = tile_kwarg(op, "use_tma_reduce");
  if (red && red->kind != E_NONE) {
    static const char *const ops_[] = {"add", "min", "max", "inc", "dec", "and", "or", "xor"};
    for (size_t i = 0; red->kind == E_STR && i < sizeof ops_ / sizeof ops_[0]; i++)
      if (strlen(ops_[i]) == red->u.s.len && strncmp(ops_[i], red->u.s.p, red->u.s.len) == 0)
        p->reduce = ops_[i];
    if (!p->reduce) {
      tile_why(why, nwhy,
               "use_tma_reduce= must be one of \"add\", \"min\", \"max\", \"inc\", \"dec\", "
               "\"and\", \"or\", \"xor\"");
      return false;
    }
    if (p->load) {
      tile_why(why, nwhy, "use_tma_reduce= applies to shared -> global copies only");
      return false;
    }
    char tn[32];
    tirx_dtype_str(gb->dtype, tn);
    for (size_t i = 0; i < sizeof tma_reduce_types / sizeof tma_reduce_types[0]; i++)
      if (strcmp(tma_reduce_types[i].op, p->reduce) == 0 &&
          !word_in(tma_reduce_types[i].types, tn)) {
        tile_why(
            why, nwhy,
            "the TMA reduce '%s' does not take %s elements (cp.reduce.async.bulk.tensor.%s: %s)",
            p->reduce, tn, p->reduce, tma_reduce_types[i].types);
        return false;
      }
  }
  Expr *ch = tile_kwarg(op, "cache_hint");
  if (ch && ch->kind != E_NONE && !(ch->kind == E_STR && ch->u.s.len == 0)) {
    if (ch->kind == E_STR) {
      for (size_t i = 0; i < sizeof cache_policies / sizeof cache_policies[0]; i++)
        if (strlen(cache_policies[i].name) == ch->u.s.len &&
            strncmp(cache_policies[i].name, ch->u.s.p, ch->u.s.len) == 0)
          p->cache = tirx_int(op->m, tirx_dtype(DT_UINT64), (int64_t)cache_policies[i].policy,
                              (Loc){0, 0});
      if (!p->cache) {
        tile_why(why, nwhy,
                 "cache_hint= must be \"evict_normal\", \"evict_first\", \"evict_last\" or a "
                 "uint64 cache policy");
        return false;
      }
    } else if (tirx_dtype_is_int(ch->dtype)) {
      p->cache = tile_cast(op, tirx_dtype(DT_UINT64), ch);
    } else {
      tile_why(why, nwhy,
               "cache_hint= must be \"evict_normal\", \"evict_first\", \"evict_last\" or a uint64 "
               "cache policy");
      return false;
    }
  }
  Expr *pf = tile_kwarg(op, "prefetch_tensormap");
  int64_t pfv = 0;
  if (pf && pf->kind != E_NONE && !xf_const_int(pf, &pfv)) {
    tile_why(why, nwhy, "prefetch_tensormap= must be True or False");
    return false;
  }
  p->prefetch = pfv != 0;
  Expr *oob = tile_kwarg(op, "oob");
  if (oob && oob->kind != E_NONE) {
    bool zero = oob->kind == E_STR && oob->u.s.len == 4 && strncmp(oob->u.s.p, "zero", 4) == 0;
    bool nan = oob->kind == E_STR && oob->u.s.len == 3 && strncmp(oob->u.s.p, "nan", 3) == 0;
    if (!zero && !nan) {
      tile_why(why, nwhy, "oob= must be \"zero\" or \"nan\"");
      return false;
    }
    if (!p->load) {
      tile_why(why, nwhy, "oob= applies to global -> shared copies only");
      return false;
    }
    if (nan && !tirx_dtype_is_float(gb->dtype)) {
      tile_why(why, nwhy, "oob=\"nan\" needs a floating-point tensor");
      return false;
    }
    p->oob = nan;
  }
  return true;
}

bool tile_ca_tma_auto_ok(TileOp *op, char *why, size_t nwhy) {
  Tma p;
  return tma_plan(op, &p, false, why, nwhy);
}

bool tile_ca_tma_explicit_ok(TileOp *op, char *why, size_t nwhy) {
  Tma p;
  return tma_plan(op, &p, true, why, nwhy);
}

/* The tensor map of plan p: found, or encoded into the host prologue. */
static Var *tma_map(TileOp *op, const Tma *p) {
  Buffer *gb = p->g.buf;
  char key[256];
  int o = snprintf(key, sizeof key, "tensormap:%p:%d:%d:%d:%d:%d", (void *)gb, p->rank, p->swizzle,
                   p->l2, p->oob, p->tf32);
  for (int i = 0; i < p->rank && o < (int)sizeof key; i++)
    o += snprintf(key + o, sizeof key - (size_t)o, ":%lld/%d", (long long)p->box[i], p->perm[i]);
  Var *v = tile_host_find(op, key);
  if (v) return v;
  int n = 0;
  const char *name = tirx_intern_printf(op->m, "%s_tensormap", gb->name);
  for (int k = 1, clash = 1; clash; k++) { /* a second map of one buffer: _1, _2, ... */
    clash = 0;
    for (int i = 0; i < op->host_vals->n; i++)
      clash |= strcmp(((Var *)op->host_vals->items[i])->name, name) == 0;
    if (clash) name = tirx_intern_printf(op->m, "%s_tensormap_%d", gb->name, k);
  }
  v = tirx_var_new(op->m, name, tirx_dtype(DT_HANDLE), noloc());
  v->is_tensormap = true;
  Stmt *bind = tirx_stmt_new(op->m, S_BIND, noloc());
  bind->u.bind.var = v;
  Expr *aa[2] = {tirx_str(op->m, "tensormap", 9, noloc()), tile_int(op, 1)};
  bind->u.bind.value = tile_call(op, I_TVM_STACK_ALLOCA, tirx_dtype(DT_HANDLE), aa, 2);
  Expr *a[4 + 5 + 4 + 5 + 5 + 4];
  const char *fn = "runtime.cuTensorMapEncodeTiled";
  a[n++] = tirx_str(op->m, fn, strlen(fn), noloc());
  a[n++] = tirx_varref(op->m, v, noloc());
  char dt[32];
  tirx_dtype_str(gb->dtype, dt);
  a[n++] = tirx_str(op->m, tirx_intern0(op->m, dt), strlen(dt), noloc());
  a[n++] = tile_int(op, p->rank);
  /* the pointer under the view chain (views and decl_buffers declared in the device
   * region are out of the host prologue's reach; their data is this pointer) */
  const Buffer *root = gb;
  for (int depth = 0; depth < 64 && root->decl_data && root->decl_data->kind == E_VAR &&
                      root->decl_data->u.var->kind == VAR_BUFDATA && root->decl_data->u.var->buffer;
       depth++)
    root = root->decl_data->u.var->buffer;
  Expr *base = tirx_varref(op->m, root->data, noloc());
  if (p->goff) { /* TVM's T.handle_add_byte_offset(data, elem_offset * bytes) */
    int64_t c;
    Expr *bytes =
        xf_const_int(p->goff, &c)
            ? tirx_int(op->m, p->goff->dtype, c * p->eb, noloc())
            : tile_bin(op, E_MUL, p->goff, tirx_int(op->m, p->goff->dtype, p->eb, noloc()));
    Expr *ba[2] = {base, bytes};
    base = tile_call(op, I_HANDLE_ADD_BYTE_OFFSET, tirx_dtype(DT_HANDLE), ba, 2);
  }
  a[n++] = base;
  for (int k = 0; k < p->rank; k++) a[n++] = gb->shape[p->perm[k]];
  Expr *stride = tile_int(op, p->eb);
  for (int i = p->rank - 1; i >= 1; i--) {
    if (p->gstrided) { /* the layout's strides, in bytes, in the map's order */
      Expr *s = p->gstride[p->perm[p->rank - i]];
      a[n++] = tile_bin(op, E_MUL, s, tirx_int(op->m, s->dtype, p->eb, noloc()));
      continue;
    }
    stride = tile_bin(op, E_MUL, stride, gb->shape[i]);
    a[n++] = stride;
  }
  for (int i = 0; i < p->rank; i++) a[n++] = tile_int(op, p->box[i]);
  for (int i = 0; i < p->rank; i++) a[n++] = tile_int(op, 1);
  a[n++] = tile_int(op, 0);
  a[n++] = tile_int(op, p->swizzle);
  a[n++] = tile_int(op, p->l2);
  a[n++] = tile_int(op, p->oob);
  if (p->tf32) a[n++] = tile_int(op, 11); /* CU_TENSOR_MAP_DATA_TYPE_TFLOAT32 */
  Stmt *enc = tile_eval(op, tile_call(op, I_CALL_PACKED, tirx_dtype(DT_INT32), a, n));
  Stmt *items[2] = {bind, enc};
  tile_host_add(op, key, v, items, 2);
  return v;
}

/* prefetch_tensormap=True: one prefetch.tensormap of the map at the start of the
 * device region, by thread 0 (deduplicated like the map). */
static void tma_prefetch(TileOp *op, Var *map) {
  const char *key = tirx_intern_printf(op->m, "prefetch:%p", (void *)map);
  if (tile_host_find(op, key)) return;
  Var *tid = tile_var(op, "prefetch_tid");
  Stmt *sid = tirx_stmt_new(op->m, S_SCOPEID, noloc());
  sid->u.scopeid.sid = SID_THREAD_ID;
  sid->u.scopeid.vars = TIRX_NEWN(op->m, Var *, 1);
  sid->u.scopeid.vars[0] = tid;
  sid->u.scopeid.nvars = 1;
  sid->u.scopeid.dtype = xf_i32();
  Expr *mv = tirx_varref(op->m, map, noloc());
  Stmt *pf =
      tile_if(op, tile_bin(op, E_EQ, tirx_varref(op->m, tid, noloc()), tile_int(op, 0)),
              tile_eval(op, tile_call(op, I_PTX_PREFETCH_TENSORMAP, tirx_dtype(DT_VOID), &mv, 1)));
  Stmt *items[2] = {sid, pf};
  tile_device_init(op, key, map, items, 2);
}

static Stmt *tma_emit(TileOp *op, bool explicit_) {
  Tma p;
  char why[TILE_WHY_LEN];
  if (!tma_plan(op, &p, explicit_, why, sizeof why)) {
    tile_error(op, "%s", why);
    return NULL;
  }
  Var *map = tma_map(op, &p);
  Var *it = p.issue > 1 ? tile_var(op, "issue") : NULL;
  Expr *itv = it ? tirx_varref(op->m, it, noloc()) : tile_int(op, 0);
  /* coordinates, innermost first, and the shared pointer: the region's (row-major)
   * element at the issue's box origin */
  Expr *co[5], *sflat = NULL;
  for (int k = 0; k < p.rank; k++) co[k] = tile_cast(op, xf_i32(), p.g.lo[p.perm[k]]);
  if (p.nax == 0) {
    sflat = tile_bin(op, E_MUL, itv, tile_int(op, p.chunk_step));
    if (p.split >= 0) {
      int k = p.rank - 1 - p.split;
      co[k] = tile_bin(op, E_ADD, co[k], tile_bin(op, E_MUL, itv, tile_int(op, p.chunk)));
    }
  }
  for (int a = p.nax - 1, div = 1; a >= 0; div *= (int)p.ax_n[a], a--) {
    int k = p.ax_dim[a];
    Expr *dg = div == 1 ? itv : tile_bin(op, E_FLOORDIV, itv, tile_int(op, div));
    if (a > 0) dg = tile_bin(op, E_FLOORMOD, dg, tile_int(op, p.ax_n[a]));
    int64_t rs = 1;
    for (int d = p.perm[k] + 1; d < p.g.nd; d++) rs *= p.g.ext[d];
    Expr *t = tile_bin(op, E_MUL, dg, tile_int(op, p.box[k] * rs));
    sflat = sflat ? tile_bin(op, E_ADD, sflat, t) : t;
    co[k] = tile_bin(op, E_ADD, co[k], tile_bin(op, E_MUL, dg, tile_int(op, p.box[k])));
  }
  if (!sflat) sflat = tile_int(op, 0);
  Expr *sptr = addr_of(op, &p.s, tile_unravel(op, sflat, p.s.ext, p.s.nd));
  Expr *a[10];
  int n = 0;
  Expr *mv = tirx_varref(op->m, map, noloc());
  if (p.prefetch) tma_prefetch(op, map);
  if (p.cta_mask || p.reduce || p.cache || p.cta_group == 2) { /* the T.ptx table's spellings:
                                     multicast and CTA-pair loads, reduce stores, L2 cache hints */
    Expr *cv = tile_call(op, I_CUDA_CVTA_TO_SHARED, tirx_dtype(DT_UINT32), &sptr, 1);
    char tok[200];
    const char *hint = p.cache ? ".L2::cache_hint" : "";
    const char *entry;
    if (p.load) {
      a[n++] = cv;
      a[n++] = mv;
      for (int i = 0; i < p.rank; i++) a[n++] = co[i];
      Expr *mb = p.mbar;
      a[n++] = tirx_dtype_is_handle(mb->dtype)
                   ? tile_call(op, I_CUDA_CVTA_TO_SHARED, tirx_dtype(DT_UINT32), &mb, 1)
                   : mb;
      if (p.cta_mask) a[n++] = tile_cast(op, tirx_dtype(DT_UINT16), p.cta_mask);
      snprintf(
          tok, sizeof tok,
          "async.bulk.tensor.%dd.shared::cluster.global.tile.mbarrier::complete_tx::bytes%s%s%s",
          p.rank, p.cta_mask ? ".multicast::cluster" : "", p.cta_group == 2 ? ".cta_group::2" : "",
          hint);
      entry = "cp_async_bulk_tensor_g2s_cluster";
    } else {
      a[n++] = mv;
      for (int i = 0; i < p.rank; i++) a[n++] = co[i];
      a[n++] = cv;
      if (p.reduce)
        snprintf(tok, sizeof tok,
                 "reduce.async.bulk.tensor.%dd.global.shared::cta.%s.tile.bulk_group%s", p.rank,
                 p.reduce, hint);
      else
        snprintf(tok, sizeof tok, "async.bulk.tensor.%dd.global.shared::cta.tile.bulk_group%s",
                 p.rank, hint);
      entry = p.reduce ? "cp_reduce_async_bulk_tensor" : "cp_async_bulk_tensor_s2g";
    }
    if (p.cache) a[n++] = p.cache;
    Expr *c = tile_ptx(op, entry, tok, a, n);
    if (!c) return NULL;
    Stmt *body = tile_eval(op, c);
    return it ? tile_for(op, it, tile_int(op, p.issue), FOR_UNROLLED, body) : body;
  }
  if (p.load) {
    a[n++] = sptr;
    a[n++] = mv;
    for (int i = 0; i < p.rank; i++) a[n++] = co[i];
    a[n++] = p.mbar;
  } else {
    a[n++] = mv;
    for (int i = 0; i < p.rank; i++) a[n++] = co[i];
    a[n++] = sptr;
  }
  Stmt *body =
      tile_eval(op, tile_call(op, p.load ? I_PTX_CP_BULK_TENSOR_G2S : I_PTX_CP_BULK_TENSOR_S2G,
                              tirx_dtype(DT_VOID), a, n));
  return it ? tile_for(op, it, tile_int(op, p.issue), FOR_UNROLLED, body) : body;
}

Stmt *tile_ca_tma_auto_emit(TileOp *op) { return tma_emit(op, false); }
Stmt *tile_ca_tma_explicit_emit(TileOp *op) { return tma_emit(op, true); }

/* ---- dsmem ------------------------------------------------------------------------- */
/* One thread copies a region of this CTA's shared memory into the same-shaped region
 * of CTA `remote_cta_id=` of the cluster with cp.async.bulk.shared::cluster.shared::cta,
 * completing on that CTA's copy of `mbar=` (both addresses mapped with mapa).  The
 * region goes in chunks of c elements, c the largest run both sides hold contiguously
 * and aligned (swizzle atoms included) that splits the region; a chunk must be a
 * multiple of 16 bytes.  The caller arms the remote barrier (expect_tx), as in TVM. */

typedef struct Dsmem {
  TileRegion dst, src;
  int64_t eb, chunk, n;
  Expr *rank, *mbar;
} Dsmem;

static bool dsmem_plan(TileOp *op, Dsmem *p, char *why, size_t nwhy) {
  memset(p, 0, sizeof *p);
  if (op->scope != TS_THREAD) {
    tile_why(why, nwhy,
             "the copy is issued by a single thread (T.tile / Tx.copy_async), not at %s scope",
             tile_scope_name(op->scope));
    return false;
  }
  if (op->nargs != 2 || !tile_is_region(op->args[0]) || !tile_is_region(op->args[1])) {
    tile_why(why, nwhy, "takes a destination and a source region");
    return false;
  }
  if (!tile_region(op, op->args[0], &p->dst, why, nwhy) ||
      !tile_region(op, op->args[1], &p->src, why, nwhy))
    return false;
  if (!is_shared(p->src.buf) || !is_shared(p->dst.buf)) {
    tile_why(why, nwhy, "copies shared -> shared (another CTA's) only, not %s -> %s",
             p->src.buf->scope, p->dst.buf->scope);
    return false;
  }
  if (!tirx_dtype_eq(p->src.buf->dtype, p->dst.buf->dtype) || p->src.n != p->dst.n) {
    tile_why(why, nwhy, "the regions differ in dtype or element count");
    return false;
  }
  p->rank = tile_kwarg(op, "remote_cta_id");
  p->mbar = tile_kwarg(op, "mbar");
  if (!p->rank || !p->mbar) {
    tile_why(why, nwhy,
             "needs remote_cta_id= (the destination CTA in the cluster) and mbar= (its barrier)");
    return false;
  }
  int bits = tirx_dtype_bits(p->src.buf->dtype) * p->src.buf->dtype.lanes;
  if (bits % 8) {
    tile_why(why, nwhy, "elements of %d bits are not whole bytes", bits);
    return false;
  }
  p->eb = bits / 8;
  p->n = p->src.n;
  char last[256] = "no chunk of a multiple of 16 bytes splits the region";
  for (int64_t c = p->n; c >= 1; c--) {
    if (p->n % c || (c * p->eb) % 16) continue;
    if (!vec_fits(op, &p->src, c, last, sizeof last) ||
        !vec_fits(op, &p->dst, c, last, sizeof last))
      continue;
    p->chunk = c;
    return true;
  }
  tile_why(why, nwhy, "layouts not compatible for bulk copies of whole 16-byte chunks (%s)", last);
  return false;
}

bool tile_ca_dsmem_ok(TileOp *op, char *why, size_t nwhy) {
  Dsmem p;
  return dsmem_plan(op, &p, why, nwhy);
}

static Expr *mapa(TileOp *op, Expr *ptr, Expr *rank) {
  Expr *a[2] = {ptr, tile_cast(op, tirx_dtype(DT_UINT32), rank)};
  return tile_call(op, I_PTX_MAPA_SHARED_U32, tirx_dtype(DT_UINT32), a, 2);
}

Stmt *tile_ca_dsmem_emit(TileOp *op) {
  Dsmem p;
  char why[TILE_WHY_LEN];
  if (!dsmem_plan(op, &p, why, sizeof why)) {
    tile_error(op, "%s", why);
    return NULL;
  }
  Buffer *m = tile_alloc(op, "remote_mbar", tirx_dtype(DT_UINT32), 1, "local");
  Expr **z = TIRX_NEWN(op->m, Expr *, 1);
  z[0] = tile_int(op, 0);
  Stmt *set = tirx_stmt_new(op->m, S_STORE, noloc());
  set->u.store.buf = m;
  set->u.store.n = 1;
  set->u.store.idx = z;
  set->u.store.value = mapa(op, p.mbar, p.rank);
  int64_t issues = p.n / p.chunk;
  Var *f = issues > 1 ? tile_var(op, "chunk") : NULL;
  Expr *flat = f ? tile_bin(op, E_MUL, tirx_varref(op->m, f, noloc()), tile_int(op, p.chunk))
                 : tile_int(op, 0);
  Expr *src = addr_of(op, &p.src, tile_unravel(op, flat, p.src.ext, p.src.nd));
  Expr *cvta = tile_call(op, I_CUDA_CVTA_TO_SHARED, tirx_dtype(DT_UINT32), &src, 1);
  Expr *ops[4] = {
      mapa(op, addr_of(op, &p.dst, tile_unravel(op, flat, p.dst.ext, p.dst.nd)), p.rank), cvta,
      tirx_int(op->m, tirx_dtype(DT_UINT32), p.chunk * p.eb, noloc()),
      tirx_load(op->m, m, z, 1, noloc())};
  Expr *c = tile_ptx(op, "cp_async_bulk_s2c",
                     "async.bulk.shared::cluster.shared::cta.mbarrier::complete_tx::bytes", ops, 4);
  if (!c) return NULL;
  Stmt *body = tile_eval(op, c);
  if (f) body = tile_for(op, f, tile_int(op, issues), FOR_UNROLLED, body);
  Stmt *items[2] = {set, body};
  return tile_seq(op, items, 2);
}
