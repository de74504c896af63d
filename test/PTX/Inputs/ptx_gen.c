/* tirx-ptx-gen: writes a TIRx module that calls every row of the T.ptx table
 * (include/tirx/internal/ptx_table.def), for the generated lit tests in test/PTX/.
 *
 *   tirx-ptx-gen spellings         every row in each spelling it has (chained,
 *                                  exact text, TVM's flat form), one kernel
 *   tirx-ptx-gen ARCH              one kernel per row that ARCH can assemble
 *                                  (sm_90a, sm_100a, sm_103a), in the exact form
 *   tirx-ptx-gen any               one kernel per row, whatever its arch
 *   tirx-ptx-gen --rows            "name arch" per row
 *   tirx-ptx-gen --registry        the registry as the compiled code sees it: each PTX
 *                                  row's lowering column ("name LLVM|NVVM|asm"), each
 *                                  PTX_NVVM/PTX_IR/PTX_ALU row, and whatever is
 *                                  inconsistent (exit 1): a PTX_NVVM spelling that
 *                                  tirx_ptx_lookup resolves to another id, an LLVM row
 *                                  whose family has no PTX_ALU row, an NVVM row in no
 *                                  PTX_NVVM spelling's family
 *   ... --skip-file F | --skip A,B   leave out the rows named in F / the list
 *   ... --only NAME                  just one row
 *
 * Each call uses the row's sample tokens, a register of the operand's
 * canonical dtype per lane (elements of a local array per dtype), a shared or
 * global address as the row's state space wants, the first value of a closed
 * immediate and 0 for an open one.  A row the generator cannot build makes it
 * fail (exit 1, naming the row): a new row is covered or the test breaks. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tirx/internal/intrin.h"
#include "tirx/internal/ir.h"
#include "tirx/internal/ptx_table.h"

enum { MAXREG = 1024 };

static const char *const dtypes[] = {"uint8", "int8",  "uint16", "int16",  "float16", "bfloat16", "uint32",
                                     "int32", "float32", "uint64", "int64", "float64", "uint128",  "int128"};
enum { NDT = sizeof dtypes / sizeof dtypes[0] };

static int dt_index(const char *name, size_t n) {
  for (int i = 0; i < NDT; i++)
    if (strlen(dtypes[i]) == n && memcmp(dtypes[i], name, n) == 0) return i;
  return -1;
}

/* The first dtype of a `|` list tirx has (uint128 has no tirx dtype). */
static int pick_dtype(const char *list) {
  for (const char *p = list; *p;) {
    size_t k = strcspn(p, "|");
    int i = dt_index(p, k);
    if (i >= 0) return i;
    p += k;
    if (*p) p++;
  }
  return -1;
}

