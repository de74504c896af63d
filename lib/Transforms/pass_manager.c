/* The pass manager: the registry (passes.def), pipeline parsing with "did
 * you mean" suggestions, verification and IR dumps between passes, timing.
 *
 * require: nothing (the passes state their own contracts in passes.def)
 * guarantee: passes run in the order written; after each one the module is
 *            verified (when verify_each) and dumped (when asked); the first
 *            pass or verification that reports an error stops the pipeline.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "Support/clock.h"
#include "Transforms/xform.h"
#include "tirx/internal/pass.h"
#include "tirx/internal/print.h"
#include "tirx/internal/verify.h"

typedef struct PassInfo {
  const char *name;
  XfPassFn run;
  const char *desc;
  const char *requires;
  const char *guarantees;
} PassInfo;

static const PassInfo passes[] = {
#define X(name, fn, pipeline, desc, req, gua) {name, fn, desc, req, gua},
#include "passes.def"
#undef X
};
enum { NPASSES = (int)(sizeof passes / sizeof passes[0]) };

/* ",a,b,c" from the rows marked DEFAULT (the leading comma is skipped). */
#define IN_DEFAULT(name) "," name
#define IN_OPTIONAL(name)
static const char default_pipeline[] = ""
#define X(name, fn, pipeline, desc, req, gua) IN_##pipeline(name)
#include "passes.def"
#undef X
    ;
#undef IN_DEFAULT
#undef IN_OPTIONAL

const char *tirx_pass_default_pipeline(void) {
  return default_pipeline[0] ? default_pipeline + 1 : default_pipeline;
}

bool tirx_pass_verify_each_default(void) {
  const char *e = getenv("TIRX_VERIFY_EACH");
  if (e && *e) return strcmp(e, "0") != 0;
#ifdef TIRX_VERIFY_EACH_DEFAULT
  return true;
#else
  return false;
#endif
}

void tirx_pass_options_init(TirxPassOptions *o) {
  memset(o, 0, sizeof *o);
  o->verify_each = true;
}

int tirx_pass_count(void) { return NPASSES; }
const char *tirx_pass_name(int i) { return i >= 0 && i < NPASSES ? passes[i].name : NULL; }
const char *tirx_pass_description(int i) { return i >= 0 && i < NPASSES ? passes[i].desc : NULL; }

static const PassInfo *find_pass(const char *name, size_t len) {
  for (int i = 0; i < NPASSES; i++)
    if (strlen(passes[i].name) == len && memcmp(passes[i].name, name, len) == 0) return &passes[i];
  return NULL;
}

bool tirx_pass_exists(const char *name) { return find_pass(name, strlen(name)) != NULL; }

void tirx_pass_list(FILE *out, bool verbose) {
  fprintf(out, "Available passes (registry order):\n");
  for (int i = 0; i < NPASSES; i++) {
    fprintf(out, "  %-18s %s\n", passes[i].name, passes[i].desc);
    if (!verbose) continue;
    fprintf(out, "  %-18s   requires:   %s\n", "", passes[i].requires);
    fprintf(out, "  %-18s   guarantees: %s\n", "", passes[i].guarantees);
  }
  fprintf(out, "Pipelines:\n  %-18s %s\n", "default", tirx_pass_default_pipeline());
}


static const char *suggest(const char *name, size_t len) {
  const char *best = NULL;
  int bestd = (int)len / 2 + 1;
  for (int i = 0; i <= NPASSES; i++) {
    const char *n = i < NPASSES ? passes[i].name : "default";
    int d = tirx_edit_distance(name, len, n, strlen(n));
    if (d < bestd) {
      bestd = d;
      best = n;
    }
  }
  return best;
}

/* A parsed pipeline: the passes in order (at most 64). */
typedef struct Pipeline {
  const PassInfo *items[64];
  int n;
} Pipeline;

