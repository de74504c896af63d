/* The intrinsic registry: rows from intrin_{core,cuda}.def and the T.ptx registry
 * (ptx_table.def: its PTX_NVVM, PTX_IR and PTX_ALU rows). */
#include "tirx/internal/intrin.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const Intrin table[INTRIN_COUNT] = {
#define X(ID, name, mn, mx, kinds, ret, flags) {ID, name, mn, mx, kinds, ret, flags},
#include "tirx/internal/intrin_core.def"
#include "tirx/internal/intrin_cuda.def"
#define PTX_NVVM(ID, sp, mn, mx, kinds, ret, flags, ...) X(ID, "ptx." sp, mn, mx, kinds, ret, flags)
#define PTX_IR PTX_NVVM
#include "tirx/internal/ptx_table.def"
#undef X
};

const Intrin *tirx_intrin(IntrinId id) { return &table[id]; }
int tirx_intrin_count(void) { return INTRIN_COUNT; }

/* Each row's name length, from the same rows (the lookup compares lengths first). */
static const unsigned short name_len[INTRIN_COUNT] = {
#define X(ID, name, mn, mx, kinds, ret, flags) sizeof(name) - 1,
#include "tirx/internal/intrin_core.def"
#include "tirx/internal/intrin_cuda.def"
#define PTX_NVVM(ID, sp, mn, mx, kinds, ret, flags, ...) X(ID, "ptx." sp, mn, mx, kinds, ret, flags)
#define PTX_IR PTX_NVVM
#include "tirx/internal/ptx_table.def"
#undef X
};

/* The rows sorted by name, made once (threads compile concurrently). */
static int by_name[INTRIN_COUNT];
static pthread_once_t by_name_once = PTHREAD_ONCE_INIT;

static int cmp_row(const void *a, const void *b) {
  return strcmp(table[*(const int *)a].name, table[*(const int *)b].name);
}

static void sort_names(void) {
  for (int i = 0; i < INTRIN_COUNT; i++) by_name[i] = i;
  qsort(by_name, INTRIN_COUNT, sizeof by_name[0], cmp_row);
}

/* name[0..len) against row r's name: <0, 0, >0 as strcmp. */
static int cmp_name(const char *name, size_t len, int r) {
  size_t n = name_len[r] < len ? name_len[r] : len;
  int c = memcmp(name, table[r].name, n);
  return c ? c : len < name_len[r] ? -1 : len > name_len[r];
}

const Intrin *tirx_intrin_lookup(const char *name, size_t len) {
  pthread_once(&by_name_once, sort_names);
  int lo = 0, hi = INTRIN_COUNT - 1;
  while (lo <= hi) {
    int mid = (lo + hi) / 2, c = cmp_name(name, len, by_name[mid]);
    if (c == 0) return &table[by_name[mid]];
    if (c < 0) hi = mid - 1;
    else lo = mid + 1;
  }
  return NULL;
}

/* Levenshtein distance, capped; names are short. */
int tirx_edit_distance(const char *a, size_t la, const char *b, size_t lb) {
  if (la > 120 || lb > 120) return 1000;
  int prev[128], cur[128];
  for (size_t j = 0; j <= lb; j++) prev[j] = (int)j;
  for (size_t i = 1; i <= la; i++) {
    cur[0] = (int)i;
    for (size_t j = 1; j <= lb; j++) {
      int c = prev[j - 1] + (a[i - 1] != b[j - 1]);
      if (prev[j] + 1 < c) c = prev[j] + 1;
      if (cur[j - 1] + 1 < c) c = cur[j - 1] + 1;
      cur[j] = c;
    }
    memcpy(prev, cur, sizeof(int) * (lb + 1));
  }
  return prev[lb];
}

/* Suggests a name in the same family (same prefix up to the last '.') when
 * one is within a third of the name's length. */
const char *tirx_intrin_suggest(const char *name, size_t len) {
  const char *best = NULL;
  int bestd = (int)len / 3 + 1;
  for (int i = 0; i < INTRIN_COUNT; i++) {
    const char *n = table[i].name;
    if (strchr(n, '(')) continue; /* ptx.(alu): not callable by name */
    int d = tirx_edit_distance(name, len, n, strlen(n));
    if (d < bestd) {
      bestd = d;
      best = n;
    }
  }
  return best;
}

