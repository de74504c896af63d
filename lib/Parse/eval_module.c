/* Module-level Python: imports, the module system and `--entry EXPR`.
 *
 * The TVM imports kernels start with are no-ops naming the builtins
 * (`T`, `I`, `tvm`); `math`, `typing`, `functools`, `itertools`,
 * `dataclasses` and `enum` are parse-time modules of the evaluator.  Any
 * other `import a.b` / `from a.b import c` / `from .m import y` is looked
 * up as a file: `a/b.py` or the package `a/b/__init__.py`, first in the
 * importing file's directory tree (relative imports: its package), then
 * in each -I root.  A module found is parsed and run once per compile
 * (the cache is keyed by its path) with its own globals; a cycle is an
 * error.  A module not found (torch, numpy, ctypes, ...) is not loaded:
 * the names it would bind hold an "unresolved module" value and the first
 * use of one is a located error naming the module, so host code beside
 * the kernels costs nothing until it runs.
 *
 * Each module's globals live in its own binding vector.  A call of a
 * function defined in another module swaps that vector in
 * (ev_module_switch) so the callee sees its own module's names; errors
 * located in another file are reported with that file's name and line. */
#define _XOPEN_SOURCE 700 /* realpath */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "tirx/file.h"
#include "Parse/eval_modules.h"
#include "Support/oom.h"
#include "Support/strbuf.h"
#include "Support/vec.h"

#define MAX_MODULES 512
#define MAX_IMPORT_DEPTH 64

struct PyModule {
  const char *name; /* dotted, as imported ("__main__" for the input) */
  const char *path; /* the file ("" for a namespace package) */
  const char *dir;  /* its package directory (relative imports) */
  const char *src;
  size_t len;
  Binding *binds;
  int nbinds, capbinds; /* its globals while another module runs */
  uint32_t *locals;     /* (see Eval; EV_LOCALS counters, made at its first run) */
  int nglob;
  bool glob_stray;
  TxPtrMap globix; /* (see Eval) */
  bool loading, failed;
  bool anon; /* made by importlib.util.module_from_spec: never found by its file */
};

typedef struct PyModState {
  struct PyModule main;
  struct PyModule **mods;
  int n, cap;
  int import_depth;
  /* sys.modules: interned dotted name -> its module, once imported (an import
   * statement run again, say in a function called 5000 times, touches no file) */
  TxPtrMap by_name;
  const char *prelude; /* ev_prelude_dir, looked up once */
  bool prelude_known;
} PyModState;

static PyModState *state(Eval *ev) {
  if (!ev->mod->state) {
    ev->mod->state = tirx_xcalloc(1, sizeof *ev->mod->state);
    ev->mod->state->main.name = "__main__";
    const char *fn = ev->m->filename ? ev->m->filename : "";
    const char *slash = strrchr(fn, '/');
    ev->mod->state->main.dir = slash ? tirx_strdup(ev->m, fn, (size_t)(slash - fn)) : ".";
    ev->mod->state->main.path = fn;
  }
  return ev->mod->state;
}

void ev_modules_free(Eval *ev) {
  txmap_free(&ev->mod->prelude_rows);
  if (!ev->mod->state) return;
  for (int i = 0; i < ev->mod->state->n; i++) {
    free(ev->mod->state->mods[i]->binds);
    txmap_free(&ev->mod->state->mods[i]->globix);
  }
  free(ev->mod->state->mods);
  txmap_free(&ev->mod->state->by_name);
  free(ev->mod->state);
  ev->mod->state = NULL;
}

void ev_module_switch(Eval *ev, struct PyModule *to, struct PyModule **saved) {
  *saved = ev->py->cur_mod;
  if (to == ev->py->cur_mod) return;
  PyModState *st = state(ev);
  struct PyModule *from = ev->py->cur_mod ? ev->py->cur_mod : &st->main;
  from->binds = ev->binds;
  from->nbinds = ev->nbinds;
  from->capbinds = ev->capbinds;
  from->nglob = ev->nglob;
  from->glob_stray = ev->glob_stray;
  from->globix = ev->globix;
  from->locals = ev->locals;
  struct PyModule *t = to ? to : &st->main;
  if (!t->locals) t->locals = TIRX_NEWN(ev->m, uint32_t, EV_LOCALS);
  ev->binds = t->binds;
  ev->nbinds = t->nbinds;
  ev->capbinds = t->capbinds;
  ev->nglob = t->nglob;
  ev->glob_stray = t->glob_stray;
  ev->globix = t->globix;
  ev->locals = t->locals;
  ev->decl_hi = ev->nbinds; /* the module's markers are below its bindings' end */
  ev->py->cur_mod = to;
}

const char *ev_module_file(Eval *ev, const struct PyModule *m) {
  return m && m->path && *m->path ? m->path : ev->m->filename;
}

/* An error reported while another module's code runs is located in that file. */
void ev_module_tag(Eval *ev, int before) {
  if (ev->py->cur_mod && ev->d->n > before && ev->py->cur_mod->src)
    tirx_diag_set_file(ev->d, ev->py->cur_mod->path, ev->py->cur_mod->src, ev->py->cur_mod->len);
}

/* ---- attributes ------------------------------------------------------------------ */

static Binding *mod_global(Eval *ev, struct PyModule *m, const char *name) {
  Binding *b = m == ev->py->cur_mod ? ev->binds : m->binds;
  int n = m == ev->py->cur_mod ? ev->nbinds : m->nbinds;
  for (int i = n - 1; i >= 0; i--)
    if (b[i].depth == 0 && b[i].name == name) return &b[i];
  return NULL;
}

bool ev_module_attr(Eval *ev, Value mod, const char *name, Loc loc, Value *out) {
  struct PyModule *m = mod.u.mod;
  if (name[0] == '=') { /* internal probe used by assignment: never found */
    return false;
  }
  Binding *b = mod_global(ev, m, name);
  if (b) {
    *out = b->v;
    out->loc = loc;
    return true;
  }
  if (strcmp(name, "__name__") == 0) {
    *out = v_make(V_STR, loc);
    out->u.s.p = m->name;
    out->u.s.len = strlen(m->name);
    return true;
  }
  /* PEP 562: a module-level __getattr__(name) answers the names it lacks */
  Binding *ga = name[0] == '_' && name[1] == '_'
                    ? NULL
                    : mod_global(ev, m, tirx_intern0(ev->m, "__getattr__"));
  if (ga) {
    Value arg = v_make(V_STR, loc);
    arg.u.s.p = name;
    arg.u.s.len = strlen(name);
    Args a = {&arg, 1, NULL, NULL, 0, loc};
    *out = ev_call_value(ev, ga->v, &a);
    return true;
  }
  *out = ev_error(ev, loc, "module '%s' has no attribute '%s'", m->name, name);
  return true;
}