static int parse_pipeline(const char *text, Pipeline *out, TirxDiag *d) {
  out->n = 0;
  const char *p = text ? text : "";
  int errors = 0;
  while (*p) {
    while (*p == ' ' || *p == '\t') p++;
    const char *b = p;
    while (*p && *p != ',') p++;
    const char *e = p;
    while (e > b && (e[-1] == ' ' || e[-1] == '\t')) e--;
    size_t len = (size_t)(e - b);
    if (*p == ',') p++;
    if (len == 0) continue;
    if (len == 7 && memcmp(b, "default", 7) == 0) {
      Pipeline def;
      if (parse_pipeline(tirx_pass_default_pipeline(), &def, d)) return 1;
      for (int i = 0; i < def.n && out->n < 64; i++) out->items[out->n++] = def.items[i];
      continue;
    }
    const PassInfo *pi = find_pass(b, len);
    if (!pi) {
      const char *s = suggest(b, len);
      if (s)
        tirx_diag_add(d, DIAG_ERROR, 0, 0, "unknown pass '%.*s' in pipeline; did you mean '%s'?",
                      (int)len, b, s);
      else
        tirx_diag_add(d, DIAG_ERROR, 0, 0, "unknown pass '%.*s' in pipeline (see --list-passes)",
                      (int)len, b);
      errors++;
      continue;
    }
    if (out->n == 64) {
      tirx_diag_add(d, DIAG_ERROR, 0, 0, "pipeline has more than 64 passes");
      return 1;
    }
    out->items[out->n++] = pi;
  }
  return errors ? 1 : 0;
}

int tirx_pass_check_pipeline(const char *pipeline, TirxDiag *d) {
  Pipeline pl;
  return parse_pipeline(pipeline, &pl, d);
}

/* Is `name` in the comma-separated list? */
static bool in_list(const char *list, const char *name) {
  if (!list) return false;
  size_t n = strlen(name);
  const char *p = list;
  while (*p) {
    while (*p == ' ' || *p == ',') p++;
    const char *b = p;
    while (*p && *p != ',') p++;
    const char *e = p;
    while (e > b && e[-1] == ' ') e--;
    if ((size_t)(e - b) == n && memcmp(b, name, n) == 0) return true;
  }
  return false;
}

static void dump(FILE *out, const char *when, const char *name, Module *m) {
  char *text = tirx_print_module(m);
  fprintf(out, "# -----// IR Dump %s %s //----- #\n%s\n", when, name, text ? text : "");
  free(text);
  fflush(out);
}


int tirx_pass_run(Module *m, const char *name, TirxDiag *d) {
  const PassInfo *pi = find_pass(name, strlen(name));
  if (!pi) {
    Pipeline pl;
    parse_pipeline(name, &pl, d);
    return 1;
  }
  int before = d->nerrors;
  int rc = pi->run(m, d);
  return rc || d->nerrors > before ? 1 : 0;
}

int tirx_pass_run_pipeline(Module *m, const char *pipeline, const TirxPassOptions *o, TirxDiag *d) {
  TirxPassOptions defaults;
  if (!o) {
    tirx_pass_options_init(&defaults);
    o = &defaults;
  }
  Pipeline pl;
  if (parse_pipeline(pipeline, &pl, d)) return 1;
  FILE *out = o->print_out ? o->print_out : stderr;
  double times[64] = {0};
  int rc = 0, ran = 0;
  for (int i = 0; i < pl.n; i++) {
    const PassInfo *pi = pl.items[i];
    if (o->print_before_all) dump(out, "Before", pi->name, m);
    int before = d->nerrors;
    double t0 = o->time_passes ? tirx_now_ms() : 0;
    int r = pi->run(m, d);
    if (o->time_passes) times[i] = (tirx_now_ms() - t0) / 1e3; /* seconds */
    ran = i + 1;
    if (r || d->nerrors > before) {
      rc = 1;
      break;
    }
    if (o->verify_each && !tirx_verify_module(m, d)) {
      tirx_diag_add(d, DIAG_NOTE, 0, 0, "the IR above was produced by pass '%s'", pi->name);
      rc = 1;
      break;
    }
    if (o->print_after_all || in_list(o->print_after, pi->name)) dump(out, "After", pi->name, m);
  }
  if (o->time_passes) {
    FILE *tout = o->time_out ? o->time_out : stderr;
    double total = 0;
    for (int i = 0; i < ran; i++) total += times[i];
    fprintf(tout,
            "===-------------------------------------------------------------------------===\n");
    fprintf(tout, "                          tirx pass execution timing report\n");
    fprintf(tout,
            "===-------------------------------------------------------------------------===\n");
    fprintf(tout, "  Total Execution Time: %.4f seconds\n\n", total);
    fprintf(tout, "   ---Wall Time---  --- Name ---\n");
    for (int i = 0; i < ran; i++)
      fprintf(tout, "   %.4f (%5.1f%%)  %s\n", times[i], total > 0 ? 100.0 * times[i] / total : 0.0,
              pl.items[i]->name);
    fprintf(tout, "   %.4f (100.0%%)  Total\n", total);
  }
  return rc;
}
