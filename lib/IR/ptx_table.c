/* The T.ptx instruction table (include/tirx/internal/ptx_table.def), parsed once.
 *
 * The rows are string literals in a compact format (ptx_table.h); this file
 * turns them into PtxEntry structs the first time any caller asks, under a
 * pthread_once, and answers the questions every layer asks of an entry: which
 * slot a token fills, how long a register group is, an operand's PTX type,
 * state space and accepted dtypes.  After initialisation the table is
 * immutable, so it is safe to share between threads. */
#include "tirx/internal/ptx_table.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tirx/internal/intrin.h"
#include "tirx/internal/ir.h"
#include "Support/oom.h"

typedef struct RawRow {
  const char *name, *mnemonic;
  PtxArch arch;
  unsigned flags;
  const char *slots, *ops, *sample, *rule;
} RawRow;

static const RawRow raw_rows[] = {
#define PTX(NAME, mn, arch, flags, slots, ops, sample, rule) \
  {#NAME, mn, arch, flags, slots, ops, sample, rule},
#include "tirx/internal/ptx_table.def"
#undef PTX
};
enum { NROWS = sizeof raw_rows / sizeof raw_rows[0] };

typedef struct Table {
  PtxEntry entries[NROWS];
  const PtxEntry *fam_sorted[NROWS]; /* sorted by (family, table order) */
  int by_name[NROWS];                /* entry indices sorted by name */
  /* an entry's slots, operands and rule are parsed when it is first asked
   * for (a compile uses a few of the rows): parsed[i] says it is done */
  atomic_bool parsed[NROWS];
  pthread_mutex_t lock;
} Table;

static Table *table;
static pthread_once_t table_once = PTHREAD_ONCE_INIT;

static void *xalloc(size_t n) { return tirx_xcalloc(1, n); }

static char *xdup(const char *s) {
  size_t n = strlen(s);
  char *p = xalloc(n + 1);
  memcpy(p, s, n + 1);
  return p;
}

/* Splits s in place at `sep`; returns the pieces (count in *n). */
static char **split(char *s, char sep, int *n) {
  int cap = 1; /* strchr, not a byte loop: the table's texts are long (the one-time init) */
  for (const char *p = strchr(s, sep); p; p = strchr(p + 1, sep)) cap++;
  char **out = xalloc(sizeof(char *) * (size_t)cap);
  int k = 0;
  if (*s) {
    out[k++] = s;
    for (char *p = strchr(s, sep); p; p = strchr(p + 1, sep)) {
      *p = '\0';
      out[k++] = p + 1;
    }
  }
  *n = k;
  return out;
}

/* split, as an array of const strings (the table's token lists are read-only). */
static const char **split_const(char *s, char sep, int *n) {
  char **p = split(s, sep, n);
  const char **q = xalloc(sizeof *q * (size_t)(*n + 1));
  for (int i = 0; i < *n; i++) q[i] = p[i];
  free(p);
  return q;
}

static int slot_index(const PtxEntry *e, const char *name) {
  for (int i = 0; i < e->nslots; i++)
    if (strcmp(e->slots[i].name, name) == 0) return i;
  return -1;
}

/* `v` or `[k1+k2]a+b>R,...,*>D` */
static void parse_tab(const PtxEntry *e, char *s, PtxTab *t) {
  if (s[0] != '[') {
    t->value = s;
    return;
  }
  char *close = strchr(s, ']');
  *close = '\0';
  int nk;
  char **keys = split(s + 1, '+', &nk);
  t->nkeys = nk;
  t->keys = xalloc(sizeof(int) * (size_t)nk);
  for (int i = 0; i < nk; i++) t->keys[i] = slot_index(e, keys[i]);
  free(keys);
  int nr;
  char **rows = split(close + 1, ',', &nr);
  t->combo = xalloc(sizeof(char *) * (size_t)(nr * nk));
  t->vals = xalloc(sizeof(char *) * (size_t)nr);
  for (int r = 0; r < nr; r++) {
    char *gt = strchr(rows[r], '>');
    *gt = '\0';
    if (strcmp(rows[r], "*") == 0) {
      t->value = gt + 1;
      continue;
    }
    int nc;
    char **c = split(rows[r], '+', &nc);
    for (int i = 0; i < nk; i++)
      t->combo[t->nrows * nk + i] = (i < nc && strcmp(c[i], "-") != 0) ? c[i] : "";
    free(c);
    t->vals[t->nrows++] = gt + 1;
  }
  free(rows);
}

/* What the lookups sort and search by. */
static void parse_head(PtxEntry *e, const RawRow *r, int index) {
  e->index = index;
  e->name = r->name;
  e->mnemonic = r->mnemonic;
  char *fam = xdup(r->mnemonic);
  for (char *p = fam; *p; p++)
    if (*p == '.') *p = '_';
  e->family = fam;
  e->arch = r->arch;
  e->flags = r->flags;
  e->sample = r->sample;
}

static void parse_body(PtxEntry *e, const RawRow *r) {
  int ns;
  char *slot_text = xdup(r->slots);
  char **slots = split(slot_text, ' ', &ns);
  if (ns == 0) free(slot_text); /* no piece points into it (it leaked: LSan, fuzzing) */
  e->nslots = ns;
  e->slots = xalloc(sizeof(PtxSlot) * (size_t)ns);
  for (int i = 0; i < ns; i++) {
    char *eq = strchr(slots[i], '=');
    *eq = '\0';
    size_t nl = strlen(slots[i]);
    PtxSlot *s = &e->slots[i];
    if (nl && slots[i][nl - 1] == '?') {
      slots[i][nl - 1] = '\0';
      s->optional = true;
    }
    s->name = slots[i];
    s->tok = split_const(eq + 1, '|', &s->ntok);
    /* tok@sm_NNN: a token with a floor above the row's (f32x2, mixed types) */
    s->tokarch = xalloc(sizeof(PtxArch) * (size_t)(s->ntok ? s->ntok : 1));
    s->toklen = xalloc(sizeof(size_t) * (size_t)(s->ntok ? s->ntok : 1));
    for (int k = 0; k < s->ntok; k++) {
      const char *at = strchr(s->tok[k], '@');
      s->tokarch[k] = SM_ANY;
      s->toklen[k] = strlen(s->tok[k]);
      if (!at) continue;
      for (int a = SM_ANY + 1; a <= SM_107F; a++)
        if (strcmp(at + 1, tirx_ptx_arch_name((PtxArch)a)) == 0) s->tokarch[k] = (PtxArch)a;
      size_t n = (size_t)(at - s->tok[k]);
      char *t = xalloc(n + 1);
      memcpy(t, s->tok[k], n);
      t[n] = '\0';
      s->tok[k] = t;
      s->toklen[k] = n;
    }
  }
  free(slots);

  int no;
  char *op_text = xdup(r->ops);
  char **ops = split(op_text, ' ', &no);
  if (no == 0) free(op_text);
  e->nops = no;
  e->ops = xalloc(sizeof(PtxOperand) * (size_t)no);
  for (int i = 0; i < no; i++) {
    PtxOperand *o = &e->ops[i];
    o->vector = -1;
    int na;
    char **attrs = split(ops[i], ';', &na);
    int nh;
    char **head = split(attrs[0], '.', &nh);
    o->name = head[0];
    o->rw = strcmp(head[1], "w") == 0 ? PTXRW_W : strcmp(head[1], "rw") == 0 ? PTXRW_RW : PTXRW_R;
    o->kind = strcmp(head[2], "addr") == 0  ? PTXK_ADDR
              : strcmp(head[2], "ptr") == 0 ? PTXK_PTR
              : strcmp(head[2], "imm") == 0 ? PTXK_IMM
                                            : PTXK_REG;
    free(head);
    o->lanes.value = "1";
    for (int k = 1; k < na; k++) {
      char *a = attrs[k];
      char *eq = strchr(a, '=');
      char *v = eq ? eq + 1 : NULL;
      if (eq) *eq = '\0';
      if (strcmp(a, "sp") == 0) o->space = v;
      else if (strcmp(a, "t") == 0) parse_tab(e, v, &o->type);
      else if (strcmp(a, "dt") == 0) parse_tab(e, v, &o->dtypes);
      else if (strcmp(a, "n") == 0) parse_tab(e, v, &o->lanes);
      else if (strcmp(a, "vec") == 0) o->vector = atoi(v);
      else if (strcmp(a, "br") == 0) o->bracket = v;
      else if (strcmp(a, "pipe") == 0) o->pipe = v;
      else if (strcmp(a, "off") == 0) o->off = true;
      else if (strcmp(a, "lit") == 0) o->literal = v;
      else if (strcmp(a, "ch") == 0) o->choices = split_const(v, '|', &o->nchoices);
      else if (strcmp(a, "sink") == 0) {
        if (v) parse_tab(e, v, &o->sink);
        else o->sink.value = "1";
      }
    }
    free(attrs);
  }
  free(ops);
  if (r->rule[0]) {
    char *rs = xdup(r->rule);
    e->rule.allow = rs[0] == '+';
    char *close = strchr(rs, ']');
    *close = '\0';
    int nk;
    char **keys = split(rs + 2, '+', &nk);
    e->rule.nkeys = nk;
    e->rule.keys = xalloc(sizeof(int) * (size_t)nk);
    for (int i = 0; i < nk; i++) e->rule.keys[i] = slot_index(e, keys[i]);
    free(keys);
    int nc;
    char **combos = split(close + 1, ',', &nc);
    e->rule.ncombos = nc;
    e->rule.combo = xalloc(sizeof(char *) * (size_t)(nc * nk + 1));
    for (int c = 0; c < nc; c++) {
      int nt;
      char **toks = split(combos[c], '+', &nt);
      for (int k = 0; k < nk; k++)
        e->rule.combo[c * nk + k] = (k < nt && strcmp(toks[k], "-") != 0) ? toks[k] : "";
      free(toks);
    }
    free(combos);
  }
}

static Table *sort_ctx;
static int cmp_family(const void *a, const void *b) {
  const PtxEntry *x = *(const PtxEntry *const *)a, *y = *(const PtxEntry *const *)b;
  int c = strcmp(x->family, y->family);
  return c ? c : x->index - y->index;
}
static int cmp_name(const void *a, const void *b) {
  return strcmp(sort_ctx->entries[*(const int *)a].name, sort_ctx->entries[*(const int *)b].name);
}

static void table_init(void) {
  Table *t = xalloc(sizeof *t);
  for (int i = 0; i < NROWS; i++) {
    parse_head(&t->entries[i], &raw_rows[i], i);
    atomic_init(&t->parsed[i], false);
    t->fam_sorted[i] = &t->entries[i];
    t->by_name[i] = i;
  }
  pthread_mutex_init(&t->lock, NULL);
  sort_ctx = t; /* only ever set inside pthread_once */
  qsort(t->fam_sorted, NROWS, sizeof(PtxEntry *), cmp_family);
  qsort(t->by_name, NROWS, sizeof(int), cmp_name);
  table = t;
}

static Table *get_table(void) {
  pthread_once(&table_once, table_init);
  return table;
}

/* Entry i, parsed (once, under the lock: threads compile concurrently). */
static const PtxEntry *ready(Table *t, int i) {
  if (!atomic_load_explicit(&t->parsed[i], memory_order_acquire)) {
    pthread_mutex_lock(&t->lock);
    if (!atomic_load_explicit(&t->parsed[i], memory_order_relaxed)) {
      parse_body(&t->entries[i], &raw_rows[i]);
      atomic_store_explicit(&t->parsed[i], true, memory_order_release);
    }
    pthread_mutex_unlock(&t->lock);
  }
  return &t->entries[i];
}

int tirx_ptx_count(void) { return NROWS; }

const PtxEntry *tirx_ptx_entry(int i) { return i >= 0 && i < NROWS ? ready(get_table(), i) : NULL; }

const PtxEntry *tirx_ptx_find(const char *name) {
  Table *t = get_table();
  int lo = 0, hi = NROWS - 1;
  while (lo <= hi) {
    int mid = (lo + hi) / 2;
    const PtxEntry *e = &t->entries[t->by_name[mid]];
    int c = strcmp(name, e->name);
    if (c == 0) return ready(t, e->index);
    if (c < 0) hi = mid - 1;
    else lo = mid + 1;
  }
  return NULL;
}

static int famcmp(const char *f, size_t len, const char *fam) {
  int c = strncmp(f, fam, len);
  if (c) return c;
  return fam[len] ? -1 : 0;
}

int tirx_ptx_family(const char *family, size_t len, const PtxEntry *const **out) {
  Table *t = get_table();
  int lo = 0, hi = NROWS;
  while (lo < hi) { /* the first entry whose family >= family */
    int mid = (lo + hi) / 2;
    if (famcmp(family, len, t->fam_sorted[mid]->family) > 0) lo = mid + 1;
    else hi = mid;
  }
  int n = 0;
  while (lo + n < NROWS && famcmp(family, len, t->fam_sorted[lo + n]->family) == 0) {
    if (out) ready(t, t->fam_sorted[lo + n]->index);
    n++;
  }
  if (out) *out = &t->fam_sorted[lo];
  return n;
}

/* The family of a spelling: the longest run of leading tokens (at most 4) that
 * names one ("multimem.st.async.…" → multimem_st_async, "shfl.sync.bfly.b32" →
 * shfl_sync, "ld.global.b32" → ld). */
static int find_family(const char *sp, const PtxEntry *const **es, const char **rest) {
  size_t ends[4];
  int nt = 0;
  for (size_t i = 0; nt < 4; i++)
    if (sp[i] == '.' || sp[i] == '\0') {
      ends[nt++] = i;
      if (!sp[i]) break;
    }
  char buf[160]; /* longer than every family name: such a prefix names none */
  for (int k = nt; k >= 1; k--) {
    size_t len = ends[k - 1];
    if (len >= sizeof buf) continue;
    memcpy(buf, sp, len);
    buf[len] = '\0';
    for (size_t i = 0; i < len; i++)
      if (buf[i] == '.') buf[i] = '_';
    int n = tirx_ptx_family(buf, len, es);
    if (n) {
      *rest = sp + len;
      return n;
    }
  }
  *rest = sp;
  return 0;
}

void tirx_ptx_lookup(const char *spelling, PtxLookup *out) {
  out->nrows = find_family(spelling, &out->rows, &out->rest);
  size_t n = strlen(spelling);
  char small[128];
  char *name = n + 5 <= sizeof small ? small : tirx_xmalloc(n + 5);
  memcpy(name, "ptx.", 4);
  memcpy(name + 4, spelling, n + 1);
  out->value = tirx_intrin_lookup(name, n + 4);
  if (name != small) free(name);
  out->alu = tirx_ptx_alu_family(spelling);
}

const char *tirx_ptx_suggest_family(const char *family, size_t len) {
  Table *t = get_table();
  const char *best = NULL;
  int bd = 3;
  for (int i = 0; i < NROWS; i++) {
    const char *f = t->fam_sorted[i]->family;
    if (i && strcmp(f, t->fam_sorted[i - 1]->family) == 0) continue;
    int d = tirx_edit_distance(family, len, f, strlen(f));
    if (d < bd) {
      bd = d;
      best = f;
    }
  }
  return best;
}

const char *tirx_ptx_arch_name(PtxArch a) {
  static const char *const names[] = {"",       "sm_75",   "sm_80",   "sm_90",   "sm_90a",
                                      "sm_100", "sm_100a", "sm_103a", "sm_107a", "sm_107f"};
  return names[a];
}

PtxArch tirx_ptx_spelling_arch(const PtxEntry *e, const char *const *mods) {
  PtxArch a = e->arch;
  for (int i = 0; i < e->nslots; i++) {
    const PtxSlot *s = &e->slots[i];
    for (int k = 0; mods[i] && k < s->ntok; k++)
      if (s->tokarch[k] > a && strcmp(s->tok[k], mods[i]) == 0) a = s->tokarch[k];
  }
  return a;
}

int tirx_ptx_arch_sm(PtxArch a, bool *specific) {
  static const int sm[] = {0, 75, 80, 90, 90, 100, 100, 103, 107, 107};
  if (specific)
    *specific = a == SM_90A || a == SM_100A || a == SM_103A || a == SM_107A || a == SM_107F;
  return sm[a];
}

int tirx_ptx_fill(const PtxEntry *e, const char **mods, const char *tok, size_t len) {
  for (int i = 0; i < e->nslots; i++) {
    if (mods[i]) continue;
    const PtxSlot *s = &e->slots[i];
    for (int k = 0; k < s->ntok; k++)
      if (s->toklen[k] == len && memcmp(s->tok[k], tok, len) == 0) {
        mods[i] = s->tok[k];
        return i;
      }
  }
  return -1;
}

static const char *mod_at(const char *const *mods, int i) {
  return (i >= 0 && mods[i]) ? mods[i] : "";
}

const char *tirx_ptx_tab(const PtxTab *t, const char *const *mods) {
  for (int r = 0; r < t->nrows; r++) {
    bool ok = true;
    for (int k = 0; k < t->nkeys && ok; k++)
      ok = strcmp(t->combo[r * t->nkeys + k], mod_at(mods, t->keys[k])) == 0;
    if (ok) return t->vals[r];
  }
  return t->value;
}

int tirx_ptx_lanes(const PtxOperand *o, const char *const *mods) {
  if (o->kind == PTXK_IMM && o->literal) return 0;
  const char *v = tirx_ptx_tab(&o->lanes, mods);
  return v ? atoi(v) : 1;
}

const char *tirx_ptx_optype(const PtxEntry *e, const PtxOperand *o, const char *const *mods) {
  const char *key = o->type.value || o->type.nkeys ? tirx_ptx_tab(&o->type, mods) : NULL;
  if (!key) key = "type";
  int si = slot_index(e, key);
  if (si >= 0) {
    if (mods[si] && *mods[si]) return mods[si];
    int ti = slot_index(e, "type");
    return ti >= 0 ? mod_at(mods, ti) : "";
  }
  return key;
}

const char *tirx_ptx_opspace(const PtxEntry *e, const PtxOperand *o, const char *const *mods) {
  if (o->space) return o->space;
  return mod_at(mods, slot_index(e, "space"));
}

/* The TVM dtypes of each PTX type token (canonical first). */
static const struct {
  const char *ptx, *dtypes;
} type_dtypes[] = {
    {"b8", "uint8|int8"},
    {"b16", "uint16|int16|float16|bfloat16"},
    {"b32", "uint32|int32|float32"},
    {"b64", "uint64|int64|float64"},
    {"b128", "uint128|int128"},
    {"b32i", "uint32|int32"},
    {"b64i", "uint64|int64"},
    {"u8", "uint8"},
    {"s8", "int8"},
    {"u16", "uint16"},
    {"s16", "int16"},
    {"u32", "uint32"},
    {"s32", "int32"},
    {"u64", "uint64"},
    {"s64", "int64"},
    {"f32", "float32"},
    {"f64", "float64"},
    {"f32x2", "uint64"},
    {"e4m3x2", "uint16"},
    {"e5m2x2", "uint16"},
    {"e2m3x2", "uint16"},
    {"e3m2x2", "uint16"},
    {"ue8m0x2", "uint16"},
    {"ue5m3x2", "uint16"},
    {"s2f6x2", "uint16"},
    {"e2m1x4", "uint16"},
    {"e4m3x4", "uint32"},
    {"e5m2x4", "uint32"},
    {"e2m3x4", "uint32"},
    {"e3m2x4", "uint32"},
    {"tf32", "uint32"},
    {"e2m1x2", "uint8"},
    {"tma_size_b8", "uint8"},
    {"cvt_scale_ue8m0", "uint8"},
    {"st_async_b8reg", "uint8|int8"},
    {"mbarrier_report_b8reg", "uint8"},
    {"f16", "uint16"},
    {"bf16", "uint16"},
    {"f16x2", "uint32"},
    {"bf16x2", "uint32"},
    {"pred", "uint32"},
};

const char *tirx_ptx_opdtypes(const PtxEntry *e, const PtxOperand *o, const char *const *mods) {
  if (o->dtypes.value || o->dtypes.nkeys) {
    const char *v = tirx_ptx_tab(&o->dtypes, mods);
    if (v) return v;
  }
  const char *t = tirx_ptx_optype(e, o, mods);
  for (size_t i = 0; i < sizeof type_dtypes / sizeof type_dtypes[0]; i++)
    if (strcmp(type_dtypes[i].ptx, t) == 0) return type_dtypes[i].dtypes;
  return "";
}

bool tirx_ptx_sinkable(const PtxOperand *o, const char *const *mods) {
  const char *v = o->sink.value || o->sink.nkeys ? tirx_ptx_tab(&o->sink, mods) : NULL;
  return v && strcmp(v, "1") == 0;
}

bool tirx_ptx_is_group(const PtxOperand *o, const char *const *mods) {
  if (o->vector >= 0) return o->vector;
  (void)mods;
  return o->lanes.nkeys > 0 || (o->lanes.value && atoi(o->lanes.value) > 1);
}

bool tirx_ptx_has_dst(const PtxEntry *e) {
  for (int i = 0; i < e->nops; i++)
    if (e->ops[i].kind == PTXK_REG && e->ops[i].rw == PTXRW_W) return true;
  return false;
}

bool tirx_ptx_touches_memory(const PtxEntry *e, const char *const *mods) {
  if (e->flags & PTXF_ORDERS_MEMORY) return true;
  for (int i = 0; i < e->nops; i++)
    if (e->ops[i].kind == PTXK_ADDR && strcmp(tirx_ptx_opspace(e, &e->ops[i], mods), "tmem") != 0)
      return true;
  return false;
}

bool tirx_ptx_rule_ok(const PtxEntry *e, const char *const *mods) {
  const PtxRule *r = &e->rule;
  if (!r->nkeys) return true;
  for (int c = 0; c < r->ncombos; c++) {
    bool match = true;
    for (int k = 0; k < r->nkeys && match; k++)
      match = strcmp(r->combo[c * r->nkeys + k], mod_at(mods, r->keys[k])) == 0;
    if (match) return r->allow;
  }
  return !r->allow;
}

bool tirx_ptx_marker_has(const char *marker, size_t n, const char *word) {
  size_t wl = strlen(word);
  const char *p = marker, *end = marker + n;
  while (p < end) {
    size_t k = 0;
    while (p + k < end && p[k] != ',') k++;
    if (k == wl && memcmp(p, word, wl) == 0) return true;
    p += k + (p + k < end);
  }
  return false;
}

bool tirx_ptx_marker_index(const char *marker, size_t n, char kind, int idx) {
  const char *p = marker, *end = marker + n;
  while (p < end) {
    size_t k = 0;
    while (p + k < end && p[k] != ',') k++;
    if (k > 1 && p[0] == kind && p[1] >= '0' && p[1] <= '9' && atoi(p + 1) == idx) return true;
    p += k + (p + k < end);
  }
  return false;
}

bool tirx_ptx_list_has(const char *list, const char *dt, size_t n) {
  for (const char *p = list; *p;) {
    size_t k = strcspn(p, "|");
    if (k == n && memcmp(p, dt, n) == 0) return true;
    p += k;
    if (*p) p++;
  }
  return false;
}
