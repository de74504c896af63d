/* bundle.c — .tirxb writer and reader (tirx/bundle.h, docs/bundle-format.md).
 *
 * Layout: a 24-byte header (magic, version, flags, total size) followed by tagged
 * sections (tag, payload length, payload padded to 8 bytes), ending with an END
 * section.  All integers are little-endian.  Readers skip unknown section tags, so a
 * later writer may add sections without a version bump.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "tirx/bundle.h"

#define BUNDLE_MAGIC "TIRXBNDL"
/* Version 1: no tensor maps.  Version 2: each PLAN payload ends with its tensor-map
   specs.  The writer writes 1 when no plan has a tensor map (so such bundles stay
   readable by version-1 runtimes) and 2 otherwise; the reader reads both.  Version 3:
   the layout of version 2, written when some kernel has TIRX_KERNEL_NVSHMEM, so that a
   runtime that cannot initialise NVSHMEM refuses the bundle instead of launching a
   kernel whose NVSHMEM state is empty. */
#define BUNDLE_VERSION_MIN 1u
#define BUNDLE_VERSION_TMAP 2u
#define BUNDLE_VERSION_NVSHMEM 3u
#define BUNDLE_VERSION_MAX BUNDLE_VERSION_NVSHMEM
#define BUNDLE_HEADER_SIZE 24u
#define TAG(a, b, c, d) \
  ((uint32_t)(a) | (uint32_t)(b) << 8 | (uint32_t)(c) << 16 | (uint32_t)(d) << 24)
#define TAG_CODE TAG('C', 'O', 'D', 'E')
#define TAG_PLAN TAG('P', 'L', 'A', 'N')
#define TAG_END TAG('E', 'N', 'D', '!')

/* Sanity bounds for the reader (a hostile file must not make us allocate wildly). */
#define MAX_COUNT 65536u
#define MAX_STRING (1u << 20)

/* ---- The in-memory bundle ------------------------------------------------------------ */

TirxBundle *tirx_bundle_create(void) { return calloc(1, sizeof(TirxBundle)); }

void tirx_bundle_destroy(TirxBundle *b) {
  if (!b) return;
  for (int32_t i = 0; i < b->ncodes; i++) free(b->codes[i].data);
  free(b->codes);
  for (int32_t i = 0; i < b->nplans; i++) tirx_plan_destroy(b->plans[i]);
  free(b->plans);
  free(b);
}

int tirx_bundle_add_code(TirxBundle *b, TirxCodeKind kind, const char *arch, const void *data,
                         size_t size) {
  if (!arch || strlen(arch) >= sizeof(b->codes[0].arch) || (size > 0 && !data)) return -1;
  if (kind != TIRX_CODE_CUBIN && kind != TIRX_CODE_PTX && kind != TIRX_CODE_FATBIN) return -1;
  int add_nul = kind == TIRX_CODE_PTX && (size == 0 || ((const char *)data)[size - 1]);
  void *copy = malloc(size + (size_t)add_nul + 1);
  if (!copy) return -1;
  if (size) memcpy(copy, data, size);
  if (add_nul) ((char *)copy)[size++] = '\0';
  TirxBundleCode *codes = realloc(b->codes, sizeof(*codes) * (size_t)(b->ncodes + 1));
  if (!codes) {
    free(copy);
    return -1;
  }
  b->codes = codes;
  TirxBundleCode *c = &codes[b->ncodes];
  memset(c, 0, sizeof(*c));
  c->kind = kind;
  strcpy(c->arch, arch);
  c->size = size;
  c->data = copy;
  return b->ncodes++;
}

int tirx_bundle_add_plan(TirxBundle *b, TirxPlan *plan) {
  if (!plan) return -1;
  TirxPlan **plans = realloc(b->plans, sizeof(*plans) * (size_t)(b->nplans + 1));
  if (!plans) {
    tirx_plan_destroy(plan);
    return -1;
  }
  b->plans = plans;
  plans[b->nplans] = plan;
  return b->nplans++;
}

