/* Module-level Python: imports and the `--entry EXPR` evaluation.
 *
 * The TVM imports kernels start with are no-ops naming the builtins
 * (`T`, `I`, `tvm`); `import math` binds the parse-time math module.
 * Any other module is not loaded: the names it would bind hold an
 * "unresolved module" value, and the first use of one (an attribute, a
 * call, a decorator) is a located error naming the module.  Host-side code
 * beside the kernels (torch, ctypes, test harnesses) is never reached by
 * --entry, so it costs nothing. */
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

/* `from typing import Any, Optional`: names only annotations use */
static bool import_typing(Eval *ev, Ast *s) {
  if (strncmp(s->str, "from typing import ", 19) != 0) return false;
  char buf[512];
  snprintf(buf, sizeof buf, "%s", s->str + 19);
  for (char *save = NULL, *item = strtok_r(buf, ", ()", &save); item; item = strtok_r(NULL, ", ()", &save)) {
    Value v = v_make(V_NS, s->loc);
    v.u.ns = tirx_intern_printf(ev->m, "typing.%s", item);
    ev_define(ev, tirx_intern0(ev->m, item), v, false, s->loc);
  }
  return true;
}

/* Returns false after reporting an error. */
bool ev_py_import(Eval *ev, Ast *s) {
  if (strcmp(s->str, "from typing import TypeVar") != 0 && import_typing(ev, s)) return true;
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
  const char *t = s->str;
  bool from = strncmp(t, "from ", 5) == 0;
  const char *p = from ? t + 5 : t + 7;
  char buf[1024];
  snprintf(buf, sizeof buf, "%s", p);
  if (from) {
    size_t n = strcspn(buf, " ");
    const char *mod = tirx_intern(ev->m, buf, n);
    char *names = strstr(buf + n, " import ");
    if (!names) {
      ev_error(ev, s->loc, "unsupported import '%s'", t);
      return false;
    }
    for (char *save = NULL, *item = strtok_r(names + 8, ",()", &save); item; item = strtok_r(NULL, ",()", &save)) {
      char name[128], alias[128] = "";
      if (sscanf(item, " %127[A-Za-z0-9_*] as %127[A-Za-z0-9_]", name, alias) < 1) continue;
      if (strcmp(name, "*") == 0) continue;
      Value v;
      if (ev_tvm_import(ev, mod, name, s->loc, &v)) {
        ev_define(ev, tirx_intern0(ev->m, alias[0] ? alias : name), v, false, s->loc);
        continue;
      }
      v = v_make(V_NS, s->loc);
      v.u.ns = tirx_intern_printf(ev->m, "?mod:%s", mod);
      ev_define(ev, tirx_intern0(ev->m, alias[0] ? alias : name), v, false, s->loc);
    }
    return true;
  }
  for (char *save = NULL, *item = strtok_r(buf, ",", &save); item; item = strtok_r(NULL, ",", &save)) {
    char name[256], alias[128] = "";
    if (sscanf(item, " %255[A-Za-z0-9_.] as %127[A-Za-z0-9_]", name, alias) < 1) continue;
    Value v = v_make(V_NS, s->loc);
    v.u.ns = tirx_intern_printf(ev->m, "?mod:%s", name);
    size_t root = strcspn(name, ".");
    ev_define(ev, alias[0] ? tirx_intern0(ev->m, alias) : tirx_intern(ev->m, name, root), v, false, s->loc);
  }
  return true;
}

/* The error for a use of a module tirx did not load. */
Value ev_py_unresolved(Eval *ev, Value mod, Loc loc) {
  if (strncmp(mod.u.ns + 5, "tvm.", 4) == 0) return ev_prelude_missing(ev, mod.u.ns + 5, loc);
  return ev_error(ev, loc, "module '%s' is not available to tirx (only math and the TVM script modules are)",
                  mod.u.ns + 5);
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
