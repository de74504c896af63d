/* Module, arena-backed node constructors and small IR queries. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

#include "Support/arena.h"
#include "Support/strbuf.h"
#include "tirx/internal/intrin.h"
#include "tirx/internal/ir.h"

Module *tirx_module_new(const char *filename, const char *source, size_t len) {
  Arena *a = arena_new();
  Module *m = arena_alloc(a, sizeof *m);
  m->arena = a;
  m->names = interner_new(a);
  m->filename = filename ? tirx_strdup(m, filename, strlen(filename)) : "<input>";
  if (source) {
    m->source = tirx_strdup(m, source, len);
    m->source_len = len;
  }
  m->class_name = tirx_intern0(m, "Module");
  return m;
}

struct ModuleCleanup {
  void (*fn)(void *);
  void *arg;
  struct ModuleCleanup *next;
};

void tirx_module_on_free(Module *m, void (*fn)(void *), void *arg) {
  struct ModuleCleanup *c = arena_alloc(m->arena, sizeof *c);
  c->fn = fn;
  c->arg = arg;
  c->next = m->cleanups;
  m->cleanups = c;
}

void tirx_module_free(Module *m) {
  if (!m) return;
  for (struct ModuleCleanup *c = m->cleanups; c; c = c->next) c->fn(c->arg);
  Arena *a = m->arena;
  interner_free(m->names);
  arena_free(a);
}

void *tirx_alloc(Module *m, size_t size) { return arena_alloc(m->arena, size); }

const char *tirx_intern(Module *m, const char *s, size_t len) {
  return interner_get(m->names, s, len);
}
const char *tirx_intern0(Module *m, const char *s) { return interner_get0(m->names, s); }

const char *tirx_intern_printf(Module *m, const char *fmt, ...) {
  char small[256]; /* most names fit: one vsnprintf, no heap */
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(small, sizeof small, fmt, ap);
  va_end(ap);
  if (n >= 0 && (size_t)n < sizeof small) return interner_get(m->names, small, (size_t)n);
  StrBuf b = {0};
  va_start(ap, fmt);
  strbuf_vprintf(&b, fmt, ap);
  va_end(ap);
  const char *r = interner_get(m->names, strbuf_str(&b), b.n);
  strbuf_free(&b);
  return r;
}

char *tirx_strdup(Module *m, const char *s, size_t len) {
  char *p = arena_alloc(m->arena, len + 1);
  memcpy(p, s, len);
  p[len] = '\0';
  return p;
}

Var *tirx_var_new(Module *m, const char *name, DType t, Loc loc) {
  Var *v = TIRX_NEW(m, Var);
  v->loc = loc;
  v->name = tirx_intern0(m, name ? name : "");
  v->dtype = t;
  v->ptr_scope = tirx_intern0(m, tirx_scope_name(MEM_GLOBAL));
  v->id = m->next_id++;
  return v;
}

Var *tirx_var_ptr(Module *m, const char *name, DType elem, const char *scope, Loc loc) {
  Var *v = tirx_var_new(m, name, tirx_dtype(DT_HANDLE), loc);
  v->ptr_elem = elem;
  v->ptr_typed = true;
  v->ptr_scope = tirx_intern0(m, scope ? scope : tirx_scope_name(MEM_GLOBAL));
  return v;
}

Buffer *tirx_buffer_new(Module *m, const char *name, DType t, int ndim, Loc loc) {
  Buffer *b = TIRX_NEW(m, Buffer);
  b->loc = loc;
  b->name = tirx_intern0(m, name ? name : "buffer");
  b->dtype = t;
  b->ndim = ndim;
  b->shape = TIRX_NEWN(m, Expr *, ndim > 0 ? ndim : 1);
  b->scope = tirx_intern0(m, tirx_scope_name(MEM_GLOBAL));
  b->id = m->next_id++;
  b->data = tirx_var_ptr(m, b->name, t, tirx_scope_name(MEM_GLOBAL), loc);
  b->data->kind = VAR_BUFDATA;
  b->data->buffer = b;
  return b;
}

Expr *tirx_expr_new(Module *m, ExprKind k, DType t, Loc loc) {
  Expr *e = TIRX_NEW(m, Expr);
  e->kind = (uint8_t)k;
  e->dtype = t;
  e->loc = loc;
  return e;
}

Expr *tirx_int(Module *m, DType t, int64_t v, Loc loc) {
  Expr *e = tirx_expr_new(m, E_INT, t, loc);
  e->u.i.v = v;
  return e;
}

Expr *tirx_i32(Module *m, int64_t v) { return tirx_int(m, tirx_dtype(DT_INT32), v, (Loc){0, 0}); }

Expr *tirx_float(Module *m, DType t, double v, Loc loc) {
  Expr *e = tirx_expr_new(m, E_FLOAT, t, loc);
  e->u.f.v = v;
  return e;
}

Expr *tirx_str(Module *m, const char *s, size_t len, Loc loc) {
  Expr *e = tirx_expr_new(m, E_STR, tirx_dtype(DT_HANDLE), loc);
  e->u.s.p = tirx_strdup(m, s, len);
  e->u.s.len = len;
  return e;
}

