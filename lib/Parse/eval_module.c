/* Module-level Python: imports and the `--entry EXPR` evaluation.
 *
 * The TVM imports kernels start with are no-ops naming the builtins
 * (`T`, `I`, `tvm`); `import math` binds the parse-time math module.
 * Importing any other module is a located error naming it: tirx has no
 * module search path yet. */
#include <stdio.h>
#include <string.h>

#include "Parse/eval.h"

/* `import math [as m]`, `from math import ceil, log2 [as l]` */
static bool import_math(Eval *ev, Ast *s) {
  const char *t = s->str;
  if (strcmp(t, "import math") == 0 || strncmp(t, "import math as ", 15) == 0) {
    Value v = v_make(V_NS, s->loc);
    v.u.ns = "math";
    const char *as = t[11] ? t + 15 : "math";
    ev_define(ev, tirx_intern0(ev->m, as), v, false, s->loc);
    return true;
  }
  if (strncmp(t, "from math import ", 17) != 0) return false;
  char buf[512];
  snprintf(buf, sizeof buf, "%s", t + 17);
  for (char *save = NULL, *item = strtok_r(buf, ",", &save); item; item = strtok_r(NULL, ",", &save)) {
    char name[128], alias[128] = "";
    if (sscanf(item, " %127[A-Za-z0-9_] as %127[A-Za-z0-9_]", name, alias) < 1) {
      ev_error(ev, s->loc, "unsupported import '%s'", t);
      return true;
    }
    Value v;
    Value mod = v_make(V_NS, s->loc);
    mod.u.ns = "math";
    if (!ev_py_attr(ev, mod, tirx_intern0(ev->m, name), s->loc, &v)) return false;
    ev_define(ev, tirx_intern0(ev->m, alias[0] ? alias : name), v, false, s->loc);
  }
  return true;
}

/* Returns false after reporting an error. */
bool ev_py_import(Eval *ev, Ast *s) {
  if (import_math(ev, s)) return ev->nerr == 0;
  static const char *noop[] = {"from __future__ import annotations", "from tvm.script import tirx as T",
                               "from tvm.script import tir as T", "from tvm.script import ir as I",
                               "from tvm.tirx.layout import Axis", "from typing import TypeVar",
                               "import tvm", "from tvm.script import ir as I, tirx as T",
                               "from tvm.script import tirx as T, ir as I", "from tvm import tirx",
                               "from tvm.script import tirx as Tx"};
  for (size_t i = 0; i < sizeof noop / sizeof noop[0]; i++)
    if (strcmp(s->str, noop[i]) == 0) {
      if (i == 0) ev->m->needs_future_import = true;
      if (i == sizeof noop / sizeof noop[0] - 1) {
        Value v = v_make(V_NS, s->loc);
        v.u.ns = "T.tile";
        ev_define(ev, tirx_intern0(ev->m, "Tx"), v, false, s->loc);
      }
      return true;
    }
  /* name the module: the word after import/from */
  const char *t = s->str;
  const char *p = strncmp(t, "from ", 5) == 0 ? t + 5 : strncmp(t, "import ", 7) == 0 ? t + 7 : t;
  size_t n = strcspn(p, " ,");
  ev_error(ev, s->loc, "unknown module '%.*s' (tirx resolves only math and the TVM script modules)", (int)n, p);
  return false;
}

/* Evaluates the entry expression in the module's namespace; the module's
 * functions become the one it names. */
void ev_entry(Eval *ev, const char *text) {
  Loc l = {1, 1};
  TokenList toks = {0};
  TirxDiag sub;
  size_t len = strlen(text);
  tirx_diag_init(&sub, "<entry>", text, len);
  Ast *e = NULL;
  if (lex(text, len, &toks, &sub) == 0) {
    for (int i = 0; i < toks.n; i++) toks.t[i].line = 0, toks.t[i].col = 0;
    e = parse_expr_tokens(ev->m, &toks, &sub);
  }
  lex_free(&toks);
  tirx_diag_free(&sub);
  if (!e) {
    tirx_diag_add(ev->d, DIAG_ERROR, 0, 0, "--entry: '%s' is not a Python expression", text);
    ev->nerr++;
    return;
  }
  PrimFunc *f = NULL;
  if (e->kind == A_NAME && !ev_lookup(ev, e->name)) {
    f = tirx_module_find(ev->m, e->name);
    if (!f) {
      tirx_diag_add(ev->d, DIAG_ERROR, 0, 0, "--entry: name '%s' is not defined in the module", e->name);
      ev->nerr++;
      return;
    }
  } else {
    int before = ev->nerr;
    Value v = ev_expr(ev, e);
    if (v.kind == V_ERROR || ev->nerr > before) return;
    if (v.kind != V_FUNCREF) {
      tirx_diag_add(ev->d, DIAG_ERROR, 0, 0, "--entry: '%s' did not give a PrimFunc", text);
      ev->nerr++;
      return;
    }
    f = v.u.func;
  }
  (void)l;
  ev->m->nfuncs = 0;
  tirx_module_add_func(ev->m, f);
}
