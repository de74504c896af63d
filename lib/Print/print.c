/* The TVMScript printer: output buffer, the name table, modules, functions
 * and signatures.  Expressions are in print_expr.c, statements in
 * print_stmt.c, launch-plan comments in print_plan.c.
 *
 * Layout of a printed function (grammar §1.2, §2.4, §1.5):
 *   [# launch plan ... comment lines]
 *   @T.prim_func[(private=True, s_tir=True, persistent=True)]
 *   def NAME(PARAMS) [-> T.dtype]:
 *       m, n = T.int32(), T.int32()      # new symbolic shape vars, per buffer
 *       T.func_attr({...})
 *       k = T.int32()                    # free vars used in the body
 *       BODY                             # free buffers declared at their uses
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "Print/plan_comment.h"
#include "Print/printer.h"
#include "tirx/internal/intrin.h"
#include "tirx/internal/print.h"
#include "Support/oom.h"
#include "Support/vec.h"

/* ---- output ------------------------------------------------------------ */

void prbuf_pystr(PrBuf *b, const char *s, size_t n) {
  prbuf_put(b, "\"", 1);
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)s[i];
    switch (c) {
    case '"': prbuf_puts(b, "\\\""); break;
    case '\\': prbuf_puts(b, "\\\\"); break;
    case '\t': prbuf_puts(b, "\\t"); break;
    case '\r': prbuf_puts(b, "\\r"); break;
    case '\n': prbuf_puts(b, "\\n"); break;
    default:
      if (c >= 0x20 && c <= 0x7e) prbuf_put(b, (const char *)&s[i], 1);
      else prbuf_printf(b, "\\x%02X", c);
    }
  }
  prbuf_put(b, "\"", 1);
}

/* ---- names (grammar §5.2) ------------------------------------------------ */

/* Names the printer never gives out: the namespaces, and Python keywords
 * (TVM does not reserve those, but `in = ...` would not re-parse). */
static const char *const reserved_names[] = {
    "T",    "I",      "R",      "cls",      "Axis",  "False", "None",     "True",  "and",
    "as",   "assert", "async",  "await",    "break", "class", "continue", "def",   "del",
    "elif", "else",   "except", "finally",  "for",   "from",  "global",   "if",    "import",
    "in",   "is",     "lambda", "nonlocal", "not",   "or",    "pass",     "raise", "return",
    "try",  "while",  "with",   "yield",    NULL};

static uint32_t name_hash(const char *s) {
  uint32_t h = 2166136261u; /* FNV-1a */
  for (; *s; s++) h = (h ^ (unsigned char)*s) * 16777619u;
  return h;
}

static bool name_taken(const Printer *p, const char *s, uint32_t h) {
  for (int i = 0; reserved_names[i]; i++)
    if (reserved_names[i][0] == s[0] && strcmp(reserved_names[i], s) == 0) return true;
  if (!p->nbuckets) return false;
  for (int i = p->name_head[h & (uint32_t)(p->nbuckets - 1)]; i >= 0; i = p->names[i].next_name)
    if (p->names[i].hash == h && strcmp(p->names[i].name, s) == 0) return true;
  return false;
}

static uint32_t key_hash(const void *key) {
  uint64_t x = (uint64_t)(uintptr_t)key * 0x9E3779B97F4A7C15ull;
  return (uint32_t)(x >> 32);
}

/* Links entry i at the head of its two buckets. */
static void index_entry(Printer *p, int i) {
  uint32_t mask = (uint32_t)(p->nbuckets - 1);
  PrName *n = &p->names[i];
  int *nh = &p->name_head[n->hash & mask], *kh = &p->key_head[key_hash(n->key) & mask];
  n->next_name = *nh;
  n->next_key = *kh;
  *nh = *kh = i;
}

/* Keeps the buckets at least as many as the entries (rebuilt oldest first, so that
 * every chain stays newest first). */
static void index_reserve(Printer *p, int n) {
  if (n <= p->nbuckets) return;
  int nb = p->nbuckets ? p->nbuckets : 64;
  while (nb < n) nb *= 2;
  free(p->name_head);
  free(p->key_head);
  p->name_head = tirx_xmalloc(sizeof *p->name_head * (size_t)nb);
  p->key_head = tirx_xmalloc(sizeof *p->key_head * (size_t)nb);
  memset(p->name_head, 0xff, sizeof *p->name_head * (size_t)nb);
  memset(p->key_head, 0xff, sizeof *p->key_head * (size_t)nb);
  p->nbuckets = nb;
  for (int i = 0; i < p->nnames; i++) index_entry(p, i);
}

/* ---- where the search for a free `base_N` starts (Printer.hints) ---- */

typedef struct PrHint {
  char *base; /* NULL: an empty slot */
  uint32_t hash;
  unsigned from;
} PrHint;

/* The slot of base (of length len, hash h): its entry, or the empty slot it would take. */
static PrHint *hint_slot(const Printer *p, const char *base, size_t len, uint32_t h) {
  size_t mask = (size_t)p->caphints - 1;
  for (size_t j = h & mask;; j = (j + 1) & mask) {
    PrHint *e = &p->hints[j];
    if (!e->base || (e->hash == h && strncmp(e->base, base, len) == 0 && e->base[len] == '\0'))
      return e;
  }
}