const TirxPlan *tirx_bundle_find_plan(const TirxBundle *b, const char *name) {
  if (name) {
    for (int32_t i = 0; i < b->nplans; i++)
      if (strcmp(b->plans[i]->name, name) == 0) return b->plans[i];
    return NULL;
  }
  if (b->nplans == 1) return b->plans[0];
  return tirx_bundle_find_plan(b, "main");
}

/* ---- Writer -------------------------------------------------------------------------- */

typedef RtStrBuf Wr; /* a byte buffer; the trailing NUL RtStrBuf keeps is harmless */

static void put_u8(Wr *w, uint8_t v) { rt_sb_appendn(w, (const char *)&v, 1); }

static void put_u32(Wr *w, uint32_t v) {
  unsigned char b[4];
  for (int i = 0; i < 4; i++) b[i] = (unsigned char)(v >> (8 * i));
  rt_sb_appendn(w, (const char *)b, 4);
}

static void put_u64(Wr *w, uint64_t v) {
  put_u32(w, (uint32_t)v);
  put_u32(w, (uint32_t)(v >> 32));
}

static void put_str(Wr *w, const char *s) {
  size_t n = strlen(s);
  put_u32(w, (uint32_t)n);
  rt_sb_appendn(w, s, n);
}

/* A nullable string: flag byte, then the string. */
static void put_opt_str(Wr *w, const char *s) {
  put_u8(w, s != NULL);
  if (s) put_str(w, s);
}

static void put_dtype(Wr *w, DLDataType t) {
  put_u8(w, t.code);
  put_u8(w, t.bits);
  put_u32(w, t.lanes);
}

static void put_expr(Wr *w, const TirxPlanExpr *e) {
  put_u32(w, (uint32_t)e->nops);
  for (int32_t i = 0; i < e->nops; i++) {
    put_u32(w, (uint32_t)e->ops[i].op);
    put_u64(w, (uint64_t)e->ops[i].imm);
  }
}

static void put_tensor_map(Wr *w, const TirxPlanTensorMap *m) {
  put_str(w, m->name);
  put_u32(w, (uint32_t)m->param);
  put_expr(w, &m->byte_offset);
  put_dtype(w, m->dtype);
  put_u32(w, (uint32_t)m->rank);
  for (int32_t i = 0; i < m->rank; i++) put_expr(w, &m->global_dim[i]);
  for (int32_t i = 0; i + 1 < m->rank; i++) put_expr(w, &m->global_strides[i]);
  for (int32_t i = 0; i < m->rank; i++) put_expr(w, &m->box_dim[i]);
  for (int32_t i = 0; i < m->rank; i++) put_expr(w, &m->element_strides[i]);
  put_u32(w, (uint32_t)m->interleave);
  put_u32(w, (uint32_t)m->swizzle);
  put_u32(w, (uint32_t)m->l2_promotion);
  put_u32(w, (uint32_t)m->oob_fill);
  put_u32(w, (uint32_t)m->force_cu_dtype);
}

static void put_plan(Wr *w, const TirxPlan *p, uint32_t version) {
  put_str(w, p->name);
  put_opt_str(w, p->signature);
  put_u32(w, (uint32_t)p->nsyms);
  for (int32_t s = 0; s < p->nsyms; s++) {
    put_str(w, p->syms[s].name);
    put_dtype(w, p->syms[s].dtype);
  }
  put_u32(w, (uint32_t)p->nparams);
  for (int32_t i = 0; i < p->nparams; i++) {
    const TirxPlanParam *pp = &p->params[i];
    put_u32(w, (uint32_t)pp->kind);
    put_str(w, pp->name);
    put_opt_str(w, pp->handle_name);
    put_dtype(w, pp->dtype);
    put_u32(w, (uint32_t)pp->ndim);
    for (int32_t k = 0; k < pp->ndim; k++) put_expr(w, &pp->shape[k]);
    put_u32(w, (uint32_t)pp->has_strides);
    put_u32(w, (uint32_t)pp->sym);
  }
  put_u32(w, (uint32_t)p->nkernels);
  for (int32_t ki = 0; ki < p->nkernels; ki++) {
    const TirxPlanKernel *k = &p->kernels[ki];
    put_str(w, k->name);
    put_u32(w, k->flags);
    put_u32(w, (uint32_t)k->nargs);
    for (int32_t a = 0; a < k->nargs; a++) {
      put_u32(w, (uint32_t)k->args[a].source);
      put_u32(w, (uint32_t)k->args[a].index);
      put_u32(w, (uint32_t)k->args[a].ctype);
      put_expr(w, &k->args[a].expr);
    }
    for (int d = 0; d < TIRX_LAUNCH_NUM; d++)
      for (int x = 0; x < 3; x++) put_expr(w, &k->launch[d][x]);
    put_expr(w, &k->dyn_smem);
  }
  if (version >= BUNDLE_VERSION_TMAP) {
    put_u32(w, (uint32_t)p->nmaps);
    for (int32_t i = 0; i < p->nmaps; i++) put_tensor_map(w, &p->maps[i]);
  }
}