static const char *const tile_ops[] = {
#define TILE(op) #op,
#include "tirx/internal/intrin_tile.def"
#undef TILE
};

/* "cta.fill" → scope "cta", op "fill"; "warpgroup" is spelled "wg". */
bool tirx_tile_op_split(const char *name, const char **scope, size_t *scope_len, const char **op) {
  static const char *const scopes[] = {"tile", "warp", "wg", "warpgroup", "cta", "cluster"};
  const char *dot = strchr(name, '.');
  if (!dot || strchr(dot + 1, '.')) return false;
  size_t sl = (size_t)(dot - name);
  bool scope_ok = false;
  for (size_t i = 0; i < sizeof scopes / sizeof scopes[0]; i++)
    if (strlen(scopes[i]) == sl && memcmp(scopes[i], name, sl) == 0) scope_ok = true;
  if (!scope_ok) return false;
  for (size_t i = 0; i < sizeof tile_ops / sizeof tile_ops[0]; i++)
    if (strcmp(tile_ops[i], dot + 1) == 0) {
      *scope = sl == 9 ? "wg" : name;
      *scope_len = sl == 9 ? 2 : sl;
      *op = tile_ops[i];
      return true;
    }
  return false;
}

/* ---- scalar T.ptx ALU families ------------------------------------------------------------ */

static const PtxAluFamily alu_families[] = {
#define PTX_ALU(n, k, rule, mods, types) {#n, k, rule, mods, types},
#include "tirx/internal/ptx_table.def"
};
#define NFAM (sizeof alu_families / sizeof alu_families[0])

static const struct {
  const char *name;
  PtxType t;
  unsigned cls;
  int bits;
} ptx_types[] = {
    {"s8", PT_S8, PTC_INT, 8},      {"s16", PT_S16, PTC_INT, 16}, {"s32", PT_S32, PTC_INT, 32},
    {"s64", PT_S64, PTC_INT, 64},   {"u8", PT_U8, PTC_INT, 8},    {"u16", PT_U16, PTC_INT, 16},
    {"u32", PT_U32, PTC_INT, 32},   {"u64", PT_U64, PTC_INT, 64}, {"b16", PT_B16, PTC_BIT, 16},
    {"b32", PT_B32, PTC_BIT, 32},   {"b64", PT_B64, PTC_BIT, 64}, {"f16", PT_F16, PTC_H, 16},
    {"f16x2", PT_F16X2, PTC_H, 32}, {"bf16", PT_BF16, PTC_H, 16}, {"bf16x2", PT_BF16X2, PTC_H, 32},
    {"f32", PT_F32, PTC_F, 32},     {"f64", PT_F64, PTC_F, 64},
};
#define NTYPES (sizeof ptx_types / sizeof ptx_types[0])

static const char *const rnd_tokens[] = {"rn", "rz", "rm", "rp", "rni", "rzi", "rmi", "rpi"};
static const char *const cmp_tokens[] = {"eq",  "ne",  "lt",  "le",  "gt",  "ge",
                                         "lo",  "ls",  "hi",  "hs",  "equ", "neu",
                                         "ltu", "leu", "gtu", "geu", "num", "nan"};
static const char *const testp_tokens[] = {"finite",     "infinite", "number",
                                           "notanumber", "normal",   "subnormal"};
#define NELEM(a) (sizeof(a) / sizeof((a)[0]))

/* the modifiers that are one flag each */
static const struct {
  const char *tok;
  unsigned cls;
} flag_mods[] = {{"ftz", PM_FTZ}, {"sat", PM_SAT}, {"approx", PM_APPROX}, {"full", PM_FULL}};

static unsigned flag_mod(const char *tok, size_t n) {
  for (size_t i = 0; i < NELEM(flag_mods); i++)
    if (strlen(flag_mods[i].tok) == n && memcmp(flag_mods[i].tok, tok, n) == 0)
      return flag_mods[i].cls;
  return 0;
}

const PtxAluFamily *tirx_ptx_alu_family(const char *spelling) {
  size_t n = strcspn(spelling, ".");
  for (size_t i = 0; i < NFAM; i++)
    if (strlen(alu_families[i].name) == n && memcmp(alu_families[i].name, spelling, n) == 0)
      return &alu_families[i];
  return NULL;
}