Expr *tirx_varref(Module *m, Var *v, Loc loc) {
  Expr *e = tirx_expr_new(m, E_VAR, v->dtype, loc);
  e->u.var = v;
  return e;
}

bool tirx_is_cmp_or_logic(ExprKind k) {
  return k == E_EQ || k == E_NE || k == E_LT || k == E_LE || k == E_GT || k == E_GE || k == E_AND ||
         k == E_OR || k == E_NOT;
}

Expr *tirx_binary(Module *m, ExprKind k, Expr *a, Expr *b, Loc loc) {
  DType t = a->dtype;
  if (tirx_is_cmp_or_logic(k)) t = tirx_dtype_vec(DT_BOOL, a->dtype.lanes);
  Expr *e = tirx_expr_new(m, k, t, loc);
  e->u.bin.a = a;
  e->u.bin.b = b;
  return e;
}

Expr *tirx_cast(Module *m, DType t, Expr *a, Loc loc) {
  Expr *e = tirx_expr_new(m, E_CAST, t, loc);
  e->u.un.a = a;
  return e;
}

Expr *tirx_load(Module *m, Buffer *b, Expr **idx, int n, Loc loc) {
  DType t = b->dtype;
  for (int i = 0; i < n; i++)
    if (idx[i]->dtype.lanes > 1) t.lanes = (uint16_t)(t.lanes * idx[i]->dtype.lanes);
  Expr *e = tirx_expr_new(m, E_LOAD, t, loc);
  e->u.load.buf = b;
  e->u.load.idx = idx;
  e->u.load.n = n;
  return e;
}

Expr *tirx_call(Module *m, const Intrin *op, DType t, Expr **args, int n, Loc loc) {
  Expr *e = tirx_expr_new(m, E_CALL, t, loc);
  e->u.call.op = op;
  e->u.call.args = args;
  e->u.call.n = n;
  return e;
}

Stmt *tirx_stmt_new(Module *m, StmtKind k, Loc loc) {
  Stmt *s = TIRX_NEW(m, Stmt);
  s->kind = (uint8_t)k;
  s->loc = loc;
  return s;
}

static bool is_eval_zero(const Stmt *s) {
  return s->kind == S_EVAL && s->u.eval.e->kind == E_INT && tirx_dtype_is_int(s->u.eval.e->dtype) &&
         s->u.eval.e->u.i.v == 0;
}

static int count_flat(Stmt **items, int n) {
  int c = 0;
  for (int i = 0; i < n; i++) {
    if (!items[i]) continue;
    if (items[i]->kind == S_SEQ) c += count_flat(items[i]->u.seq.items, items[i]->u.seq.n);
    else if (!is_eval_zero(items[i])) c++;
  }
  return c;
}

static void fill_flat(Stmt **out, int *k, Stmt **items, int n) {
  for (int i = 0; i < n; i++) {
    if (!items[i]) continue;
    if (items[i]->kind == S_SEQ) fill_flat(out, k, items[i]->u.seq.items, items[i]->u.seq.n);
    else if (!is_eval_zero(items[i])) out[(*k)++] = items[i];
  }
}

/* SeqStmt::Flatten: nested sequences are spliced and Evaluate(0) dropped; an
 * empty block is a single Evaluate(0); a one-statement block is the
 * statement itself. */
Stmt *tirx_seq(Module *m, Stmt **items, int n, Loc loc) {
  int c = count_flat(items, n);
  if (c == 0) {
    Stmt *s = tirx_stmt_new(m, S_EVAL, loc);
    s->u.eval.e = tirx_i32(m, 0);
    return s;
  }
  Stmt **flat = TIRX_NEWN(m, Stmt *, c);
  int k = 0;
  fill_flat(flat, &k, items, n);
  if (c == 1) return flat[0];
  Stmt *s = tirx_stmt_new(m, S_SEQ, loc);
  s->u.seq.items = flat;
  s->u.seq.n = c;
  return s;
}

PrimFunc *tirx_func_new(Module *m, const char *name, Loc loc) {
  PrimFunc *f = TIRX_NEW(m, PrimFunc);
  f->loc = loc;
  f->name = tirx_intern0(m, name);
  return f;
}

/* Amortised O(1): the array doubles (arena memory, so the old copies stay until the
 * module is freed: at most as much again). */
void tirx_module_add_func(Module *m, PrimFunc *f) {
  if (m->nfuncs >= m->capfuncs) {
    int cap = m->capfuncs > 0 ? m->capfuncs * 2 : 8;
    while (cap <= m->nfuncs) cap *= 2;
    PrimFunc **nf = TIRX_NEWN(m, PrimFunc *, cap);
    if (m->nfuncs) memcpy(nf, m->funcs, sizeof *nf * (size_t)m->nfuncs);
    m->funcs = nf;
    m->capfuncs = cap;
  }
  m->funcs[m->nfuncs++] = f;
}

/* Function names are interned, so the index hashes the name pointer. */
static size_t name_slot(const char *name, int cap) {
  return (size_t)(((uintptr_t)name >> 3) * 0x9E3779B97F4A7C15ull) & (size_t)(cap - 1);
}