static void put_pad8(Wr *w) {
  while (w->len % 8) put_u8(w, 0);
}

/* Section header; returns the offset of the length field, patched by end_section. */
static size_t begin_section(Wr *w, uint32_t tag) {
  put_u32(w, tag);
  put_u32(w, 0);
  size_t at = w->len;
  put_u64(w, 0);
  return at;
}

static void patch_u64(Wr *w, size_t at, uint64_t v) {
  if (w->oom) return;
  for (int i = 0; i < 8; i++) w->buf[at + (size_t)i] = (char)(unsigned char)(v >> (8 * i));
}

static void end_section(Wr *w, size_t at) {
  patch_u64(w, at, w->len - (at + 8));
  put_pad8(w);
}

TirxStatus tirx_bundle_write(const TirxBundle *b, void **out, size_t *size, char **err) {
  for (int32_t i = 0; i < b->nplans; i++)
    if (tirx_plan_validate(b->plans[i], err) != 0) return -1;
  if (b->ncodes == 0) return rt_errorf(err, "bundle has no code object");
  uint32_t version = BUNDLE_VERSION_MIN;
  for (int32_t i = 0; i < b->nplans; i++)
    if (b->plans[i]->nmaps > 0) version = BUNDLE_VERSION_TMAP;
  for (int32_t i = 0; i < b->nplans; i++)
    for (int32_t k = 0; k < b->plans[i]->nkernels; k++)
      if (b->plans[i]->kernels[k].flags & TIRX_KERNEL_NVSHMEM) version = BUNDLE_VERSION_NVSHMEM;
  Wr w;
  rt_sb_init(&w);
  rt_sb_appendn(&w, BUNDLE_MAGIC, 8);
  put_u32(&w, version);
  put_u32(&w, 0); /* flags */
  put_u64(&w, 0); /* total size, patched below */
  for (int32_t i = 0; i < b->ncodes; i++) {
    const TirxBundleCode *c = &b->codes[i];
    size_t at = begin_section(&w, TAG_CODE);
    put_u32(&w, (uint32_t)c->kind);
    put_str(&w, c->arch);
    put_u64(&w, c->size);
    rt_sb_appendn(&w, c->data, c->size);
    end_section(&w, at);
  }
  for (int32_t i = 0; i < b->nplans; i++) {
    size_t at = begin_section(&w, TAG_PLAN);
    put_plan(&w, b->plans[i], version);
    end_section(&w, at);
  }
  end_section(&w, begin_section(&w, TAG_END));
  patch_u64(&w, 16, w.len);
  if (w.oom) {
    rt_sb_free(&w);
    return rt_errorf(err, "out of memory writing bundle");
  }
  *size = w.len;
  *out = rt_sb_finish(&w);
  return 0;
}

TirxStatus tirx_bundle_write_file(const TirxBundle *b, const char *path, char **err) {
  void *buf;
  size_t n;
  if (tirx_bundle_write(b, &buf, &n, err) != 0) return -1;
  FILE *f = fopen(path, "wb");
  if (!f) {
    free(buf);
    return rt_errorf(err, "cannot write bundle %s: %s", path, strerror(errno));
  }
  size_t wrote = fwrite(buf, 1, n, f);
  int close_rc = fclose(f);
  free(buf);
  if (wrote != n || close_rc != 0)
    return rt_errorf(err, "cannot write bundle %s: %s", path, strerror(errno));
  return 0;
}