const char *tirx_ptx_alu_suggest_family(const char *name, size_t len) {
  const char *best = NULL;
  int bestd = (int)len / 3 + 1;
  for (size_t i = 0; i < NFAM; i++) {
    int d = tirx_edit_distance(name, len, alu_families[i].name, strlen(alu_families[i].name));
    if (d < bestd) {
      bestd = d;
      best = alu_families[i].name;
    }
  }
  return best;
}

const char *tirx_ptx_type_name(PtxType t) {
  for (size_t i = 0; i < NTYPES; i++)
    if (ptx_types[i].t == t) return ptx_types[i].name;
  return "?";
}

int tirx_ptx_type_bits(PtxType t) {
  for (size_t i = 0; i < NTYPES; i++)
    if (ptx_types[i].t == t) return ptx_types[i].bits;
  return 0;
}

static unsigned type_class(PtxType t) {
  for (size_t i = 0; i < NTYPES; i++)
    if (ptx_types[i].t == t) return ptx_types[i].cls;
  return 0;
}

bool tirx_ptx_type_is_float(PtxType t) { return (type_class(t) & (PTC_F | PTC_H)) != 0; }
bool tirx_ptx_type_is_signed(PtxType t) { return t >= PT_S8 && t <= PT_S64; }

DType tirx_ptx_type_dtype(PtxType t) {
  switch (t) {
  case PT_S8: return tirx_dtype(DT_INT8);
  case PT_S16: return tirx_dtype(DT_INT16);
  case PT_S32: return tirx_dtype(DT_INT32);
  case PT_S64: return tirx_dtype(DT_INT64);
  case PT_U8: return tirx_dtype(DT_UINT8);
  case PT_U16:
  case PT_B16:
  case PT_F16:
  case PT_BF16: return tirx_dtype(DT_UINT16);
  case PT_U32:
  case PT_B32:
  case PT_F16X2:
  case PT_BF16X2: return tirx_dtype(DT_UINT32);
  case PT_U64:
  case PT_B64: return tirx_dtype(DT_UINT64);
  case PT_F32: return tirx_dtype(DT_FLOAT32);
  case PT_F64: return tirx_dtype(DT_FLOAT64);
  default: return tirx_dtype(DT_VOID);
  }
}

static DType wide_dtype(PtxType t) {
  switch (t) {
  case PT_S16: return tirx_dtype(DT_INT32);
  case PT_S32: return tirx_dtype(DT_INT64);
  case PT_U16: return tirx_dtype(DT_UINT32);
  case PT_U32: return tirx_dtype(DT_UINT64);
  default: return tirx_dtype(DT_VOID);
  }
}

DType tirx_ptx_alu_operand_dtype(const PtxAlu *p, int i) {
  DType t = tirx_ptx_type_dtype(p->type[0]);
  switch (p->fam->rule) {
  case PA_SHIFT: return i == 1 ? tirx_dtype(DT_UINT32) : t;
  case PA_BFE: return i >= 1 ? tirx_dtype(DT_UINT32) : t;
  case PA_BFI: return i >= 2 ? tirx_dtype(DT_UINT32) : t;
  case PA_SELP: return i == 2 ? tirx_dtype(DT_BOOL) : t;
  case PA_CVT: return tirx_ptx_type_dtype(p->type[1]);
  case PA_SAME: return p->hlw == 'w' && i == 2 ? wide_dtype(p->type[0]) : t; /* mad.wide c */
  default: return t;
  }
}

DType tirx_ptx_alu_result_dtype(const PtxAlu *p) {
  switch (p->fam->rule) {
  case PA_COUNT: return tirx_dtype(DT_UINT32);
  case PA_SETP:
  case PA_TESTP: return tirx_dtype(DT_BOOL);
  case PA_SAME: return p->hlw == 'w' ? wide_dtype(p->type[0]) : tirx_ptx_type_dtype(p->type[0]);
  default: return tirx_ptx_type_dtype(p->type[0]);
  }
}

static bool tok_in(const char *tok, size_t n, const char *const *set, size_t count,
                   const char **out) {
  for (size_t i = 0; i < count; i++)
    if (strlen(set[i]) == n && memcmp(set[i], tok, n) == 0) {
      *out = set[i];
      return true;
    }
  return false;
}