static void index_insert(Module *m, PrimFunc *f) {
  size_t i = name_slot(f->name, m->func_index_cap);
  while (m->func_index[i] && m->func_index[i]->name != f->name)
    i = (i + 1) & (size_t)(m->func_index_cap - 1);
  if (!m->func_index[i]) m->func_index[i] = f; /* the first of two same-named functions wins */
}

PrimFunc *tirx_module_find(Module *m, const char *name) {
  if (m->nfuncs == 0) return NULL;
  const char *key = tirx_intern0(m, name);
  if (m->func_index_of != m->funcs || m->func_index_n > m->nfuncs) {
    m->func_index_n = 0; /* funcs was replaced (split-host-device): rebuild */
    m->func_index_cap = 0;
  }
  if (m->nfuncs * 2 > m->func_index_cap) {
    int cap = 16;
    while (cap < m->nfuncs * 4) cap *= 2;
    m->func_index = TIRX_NEWN(m, PrimFunc *, cap);
    m->func_index_cap = cap;
    m->func_index_n = 0;
  }
  for (; m->func_index_n < m->nfuncs; m->func_index_n++) index_insert(m, m->funcs[m->func_index_n]);
  m->func_index_of = m->funcs;
  for (size_t i = name_slot(key, m->func_index_cap); m->func_index[i];
       i = (i + 1) & (size_t)(m->func_index_cap - 1))
    if (m->func_index[i]->name == key) return m->func_index[i];
  return NULL;
}

bool tirx_expr_is_const_int(const Expr *e, int64_t *v) {
  if (!e || e->kind != E_INT) return false;
  if (v) *v = e->u.i.v;
  return true;
}

/* TVM's BufferVar::IsScalar, minus the scope check: shape (1,), no strides,
 * zero offset, default align/offset_factor/layout. */
bool tirx_buffer_is_scalar(const Buffer *b) {
  int64_t v;
  if (b->ndim != 1 || !tirx_expr_is_const_int(b->shape[0], &v) || v != 1) return false;
  if (b->nstrides || b->allocated_addr || b->layout) return false;
  if (b->elem_offset && !(tirx_expr_is_const_int(b->elem_offset, &v) && v == 0)) return false;
  if (b->align != 0 && b->align != 64) return false;
  if (b->offset_factor > 1) return false;
  return true;
}

static const char *expr_names[] = {
#define X(E, name, payload, children) name,
#include "tirx/internal/expr.def"
#undef X
};
static const char *stmt_names[] = {
#define X(E, name, payload, children) name,
#include "tirx/internal/stmt.def"
#undef X
};
static const char *const attr_keys[ATTR_COUNT] = {
#define ATTR(E, key) [E] = key,
#define SCOPE(E, name)
#include "tirx/internal/attrs.def"
#undef ATTR
#undef SCOPE
};
static const char *const mem_scopes[MEM_COUNT] = {
#define ATTR(E, key)
#define SCOPE(E, name) [E] = name,
#include "tirx/internal/attrs.def"
#undef ATTR
#undef SCOPE
};

const char *tirx_attr_name(TirxAttrKey k) { return attr_keys[k]; }
const char *tirx_scope_name(TirxScope k) { return mem_scopes[k]; }
bool tirx_attr_is(const char *key, TirxAttrKey k) { return key && strcmp(key, attr_keys[k]) == 0; }
bool tirx_attr_is_str(const Expr *e, TirxAttrKey k) {
  return e && e->kind == E_STR && e->u.s.len == strlen(attr_keys[k]) &&
         memcmp(e->u.s.p, attr_keys[k], e->u.s.len) == 0;
}
bool tirx_scope_is(const char *scope, TirxScope k) {
  return scope && strcmp(scope, mem_scopes[k]) == 0;
}

TirxScope tirx_scope_lookup(const char *s, size_t n) {
  for (int i = 0; i < MEM_COUNT; i++)
    if (strlen(mem_scopes[i]) == n && memcmp(mem_scopes[i], s, n) == 0) return (TirxScope)i;
  return MEM_COUNT;
}

static const char *scope_names[] = {
#define X(E, name, parent, child, dims) name,
#include "tirx/internal/scope.def"
#undef X
};

const char *tirx_expr_kind_name(ExprKind k) { return expr_names[k]; }
const char *tirx_stmt_kind_name(StmtKind k) { return stmt_names[k]; }
const char *tirx_scope_id_name(ScopeIdKind k) { return scope_names[k]; }

const char *tirx_expr_op_text(ExprKind k) {
  switch (k) {
  case E_ADD: return " + ";
  case E_SUB: return " - ";
  case E_MUL: return " * ";
  case E_DIV: return " / ";
  case E_FLOORDIV: return " // ";
  case E_FLOORMOD: return " % ";
  case E_EQ: return " == ";
  case E_NE: return " != ";
  case E_LT: return " < ";
  case E_LE: return " <= ";
  case E_GT: return " > ";
  case E_GE: return " >= ";
  case E_AND: return " and ";
  case E_OR: return " or ";
  default: return NULL;
  }
}