/* ---- Reader -------------------------------------------------------------------------- */

typedef struct Rd {
  const unsigned char *p;
  size_t len, pos;
  int bad; /* set on overrun or nonsense; every get_ then returns 0 */
} Rd;

static const unsigned char *take(Rd *r, size_t n) {
  if (r->bad || n > r->len - r->pos) {
    r->bad = 1;
    return NULL;
  }
  const unsigned char *q = r->p + r->pos;
  r->pos += n;
  return q;
}

static uint8_t get_u8(Rd *r) {
  const unsigned char *q = take(r, 1);
  return q ? q[0] : 0;
}

static uint32_t get_u32(Rd *r) {
  const unsigned char *q = take(r, 4);
  if (!q) return 0;
  return (uint32_t)q[0] | (uint32_t)q[1] << 8 | (uint32_t)q[2] << 16 | (uint32_t)q[3] << 24;
}

static uint64_t get_u64(Rd *r) {
  uint64_t lo = get_u32(r);
  return lo | (uint64_t)get_u32(r) << 32;
}

/* A count that must be <= MAX_COUNT (else the reader is marked bad). */
static uint32_t get_count(Rd *r) {
  uint32_t n = get_u32(r);
  if (n > MAX_COUNT) r->bad = 1;
  return r->bad ? 0 : n;
}

/* Malloc'd NUL-terminated copy, or NULL (bad/oom: r->bad set). */
static char *get_str(Rd *r) {
  uint32_t n = get_u32(r);
  if (n > MAX_STRING) r->bad = 1;
  const unsigned char *q = take(r, n);
  if (!q) return NULL;
  char *s = malloc((size_t)n + 1);
  if (!s) {
    r->bad = 1;
    return NULL;
  }
  memcpy(s, q, n);
  s[n] = '\0';
  if (strlen(s) != n) /* embedded NUL */
    r->bad = 1;
  return s;
}

static char *get_opt_str(Rd *r) { return get_u8(r) ? get_str(r) : NULL; }

static DLDataType get_dtype(Rd *r) {
  DLDataType t;
  t.code = get_u8(r);
  t.bits = get_u8(r);
  uint32_t lanes = get_u32(r);
  if (lanes > 0xFFFF) r->bad = 1;
  t.lanes = (uint16_t)lanes;
  return t;
}

static void get_expr(Rd *r, TirxPlanExpr *e) {
  tirx_plan_expr_init(e);
  uint32_t n = get_count(r);
  for (uint32_t i = 0; i < n && !r->bad; i++) {
    uint32_t op = get_u32(r);
    int64_t imm = (int64_t)get_u64(r);
    if (!r->bad && tirx_plan_expr_push(e, (TirxExprOpcode)op, imm) != 0) r->bad = 1;
  }
}

/* Read n expressions into e[0..n) (n <= TIRX_TMAP_MAX_RANK). */
static void get_exprs(Rd *r, TirxPlanExpr *e, int32_t n) {
  for (int32_t i = 0; i < n && !r->bad; i++) get_expr(r, &e[i]);
}

/* One tensor-map spec, added to p (r->bad on failure). */
static void get_tensor_map(Rd *r, TirxPlan *p) {
  TirxPlanTensorMap m;
  tirx_plan_tensor_map_init(&m);
  char *name = get_str(r);
  m.param = (int32_t)get_u32(r);
  get_expr(r, &m.byte_offset);
  m.dtype = get_dtype(r);
  uint32_t rank = get_u32(r);
  if (rank < 1 || rank > TIRX_TMAP_MAX_RANK) r->bad = 1;
  m.rank = r->bad ? 0 : (int32_t)rank;
  get_exprs(r, m.global_dim, m.rank);
  get_exprs(r, m.global_strides, m.rank - 1);
  get_exprs(r, m.box_dim, m.rank);
  get_exprs(r, m.element_strides, m.rank);
  m.interleave = (int32_t)get_u32(r);
  m.swizzle = (int32_t)get_u32(r);
  m.l2_promotion = (int32_t)get_u32(r);
  m.oob_fill = (int32_t)get_u32(r);
  m.force_cu_dtype = (int32_t)get_u32(r);
  m.name = name;
  if (!r->bad && tirx_plan_add_tensor_map(p, &m) < 0) r->bad = 1;
  free(name);
  tirx_plan_tensor_map_clear(&m);
}