/* The closest known modifier or type token, for a did-you-mean. */
static const char *suggest_token(const char *tok, size_t n, const PtxAluFamily *f) {
  const char *cands[64];
  size_t k = 0;
  for (size_t i = 0; i < NTYPES; i++)
    if (type_class(ptx_types[i].t) & f->types) cands[k++] = ptx_types[i].name;
  if (f->mods & PM_RND)
    for (size_t i = 0; i < NELEM(rnd_tokens); i++) cands[k++] = rnd_tokens[i];
  if (f->mods & PM_CMP)
    for (size_t i = 0; i < NELEM(cmp_tokens) && k < 60; i++) cands[k++] = cmp_tokens[i];
  if (f->mods & PM_TESTP)
    for (size_t i = 0; i < NELEM(testp_tokens); i++) cands[k++] = testp_tokens[i];
  for (size_t i = 0; i < NELEM(flag_mods); i++)
    if (f->mods & flag_mods[i].cls) cands[k++] = flag_mods[i].tok;
  if (f->mods & PM_HLW) {
    cands[k++] = "lo";
    cands[k++] = "hi";
    cands[k++] = "wide";
  }
  const char *best = NULL;
  int bestd = ((int)n + 2) / 3 + 1;
  for (size_t i = 0; i < k; i++) {
    int d = tirx_edit_distance(tok, n, cands[i], strlen(cands[i]));
    if (d < bestd) {
      bestd = d;
      best = cands[i];
    }
  }
  return best;
}

/* err == NULL (errn 0): the caller tolerates the failure, so no message is formatted */
#define FAIL(...) ((errn ? snprintf(err, errn, __VA_ARGS__) : 0), false)