static uint32_t hash_n(const char *s, size_t len) {
  uint32_t h = 2166136261u; /* FNV-1a, as name_hash */
  for (size_t i = 0; i < len; i++) h = (h ^ (unsigned char)s[i]) * 16777619u;
  return h;
}

static unsigned hint_get(const Printer *p, const char *base) {
  if (!p->caphints) return 1;
  const PrHint *e = hint_slot(p, base, strlen(base), hash_n(base, strlen(base)));
  return e->base ? e->from : 1;
}

static void hint_set(Printer *p, const char *base, unsigned from) {
  if ((p->nhints + 1) * 2 > p->caphints) {
    PrHint *old = p->hints;
    int oldcap = p->caphints;
    p->caphints = oldcap ? oldcap * 2 : 64;
    p->hints = tirx_xcalloc((size_t)p->caphints, sizeof *p->hints);
    for (int i = 0; i < oldcap; i++)
      if (old[i].base) *hint_slot(p, old[i].base, strlen(old[i].base), old[i].hash) = old[i];
    free(old);
  }
  size_t len = strlen(base);
  uint32_t h = hash_n(base, len);
  PrHint *e = hint_slot(p, base, len, h);
  if (!e->base) {
    e->base = tirx_xmalloc(len + 1);
    memcpy(e->base, base, len + 1);
    e->hash = h;
    p->nhints++;
  }
  e->from = from;
}

/* name leaves the table: when it reads `base_N` (N without a leading zero, as
 * pr_define writes it), base_N is free again. */
static void hint_release(Printer *p, const char *name) {
  if (!p->caphints) return;
  const char *us = strrchr(name, '_');
  if (!us || us == name || us[1] < '1' || us[1] > '9') return;
  unsigned long long n = 0;
  for (const char *c = us + 1; *c; c++) {
    if (*c < '0' || *c > '9' || n > UINT_MAX) return;
    n = n * 10 + (unsigned)(*c - '0');
  }
  size_t len = (size_t)(us - name);
  PrHint *e = hint_slot(p, name, len, hash_n(name, len));
  if (e->base && n < e->from) e->from = (unsigned)n;
}

static void hints_free(Printer *p) {
  for (int i = 0; i < p->caphints; i++) free(p->hints[i].base);
  free(p->hints);
  p->hints = NULL;
  p->nhints = p->caphints = 0;
}

/* Removes the top entry (the newest, so the head of both its buckets). */
static void pop_name(Printer *p) {
  PrName *n = &p->names[--p->nnames];
  uint32_t mask = (uint32_t)(p->nbuckets - 1);
  p->name_head[n->hash & mask] = n->next_name;
  p->key_head[key_hash(n->key) & mask] = n->next_key;
  hint_release(p, n->name);
  free(n->name);
}

void pr_push_frame(Printer *p) {
  TIRX_VEC_RESERVE(p->frames, p->capframes, p->nframes + 1);
  p->frames[p->nframes++] = p->nnames;
}

void pr_pop_frame(Printer *p) {
  int keep = p->frames[--p->nframes];
  while (p->nnames > keep) pop_name(p);
}