/* Parse one plan payload of a bundle of `version`; NULL with r->bad set on failure. */
static TirxPlan *get_plan(Rd *r, uint32_t version) {
  char *name = get_str(r);
  TirxPlan *p = name ? tirx_plan_create(name) : NULL;
  free(name);
  if (!p) {
    r->bad = 1;
    return NULL;
  }
  p->signature = get_opt_str(r);
  uint32_t nsyms = get_count(r);
  for (uint32_t s = 0; s < nsyms && !r->bad; s++) {
    char *sn = get_str(r);
    DLDataType t = get_dtype(r);
    if (r->bad || tirx_plan_add_symbol(p, sn, t) < 0) r->bad = 1;
    free(sn);
  }
  uint32_t nparams = get_count(r);
  for (uint32_t i = 0; i < nparams && !r->bad; i++) {
    uint32_t kind = get_u32(r);
    char *pn = get_str(r);
    char *hn = get_opt_str(r);
    DLDataType t = get_dtype(r);
    uint32_t ndim = get_count(r);
    TirxPlanExpr *shape = calloc((size_t)ndim + 1, sizeof(*shape));
    if (!shape) r->bad = 1;
    for (uint32_t k = 0; k < ndim && !r->bad; k++) get_expr(r, &shape[k]);
    uint32_t has_strides = get_u32(r);
    int32_t sym = (int32_t)get_u32(r);
    int32_t j = -1;
    if (!r->bad && pn) {
      if (kind == TIRX_PARAM_TENSOR)
        j = tirx_plan_add_tensor_param(p, pn, hn, t, (int32_t)ndim, shape);
      else if (kind == TIRX_PARAM_SCALAR) j = tirx_plan_add_scalar_param(p, pn, t, sym);
      else if (kind == TIRX_PARAM_HANDLE) j = tirx_plan_add_handle_param(p, pn);
    }
    if (j < 0) r->bad = 1;
    else p->params[j].has_strides = (int32_t)has_strides;
    for (uint32_t k = 0; shape && k < ndim; k++) tirx_plan_expr_clear(&shape[k]);
    free(shape);
    free(pn);
    free(hn);
  }
  uint32_t nkernels = get_count(r);
  for (uint32_t ki = 0; ki < nkernels && !r->bad; ki++) {
    char *kn = get_str(r);
    int32_t k = kn ? tirx_plan_add_kernel(p, kn) : -1;
    free(kn);
    if (k < 0) {
      r->bad = 1;
      break;
    }
    TirxPlanKernel *kk = &p->kernels[k];
    kk->flags = get_u32(r);
    uint32_t nargs = get_count(r);
    for (uint32_t a = 0; a < nargs && !r->bad; a++) {
      uint32_t src = get_u32(r);
      int32_t index = (int32_t)get_u32(r);
      uint32_t ctype = get_u32(r);
      TirxPlanExpr e;
      get_expr(r, &e);
      int32_t got = -1;
      if (!r->bad && src == TIRX_ARG_EXPR)
        got = tirx_plan_kernel_add_expr_arg(p, k, &e, (TirxCType)ctype);
      else if (!r->bad)
        got = tirx_plan_kernel_add_arg(p, k, (TirxArgSource)src, index, (TirxCType)ctype);
      if (got < 0) r->bad = 1;
      tirx_plan_expr_clear(&e);
    }
    for (int d = 0; d < TIRX_LAUNCH_NUM; d++)
      for (int x = 0; x < 3; x++) get_expr(r, &kk->launch[d][x]);
    get_expr(r, &kk->dyn_smem);
  }
  uint32_t nmaps = version >= BUNDLE_VERSION_TMAP ? get_count(r) : 0;
  for (uint32_t i = 0; i < nmaps && !r->bad; i++) get_tensor_map(r, p);
  if (r->bad) {
    tirx_plan_destroy(p);
    return NULL;
  }
  return p;
}