static void set_global(Eval *ev, struct PyModule *m, const char *name, Value v) {
  Binding *b = mod_global(ev, m, name);
  if (b) {
    b->v = v;
    return;
  }
  struct PyModule *saved;
  ev_module_switch(ev, m, &saved);
  int depth = ev->depth;
  ev->depth = 0;
  ev_define(ev, name, v, false, v.loc);
  ev->depth = depth;
  struct PyModule *dummy;
  ev_module_switch(ev, saved, &dummy);
}

void ev_module_set(Eval *ev, Value mod, const char *name, Value v) {
  set_global(ev, mod.u.mod, name, v);
}

/* globals(): the running module's names, as a dict.  A snapshot: reading it
 * (globals()["M"], .get) is CPython's; storing into it does not rebind the
 * module's names. */
Value bi_globals(Eval *ev, const Builtin *self, Args *a) {
  if (!ev_builtin_nokw(ev, self, a)) return v_make(V_ERROR, a->loc);
  if (a->npos) return ev_error(ev, a->loc, "globals() takes no arguments");
  Value d = v_make(V_DICT, a->loc);
  d.u.dict.keys = TIRX_NEWN(ev->m, Value, ev->nbinds + 1);
  d.u.dict.vals = TIRX_NEWN(ev->m, Value, ev->nbinds + 1);
  int n = 0;
  for (int i = 0; i < ev->nbinds; i++) {
    const Binding *b = &ev->binds[i];
    if (b->depth != 0) continue;
    int k = 0;
    while (k < n && d.u.dict.keys[k].u.s.p != b->name) k++; /* interned: a later binding wins */
    if (k == n) {
      d.u.dict.keys[n] = v_make(V_STR, a->loc);
      d.u.dict.keys[n].u.s.p = b->name;
      d.u.dict.keys[n].u.s.len = strlen(b->name);
      n++;
    }
    d.u.dict.vals[k] = b->v;
  }
  d.u.dict.n = n;
  return d;
}

/* ---- finding and loading modules ---------------------------------------------------- */

static bool is_file(const char *p) {
  struct stat st;
  return stat(p, &st) == 0 && S_ISREG(st.st_mode);
}