static bool is_ident_token(const char *t) {
  if (!(t[0] == '_' || (t[0] >= 'a' && t[0] <= 'z') || (t[0] >= 'A' && t[0] <= 'Z'))) return false;
  for (const char *p = t; *p; p++)
    if (!(*p == '_' || *p == ':' || (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9')))
      return false;
  return true;
}

static bool is_keyword(const char *t) {
  static const char *const kw[] = {"and", "or", "not", "in", "is", "if", "else", "for", "while", "def", "class",
                                   "return", "async", "await", "global", "import", "from", "as", "with", "try",
                                   "except", "finally", "raise", "lambda", "pass", "break", "continue", "del",
                                   "yield", "assert", "elif", "nonlocal", "True", "False", "None"};
  for (size_t i = 0; i < sizeof kw / sizeof kw[0]; i++)
    if (strcmp(kw[i], t) == 0) return true;
  return false;
}

/* Writes the chained attribute form of one token (`::` → `__`, keyword → `_`). */
static void put_escaped(const char *t) {
  for (const char *p = t; *p; p++) {
    if (p[0] == ':' && p[1] == ':') {
      fputs("__", stdout);
      p++;
    } else if (p[0] == ':') {
      fputs("__colon__", stdout);
    } else {
      putchar(*p);
    }
  }
  if (is_keyword(t)) putchar('_');
}

/* A generator that exits right after printing: its rows live until exit, so the sanitizer
 * build's leak check is off for it (LeakSanitizer otherwise fails test/PTX/rows_*.test). */
const char *__asan_default_options(void);
const char *__asan_default_options(void) { return "detect_leaks=0"; }

typedef struct Row {
  const PtxEntry *e;
  const char *mods[32];
  char *ops;   /* the operand list text */
  int nflat;   /* slots */
  bool chain;  /* every token spellable as an attribute */
  bool flat_only; /* a token holds a '.': only the flat form can name it */
  bool skip;
} Row;

static int used[NDT]; /* registers used per dtype (array sizes) */

static bool build(const PtxEntry *e, Row *r, char *why, size_t whyn) {
  memset(r, 0, sizeof *r);
  r->e = e;
  if (e->nslots > 32) {
    snprintf(why, whyn, "more than 32 slots");
    return false;
  }
  char sample[512];
  snprintf(sample, sizeof sample, "%s", e->sample);
  r->chain = is_ident_token(e->family);
  int si = 0;
  for (char *t = strtok(sample, " "); t; t = strtok(NULL, " "), si++) {
    if (si >= e->nslots) {
      snprintf(why, whyn, "the sample has more tokens than the row has slots");
      return false;
    }
    if (strcmp(t, "-") == 0) continue;
    const PtxSlot *s = &e->slots[si];
    for (int k = 0; k < s->ntok; k++)
      if (strcmp(s->tok[k], t) == 0) r->mods[si] = s->tok[k];
    if (!r->mods[si]) {
      snprintf(why, whyn, "sample token '%s' is not in slot '%s'", t, s->name);
      return false;
    }
  }
  for (int i = 0; i < e->nslots; i++) {
    if (!r->mods[i] && !e->slots[i].optional) {
      snprintf(why, whyn, "sample leaves required slot '%s' empty", e->slots[i].name);
      return false;
    }
    if (r->mods[i] && !is_ident_token(r->mods[i])) r->chain = false;
    if (r->mods[i] && strchr(r->mods[i], '.')) r->flat_only = true;
  }
  size_t cap = 1 << 16, n = 0;
  char *o = malloc(cap);
  o[0] = '\0';
  int count[NDT] = {0};
#define PUT(...) (n += (size_t)snprintf(o + n, cap - n, __VA_ARGS__))
  const char *const *m = r->mods;
  for (int i = 0; i < e->nops; i++) {
    const PtxOperand *op = &e->ops[i];
    int lanes = tirx_ptx_lanes(op, m);
    if (op->kind == PTXK_IMM && op->literal) continue;
    for (int k = 0; k < lanes; k++) {
      if (n > cap - 200) {
        snprintf(why, whyn, "operand list too long");
        free(o);
        return false;
      }
      if (n) PUT(", ");
      if (op->kind == PTXK_IMM) {
        PUT("%s", op->nchoices ? op->choices[0] : "0");
        continue;
      }
      if (op->kind == PTXK_PTR) {
        PUT("T.address_of(G[0])");
        continue;
      }
      if (op->kind == PTXK_ADDR) {
        const char *sp = tirx_ptx_opspace(e, op, m);
        if (strcmp(sp, "tmem") == 0) PUT("T.uint32(0)");
        else if (strncmp(sp, "shared", 6) == 0) PUT("T.address_of(S[0])");
        else PUT("T.address_of(G[0])");
        continue;
      }
      const char *ty = tirx_ptx_optype(e, op, m);
      if (strcmp(ty, "pred") == 0 && op->rw == PTXRW_R) {
        PUT("T.ptx.pred(R_uint32[0])");
        continue;
      }
      int d = pick_dtype(strcmp(ty, "pred") == 0 ? "uint32" : tirx_ptx_opdtypes(e, op, m));
      if (d < 0) {
        snprintf(why, whyn, "operand '%s' has no tirx dtype (%s)", op->name, tirx_ptx_opdtypes(e, op, m));
        free(o);
        return false;
      }
      if (count[d] >= MAXREG) {
        snprintf(why, whyn, "more than %d registers", MAXREG);
        free(o);
        return false;
      }
      PUT("R_%s[%d]", dtypes[d], count[d]++);
    }
  }
#undef PUT
  for (int d = 0; d < NDT; d++)
    if (count[d] > used[d]) used[d] = count[d];
  r->ops = o;
  r->nflat = e->nslots;
  return true;
}

static void put_exact(const Row *r) {
  printf("T.ptx[\"%s", r->e->mnemonic);
  for (int i = 0; i < r->e->nslots; i++)
    if (r->mods[i]) printf(".%s", r->mods[i]);
  printf("\"](%s)", r->ops);
}

static void put_chain(const Row *r) {
  printf("T.ptx.");
  put_escaped(r->e->family);
  for (int i = 0; i < r->e->nslots; i++)
    if (r->mods[i]) {
      putchar('.');
      put_escaped(r->mods[i]);
    }
  printf("(%s)", r->ops);
}

static void put_flat(const Row *r) {
  printf("T.ptx.");
  put_escaped(r->e->family);
  printf("(%s", r->ops);
  for (int i = 0; i < r->e->nslots; i++) printf("%s\"%s\"", *r->ops || i ? ", " : "", r->mods[i] ? r->mods[i] : "");
  printf("%s\"\")", *r->ops || r->e->nslots ? ", " : "");
}

static bool arch_allows(const PtxEntry *e, int sm, bool specific) {
  bool spec;
  int need = tirx_ptx_arch_sm(e->arch, &spec);
  if (e->arch == SM_107A || e->arch == SM_107F) return false;
  if (spec && (need != sm || !specific)) return false; /* "a" features belong to one arch */
  if (e->arch == SM_100A && sm == 103) return true;
  return sm >= need;
}

/* Whether `name` is an element of the comma-separated `list`. */
static bool listed(const char *list, const char *name) {
  size_t n = strlen(name);
  for (const char *p = list; *p;) {
    size_t k = strcspn(p, ",");
    if (k == n && memcmp(p, name, n) == 0) return true;
    p += k;
    if (*p) p++;
  }
  return false;
}

/* A file of names, one per line ('#' comments), as a comma-separated list. */
static char *read_list(const char *path) {
  FILE *f = fopen(path, "r");
  if (!f) {
    fprintf(stderr, "tirx-ptx-gen: cannot read %s\n", path);
    exit(2);
  }
  size_t cap = 4096, n = 0;
  char *out = malloc(cap), line[512];
  out[0] = '\0';
  while (fgets(line, sizeof line, f)) {
    line[strcspn(line, "\r\n")] = '\0';
    if (!line[0] || line[0] == '#') continue;
    size_t k = strlen(line);
    if (n + k + 2 > cap) out = realloc(out, cap *= 2);
    n += (size_t)snprintf(out + n, cap - n, "%s%s", n ? "," : "", line);
  }
  fclose(f);
  return out;
}

static void header(const char *name) {
  printf("@T.prim_func\ndef %s(G: T.Buffer((4096,), \"uint64\")):\n", name);
  printf("    T.device_entry()\n    tx = T.thread_id([128])\n");
  printf("    S = T.alloc_shared((512,), \"uint64\")\n");
  for (int d = 0; d < NDT; d++)
    printf("    R_%s = T.alloc_local((%d,), \"%s\")\n", dtypes[d], used[d] ? used[d] : 1, dtypes[d]);
}

/* The registry's PTX_NVVM / PTX_IR / PTX_ALU rows, by the same X-macros the compiler uses. */
static const struct {
  IntrinId id;
  const char *spelling;
  bool ir;
} value_rows[] = {
#define PTX_NVVM(ID, sp, ...) {ID, sp, false},
#define PTX_IR(ID, name, ...) {ID, name, true},
#include "tirx/internal/ptx_table.def"
};
static const char *const alu_rows[] = {
#define PTX_ALU(family, ...) #family,
#include "tirx/internal/ptx_table.def"
};
enum { NVALUE = sizeof value_rows / sizeof value_rows[0], NALU = sizeof alu_rows / sizeof alu_rows[0] };

static int registry(void) {
  int n = tirx_ptx_count(), nllvm = 0, nnvvm = 0, nasm = 0, bad = 0, nown = 0, nir = 0;
  for (int i = 0; i < n; i++) {
    const PtxEntry *e = tirx_ptx_entry(i);
    unsigned f = e->flags;
    printf("%s %s%s%s\n", e->name, f & PTXF_LOWER_LLVM ? "LLVM" : "", (f & PTXF_LOWER_LLVM) && (f & PTXF_LOWER_NVVM) ? "|" : "",
           f & PTXF_LOWER_NVVM ? "NVVM" : f & PTXF_LOWER_LLVM ? "" : "asm");
    nllvm += !!(f & PTXF_LOWER_LLVM);
    nnvvm += !!(f & PTXF_LOWER_NVVM);
    nasm += !(f & (PTXF_LOWER_LLVM | PTXF_LOWER_NVVM));
    PtxLookup l;
    tirx_ptx_lookup(e->mnemonic, &l);
    if ((f & PTXF_LOWER_LLVM) && !l.alu) {
      printf("inconsistent: %s is LLVM but family '%s' has no PTX_ALU row\n", e->name, e->mnemonic);
      bad++;
    }
    bool in_family = false;
    for (int v = 0; v < NVALUE && !in_family; v++) {
      if (value_rows[v].ir) continue;
      tirx_ptx_lookup(value_rows[v].spelling, &l);
      for (int r = 0; r < l.nrows; r++) in_family |= l.rows[r] == e;
    }
    if ((f & PTXF_LOWER_NVVM) && !in_family) {
      printf("inconsistent: %s is NVVM but no PTX_NVVM spelling is of its family\n", e->name);
      bad++;
    }
  }
  for (int v = 0; v < NVALUE; v++) {
    PtxLookup l;
    tirx_ptx_lookup(value_rows[v].spelling, &l);
    const Intrin *in = tirx_intrin(value_rows[v].id);
    printf("%s %s -> %s, %d rows of its family\n", value_rows[v].ir ? "PTX_IR" : "PTX_NVVM", value_rows[v].spelling, in->name, l.nrows);
    if (l.value != in) {
      printf("inconsistent: %s resolves to %s\n", value_rows[v].spelling, l.value ? l.value->name : "nothing");
      bad++;
    }
    nir += value_rows[v].ir;
    nown += !value_rows[v].ir && !l.nrows;
  }
  for (int a = 0; a < NALU; a++) {
    PtxLookup l;
    tirx_ptx_lookup(alu_rows[a], &l);
    printf("PTX_ALU %s, %d rows of its family\n", alu_rows[a], l.nrows);
    if (!l.alu || strcmp(l.alu->name, alu_rows[a]) != 0) {
      printf("inconsistent: PTX_ALU %s is not found by its name\n", alu_rows[a]);
      bad++;
    }
  }
  printf("registry: %d PTX rows: %d LLVM, %d NVVM, %d asm; %d PTX_NVVM spellings (%d of no row), %d PTX_IR ids, %d PTX_ALU families; %d inconsistent\n",
         n, nllvm, nnvvm, nasm, NVALUE - nir, nown, nir, NALU, bad);
  return bad ? 1 : 0;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: tirx-ptx-gen spellings|sm_90a|sm_100a|sm_103a|--rows [--skip NAME,...] [--only NAME]\n");
    return 2;
  }
  const char *skip = "", *only = NULL;
  for (int i = 2; i + 1 < argc; i += 2) {
    if (strcmp(argv[i], "--skip") == 0) skip = argv[i + 1];
    else if (strcmp(argv[i], "--skip-file") == 0) skip = read_list(argv[i + 1]);
    else if (strcmp(argv[i], "--only") == 0) only = argv[i + 1];
  }
  int n = tirx_ptx_count();
  Row *rows = calloc((size_t)n, sizeof(Row));
  int bad = 0;
  for (int i = 0; i < n; i++) {
    char why[200];
    if (!build(tirx_ptx_entry(i), &rows[i], why, sizeof why)) {
      fprintf(stderr, "tirx-ptx-gen: row %s: %s\n", tirx_ptx_entry(i)->name, why);
      bad++;
    }
  }
  if (bad) return 1;
  const char *mode = argv[1];
  if (strcmp(mode, "--registry") == 0) return registry();
  if (strcmp(mode, "--rows") == 0) {
    for (int i = 0; i < n; i++) printf("%s %s\n", rows[i].e->name, tirx_ptx_arch_name(rows[i].e->arch));
    return 0;
  }
  if (strcmp(mode, "spellings") == 0) {
    printf("# %d rows\n", n);
    header("spellings");
    for (int i = 0; i < n; i++) {
      printf("    # %s\n    ", rows[i].e->name);
      if (!rows[i].flat_only) {
        put_exact(&rows[i]);
        printf("\n    ");
      }
      put_flat(&rows[i]);
      printf("\n");
      if (rows[i].chain && !rows[i].flat_only) {
        printf("    ");
        put_chain(&rows[i]);
        printf("\n");
      }
    }
    return 0;
  }
  int sm = 0;
  char a = 0;
  bool any = strcmp(mode, "any") == 0;
  if (!any && sscanf(mode, "sm_%d%c", &sm, &a) < 1) {
    fprintf(stderr, "tirx-ptx-gen: unknown mode '%s'\n", mode);
    return 2;
  }
  int k = 0, nskip = 0;
  for (int i = 0; i < n; i++) {
    rows[i].skip = (!any && !arch_allows(rows[i].e, sm, a == 'a')) || (only && strcmp(only, rows[i].e->name) != 0);
    if (!rows[i].skip && listed(skip, rows[i].e->name)) {
      rows[i].skip = true;
      nskip++;
    }
    k += !rows[i].skip;
  }
  printf("# %d of %d rows for %s (%d skipped: %s)\n", k, n, mode, nskip, any ? "listed" : "newer ptxas");
  for (int i = 0; i < n; i++) {
    if (rows[i].skip) continue;
    char name[160];
    snprintf(name, sizeof name, "r_%s", rows[i].e->name);
    header(name);
    printf("    ");
    if (rows[i].flat_only) put_flat(&rows[i]);
    else put_exact(&rows[i]);
    printf("\n");
  }
  return 0;
}