TirxStatus tirx_bundle_read(const void *data, size_t size, TirxBundle **out, char **err) {
  Rd r = {data, size, 0, 0};
  const unsigned char *magic = take(&r, 8);
  if (!magic || memcmp(magic, BUNDLE_MAGIC, 8) != 0)
    return rt_errorf(err, "not a tirx bundle (bad magic)");
  uint32_t version = get_u32(&r);
  get_u32(&r); /* flags: none defined */
  uint64_t total = get_u64(&r);
  if (r.bad) return rt_errorf(err, "truncated tirx bundle header");
  if (version < BUNDLE_VERSION_MIN || version > BUNDLE_VERSION_MAX)
    return rt_errorf(err, "unsupported tirx bundle version %u (this runtime reads %u to %u)",
                     version, BUNDLE_VERSION_MIN, BUNDLE_VERSION_MAX);
  if (total != size)
    return rt_errorf(err,
                     "tirx bundle is truncated or padded: header says %" PRIu64 " bytes, got %zu",
                     total, size);
  TirxBundle *b = tirx_bundle_create();
  if (!b) return rt_errorf(err, "out of memory");
  int seen_end = 0;
  while (!seen_end) {
    uint32_t tag = get_u32(&r);
    get_u32(&r);
    uint64_t len = get_u64(&r);
    if (r.bad || len > r.len - r.pos) {
      tirx_bundle_destroy(b);
      return rt_errorf(err, "truncated tirx bundle section at offset %zu", r.pos);
    }
    Rd sec = {r.p + r.pos, (size_t)len, 0, 0};
    r.pos += (size_t)len;
    while (r.pos % 8 && r.pos < r.len) /* padding */
      r.pos++;
    const char *what = NULL;
    if (tag == TAG_CODE) {
      uint32_t kind = get_u32(&sec);
      char *arch = get_str(&sec);
      uint64_t n = get_u64(&sec);
      const unsigned char *bytes = n <= sec.len ? take(&sec, (size_t)n) : NULL;
      if (sec.bad || !bytes || sec.pos != sec.len ||
          tirx_bundle_add_code(b, (TirxCodeKind)kind, arch, bytes, (size_t)n) < 0)
        what = "code object";
      free(arch);
    } else if (tag == TAG_PLAN) {
      TirxPlan *p = get_plan(&sec, version);
      if (!p || sec.pos != sec.len) what = "launch plan";
      if (p && !what && tirx_bundle_add_plan(b, p) < 0) what = "launch plan";
      else if (p && what) tirx_plan_destroy(p);
    } else if (tag == TAG_END) {
      seen_end = 1;
    } /* other tags: skipped */
    if (what) {
      tirx_bundle_destroy(b);
      return rt_errorf(err, "malformed %s in tirx bundle", what);
    }
  }
  for (int32_t i = 0; i < b->nplans; i++) {
    char *sub = NULL;
    if (tirx_plan_validate(b->plans[i], &sub) != 0) {
      rt_errorf(err, "invalid launch plan in tirx bundle: %s", sub ? sub : "?");
      free(sub);
      tirx_bundle_destroy(b);
      return -1;
    }
  }
  *out = b;
  return 0;
}

TirxStatus tirx_bundle_read_file(const char *path, TirxBundle **out, char **err) {
  RtStrBuf sb;
  if (rt_read_file(path, "bundle ", &sb, err) != 0) return -1;
  char *sub = NULL;
  int rc = tirx_bundle_read(sb.buf ? sb.buf : "", sb.len, out, &sub);
  rt_sb_free(&sb);
  if (rc != 0) {
    rt_errorf(err, "%s: %s", path, sub ? sub : "bad bundle");
    free(sub);
  }
  return rc;
}