const char *pr_define(Printer *p, const void *key, const char *hint, bool is_buffer) {
  size_t len = hint ? strlen(hint) : 0;
  char *base = tirx_xmalloc(len + 8); /* room for "buffer" and a leading "v" */
  size_t k = 0;
  if (len && hint[0] >= '0' && hint[0] <= '9') base[k++] = 'v';
  for (size_t i = 0; i < len; i++) {
    char c = hint[i];
    bool ok =
        (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
    base[k++] = ok ? c : '_';
  }
  base[k] = '\0';
  if (k == 0) strcpy(base, is_buffer ? "buffer" : "v");
  char *name = NULL;
  uint32_t h = name_hash(base);
  if (!name_taken(p, base, h)) {
    name = base;
  } else {
    /* base_1, base_2, ...: the first free one (the digits written by hand: a wide
     * unrolled body tries thousands) */
    size_t bl = strlen(base);
    name = tirx_xmalloc(bl + 24);
    memcpy(name, base, bl);
    name[bl] = '_';
    unsigned i = hint_get(p, base);
    for (;; i++) {
      char digits[16];
      int nd = 0;
      for (unsigned v = i; v; v /= 10) digits[nd++] = (char)('0' + v % 10);
      for (int d = 0; d < nd; d++) name[bl + 1 + d] = digits[nd - 1 - d];
      name[bl + 1 + nd] = '\0';
      h = name_hash(name);
      if (!name_taken(p, name, h)) break;
    }
    hint_set(p, base, i + 1);
    free(base);
  }
  TIRX_VEC_RESERVE(p->names, p->capnames, p->nnames + 1);
  p->names[p->nnames++] = (PrName){key, name, h, false, -1, -1};
  if (p->nnames > p->nbuckets) index_reserve(p, p->nnames); /* indexes every entry */
  else index_entry(p, p->nnames - 1);
  return name;
}

/* the index of key's innermost definition in p->names, or -1 */
static int name_index(const Printer *p, const void *key) {
  if (!p->nbuckets) return -1;
  uint32_t mask = (uint32_t)(p->nbuckets - 1);
  for (int i = p->key_head[key_hash(key) & mask]; i >= 0; i = p->names[i].next_key)
    if (p->names[i].key == key) return i;
  return -1;
}

const PrName *pr_lookup(const Printer *p, const void *key) {
  int i = name_index(p, key);
  return i < 0 ? NULL : &p->names[i];
}

/* A use outside any definition (ill-scoped IR from a pass): the object is
 * named in the current scope so that the output stays readable. */
const char *pr_var_name(Printer *p, const Var *v) {
  const PrName *n = pr_lookup(p, v);
  return n ? n->name : pr_define(p, v, v->name, false);
}

const char *pr_buf_name(Printer *p, const Buffer *b) {
  const PrName *n = pr_lookup(p, b);
  return n ? n->name : pr_define(p, b, b->name, true);
}

bool pr_is_scalar_buf(const Printer *p, const Buffer *b) {
  const PrName *n = pr_lookup(p, b);
  return n && n->scalar;
}

bool pr_tvm_scalar_buf(const Printer *p, const Buffer *b) {
  int64_t one;
  return p->tvm_style && b->ndim == 1 && tirx_expr_is_const_int(b->shape[0], &one) && one == 1 &&
         b->nstrides == 0 && b->align <= 0 && b->offset_factor <= 1 && !b->layout &&
         !b->allocated_addr &&
         !(b->annotations && !(b->annotations->kind == E_DICT && b->annotations->u.dict.n == 0));
}

void pr_set_scalar(Printer *p, const Buffer *b) {
  int i = name_index(p, b);
  if (i >= 0) p->names[i].scalar = true;
}

/* ---- free variables and buffers ------------------------------------------ */

/* One step of the path from the function body to a statement: item `index`
 * of the (flattened) block `block`. */
typedef struct PathStep {
  const Stmt *block;
  int index;
} PathStep;

typedef struct UsedBuf {
  const Buffer *buf;
  PathStep *path; /* lowest common ancestor of the uses so far */
  int depth;
} UsedBuf;

typedef struct Collect {
  TxPtrMap defined; /* Var / Buffer defined somewhere in the function */
  TxPtrMap seen;    /* Var / Buffer already recorded as used */
  Var **vars;       /* used vars in first-use order */
  int nvars, capvars;
  UsedBuf *bufs;
  int nbufs, capbufs;
  PathStep *path;
  int depth, cappath;
} Collect;

static void use_buffer(Collect *c, const Buffer *b);

static void use_var(void *ctx, Var *v) {
  Collect *c = ctx;
  if (v->kind == VAR_BUFDATA && v->buffer) {
    use_buffer(c, v->buffer);
    return;
  }
  if (txmap_has(&c->seen, v)) return;
  txmap_puti(&c->seen, v, 1);
  TIRX_VEC_RESERVE(c->vars, c->capvars, c->nvars + 1);
  c->vars[c->nvars++] = v;
}

static void use_exprs(Collect *c, Expr *const *xs, int n) {
  for (int i = 0; i < n; i++)
    if (xs[i]) pr_expr_vars(xs[i], use_var, c);
}

/* Reads of a buffer's declaration: shape, strides, offset, aliased pointer. */
static void use_buffer_decl(Collect *c, const Buffer *b) {
  use_exprs(c, b->shape, b->ndim);
  use_exprs(c, b->strides, b->nstrides);
  if (b->elem_offset) pr_expr_vars(b->elem_offset, use_var, c);
  if (b->decl_data) pr_expr_vars(b->decl_data, use_var, c);
  if (b->allocated_addr) pr_expr_vars(b->allocated_addr, use_var, c);
}

static void use_buffer(Collect *c, const Buffer *b) {
  intptr_t idx = txmap_geti(&c->seen, b);
  if (!idx) {
    TIRX_VEC_RESERVE(c->bufs, c->capbufs, c->nbufs + 1);
    UsedBuf *u = &c->bufs[c->nbufs++];
    u->buf = b;
    u->depth = c->depth;
    u->path = tirx_xmalloc(sizeof *u->path * (size_t)(c->depth ? c->depth : 1));
    memcpy(u->path, c->path, sizeof *u->path * (size_t)c->depth);
    txmap_puti(&c->seen, b, c->nbufs);
    use_buffer_decl(c, b);
    return;
  }
  UsedBuf *u = &c->bufs[idx - 1];
  int k = 0;
  while (k < u->depth && k < c->depth && u->path[k].block == c->path[k].block) {
    if (u->path[k].index != c->path[k].index) {
      if (c->path[k].index < u->path[k].index) u->path[k].index = c->path[k].index;
      k++;
      break;
    }
    k++;
  }
  if (k < u->depth) u->depth = k;
}

/* Buffers an expression touches directly (loads, regions, references). */
typedef struct {
  IRVisitor v;
  Collect *c;
} BufVisitor;

static bool buf_visit(IRVisitor *v, Expr *e) {
  Collect *c = ((BufVisitor *)v)->c;
  if (e->kind == E_LOAD) use_buffer(c, e->u.load.buf);
  else if (e->kind == E_REGION) use_buffer(c, e->u.region.buf);
  else if (e->kind == E_BUFREF) use_buffer(c, e->u.bufref);
  /* a T.Let variable is declared like a free one (v = T.int32()) so that
   * `T.Let(body, where={v: value})` re-parses */
  return true;
}

static void use_expr(Collect *c, const Expr *e) {
  if (!e) return;
  BufVisitor bv = {{0}, c};
  bv.v.expr = buf_visit;
  tirx_visit_expr_ro(&bv.v, e);
  pr_expr_vars(e, use_var, c);
}

static void collect_block(Collect *c, const Stmt *s);

/* Uses and definitions of one statement (its children, from stmt.def's
 * children column); nested bodies are blocks, and a SeqStmt flattens into
 * its enclosing block. */
static void coll_expr(void *c, Expr *e) { use_expr(c, e); }
static void coll_body(void *c, Stmt *s) { collect_block(c, s); }
static void coll_def(void *c, Var *v) { txmap_puti(&((Collect *)c)->defined, v, 1); }
static void coll_buf(void *c, Buffer *b) { use_buffer(c, b); }
static void coll_decl(void *c, Buffer *b) {
  txmap_puti(&((Collect *)c)->defined, b, 1);
  use_buffer_decl(c, b);
}
static const IRChildFns coll_fns = {coll_expr, coll_body, NULL, coll_def, coll_buf, coll_decl};

static void collect_stmt(Collect *c, const Stmt *s) {
  if (s->kind == S_SEQ) collect_block(c, s);
  else tirx_stmt_children_ro(s, &coll_fns, c);
}

static void collect_block(Collect *c, const Stmt *s) {
  if (!s) return;
  const Stmt **items;
  int n = pr_flatten(s, &items);
  TIRX_VEC_RESERVE(c->path, c->cappath, c->depth + 1);
  int d = c->depth++;
  for (int i = 0; i < n; i++) {
    c->path[d] = (PathStep){s, i};
    collect_stmt(c, items[i]);
  }
  c->depth--;
  free(items);
}

static void collect_free(Printer *p, const PrimFunc *f, Var ***free_vars, int *nfree) {
  Collect c = {0};
  for (int i = 0; i < f->nparams; i++) {
    const Param *pa = &f->params[i];
    txmap_puti(&c.defined, pa->var, 1);
    if (!pa->buf) continue;
    txmap_puti(&c.defined, pa->buf, 1);
    /* Vars of a parameter's shape are defined by the signature. */
    Collect sig = {0};
    use_buffer_decl(&sig, pa->buf);
    for (int k = 0; k < sig.nvars; k++) txmap_puti(&c.defined, sig.vars[k], 1);
    free(sig.vars);
    txmap_free(&sig.seen);
    txmap_free(&sig.defined);
  }
  collect_block(&c, f->body);
  *free_vars = NULL;
  *nfree = 0;
  for (int i = 0; i < c.nvars; i++) {
    Var *v = c.vars[i];
    if (txmap_has(&c.defined, v)) continue;
    c.vars[(*nfree)++] = v;
  }
  *free_vars = c.vars;
  p->freebufs = NULL;
  p->nfreebufs = 0;
  for (int i = 0; i < c.nbufs; i++) {
    UsedBuf *u = &c.bufs[i];
    if (!txmap_has(&c.defined, u->buf) && u->depth > 0) {
      if (!p->freebufs) {
        p->freebufs = tirx_xmalloc(sizeof *p->freebufs * (size_t)c.nbufs);
      }
      p->freebufs[p->nfreebufs++] =
          (PrFreeBuf){u->buf, u->path[u->depth - 1].block, u->path[u->depth - 1].index};
    }
    free(u->path);
  }
  free(c.bufs);
  free(c.path);
  txmap_free(&c.defined);
  txmap_free(&c.seen);
}

/* ---- signature ----------------------------------------------------------- */

typedef struct SigState {
  const PrimFunc *f;
  Var **newvars; /* symbolic vars introduced by the signature, grouped */
  int *group_end;
  int nnew, ngroups;
  PrBuf match;     /* "A = T.match_buffer(a, ...)" lines, '\n'-separated, printed in the body */
  bool match_form; /* every buffer param as `a: T.handle` + `A = T.match_buffer(a, ...)` */
} SigState;

/* Does the body refer to one of the buffer params' handles itself (not
 * through its buffer)?  One walk for all of them. */
typedef struct {
  const PrimFunc *f;
  bool used;
} HandleUse;

static bool handle_use(IRVisitor *iv, Expr *e) {
  HandleUse *u = iv->ctx;
  if (e->kind == E_VAR)
    for (int i = 0; i < u->f->nparams; i++)
      if (u->f->params[i].buf && u->f->params[i].var == e->u.var) u->used = true;
  return !u->used;
}

static bool handles_used(const PrimFunc *f) {
  HandleUse u = {f, false};
  IRVisitor iv = {&u, handle_use, NULL};
  tirx_visit_stmt(&iv, f->body);
  return u.used;
}

typedef struct {
  const PrimFunc *f;
  bool odd;
} OddVars;

static void odd_shape_var(void *ctx, Var *v) {
  OddVars *o = ctx;
  if (v->kind != VAR_PLAIN || v->dtype.lanes != 1 || v->dtype.id == DT_INT32 ||
      v->dtype.id == DT_INT64)
    return;
  for (int i = 0; i < o->f->nparams; i++)
    if (o->f->params[i].var == v && !o->f->params[i].buf) return; /* a scalar param */
  o->odd = true;
}

/* The T.Buffer annotation form cannot say everything: a shape variable of another type
 * than int32/int64 (`n = T.int16()`: the signature makes int32 ones) or a handle the body
 * uses itself.  Then every buffer param is printed in the match_buffer form. */
static bool needs_match_form(const PrimFunc *f) {
  OddVars o = {f, false};
  for (int i = 0; i < f->nparams && !o.odd; i++) {
    const Buffer *b = f->params[i].buf;
    if (!b) continue;
    for (int k = 0; k < b->ndim; k++) pr_expr_vars(b->shape[k], odd_shape_var, &o);
    for (int k = 0; k < b->nstrides; k++) pr_expr_vars(b->strides[k], odd_shape_var, &o);
    if (b->elem_offset) pr_expr_vars(b->elem_offset, odd_shape_var, &o);
  }
  return o.odd || handles_used(f);
}

typedef struct {
  Printer *p;
  SigState *st;
  bool any;
} SigVisit;

static const Param *scalar_param(const PrimFunc *f, const Var *v) {
  for (int i = 0; i < f->nparams; i++)
    if (f->params[i].var == v && !f->params[i].buf) return &f->params[i];
  return NULL;
}

static void sig_var(void *ctx, Var *v) {
  SigVisit *sv = ctx;
  Printer *p = sv->p;
  if (v->kind == VAR_BUFDATA || pr_lookup(p, v) || txmap_has(&p->handle_buf, v)) return;
  pr_define(p, v, v->name, false);
  sv->any = true;
  if (scalar_param(sv->st->f, v)) return; /* a later parameter: no declaration line */
  sv->st->newvars[sv->st->nnew++] = v;
}

static void sig_typevar(void *ctx, Var *v) {
  SigVisit *sv = ctx;
  if (txmap_has(&sv->p->typevars, v)) sv->any = true;
}

/* An expression of a parameter annotation: quoted when it introduces a
 * symbolic variable (grammar §2.4.1) or is a compound expression over a
 * type variable (§2.4.2), bare otherwise. */
void pr_sig_expr(Printer *p, const Expr *e, void *state) {
  SigVisit sv = {p, state, false};
  pr_expr_vars(e, sig_var, &sv);
  if (!sv.any && e->kind != E_VAR) pr_expr_vars(e, sig_typevar, &sv);
  if (!sv.any) {
    pr_expr(p, e);
    return;
  }
  PrBuf tmp = {0};
  PrBuf *saved = p->out;
  p->out = &tmp;
  pr_expr(p, e);
  p->out = saved;
  prbuf_pystr(p->out, tmp.p, tmp.n);
  free(tmp.p);
}

static int count_sig_vars(const PrimFunc *f) {
  int n = 0;
  for (int i = 0; i < f->nparams; i++) {
    const Buffer *b = f->params[i].buf;
    if (!b) continue;
    n += 8 * (b->ndim + b->nstrides + 2);
  }
  return n + 1;
}

static void print_param(Printer *p, const Param *pa, SigState *st) {
  if (!pa->buf) {
    const PrName *n = pr_lookup(p, pa->var);
    prbuf_puts(p->out, n ? n->name : pr_define(p, pa->var, pa->var->name, false));
    prbuf_puts(p->out, ": ");
    pr_var_type(p, pa->var, false);
    return;
  }
  Buffer *b = pa->buf;
  if (st->match_form) {
    /* The body uses the handle `a` itself: `a: T.handle` and `A = T.match_buffer(a, ...)`
     * (as a T.Buffer annotation, `a` would re-parse as the distinct A.data). */
    const char *hn = pr_define(p, pa->var, pa->var->name, false);
    prbuf_puts(p->out, hn);
    prbuf_puts(p->out, ": ");
    pr_var_type(p, pa->var, false);
    PrBuf *saved = p->out;
    p->out = &st->match;
    if (st->match.n) prbuf_puts(p->out, "\n");
    prbuf_printf(p->out, "%s = T.match_buffer(%s, (", pr_define(p, b, b->name, true), hn);
    for (int i = 0; i < b->ndim; i++) {
      if (i) prbuf_puts(p->out, ", ");
      /* new symbolic vars get `n = T.int32()` lines before this one: printed bare */
      SigVisit sv = {p, st, false};
      pr_expr_vars(b->shape[i], sig_var, &sv);
      pr_expr(p, b->shape[i]);
    }
    prbuf_puts(p->out, b->ndim == 1 ? ",), " : "), ");
    pr_dtype_str(p, b->dtype);
    pr_buffer_kwargs(p, b, PR_KW_SCOPE, st);
    prbuf_puts(p->out, ")");
    p->out = saved;
    if (st->nnew > (st->ngroups ? st->group_end[st->ngroups - 1] : 0))
      st->group_end[st->ngroups++] = st->nnew;
    return;
  }
  prbuf_puts(p->out, pr_define(p, b, b->name, true));
  if (pr_tvm_scalar_buf(p, b)) pr_set_scalar(p, b);
  txmap_put(&p->handle_buf, pa->var, b);
  prbuf_puts(p->out, ": T.Buffer((");
  for (int i = 0; i < b->ndim; i++) {
    if (i) prbuf_puts(p->out, ", ");
    pr_sig_expr(p, b->shape[i], st);
  }
  prbuf_puts(p->out, b->ndim == 1 ? ",), " : "), ");
  pr_dtype_str(p, b->dtype);
  pr_buffer_kwargs(p, b, PR_KW_SCOPE, st);
  prbuf_puts(p->out, ")");
  if (st->nnew > (st->ngroups ? st->group_end[st->ngroups - 1] : 0))
    st->group_end[st->ngroups++] = st->nnew;
}

/* int64 symbolic variables of parameter buffers (grammar §2.4.2), printed
 * in the portable TypeVar form, sorted by name. */
typedef struct {
  const PrimFunc *f;
  Var **vars;
  int n, cap;
} TypeVars;

static void typevar_of(void *ctx, Var *v) {
  TypeVars *tv = ctx;
  if (v->kind != VAR_PLAIN || v->dtype.id != DT_INT64 || v->dtype.lanes != 1) return;
  for (int i = 0; i < tv->f->nparams; i++)
    if (tv->f->params[i].var == v) return;
  for (int i = 0; i < tv->n; i++)
    if (tv->vars[i] == v) return;
  TIRX_VEC_RESERVE(tv->vars, tv->cap, tv->n + 1);
  tv->vars[tv->n++] = v;
}

static int var_name_order(const void *a, const void *b) {
  return strcmp((*(Var *const *)a)->name, (*(Var *const *)b)->name);
}

static TypeVars collect_typevars(const PrimFunc *f) {
  TypeVars tv = {f, NULL, 0, 0};
  for (int i = 0; i < f->nparams; i++) {
    const Buffer *b = f->params[i].buf;
    if (!b) continue;
    for (int k = 0; k < b->ndim; k++) pr_expr_vars(b->shape[k], typevar_of, &tv);
    for (int k = 0; k < b->nstrides; k++) pr_expr_vars(b->strides[k], typevar_of, &tv);
    if (b->elem_offset) pr_expr_vars(b->elem_offset, typevar_of, &tv);
  }
  if (tv.n > 1) qsort(tv.vars, (size_t)tv.n, sizeof *tv.vars, var_name_order);
  return tv;
}

/* Defines the function's type variables; prints their `M = TypeVar("M")`
 * lines unless the module prints them (inside a class they cannot go). */
static void print_typevars(Printer *p, const PrimFunc *f, bool emit) {
  TypeVars tv = collect_typevars(f);
  for (int i = 0; i < tv.n; i++) {
    const char *name = pr_define(p, tv.vars[i], tv.vars[i]->name, false);
    txmap_puti(&p->typevars, tv.vars[i], 1);
    if (!emit) continue;
    prbuf_printf(p->out, "%s = TypeVar(\"%s\")", name, name);
    pr_newline(p);
  }
  free(tv.vars);
}

static int str_order(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The TypeVar lines of an IRModule: the names every function gives its type
 * variables, once each, sorted, above `@I.ir_module`. */
static void print_module_typevars(PrBuf *out, PrimFunc *const *fs, int n) {
  char **names = NULL;
  int nn = 0, cap = 0;
  for (int i = 0; i < n; i++) {
    TypeVars tv = collect_typevars(fs[i]);
    Printer tmp = {0};
    pr_push_frame(&tmp);
    for (int k = 0; k < tv.n; k++) {
      const char *name = pr_define(&tmp, tv.vars[k], tv.vars[k]->name, false);
      bool seen = false;
      for (int j = 0; j < nn; j++) seen = seen || strcmp(names[j], name) == 0;
      if (seen) continue;
      TIRX_VEC_RESERVE(names, cap, nn + 1);
      names[nn++] = strdup(name);
    }
    pr_pop_frame(&tmp);
    hints_free(&tmp);
    free(tmp.names);
    free(tmp.name_head);
    free(tmp.key_head);
    free(tmp.frames);
    free(tv.vars);
  }
  if (nn > 1) qsort(names, (size_t)nn, sizeof *names, str_order);
  for (int j = 0; j < nn; j++) {
    prbuf_printf(out, "%s = TypeVar(\"%s\")\n", names[j], names[j]);
    free(names[j]);
  }
  free(names);
}

static void print_decorator(Printer *p, const PrimFunc *f) {
  prbuf_puts(p->out, "@T.prim_func");
  const char *kw[3];
  int n = 0;
  if (f->private_) kw[n++] = "private=True";
  if (f->s_tir) kw[n++] = "s_tir=True";
  if (f->persistent) kw[n++] = "persistent=True";
  for (int i = 0; i < n; i++) {
    prbuf_puts(p->out, i ? ", " : "(");
    prbuf_puts(p->out, kw[i]);
  }
  if (n) prbuf_puts(p->out, ")");
}

static void print_plan(Printer *p, const PrimFunc *f) {
  if (!f->plan) return;
  char *text = tirx_print_plan_comment(f->plan, f->name);
  if (!text) return;
  for (char *line = text; *line;) {
    char *nl = strchr(line, '\n');
    size_t len = nl ? (size_t)(nl - line) : strlen(line);
    prbuf_put(p->out, line, len);
    pr_newline(p);
    line += len + (nl ? 1 : 0);
  }
  free(text);
}

static void print_func(Printer *p, const PrimFunc *f, bool in_module) {
  pr_push_frame(p);
  print_plan(p, f);
  print_typevars(p, f, !in_module);
  print_decorator(p, f);
  pr_newline(p);
  SigState st = {f, NULL, NULL, 0, 0, {0}, needs_match_form(f)};
  int cap = count_sig_vars(f);
  st.newvars = tirx_xmalloc(sizeof *st.newvars * (size_t)cap);
  st.group_end = tirx_xmalloc(sizeof *st.group_end * (size_t)(f->nparams + 1));
  /* TVM's style shows a lone function's global_symbol as its name, never as
   * an attribute (its printer does, checked with the TVM oracle) */
  const Expr *attrs = f->attrs;
  const char *name = f->name;
  int namelen = (int)strlen(f->name);
  Expr shown;
  if (p->tvm_style && !in_module && attrs && attrs->kind == E_DICT) {
    shown = *attrs;
    shown.u.dict.n = 0;
    shown.u.dict.keys = tirx_xmalloc(sizeof(Expr *) * (size_t)(attrs->u.dict.n + 1));
    shown.u.dict.vals = tirx_xmalloc(sizeof(Expr *) * (size_t)(attrs->u.dict.n + 1));
    for (int i = 0; i < attrs->u.dict.n; i++) {
      const Expr *k = attrs->u.dict.keys[i], *v = attrs->u.dict.vals[i];
      if (k->kind == E_STR && k->u.s.len == 13 && memcmp(k->u.s.p, "global_symbol", 13) == 0 &&
          v->kind == E_STR) {
        name = v->u.s.p;
        namelen = (int)v->u.s.len;
        continue;
      }
      shown.u.dict.keys[shown.u.dict.n] = attrs->u.dict.keys[i];
      shown.u.dict.vals[shown.u.dict.n++] = attrs->u.dict.vals[i];
    }
    attrs = &shown;
  }
  if (p->tvm_style && !in_module && f->private_) {
    /* a private function has no global_symbol: TVM prints a lone one as main */
    name = "main";
    namelen = 4;
  }
  prbuf_printf(p->out, "def %.*s(", namelen, name);
  for (int i = 0; i < f->nparams; i++) {
    if (i) prbuf_puts(p->out, ", ");
    print_param(p, &f->params[i], &st);
  }
  prbuf_puts(p->out, ")");
  if (f->has_ret) {
    char buf[32];
    prbuf_printf(p->out, " -> T.%s", tirx_dtype_str(f->ret, buf));
  }
  prbuf_puts(p->out, ":");
  p->indent++;
  /* m, n = T.int32(), T.int32() */
  for (int g = 0, k = 0; g < st.ngroups; g++) {
    pr_newline(p);
    int end = st.group_end[g];
    for (int i = k; i < end; i++) {
      if (i > k) prbuf_puts(p->out, ", ");
      prbuf_puts(p->out, pr_var_name(p, st.newvars[i]));
    }
    prbuf_puts(p->out, " = ");
    for (int i = k; i < end; i++) {
      if (i > k) prbuf_puts(p->out, ", ");
      pr_var_type(p, st.newvars[i], true);
    }
    k = end;
  }
  free(st.newvars);
  free(st.group_end);
  for (size_t i = 0; i < st.match.n;) {
    size_t e = i;
    while (e < st.match.n && st.match.p[e] != '\n') e++;
    pr_newline(p);
    prbuf_put(p->out, st.match.p + i, e - i);
    i = e + 1;
  }
  free(st.match.p);
  if (attrs && !(attrs->kind == E_DICT && attrs->u.dict.n == 0)) {
    pr_newline(p);
    prbuf_puts(p->out, "T.func_attr(");
    pr_expr(p, attrs);
    prbuf_puts(p->out, ")");
  }
  if (attrs == &shown) {
    free(shown.u.dict.keys);
    free(shown.u.dict.vals);
  }
  Var **free_vars;
  int nfree;
  collect_free(p, f, &free_vars, &nfree);
  for (int i = 0; i < nfree; i++) {
    pr_newline(p);
    prbuf_printf(p->out, "%s = ", pr_define(p, free_vars[i], free_vars[i]->name, false));
    pr_var_type(p, free_vars[i], true);
  }
  free(free_vars);
  pr_block(p, f->body);
  free(p->freebufs);
  p->freebufs = NULL;
  p->nfreebufs = 0;
  p->indent--;
  pr_pop_frame(p);
  txmap_free(&p->handle_buf);
  txmap_free(&p->typevars);
}

/* ---- modules ------------------------------------------------------------- */

static bool uses_typevars(const PrimFunc *f) {
  TypeVars tv = collect_typevars(f);
  free(tv.vars);
  return tv.n > 0;
}

static void print_header(PrBuf *out, bool ir_module, bool typevars) {
  if (typevars) prbuf_puts(out, "# from typing import TypeVar\n");
  if (ir_module) prbuf_puts(out, "# from tvm.script import ir as I\n");
  prbuf_puts(out, "# from tvm.script import tirx as T\n# from tvm.tirx.layout import Axis\n\n");
}

static void printer_free(Printer *p) {
  while (p->nframes) pr_pop_frame(p);
  while (p->nnames) pop_name(p);
  free(p->names);
  free(p->name_head);
  free(p->key_head);
  free(p->frames);
  hints_free(p);
  txmap_free(&p->handle_buf);
  txmap_free(&p->typevars);
}

/* The reserved names stay taken for the whole print; a frame for the
 * module level keeps function names out of the way of nothing else. */
static char *finish(Printer *p, PrBuf *out) {
  printer_free(p);
  while (out->n && out->p[out->n - 1] == '\n') out->p[--out->n] = '\0';
  return out->p;
}

static char *finish_note(Printer *p, PrBuf *out, bool meta_note) {
  char *r = finish(p, out);
  if (meta_note && r) {
    prbuf_puts(out, "\n\n# Metadata omitted. Use show_meta=True in script() method to show it.");
    r = out->p;
  }
  return r;
}

/* Functions of an IRModule print sorted by name, "main" last (TVM's
 * SortableFunction with equal priorities for PrimFuncs). */
static int func_order(const void *a, const void *b) {
  const PrimFunc *fa = *(PrimFunc *const *)a, *fb = *(PrimFunc *const *)b;
  bool ma = strcmp(fa->name, "main") == 0, mb = strcmp(fb->name, "main") == 0;
  if (ma != mb) return ma ? 1 : -1;
  return strcmp(fa->name, fb->name);
}

/* Whether a module holds TVM's metadata[...] placeholders (TVM's printer then
 * ends with a note saying the metadata was omitted). */
typedef struct {
  IRVisitor v;
  bool found;
} MetaFinder;

static bool meta_visit(IRVisitor *v, Expr *e) {
  MetaFinder *f = (MetaFinder *)v;
  if (e->kind == E_CALL && e->u.call.op->id == I_METADATA) f->found = true;
  if (e->kind == E_CALL && e->u.call.op->id != I_PTX_INSTR && e->u.call.op->id != I_METADATA)
    for (int i = 0; i < e->u.call.n; i++) f->found |= tirx_str_arg_is_meta(e->u.call.args[i]);
  return !f->found;
}

static bool uses_metadata(const Module *m) {
  MetaFinder f = {{0}, false};
  f.v.expr = meta_visit;
  for (int i = 0; i < m->nfuncs && !f.found; i++)
    if (m->funcs[i]->body) tirx_visit_stmt(&f.v, m->funcs[i]->body);
  return f.found;
}

char *tirx_print_module(const Module *m) { return tirx_print_module_opts(m, NULL); }

char *tirx_print_module_opts(const Module *m, const TirxPrintOptions *o) {
  PrBuf out = {0};
  Printer p = {0};
  p.out = &out;
  p.m = m;
  p.tvm_style = o && o->style == TIRX_PRINT_TVM;
  bool meta_note = p.tvm_style && uses_metadata(m);
  bool typevars = false;
  for (int i = 0; i < m->nfuncs; i++) typevars = typevars || uses_typevars(m->funcs[i]);
  print_header(&out, m->is_ir_module, typevars);
  if (!m->is_ir_module) {
    for (int i = 0; i < m->nfuncs; i++) {
      if (i) prbuf_puts(&out, "\n\n");
      print_func(&p, m->funcs[i], false);
    }
    return finish_note(&p, &out, meta_note);
  }
  PrimFunc **fs = tirx_xmalloc(sizeof *fs * (size_t)(m->nfuncs ? m->nfuncs : 1));
  if (m->nfuncs) memcpy(fs, m->funcs, sizeof *fs * (size_t)m->nfuncs);
  qsort(fs, (size_t)m->nfuncs, sizeof *fs, func_order);
  print_module_typevars(&out, fs, m->nfuncs);
  prbuf_printf(&out, "@I.ir_module\nclass %s:", m->class_name ? m->class_name : "Module");
  p.indent = 1;
  for (int i = 0; i < m->nfuncs; i++) {
    if (i) prbuf_puts(&out, "\n");
    pr_newline(&p);
    print_func(&p, fs[i], true);
  }
  free(fs);
  return finish_note(&p, &out, meta_note);
}

char *tirx_print_func(const PrimFunc *f) {
  PrBuf out = {0};
  Printer p = {0};
  p.out = &out;
  print_header(&out, false, uses_typevars(f));
  print_func(&p, f, false);
  return finish(&p, &out);
}