bool tirx_ptx_alu_parse(const char *sp, PtxAlu *out, char *err, size_t errn) {
  memset(out, 0, sizeof *out);
  const PtxAluFamily *f = tirx_ptx_alu_family(sp);
  if (!f) return FAIL("'%.*s' is not a scalar T.ptx family", (int)strcspn(sp, "."), sp);
  out->fam = f;
  const char *p = sp + strlen(f->name);
  while (*p == '.') {
    const char *tok = ++p;
    size_t n = strcspn(tok, ".");
    p = tok + n;
    if (n == 0) return FAIL("malformed T.ptx spelling '%s' (empty modifier)", sp);
    const char *hit;
    bool known = false;
    for (size_t i = 0; i < NTYPES; i++)
      if (strlen(ptx_types[i].name) == n && memcmp(ptx_types[i].name, tok, n) == 0) {
        if (!(ptx_types[i].cls & f->types))
          return FAIL("T.ptx.%s does not take the type .%s", f->name, ptx_types[i].name);
        if (out->ntypes == (f->rule == PA_CVT ? 2 : 1))
          return FAIL("T.ptx.%s takes %s type suffix%s", f->name, f->rule == PA_CVT ? "two" : "one",
                      f->rule == PA_CVT ? "es (.dtype.atype)" : "");
        out->type[out->ntypes++] = ptx_types[i].t;
        known = true;
      }
    if (known) continue;
    unsigned cls = 0;
    if (tok_in(tok, n, rnd_tokens, NELEM(rnd_tokens), &hit)) {
      cls = PM_RND;
      if (out->rnd) return FAIL("T.ptx.%s: more than one rounding modifier", f->name);
      out->rnd = hit;
    } else if (f->rule == PA_SETP && tok_in(tok, n, cmp_tokens, NELEM(cmp_tokens), &hit)) {
      cls = PM_CMP;
      if (out->cmp) return FAIL("T.ptx.%s: more than one comparison", f->name);
      out->cmp = hit;
    } else if (f->rule == PA_TESTP && tok_in(tok, n, testp_tokens, NELEM(testp_tokens), &hit)) {
      cls = PM_TESTP;
      if (out->cmp) return FAIL("T.ptx.%s: more than one property", f->name);
      out->cmp = hit;
    } else if ((cls = flag_mod(tok, n)) != 0) {
      bool *flag = cls == PM_FTZ      ? &out->ftz
                   : cls == PM_SAT    ? &out->sat
                   : cls == PM_APPROX ? &out->approx
                                      : &out->full;
      *flag = true;
    } else if ((n == 2 && (memcmp(tok, "lo", 2) == 0 || memcmp(tok, "hi", 2) == 0)) ||
               (n == 4 && memcmp(tok, "wide", 4) == 0)) {
      cls = PM_HLW;
      if (out->hlw) return FAIL("T.ptx.%s: more than one of .lo/.hi/.wide", f->name);
      out->hlw = tok[0] == 'w' ? 'w' : tok[1] == 'o' ? 'l' : 'h';
    }
    if (!cls || !(f->mods & cls)) {
      if (!errn) return false; /* no did-you-mean for a caller that drops it */
      const char *s = suggest_token(tok, n, f);
      if (s)
        return FAIL("T.ptx.%s does not take the modifier .%.*s; did you mean .%s?", f->name, (int)n,
                    tok, s);
      return FAIL("T.ptx.%s does not take the modifier .%.*s", f->name, (int)n, tok);
    }
    if (out->ntypes)
      return FAIL("T.ptx.%s: modifier .%.*s must come before the type", f->name, (int)n, tok);
  }
  if (*p) return FAIL("malformed T.ptx spelling '%s'", sp);
  int want = f->rule == PA_CVT ? 2 : 1;
  if (out->ntypes != want)
    return FAIL("T.ptx.%s needs %s type suffix%s", f->name, want == 2 ? "two" : "a",
                want == 2 ? "es (.dtype.atype)" : "");
  PtxType t = out->type[0];
  bool fl = tirx_ptx_type_is_float(t);
  if (f->rule == PA_CVT) fl = tirx_ptx_type_is_float(t) || tirx_ptx_type_is_float(out->type[1]);
  if (!fl && (out->rnd || out->ftz || out->approx || out->full) && f->rule != PA_SETP)
    return FAIL("T.ptx.%s.%s: rounding, .ftz, .approx and .full apply to float types only", f->name,
                tirx_ptx_type_name(t));
  if (fl && out->hlw) return FAIL("T.ptx.%s: .lo/.hi/.wide apply to integer types only", f->name);
  if ((f->mods & PM_HLW) && !fl && !out->hlw)
    return FAIL("T.ptx.%s.%s needs one of .lo, .hi, .wide", f->name, tirx_ptx_type_name(t));
  if (out->hlw == 'w' && tirx_ptx_type_bits(t) != 16 && tirx_ptx_type_bits(t) != 32)
    return FAIL("T.ptx.%s.wide takes a 16- or 32-bit type", f->name);
  if (f->rule == PA_SETP && !out->cmp) return FAIL("T.ptx.setp needs a comparison (.eq, .lt, ...)");
  if (f->rule == PA_TESTP && !out->cmp)
    return FAIL("T.ptx.testp needs a property (.finite, .normal, ...)");
  if (f->rule == PA_BFE && tirx_ptx_type_bits(t) < 32)
    return FAIL("T.ptx.bfe takes a 32- or 64-bit type");
  if ((f->rule == PA_BFI || f->rule == PA_COUNT || strcmp(f->name, "brev") == 0) &&
      tirx_ptx_type_bits(t) < 32)
    return FAIL("T.ptx.%s takes .b32 or .b64", f->name);
  if (strcmp(f->name, "prmt") == 0 && t != PT_B32) return FAIL("T.ptx.prmt takes .b32");
  if (f->rule == PA_CVT && tirx_ptx_type_is_float(out->type[1]) && !tirx_ptx_type_is_float(t) &&
      !(out->rnd && strlen(out->rnd) == 3))
    return FAIL("T.ptx.cvt from a float to an integer needs .rni, .rzi, .rmi or .rpi");
  if (out->rnd && strlen(out->rnd) == 3 && f->rule != PA_CVT)
    return FAIL("T.ptx.%s: integer rounding .%s applies to cvt only", f->name, out->rnd);
  if ((f->mods & PM_APPROX) && fl && !out->rnd && !out->approx && !out->full &&
      f->rule == PA_SAME && strcmp(f->name, "div") && (f->mods & PM_RND) == 0)
    return FAIL("T.ptx.%s.f32 needs .approx", f->name);
  if (out->approx && out->rnd)
    return FAIL("T.ptx.%s: .approx and a rounding modifier exclude each other", f->name);
  if (strcmp(f->name, "div") == 0 && fl && !out->rnd && !out->approx && !out->full)
    return FAIL("T.ptx.div.%s needs .approx, .full or a rounding modifier", tirx_ptx_type_name(t));
  if ((strcmp(f->name, "rcp") == 0 || strcmp(f->name, "sqrt") == 0) && !out->rnd && !out->approx)
    return FAIL("T.ptx.%s needs .approx or a rounding modifier", f->name);
  return true;
}