static bool is_dir(const char *p) {
  struct stat st;
  return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

static struct PyModule *find_loaded(PyModState *st, const char *path) {
  for (int i = 0; i < st->n; i++)
    if (!st->mods[i]->anon && strcmp(st->mods[i]->path, path) == 0) return st->mods[i];
  return NULL;
}

/* Copies diagnostics of a sub-file into the compile's list, with the file's name. */
static void copy_diags(Eval *ev, TirxDiag *sub, struct PyModule *m) {
  for (int i = 0; i < sub->n; i++) {
    DiagEntry *e = &sub->items[i];
    int before = ev->d->n;
    tirx_diag_add(ev->d, e->level, e->line, e->col, "%s", e->msg);
    if (ev->d->n > before) tirx_diag_set_file(ev->d, m->path, m->src, m->len);
    if (e->level == DIAG_ERROR) ev->nerr++;
  }
}

static void run_module_body(Eval *ev, AstFile *f);

/* Parses and runs the module in `path` (once).  NULL after an error. */
/* Reads and parses module m's source (the one reader of every input, tirx/file.h: a
 * regular file within the input limit, refused without blocking otherwise). */
static bool read_module(Eval *ev, struct PyModule *m, const char *name, const char *path, Loc loc,
                        AstFile *file) {
  size_t len = 0;
  char *text = NULL, *why = NULL;
  if (tirx_read_file(path, &text, &len, &why) != 0) {
    ev_error(ev, loc, "cannot import module '%s': %s", name, why ? why : path);
    free(why);
    return false;
  }
  m->src = tirx_strdup(ev->m, text, len);
  m->len = len;
  free(text);
  TirxDiag sub;
  tirx_diag_init(&sub, m->path, m->src, m->len);
  TokenList toks = {.arena = ev->m->arena};
  int rc = lex(m->src, m->len, &toks, &sub);
  if (rc == 0) rc = parse_file(ev->m, &toks, &sub, file);
  lex_free(&toks);
  if (rc != 0 || sub.nerrors) {
    copy_diags(ev, &sub, m);
    tirx_diag_free(&sub);
    ev_error(ev, loc, "module '%s' has errors", name);
    return false;
  }
  tirx_diag_free(&sub);
  return true;
}

/* A module's own names: __name__, __package__ (a package is its own, its __init__.py;
 * a module its parent's) and __file__ (the path it was found at). */
static void define_module_names(Eval *ev, struct PyModule *m, const char *path, Loc loc) {
  Value nm = v_make(V_STR, loc);
  nm.u.s.p = m->name;
  nm.u.s.len = strlen(m->name);
  ev_define(ev, tirx_intern0(ev->m, "__name__"), nm, false, loc);
  const char *base = strrchr(path, '/');
  bool is_pkg = base && strcmp(base + 1, "__init__.py") == 0;
  const char *dot = strrchr(m->name, '.');
  Value pk = v_make(V_STR, loc);
  pk.u.s.p = m->name;
  pk.u.s.len = is_pkg ? strlen(m->name) : dot ? (size_t)(dot - m->name) : 0;
  ev_define(ev, tirx_intern0(ev->m, "__package__"), pk, false, loc);
  Value fv = v_make(V_STR, loc);
  fv.u.s.p = tirx_intern0(ev->m, path);
  fv.u.s.len = strlen(path);
  ev_define(ev, tirx_intern0(ev->m, "__file__"), fv, false, loc);
}

static struct PyModule *new_module(Eval *ev, const char *name, const char *key, const char *dir) {
  PyModState *st = state(ev);
  struct PyModule *m = TIRX_NEW(ev->m, struct PyModule);
  m->name = tirx_intern0(ev->m, name);
  m->path = key;
  m->dir = tirx_intern0(ev->m, dir);
  TIRX_VEC_RESERVE(st->mods, st->cap, st->n + 1);
  st->mods[st->n++] = m;
  return m;
}

static bool exec_module(Eval *ev, struct PyModule *m, const char *path, Loc loc);

static struct PyModule *load_file(Eval *ev, const char *name, const char *path, const char *dir,
                                  Loc loc) {
  PyModState *st = state(ev);
  char *real = realpath(*path ? path : dir, NULL);
  const char *key = tirx_intern_printf(ev->m, "%s%s", *path ? "" : "ns:",
                                       real    ? real
                                       : *path ? path
                                               : dir);
  free(real);
  struct PyModule *m = find_loaded(st, key);
  if (m)
    return m->failed
               ? NULL
               : m; /* still loading in an import cycle: partially initialised, as CPython's */
  if (st->n >= MAX_MODULES) {
    ev_error(ev, loc, "more than %d modules imported", MAX_MODULES);
    return NULL;
  }
  m = new_module(ev, name, key, dir);
  if (!*path) return m; /* a namespace package: no code */
  return exec_module(ev, m, path, loc) ? m : NULL;
}

/* Runs module m's source `path` with its own globals.  False after an error. */
static bool exec_module(Eval *ev, struct PyModule *m, const char *path, Loc loc) {
  PyModState *st = state(ev);
  const char *name = m->name;
  if (st->import_depth >= MAX_IMPORT_DEPTH) {
    ev_error(ev, loc, "imports nested more than %d deep", MAX_IMPORT_DEPTH);
    return false;
  }
  AstFile file = {0};
  if (!read_module(ev, m, name, path, loc, &file)) {
    m->failed = true;
    return false;
  }
  /* run it with its own globals */
  m->loading = true;
  st->import_depth++;
  struct PyModule *saved_mod;
  ev_module_switch(ev, m, &saved_mod);
  int saved_depth = ev->depth, saved_floor = ev->py_floor, saved_class = ev->py->class_lo;
  int saved_pyd = ev->py->depth;
  PyFrame *saved_frame = ev->frame;
  ev->depth = 0;
  ev->py_floor = 0;
  ev->py->class_lo = 0;
  ev->py->depth = 0;
  ev->frame = NULL;
  int before = ev->nerr;
  define_module_names(ev, m, path, loc);
  run_module_body(ev, &file);
  ev->depth = saved_depth;
  ev->py_floor = saved_floor;
  ev->py->class_lo = saved_class;
  ev->py->depth = saved_pyd;
  ev->frame = saved_frame;
  struct PyModule *dummy;
  ev_module_switch(ev, saved_mod, &dummy);
  st->import_depth--;
  m->loading = false;
  if (ev->nerr > before) {
    m->failed = true;
    ev_error(ev, loc, "module '%s' could not be loaded (the error above)", name);
    return false;
  }
  return true;
}

/* The names a statement binds (targets, defs, classes; nested blocks too). */
static void poison_targets(Eval *ev, Ast *t, Value p) {
  if (!t) return;
  if (t->kind == A_NAME) {
    Binding *b = ev_lookup(ev, t->name);
    if (b && b->depth == ev->depth) b->v = p;
    else ev_define(ev, t->name, p, false, t->loc);
  } else if (t->kind == A_TUPLE || t->kind == A_LIST) {
    for (int i = 0; i < t->n; i++) poison_targets(ev, t->list[i], p);
  }
}

/* The names a failed import statement binds and did not bind yet (`from M import a,
 * b as c`: a, c; `import a.b`: a; `import a.b as c`: c) hold the failure. */
static void poison_import(Eval *ev, const Ast *s, Value p) {
  const char *t = s->str, *end = s->str + s->slen;
  bool from = strncmp(t, "from", 4) == 0;
  if (from) {
    const char *imp = strstr(t, " import ");
    if (!imp) return;
    t = imp + 8;
  } else {
    t += 6; /* "import" */
  }
  while (t < end) {
    while (t < end && strchr(" \t(),\\\n", *t)) t++;
    const char *n0 = t;
    while (t < end && !strchr(" \t(),\\\n", *t)) t++;
    size_t nl = (size_t)(t - n0);
    if (!nl) break;
    const char *as = t;
    while (as < end && (*as == ' ' || *as == '\t')) as++;
    if (end - as > 3 && strncmp(as, "as", 2) == 0 &&
        (as[2] == ' ' || as[2] == '\t')) { /* NAME as ALIAS */
      as += 3;
      while (as < end && (*as == ' ' || *as == '\t')) as++;
      n0 = as;
      for (t = as; t < end && !strchr(" \t(),\\\n", *t);) t++;
      nl = (size_t)(t - n0);
    } else if (!from) {
      const char *dot = memchr(n0, '.', nl); /* import a.b binds a */
      if (dot) nl = (size_t)(dot - n0);
    }
    if (!nl || (nl == 1 && *n0 == '*')) continue;
    const char *name = tirx_intern(ev->m, n0, nl);
    if (!ev_lookup(ev, name)) ev_define(ev, name, p, false, s->loc);
  }
}

static void poison_stmts(Eval *ev, Ast **ss, int n, Value p) {
  for (int i = 0; i < n; i++) {
    Ast *s = ss[i];
    switch (s->kind) {
    case A_ASSIGN:
      for (int k = 0; k < s->n; k++) poison_targets(ev, s->list[k], p);
      break;
    case A_ANNASSIGN:
    case A_AUGASSIGN: poison_targets(ev, s->b, p); break;
    case A_FUNCDEF:
    case A_CLASSDEF:
      poison_targets(ev, &(Ast){.kind = A_NAME, .name = s->name, .loc = s->loc}, p);
      break;
    case A_IMPORT: poison_import(ev, s, p); break;
    case A_IF:
    case A_FOR:
    case A_WHILE:
    case A_TRY:
    case A_WITH:
      poison_stmts(ev, s->list, s->n, p);
      poison_stmts(ev, s->list2, s->n2, p);
      if (s->kind == A_TRY) {
        for (int k = 0; k < s->n2; k++) poison_stmts(ev, s->list2[k]->list, s->list2[k]->n, p);
        poison_stmts(ev, s->list3, s->n3, p);
      }
      break;
    default: break;
    }
  }
}

/* A module-level statement that failed: its diagnostics are dropped and
 * the names it binds hold a value whose first use reports the failure
 * (host code beside the kernels need not evaluate). */
void ev_module_poison(Eval *ev, Ast *s, int nd, int ne, int nerr) {
  if ((ev->py->max_steps && ev->py->steps > ev->py->max_steps) || ev->py->too_big || ev->d->n <= nd)
    return; /* a limit is never forgiven */
  DiagEntry *e = &ev->d->items[nd];
  for (int i = nd; i < ev->d->n; i++)
    if (strstr(ev->d->items[i].msg, "partially initialized module"))
      return; /* an import cycle: never forgiven */
  const char *file = e->file ? e->file : ev->d->filename ? ev->d->filename : "<input>";
  const char *msg = tirx_intern_printf(ev->m, "%s:%u:%u: %s", file, e->line, e->col, e->msg);
  ev_diag_rollback(ev, nd, ne, nerr);
  Value p = v_make(V_UNRESOLVED, s->loc);
  p.u.unres.what = msg;
  p.u.unres.failed = true;
  poison_stmts(ev, &s, 1, p);
}

/* Module-level statements of an imported module: Python semantics; a
 * @T.prim_func becomes a value of the module, not a function of the output. */
static void run_module_body(Eval *ev, AstFile *f) {
  for (int i = 0; i < f->n; i++) {
    Ast *s = f->stmts[i];
    if (s->kind == A_EXPR_STMT && s->a->kind == A_STR) continue;
    int nd = ev->d->n, ne = ev->d->nerrors, nerr = ev->nerr;
    ev_py_exec(ev, &s, 1);
    if (ev->nerr > nerr) ev_module_poison(ev, s, nd, ne, nerr);
    if (ev->nerr > nerr) break;
  }
}

/* The file for dotted `name` under dir: a/b.py or the package a/b/__init__.py.
 * *pkgdir = the directory relative imports inside it use. */
static bool find_in(Eval *ev, const char *dir, const char *rel, char **path, char **pkgdir) {
  StrBuf b = {0};
  strbuf_printf(&b, "%s/%s.py", dir, rel);
  if (is_file(strbuf_str(&b))) {
    *path = strbuf_take(&b);
    const char *slash = strrchr(*path, '/');
    *pkgdir = tirx_xmalloc((size_t)(slash - *path) + 1);
    memcpy(*pkgdir, *path, (size_t)(slash - *path));
    (*pkgdir)[slash - *path] = 0;
    return true;
  }
  strbuf_free(&b);
  strbuf_printf(&b, "%s/%s", dir, rel);
  if (is_dir(strbuf_str(&b))) {
    *pkgdir = strbuf_take(&b);
    StrBuf i = {0};
    strbuf_printf(&i, "%s/__init__.py", *pkgdir);
    if (is_file(strbuf_str(&i))) *path = strbuf_take(&i);
    else {
      strbuf_free(&i);
      *path = tirx_xcalloc(1, 1); /* a namespace package */
    }
    return true;
  }
  strbuf_free(&b);
  (void)ev;
  return false;
}

/* Loads the module `dotted` (each package on the way first) from base
 * directory `base`; NULL when it is not there (nothing reported) or after
 * an error (*err set). */
static struct PyModule *load_dotted(Eval *ev, const char *base, const char *prefix,
                                    const char *dotted, Loc loc, bool *err,
                                    struct PyModule **root) {
  char rel[1024];
  size_t n = strlen(dotted);
  if (n >= sizeof rel) return NULL;
  struct PyModule *parent = NULL;
  *root = NULL;
  for (size_t i = 0; i <= n; i++) {
    if (i < n && dotted[i] != '.') continue;
    memcpy(rel, dotted, i);
    rel[i] = 0;
    for (char *c = rel; *c; c++)
      if (*c == '.') *c = '/';
    char *path = NULL, *pkgdir = NULL;
    if (!find_in(ev, base, rel, &path, &pkgdir))
      return parent ? (*err = true,
                       ev_error(ev, loc, "no module named '%s%.*s'", prefix, (int)i, dotted), NULL)
                    : NULL;
    char name[1200];
    snprintf(name, sizeof name, "%s%.*s", prefix, (int)i, dotted);
    struct PyModule *m = load_file(ev, name, path, pkgdir, loc);
    free(path);
    free(pkgdir);
    if (!m) {
      *err = true;
      return NULL;
    }
    if (!*root) *root = m;
    if (parent) {
      const char *last = strrchr(m->name, '.');
      Value mv = v_make(V_MODULE, loc);
      mv.u.mod = m;
      set_global(ev, parent, tirx_intern0(ev->m, last ? last + 1 : m->name), mv);
    }
    parent = m;
  }
  return parent;
}

/* _tirx.module_new(name, path): importlib.util.module_from_spec's module, empty and
 * named `name`, for the source file `path` (run by module_exec; a module of its own,
 * never found again by its file, as CPython's spec_from_file_location makes one). */
Value ev_module_new(Eval *ev, const Builtin *self, Args *a) {
  if (!ev_builtin_nokw(ev, self, a)) return v_make(V_ERROR, a->loc);
  if (a->npos != 2 || a->pos[0].kind != V_STR || a->pos[1].kind != V_STR)
    return ev_error(ev, a->loc, "_tirx.module_new() takes a name and a file path");
  PyModState *st = state(ev);
  if (st->n >= MAX_MODULES)
    return ev_error(ev, a->loc, "more than %d modules imported", MAX_MODULES);
  const char *name = tirx_intern_printf(ev->m, "%.*s", (int)a->pos[0].u.s.len, a->pos[0].u.s.p);
  char *real =
      realpath(tirx_intern_printf(ev->m, "%.*s", (int)a->pos[1].u.s.len, a->pos[1].u.s.p), NULL);
  const char *path =
      real ? tirx_intern0(ev->m, real)
           : tirx_intern_printf(ev->m, "%.*s", (int)a->pos[1].u.s.len, a->pos[1].u.s.p);
  free(real);
  const char *slash = strrchr(path, '/');
  const char *dir = slash ? tirx_intern_printf(ev->m, "%.*s", (int)(slash - path), path) : ".";
  struct PyModule *m = new_module(ev, name, path, dir);
  m->anon = true;
  Value v = v_make(V_MODULE, a->loc);
  v.u.mod = m;
  return v;
}

/* _tirx.module_exec(module): runs a module_new module's file in it (once). */
Value ev_module_exec(Eval *ev, const Builtin *self, Args *a) {
  if (!ev_builtin_nokw(ev, self, a)) return v_make(V_ERROR, a->loc);
  if (a->npos != 1 || a->pos[0].kind != V_MODULE || !a->pos[0].u.mod->anon)
    return ev_error(ev, a->loc, "_tirx.module_exec() takes a module from module_new()");
  struct PyModule *m = a->pos[0].u.mod;
  if (m->loading) return ev_error(ev, a->loc, "module '%s' is already executing", m->name);
  if (!exec_module(ev, m, m->path, a->loc)) return v_make(V_ERROR, a->loc);
  return v_make(V_NONE, a->loc);
}

/* Does the prelude have module `dotted` (a file or a package)?  A TVM module
 * it lacks stays unresolved (lazy), like any module not found. */
static bool prelude_has(const char *dir, const char *dotted) {
  StrBuf b = {0};
  strbuf_printf(&b, "%s/", dir);
  for (const char *c = dotted; *c; c++) strbuf_putc(&b, *c == '.' ? '/' : *c);
  bool ok = is_dir(strbuf_str(&b));
  strbuf_puts(&b, ".py");
  ok = ok || is_file(strbuf_str(&b));
  strbuf_free(&b);
  return ok;
}

/* Is `dotted` a standard-library module written in Python (pylib.def PYMOD)? */
static bool is_pystd(const char *dotted) {
  static const char *const mods[] = {
#define LIBMOD(MODULE)
#define LIBFN(MODULE, NAME, FN)
#define PYMOD(MODULE) #MODULE,
#include "Parse/pylib.def"
  };
  for (size_t i = 0; i < sizeof mods / sizeof mods[0]; i++) {
    size_t n = strlen(mods[i]); /* the module or a submodule of its package */
    if (strncmp(dotted, mods[i], n) == 0 && (!dotted[n] || dotted[n] == '.')) return true;
  }
  return false;
}

static const char *prelude_dir(Eval *ev) {
  PyModState *st = state(ev);
  if (!st->prelude_known) st->prelude = ev_prelude_dir(ev->m), st->prelude_known = true;
  return st->prelude;
}

/* The module `dotted` from the search path (the importing file's tree first). */
static struct PyModule *import_search(Eval *ev, const char *dotted, Loc loc, bool *err,
                                      struct PyModule **root) {
  PyModState *st = state(ev);
  *err = false;
  if (is_pystd(dotted)) {
    const char *dir = prelude_dir(ev);
    if (!dir) {
      ev_error(
          ev, loc,
          "module '%s' is Python in tirx's prelude, which was not found (set TIRX_PRELUDE_DIR)",
          dotted);
      *err = true;
      return NULL;
    }
    return load_dotted(ev, tirx_intern_printf(ev->m, "%s/pystd", dir), "", dotted, loc, err, root);
  }
  /* TVM's library is tirx's prelude (prelude_dir.c) */
  const char *prelude = strncmp(dotted, "tvm.", 4) == 0 ? prelude_dir(ev) : NULL;
  if (prelude && prelude_has(prelude, dotted)) {
    struct PyModule *pm = load_dotted(ev, prelude, "", dotted, loc, err, root);
    if (pm || *err) return pm;
  }
  const char *mydir = ev->py->cur_mod ? ev->py->cur_mod->dir : st->main.dir;
  struct PyModule *m = load_dotted(ev, mydir, "", dotted, loc, err, root);
  if (m || *err) return m;
  for (int i = 0; ev->opts && i < ev->opts->ninclude_dirs; i++) {
    m = load_dotted(ev, ev->opts->include_dirs[i], "", dotted, loc, err, root);
    if (m || *err) return m;
  }
  return NULL;
}

/* import_search through sys.modules (PyModState.by_name): a module imported once (or
 * still loading, in an import cycle, as in CPython) is found by its name again. */
static struct PyModule *import_abs(Eval *ev, const char *dotted, Loc loc, bool *err,
                                   struct PyModule **root) {
  PyModState *st = state(ev);
  const char *key = tirx_intern0(ev->m, dotted);
  const char *dot = strchr(dotted, '.');
  const char *rkey = dot ? tirx_intern_printf(ev->m, "%.*s", (int)(dot - dotted), dotted) : key;
  struct PyModule *m = txmap_get(&st->by_name, key), *r = txmap_get(&st->by_name, rkey);
  if (m && r && !m->failed && !r->failed) {
    *err = false;
    *root = r;
    return m;
  }
  m = import_search(ev, dotted, loc, err, root);
  if (m && *root) {
    txmap_put(&st->by_name, key, m);
    txmap_put(&st->by_name, rkey, *root);
  }
  return m;
}

/* `from MODULE import NAME` for the evaluator's own use (eval_tvm.c: T.TMEMPool
 * is a class of the prelude).  False after reporting an error. */
bool ev_import_name(Eval *ev, const char *module, const char *name, Loc loc, Value *out) {
  bool err = false;
  struct PyModule *root = NULL;
  struct PyModule *m = import_abs(ev, module, loc, &err, &root);
  if (err) return false;
  if (!m) return ev_prelude_missing(ev, module, loc), false;
  Binding *b = mod_global(ev, m, tirx_intern0(ev->m, name));
  if (!b) return ev_error(ev, loc, "cannot import name '%s' from '%s'", name, module), false;
  *out = b->v;
  return true;
}

/* ---- import statements ---------------------------------------------------------------- */

/* The evaluator's own modules (pylib.def): `import X` binds a V_LIBMOD. */
static bool is_pylib(Eval *ev, const char *name) { return ev_libmod_find(ev, name) != NULL; }

static Value libmod_value(Eval *ev, const char *name, Loc loc) {
  Value v = v_make(V_LIBMOD, loc);
  v.u.ns = ev_libmod_find(ev, name);
  return v;
}

static Value ns_value(Eval *ev, const char *path, Loc loc) {
  Value v = v_make(V_NS, loc);
  v.u.ns = tirx_intern0(ev->m, path);
  return v;
}

/* a module tirx did not load: its uses report it (ev_py_unresolved) */
static Value unloaded(Eval *ev, const char *module, Loc loc) {
  Value v = v_make(V_UNRESOLVED, loc);
  v.u.unres.what = tirx_intern0(ev->m, module);
  return v;
}

/* Tokens of the import text: names, '.', ',', '(', ')', '*'; comments dropped. */
typedef struct {
  char t[1024][160];
  int n;
} ImpToks;

static bool imp_lex(const char *s, ImpToks *out) {
  out->n = 0;
  for (const char *p = s; *p;) {
    if (*p == '#') {
      while (*p && *p != '\n') p++;
      continue;
    }
    if (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r' || *p == '\\') {
      p++;
      continue;
    }
    if (out->n >= 1024) return false;
    char *t = out->t[out->n++];
    if (strchr(".,()*", *p)) {
      t[0] = *p++;
      t[1] = 0;
      continue;
    }
    size_t k = 0;
    while (*p && (*p == '_' || (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
                  (*p >= '0' && *p <= '9') || (unsigned char)*p >= 0x80)) {
      if (k >= 159) return false;
      t[k++] = *p++;
    }
    if (!k) return false;
    t[k] = 0;
  }
  return true;
}

static void bind_name(Eval *ev, const char *name, Value v, Loc loc) {
  Binding *b = ev_lookup(ev, tirx_intern0(ev->m, name));
  if (b && b->depth == ev->depth) b->v = v;
  else ev_define(ev, tirx_intern0(ev->m, name), v, false, loc);
}

/* `import math [as m]`, `from math import ceil, log2 [as l]`, typing names */
static bool import_builtin_from(Eval *ev, const char *mod, const char *name, const char *as,
                                Loc loc) {
  Value v;
  if (strcmp(mod, "typing") == 0 || strcmp(mod, "typing_extensions") == 0 ||
      strcmp(mod, "collections.abc") == 0) {
    v = ns_value(ev, tirx_intern_printf(ev->m, "typing.%s", name), loc);
  } else if (is_pylib(ev, mod)) {
    if (!ev_py_attr(ev, libmod_value(ev, mod, loc), tirx_intern0(ev->m, name), loc, &v))
      return false;
  } else {
    return false;
  }
  bind_name(ev, as ? as : name, v, loc);
  return true;
}

/* The TVM script modules are the builtins T / I / tvm. */
static bool tvm_builtin(Eval *ev, const char *mod, const char *name, const char *as, Loc loc) {
  const char *bind = as ? as : name;
  if (strcmp(mod, "tvm.script") == 0 && (strcmp(name, "tirx") == 0 || strcmp(name, "tir") == 0)) {
    if (strcmp(bind, "T") != 0)
      bind_name(ev, bind, ns_value(ev, strcmp(bind, "Tx") == 0 ? "T.tile" : "T", loc), loc);
    return true;
  }
  if (strcmp(mod, "tvm.script") == 0 && strcmp(name, "ir") == 0) {
    if (strcmp(bind, "I") != 0) bind_name(ev, bind, ns_value(ev, "I", loc), loc);
    return true;
  }
  if (strcmp(mod, "tvm") == 0 && strcmp(name, "tirx") == 0 && strcmp(bind, "tirx") == 0)
    return true;
  if (strcmp(mod, "tvm.tirx.layout") == 0 && strcmp(name, "Axis") == 0 && strcmp(bind, "Axis") == 0)
    return true;
  if (strcmp(mod, "__future__") == 0) {
    if (strcmp(name, "annotations") == 0) ev->m->needs_future_import = true;
    return true;
  }
  return false;
}

static Value module_value(struct PyModule *m, Loc loc) {
  Value v = v_make(V_MODULE, loc);
  v.u.mod = m;
  return v;
}

/* The base directory of a relative import with `dots` leading dots. */
static const char *relative_base(Eval *ev, int dots) {
  PyModState *st = state(ev);
  const char *dir = ev->py->cur_mod ? ev->py->cur_mod->dir : st->main.dir;
  char buf[4096];
  snprintf(buf, sizeof buf, "%s", dir);
  for (int i = 1; i < dots; i++) {
    char *slash = strrchr(buf, '/');
    if (!slash) {
      snprintf(buf, sizeof buf, "..");
      continue;
    }
    *slash = 0;
  }
  return tirx_intern0(ev->m, buf);
}

/* from MOD import NAME [as BIND], once the module m (NULL: not on the search
 * path, or a native one) is loaded; false after an error. */
static bool from_import_name(Eval *ev, struct PyModule *m, const char *mod, const char *shown,
                             int dots, const char *name, const char *bind, Loc loc) {
  Value nv;
  if (!dots && ev_tvm_import(ev, mod, name, loc, &nv)) {
    bind_name(ev, bind, nv, loc);
    return true;
  }
  if (strcmp(name, "*") == 0) {
    if (!m) return true;
    Binding *b = m->binds;
    for (int j = 0; j < m->nbinds; j++)
      if (b[j].depth == 0 && b[j].name[0] != '_') bind_name(ev, b[j].name, b[j].v, loc);
    return true;
  }
  if (!m) { /* not on the search path: lazy */
    bind_name(ev, bind, unloaded(ev, shown, loc), loc);
    return true;
  }
  const char *nm = tirx_intern0(ev->m, name);
  Binding *b = mod_global(ev, m, nm);
  if (b) {
    bind_name(ev, bind, b->v, loc);
    return true;
  }
  /* a submodule: from pkg import mod */
  char *path = NULL, *pkgdir = NULL;
  if (m->dir && find_in(ev, m->dir, name, &path, &pkgdir)) {
    char full[1200];
    snprintf(full, sizeof full, "%s.%s", m->name, name);
    struct PyModule *sm = load_file(ev, full, path, pkgdir, loc);
    free(path);
    free(pkgdir);
    if (!sm) return false;
    set_global(ev, m, nm, module_value(sm, loc));
    bind_name(ev, bind, module_value(sm, loc), loc);
    return true;
  }
  if (mod_global(
          ev, m,
          tirx_intern0(ev->m, "__getattr__"))) { /* PEP 562 answers `from m import name` too */
    Value got;
    int before = ev->nerr;
    ev_module_attr(ev, module_value(m, loc), nm, loc, &got);
    if (ev->nerr > before || got.kind == V_ERROR) return false;
    bind_name(ev, bind, got, loc);
    return true;
  }
  if (m->loading)
    ev_error(ev, loc,
             "cannot import name '%s' from partially initialized module '%s' (most likely due to a "
             "circular "
             "import)",
             name, m->name);
  else ev_error(ev, loc, "cannot import name '%s' from '%s'", name, m->name);
  return false;
}

static bool do_from(Eval *ev, Ast *s, ImpToks *t) {
  Loc loc = s->loc;
  int i = 1, dots = 0;
  while (i < t->n && strcmp(t->t[i], ".") == 0) dots++, i++;
  char mod[1024] = "";
  while (i < t->n && strcmp(t->t[i], "import") != 0) {
    if (strlen(mod) + strlen(t->t[i]) + 1 >= sizeof mod)
      return ev_error(ev, loc, "import path too long"), false;
    strcat(mod, t->t[i++]);
  }
  if (i >= t->n) return ev_error(ev, loc, "unsupported import '%s'", s->str), false;
  i++;
  /* the imported names */
  const char *names[512], *as[512];
  int nn = 0;
  for (; i < t->n; i++) {
    const char *x = t->t[i];
    if (strcmp(x, "(") == 0 || strcmp(x, ")") == 0 || strcmp(x, ",") == 0) continue;
    if (nn >= 512) return ev_error(ev, loc, "more than 512 names in one import"), false;
    names[nn] = x;
    as[nn] = NULL;
    if (i + 2 < t->n && strcmp(t->t[i + 1], "as") == 0) as[nn] = t->t[i + 2], i += 2;
    nn++;
  }
  if (!dots) {
    bool all = true;
    for (int k = 0; k < nn && all; k++) all = tvm_builtin(ev, mod, names[k], as[k], loc);
    if (all) return true;
    /* names the evaluator has natively (tvm_builtin.def) need no module */
    Value nv;
    all = true;
    for (int k = 0; k < nn && all; k++) all = ev_tvm_import(ev, mod, names[k], loc, &nv);
    if (all) {
      for (int k = 0; k < nn; k++) {
        ev_tvm_import(ev, mod, names[k], loc, &nv);
        bind_name(ev, as[k] ? as[k] : names[k], nv, loc);
      }
      return true;
    }
    if (strcmp(mod, "typing") == 0 || strcmp(mod, "typing_extensions") == 0 ||
        strcmp(mod, "collections.abc") == 0 || is_pylib(ev, mod)) {
      for (int k = 0; k < nn; k++)
        if (strcmp(names[k], "*") != 0 && !import_builtin_from(ev, mod, names[k], as[k], loc))
          return false;
      return ev->nerr == 0;
    }
  }
  bool err = false;
  struct PyModule *m = NULL, *root = NULL;
  const char *shown = mod;
  if (dots) {
    const char *base = relative_base(ev, dots);
    if (mod[0]) {
      m = load_dotted(ev, base, "", mod, loc, &err, &root);
    } else {
      /* the package itself: its __init__.py, if any, runs first */
      char init[4200];
      snprintf(init, sizeof init, "%s/__init__.py", base);
      const char *slash = strrchr(base, '/');
      m = load_file(ev, slash ? slash + 1 : base, is_file(init) ? init : "", base, loc);
      err = !m;
    }
    shown = tirx_intern_printf(ev->m, "%.*s%s", dots, "..........", mod);
  } else {
    m = import_abs(ev, mod, loc, &err, &root);
  }
  if (err) return false;
  for (int k = 0; k < nn; k++)
    if (!from_import_name(ev, m, mod, shown, dots, names[k], as[k] ? as[k] : names[k], loc))
      return false;
  return true;
}

static bool do_import(Eval *ev, Ast *s, ImpToks *t) {
  Loc loc = s->loc;
  for (int i = 1; i < t->n; i++) {
    char mod[1024] = "";
    while (i < t->n && strcmp(t->t[i], ",") != 0 && strcmp(t->t[i], "as") != 0) {
      if (strlen(mod) + strlen(t->t[i]) + 1 >= sizeof mod)
        return ev_error(ev, loc, "import path too long"), false;
      strcat(mod, t->t[i++]);
    }
    const char *as = NULL;
    if (i + 1 < t->n && strcmp(t->t[i], "as") == 0) as = t->t[i + 1], i += 2;
    size_t rootlen = strcspn(mod, ".");
    char root[256];
    snprintf(root, sizeof root, "%.*s", (int)rootlen, mod);
    if (strcmp(mod, "tvm") == 0 || strncmp(mod, "tvm.script", 10) == 0) {
      if (as) bind_name(ev, as, ns_value(ev, "tvm", loc), loc);
      continue;
    }
    if (strcmp(mod, "typing") == 0) {
      bind_name(ev, as ? as : mod, ns_value(ev, "typing", loc), loc);
      continue;
    }
    if (is_pylib(ev, mod)) {
      bind_name(ev, as ? as : mod, libmod_value(ev, mod, loc), loc);
      continue;
    }
    bool err = false;
    struct PyModule *root_mod = NULL;
    struct PyModule *m = import_abs(ev, mod, loc, &err, &root_mod);
    if (err) return false;
    if (!as &&
        strcmp(root, "tvm") == 0) { /* import tvm.testing: `tvm` stays the builtin namespace */
      bind_name(ev, "tvm", ns_value(ev, "tvm", loc), loc);
      continue;
    }
    if (!m) {
      Value v = unloaded(ev, mod, loc);
      bind_name(ev, as ? as : root, v, loc);
      continue;
    }
    bind_name(ev, as ? as : root, module_value(as ? m : root_mod, loc), loc);
  }
  return true;
}

/* Returns false after reporting an error. */
bool ev_py_import(Eval *ev, Ast *s) {
  ImpToks *t = tirx_xmalloc(sizeof *t);
  bool ok;
  if (!imp_lex(s->str, t) || t->n < 2)
    ok = (ev_error(ev, s->loc, "unsupported import '%s'", s->str), false);
  else if (strcmp(t->t[0], "from") == 0) ok = do_from(ev, s, t);
  else ok = do_import(ev, s, t);
  free(t);
  return ok && ev->nerr == 0;
}

Value ev_unresolved_call(Eval *ev, Value callee, Args *a) {
  return ev_py_unresolved(ev, callee, a->loc);
}

/* The error for a use of a module tirx did not load (or of a name whose
 * module-level definition failed). */
Value ev_py_unresolved(Eval *ev, Value v, Loc loc) {
  const char *what = v.u.unres.what;
  if (v.u.unres.failed)
    return ev_error(ev, loc, "this name's module-level definition failed: %s", what);
  if (strncmp(what, "tvm.", 4) == 0) return ev_prelude_missing(ev, what, loc);
  return ev_error(
      ev, loc,
      "module '%s' is not available to tirx (not found on the -I search path; only the Python "
      "subset's own modules and the TVM script modules are built in)",
      what);
}

/* An entry that is a tvm.IRModule (the prelude's class: its functions in _funcs,
 * by the names in _names): the module's functions become all of its PrimFuncs. */
static void entry_ir_module(Eval *ev, Value mod, const char *text) {
  bool f1, f2;
  Value names = ev_try_attr(ev, mod, tirx_intern0(ev->m, "_names"), mod.loc, &f1);
  Value funcs = ev_try_attr(ev, mod, tirx_intern0(ev->m, "_funcs"), mod.loc, &f2);
  if (!f1 || !f2 || names.kind != V_LIST || funcs.kind != V_DICT) {
    tirx_diag_add(ev->d, DIAG_ERROR, 0, 0, "--entry: '%s' is no tvm.IRModule", text);
    ev->nerr++;
    return;
  }
  PrimFunc **fs = TIRX_NEWN(ev->m, PrimFunc *, funcs.u.dict.n + 1);
  int n = 0;
  for (int i = 0; i < funcs.u.dict.n; i++) {
    Value v = funcs.u.dict.vals[i];
    if (v.kind != V_FUNCREF) {
      tirx_diag_add(ev->d, DIAG_ERROR, 0, 0,
                    "--entry: function '%.*s' of the IRModule is not a PrimFunc",
                    (int)funcs.u.dict.keys[i].u.s.len, funcs.u.dict.keys[i].u.s.p);
      ev->nerr++;
      return;
    }
    PrimFunc *f = ev_funcref(ev, v);
    if (!f) return;
    bool dup = false;
    for (int j = 0; j < n; j++) {
      if (fs[j] == f) dup = true; /* one PrimFunc under two names: compiled once (its own name) */
      else if (strcmp(fs[j]->name, f->name) == 0) {
        tirx_diag_add(ev->d, DIAG_ERROR, 0, 0,
                      "--entry: the IRModule holds two functions named '%s'", f->name);
        ev->nerr++;
        return;
      }
    }
    if (!dup) fs[n++] = f;
  }
  if (!n) {
    tirx_diag_add(ev->d, DIAG_ERROR, 0, 0, "--entry: the IRModule '%s' has no functions", text);
    ev->nerr++;
    return;
  }
  ev->m->nfuncs = 0;
  for (int i = 0; i < n; i++) tirx_module_add_func(ev->m, fs[i]);
  ev->m->is_ir_module = true; /* printed as one: functions sorted by name, main last */
  ev->m->class_name = NULL;   /* not the file's class, if it has one */
}

/* Evaluates the entry expression in the module's namespace; the module's
 * functions become the one it names (all of them for an IRModule). */
void ev_entry(Eval *ev, const char *text) {
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
  if (e->kind == A_NAME && !ev_lookup(ev, e->name) && ev->m->is_ir_module && ev->m->class_name &&
      strcmp(e->name, ev->m->class_name) == 0)
    return; /* the file's @I.ir_module class: all its functions */
  if (e->kind == A_NAME && !ev_lookup(ev, e->name)) {
    f = tirx_module_find(ev->m, e->name);
    if (!f) {
      tirx_diag_add(ev->d, DIAG_ERROR, 0, 0, "--entry: name '%s' is not defined in the module",
                    e->name);
      ev->nerr++;
      return;
    }
  } else {
    int before = ev->nerr;
    Value v = ev_expr(ev, e);
    if (v.kind == V_ERROR || ev->nerr > before) return;
    /* An object that holds the kernel (the kern DSL's Kernel: .func, or .mod) stands for
     * it; the chain is followed a few links, enough for a wrapper of a wrapper. */
    for (int hop = 0; hop < 4 && v.kind == V_OBJECT; hop++) {
      bool found = false;
      Value inner = ev_try_attr(ev, v, tirx_intern0(ev->m, "func"), v.loc, &found);
      if (!found) inner = ev_try_attr(ev, v, tirx_intern0(ev->m, "mod"), v.loc, &found);
      if (!found || inner.kind == V_ERROR) break;
      v = inner;
    }
    if (v.kind == V_DESCR && v.nshape == DK_CACHE) v = *v.u.bound.fn;
    if (v.kind == V_DESCR && v.nshape == DK_JIT) {
      Args none = {NULL, 0, NULL, NULL, 0, (Loc){0, 0}};
      v = ev_jit_build(ev, v, &none);
      if (v.kind == V_ERROR) return;
    }
    if (v.kind == V_OBJECT && strcmp(v.u.obj->cls->name, "IRModule") == 0) {
      entry_ir_module(ev, v, text);
      return;
    }
    if (v.kind != V_FUNCREF) {
      tirx_diag_add(ev->d, DIAG_ERROR, 0, 0, "--entry: '%s' did not give a PrimFunc or an IRModule",
                    text);
      ev->nerr++;
      return;
    }
    f = ev_funcref(ev, v);
    if (!f) return;
  }
  ev->m->nfuncs = 0;
  tirx_module_add_func(ev->m, f);
}
