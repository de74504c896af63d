/* plan.c — launch plans: building, validating, evaluating and rendering (tirx/plan.h).
 *
 * Arrays grow by one element per add (plans are small: a handful of params and
 * kernels), so a plan carries no capacity fields and stays plain data.
 */
#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "tirx/plan.h"

/* ---- Expressions ------------------------------------------------------------------- */

void tirx_plan_expr_init(TirxPlanExpr *e) {
  e->nops = 0;
  e->ops = NULL;
}

int tirx_plan_expr_push(TirxPlanExpr *e, TirxExprOpcode op, int64_t imm) {
  TirxExprOp *ops = realloc(e->ops, sizeof(*ops) * (size_t)(e->nops + 1));
  if (!ops) return -1;
  ops[e->nops].op = (int32_t)op;
  ops[e->nops].imm = imm;
  e->ops = ops;
  e->nops++;
  return 0;
}

void tirx_plan_expr_clear(TirxPlanExpr *e) {
  free(e->ops);
  tirx_plan_expr_init(e);
}

int tirx_plan_expr_set_const(TirxPlanExpr *e, int64_t v) {
  tirx_plan_expr_clear(e);
  return tirx_plan_expr_push(e, TIRX_EXPR_CONST, v);
}

int tirx_plan_expr_set_sym(TirxPlanExpr *e, int32_t sym) {
  tirx_plan_expr_clear(e);
  return tirx_plan_expr_push(e, TIRX_EXPR_SYM, sym);
}

int tirx_plan_expr_copy(TirxPlanExpr *dst, const TirxPlanExpr *src) {
  tirx_plan_expr_init(dst);
  if (!src || src->nops <= 0) return 0;
  dst->ops = malloc(sizeof(*dst->ops) * (size_t)src->nops);
  if (!dst->ops) return -1;
  memcpy(dst->ops, src->ops, sizeof(*dst->ops) * (size_t)src->nops);
  dst->nops = src->nops;
  return 0;
}

static int opcode_arity(int32_t op) {
  switch (op) {
  case TIRX_EXPR_CONST:
  case TIRX_EXPR_SYM: return 0;
  case TIRX_EXPR_ADD:
  case TIRX_EXPR_SUB:
  case TIRX_EXPR_MUL:
  case TIRX_EXPR_FLOORDIV:
  case TIRX_EXPR_FLOORMOD:
  case TIRX_EXPR_MIN:
  case TIRX_EXPR_MAX:
  case TIRX_EXPR_CEILDIV: return 2;
  default: return -1;
  }
}

/* 0 when e is well formed over nsyms symbols, else -1 with *err. */
static int expr_check(const TirxPlanExpr *e, int32_t nsyms, char **err) {
  if (e->nops < 0 || (e->nops > 0 && !e->ops))
    return rt_errorf(err, "malformed expression (%d ops)", (int)e->nops);
  int32_t depth = 0;
  for (int32_t i = 0; i < e->nops; i++) {
    int arity = opcode_arity(e->ops[i].op);
    if (arity < 0) return rt_errorf(err, "unknown expression opcode %d", (int)e->ops[i].op);
    if (e->ops[i].op == TIRX_EXPR_SYM && (e->ops[i].imm < 0 || e->ops[i].imm >= nsyms))
      return rt_errorf(err, "expression refers to symbol #%" PRId64 " (plan has %d)", e->ops[i].imm,
                       (int)nsyms);
    if (depth < arity) return rt_errorf(err, "expression stack underflow at op %d", (int)i);
    depth += 1 - arity;
  }
  if (e->nops > 0 && depth != 1)
    return rt_errorf(err, "expression leaves %d values on the stack", (int)depth);
  return 0;
}

/* Wrapping int64 arithmetic (no signed-overflow UB). */
static int64_t wrap_add(int64_t a, int64_t b) { return (int64_t)((uint64_t)a + (uint64_t)b); }
static int64_t wrap_sub(int64_t a, int64_t b) { return (int64_t)((uint64_t)a - (uint64_t)b); }
static int64_t wrap_mul(int64_t a, int64_t b) { return (int64_t)((uint64_t)a * (uint64_t)b); }

static int64_t floordiv(int64_t a, int64_t b) {
  if (b == -1) return wrap_sub(0, a);
  int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0))) q--;
  return q;
}

static int64_t floormod(int64_t a, int64_t b) {
  if (b == -1) return 0;
  int64_t r = a % b;
  if (r != 0 && ((r < 0) != (b < 0))) r += b;
  return r;
}

int tirx_plan_expr_eval(const TirxPlanExpr *e, const int64_t *syms, int32_t nsyms, int64_t *out,
                        char **err) {
  enum { STACK = 32 };
  int64_t small[STACK];
  int64_t *st = small;
  if (e->nops > STACK) {
    st = malloc(sizeof(*st) * (size_t)e->nops);
    if (!st) return rt_errorf(err, "out of memory");
  }
  int32_t sp = 0;
  int rc = 0;
  for (int32_t i = 0; i < e->nops && rc == 0; i++) {
    const TirxExprOp *op = &e->ops[i];
    int arity = opcode_arity(op->op);
    if (arity < 0 || sp < arity) {
      rc = rt_errorf(err, "malformed launch-plan expression");
      break;
    }
    if (op->op == TIRX_EXPR_CONST) {
      st[sp++] = op->imm;
      continue;
    }
    if (op->op == TIRX_EXPR_SYM) {
      if (op->imm < 0 || op->imm >= nsyms) {
        rc = rt_errorf(err, "launch-plan expression refers to unknown symbol #%" PRId64, op->imm);
        break;
      }
      st[sp++] = syms[op->imm];
      continue;
    }
    int64_t b = st[--sp], a = st[--sp], r = 0;
    switch (op->op) {
    case TIRX_EXPR_ADD: r = wrap_add(a, b); break;
    case TIRX_EXPR_SUB: r = wrap_sub(a, b); break;
    case TIRX_EXPR_MUL: r = wrap_mul(a, b); break;
    case TIRX_EXPR_MIN: r = a < b ? a : b; break;
    case TIRX_EXPR_MAX: r = a > b ? a : b; break;
    case TIRX_EXPR_FLOORDIV:
    case TIRX_EXPR_FLOORMOD:
    case TIRX_EXPR_CEILDIV:
      if (b == 0) {
        rc = rt_errorf(err, "division by zero in launch-plan expression");
        break;
      }
      if (op->op == TIRX_EXPR_FLOORDIV) r = floordiv(a, b);
      else if (op->op == TIRX_EXPR_FLOORMOD) r = floormod(a, b);
      else r = wrap_sub(0, floordiv(wrap_sub(0, a), b));
      break;
    }
    st[sp++] = r;
  }
  if (rc == 0 && sp != 1) rc = rt_errorf(err, "malformed launch-plan expression");
  if (rc == 0) *out = st[0];
  if (st != small) free(st);
  return rc;
}

/* Precedence for rendering: 1 = + -, 2 = * // %, 3 = atom / call. */
typedef struct RenderItem {
  char *s;
  int prec;
} RenderItem;

static char *paren_if(char *s, int need) {
  if (!need || !s) return s;
  RtStrBuf sb;
  rt_sb_init(&sb);
  rt_sb_printf(&sb, "(%s)", s);
  free(s);
  return rt_sb_finish(&sb);
}

char *rt_expr_render(const TirxPlanExpr *e, const char *const *names, int32_t nsyms) {
  if (e->nops <= 0 || expr_check(e, nsyms, NULL) != 0) return rt_strdup("?");
  RenderItem *st = calloc((size_t)e->nops, sizeof(*st));
  if (!st) return NULL;
  int32_t sp = 0;
  int oom = 0;
  for (int32_t i = 0; i < e->nops; i++) {
    const TirxExprOp *op = &e->ops[i];
    RtStrBuf sb;
    rt_sb_init(&sb);
    if (op->op == TIRX_EXPR_CONST) {
      rt_sb_printf(&sb, "%" PRId64, op->imm);
      st[sp].prec = 3;
    } else if (op->op == TIRX_EXPR_SYM) {
      rt_sb_append(&sb, names[op->imm]);
      st[sp].prec = 3;
    } else {
      RenderItem b = st[--sp], a = st[--sp];
      const char *fn = NULL, *infix = NULL;
      int prec = 0;
      switch (op->op) {
      case TIRX_EXPR_ADD:
        infix = " + ";
        prec = 1;
        break;
      case TIRX_EXPR_SUB:
        infix = " - ";
        prec = 1;
        break;
      case TIRX_EXPR_MUL:
        infix = " * ";
        prec = 2;
        break;
      case TIRX_EXPR_FLOORDIV:
        infix = " // ";
        prec = 2;
        break;
      case TIRX_EXPR_FLOORMOD:
        infix = " % ";
        prec = 2;
        break;
      case TIRX_EXPR_MIN: fn = "T.min"; break;
      case TIRX_EXPR_MAX: fn = "T.max"; break;
      case TIRX_EXPR_CEILDIV: fn = "T.ceildiv"; break;
      }
      if (fn) {
        rt_sb_printf(&sb, "%s(%s, %s)", fn, a.s ? a.s : "", b.s ? b.s : "");
        st[sp].prec = 3;
      } else {
        /* Left operand needs parentheses when it binds looser; the right one also
           when it binds equally (a - (b - c), a // (b * c)). */
        a.s = paren_if(a.s, a.prec < prec);
        b.s = paren_if(b.s, b.prec <= prec);
        rt_sb_printf(&sb, "%s%s%s", a.s ? a.s : "", infix, b.s ? b.s : "");
        st[sp].prec = prec;
      }
      oom |= !a.s || !b.s;
      free(a.s);
      free(b.s);
    }
    st[sp].s = rt_sb_finish(&sb);
    oom |= !st[sp].s;
    sp++;
  }
  char *r = oom ? NULL : st[0].s;
  if (oom)
    for (int32_t i = 0; i < sp; i++) free(st[i].s);
  free(st);
  return r;
}

/* ---- Plans: create / destroy -------------------------------------------------------- */

TirxPlan *tirx_plan_create(const char *name) {
  if (!name) return NULL;
  TirxPlan *p = calloc(1, sizeof(*p));
  if (!p) return NULL;
  p->name = rt_strdup(name);
  if (!p->name) {
    free(p);
    return NULL;
  }
  return p;
}

static void param_free(TirxPlanParam *pp) {
  free(pp->name);
  free(pp->handle_name);
  for (int32_t k = 0; k < pp->ndim && pp->shape; k++) tirx_plan_expr_clear(&pp->shape[k]);
  free(pp->shape);
}

static void kernel_free(TirxPlanKernel *k) {
  free(k->name);
  for (int32_t a = 0; a < k->nargs; a++) tirx_plan_expr_clear(&k->args[a].expr);
  free(k->args);
  for (int d = 0; d < TIRX_LAUNCH_NUM; d++)
    for (int x = 0; x < 3; x++) tirx_plan_expr_clear(&k->launch[d][x]);
  tirx_plan_expr_clear(&k->dyn_smem);
}

/* ---- Tensor-map specs ------------------------------------------------------------- */

static int32_t grow(void **arr, int32_t *n, size_t sz);

/* Calls f on each of a spec's expressions (all slots, present or not). */
#define TMAP_EXPRS(spec, f)                                            \
  do {                                                                 \
    f(&(spec)->byte_offset);                                           \
    for (int i_ = 0; i_ < TIRX_TMAP_MAX_RANK; i_++) {                  \
      f(&(spec)->global_dim[i_]);                                      \
      f(&(spec)->box_dim[i_]);                                         \
      f(&(spec)->element_strides[i_]);                                 \
      if (i_ < TIRX_TMAP_MAX_RANK - 1) f(&(spec)->global_strides[i_]); \
    }                                                                  \
  } while (0)

void tirx_plan_tensor_map_init(TirxPlanTensorMap *m) {
  memset(m, 0, sizeof(*m));
  TMAP_EXPRS(m, tirx_plan_expr_init);
  m->param = -1;
  m->force_cu_dtype = -1;
}

void tirx_plan_tensor_map_clear(TirxPlanTensorMap *m) {
  TMAP_EXPRS(m, tirx_plan_expr_clear);
  tirx_plan_tensor_map_init(m);
}

/* Number of entries of each list that a spec of rank r uses (r clamped to 0..5). */
static int32_t tmap_rank(const TirxPlanTensorMap *m) {
  return m->rank < 0 ? 0 : m->rank > TIRX_TMAP_MAX_RANK ? TIRX_TMAP_MAX_RANK : m->rank;
}

int tirx_plan_add_tensor_map(TirxPlan *p, const TirxPlanTensorMap *spec) {
  if (!spec || !spec->name) return -1;
  TirxPlanTensorMap c = *spec; /* the scalar fields; name and expressions are copied */
  TMAP_EXPRS(&c, tirx_plan_expr_init);
  int32_t r = tmap_rank(spec);
  int ok = (c.name = rt_strdup(spec->name)) != NULL &&
           tirx_plan_expr_copy(&c.byte_offset, &spec->byte_offset) == 0;
  for (int32_t i = 0; ok && i < r; i++)
    ok = tirx_plan_expr_copy(&c.global_dim[i], &spec->global_dim[i]) == 0 &&
         tirx_plan_expr_copy(&c.box_dim[i], &spec->box_dim[i]) == 0 &&
         tirx_plan_expr_copy(&c.element_strides[i], &spec->element_strides[i]) == 0 &&
         (i + 1 >= r || tirx_plan_expr_copy(&c.global_strides[i], &spec->global_strides[i]) == 0);
  int32_t i = ok ? grow((void **)&p->maps, &p->nmaps, sizeof(*p->maps)) : -1;
  if (i < 0) {
    free(c.name);
    tirx_plan_tensor_map_clear(&c);
    return -1;
  }
  p->maps[i] = c;
  return i;
}

void tirx_plan_destroy(TirxPlan *p) {
  if (!p) return;
  for (int32_t i = 0; i < p->nmaps; i++) {
    free(p->maps[i].name);
    tirx_plan_tensor_map_clear(&p->maps[i]);
  }
  free(p->maps);
  free(p->name);
  free(p->signature);
  for (int32_t i = 0; i < p->nparams; i++) param_free(&p->params[i]);
  free(p->params);
  for (int32_t i = 0; i < p->nsyms; i++) free(p->syms[i].name);
  free(p->syms);
  for (int32_t i = 0; i < p->nkernels; i++) kernel_free(&p->kernels[i]);
  free(p->kernels);
  free(p);
}

int tirx_plan_set_signature(TirxPlan *p, const char *sig) {
  char *s = NULL;
  if (sig && !(s = rt_strdup(sig))) return -1;
  free(p->signature);
  p->signature = s;
  return 0;
}

/* Grow *arr (of *n elements of size sz) by one zeroed element; its index or -1. */
static int32_t grow(void **arr, int32_t *n, size_t sz) {
  char *p = realloc(*arr, sz * (size_t)(*n + 1));
  if (!p) return -1;
  memset(p + sz * (size_t)*n, 0, sz);
  *arr = p;
  return (*n)++;
}

/* grow(), and store a copy of name in the new element's `char *` field at name_off. */
static int32_t grow_named(void **arr, int32_t *n, size_t sz, size_t name_off, const char *name) {
  char *s = rt_strdup(name);
  int32_t i = s ? grow(arr, n, sz) : -1;
  if (i < 0) {
    free(s);
    return -1;
  }
  memcpy((char *)*arr + sz * (size_t)i + name_off, &s, sizeof s);
  return i;
}

int tirx_plan_add_symbol(TirxPlan *p, const char *name, DLDataType dtype) {
  int32_t i = grow_named((void **)&p->syms, &p->nsyms, sizeof(*p->syms),
                         offsetof(TirxPlanSymbol, name), name);
  if (i >= 0) p->syms[i].dtype = dtype;
  return i;
}

/* Append a param with name copied; index or -1. */
static int32_t add_param(TirxPlan *p, TirxParamKind kind, const char *name) {
  int32_t i = grow_named((void **)&p->params, &p->nparams, sizeof(*p->params),
                         offsetof(TirxPlanParam, name), name);
  if (i >= 0) {
    p->params[i].kind = kind;
    p->params[i].sym = -1;
  }
  return i;
}

int tirx_plan_add_tensor_param(TirxPlan *p, const char *buffer_name, const char *handle_name,
                               DLDataType dtype, int32_t ndim, const TirxPlanExpr *shape) {
  if (ndim < 0 || (ndim > 0 && !shape)) return -1;
  TirxPlanExpr *sh = calloc(ndim > 0 ? (size_t)ndim : 1, sizeof(*sh));
  char *hn = NULL;
  int ok = sh != NULL && (!handle_name || (hn = rt_strdup(handle_name)) != NULL);
  for (int32_t k = 0; ok && k < ndim; k++) ok = tirx_plan_expr_copy(&sh[k], &shape[k]) == 0;
  int32_t i = ok ? add_param(p, TIRX_PARAM_TENSOR, buffer_name) : -1;
  if (i < 0) {
    for (int32_t k = 0; sh && k < ndim; k++) tirx_plan_expr_clear(&sh[k]);
    free(sh);
    free(hn);
    return -1;
  }
  TirxPlanParam *pp = &p->params[i];
  pp->handle_name = hn;
  pp->dtype = dtype;
  pp->ndim = ndim;
  pp->shape = sh;
  return i;
}

int tirx_plan_add_scalar_param(TirxPlan *p, const char *name, DLDataType dtype, int32_t sym) {
  int32_t i = add_param(p, TIRX_PARAM_SCALAR, name);
  if (i >= 0) {
    p->params[i].dtype = dtype;
    p->params[i].sym = sym;
  }
  return i;
}

int tirx_plan_add_handle_param(TirxPlan *p, const char *name) {
  int32_t i = add_param(p, TIRX_PARAM_HANDLE, name);
  if (i >= 0) p->params[i].dtype = (DLDataType){kDLOpaqueHandle, 64, 1};
  return i;
}

int tirx_plan_add_kernel(TirxPlan *p, const char *symbol) {
  return grow_named((void **)&p->kernels, &p->nkernels, sizeof(*p->kernels),
                    offsetof(TirxPlanKernel, name), symbol);
}

static TirxPlanKernel *kernel_at(TirxPlan *p, int32_t k) {
  return (k >= 0 && k < p->nkernels) ? &p->kernels[k] : NULL;
}

static int add_arg(TirxPlan *p, int32_t kernel, TirxArgSource src, int32_t index, TirxCType ctype,
                   const TirxPlanExpr *e) {
  TirxPlanKernel *k = kernel_at(p, kernel);
  if (!k) return -1;
  TirxPlanExpr copy;
  if (tirx_plan_expr_copy(&copy, e) != 0) return -1;
  int32_t i = grow((void **)&k->args, &k->nargs, sizeof(*k->args));
  if (i < 0) {
    tirx_plan_expr_clear(&copy);
    return -1;
  }
  k->args[i].source = src;
  k->args[i].index = index;
  k->args[i].ctype = ctype;
  k->args[i].expr = copy;
  return i;
}

int tirx_plan_kernel_add_arg(TirxPlan *p, int32_t kernel, TirxArgSource source, int32_t index,
                             TirxCType ctype) {
  if (source == TIRX_ARG_EXPR) return -1;
  return add_arg(p, kernel, source, index, ctype, NULL);
}

int tirx_plan_kernel_add_expr_arg(TirxPlan *p, int32_t kernel, const TirxPlanExpr *e,
                                  TirxCType ctype) {
  if (!e || e->nops <= 0) return -1;
  return add_arg(p, kernel, TIRX_ARG_EXPR, -1, ctype, e);
}

/* Replace *slot with a copy of e. */
static int set_expr(TirxPlanExpr *slot, const TirxPlanExpr *e) {
  TirxPlanExpr copy;
  if (tirx_plan_expr_copy(&copy, e) != 0) return -1;
  tirx_plan_expr_clear(slot);
  *slot = copy;
  return 0;
}

int tirx_plan_kernel_set_launch(TirxPlan *p, int32_t kernel, TirxLaunchDim dim, int32_t axis,
                                const TirxPlanExpr *e) {
  TirxPlanKernel *k = kernel_at(p, kernel);
  if (!k || (int)dim < 0 || dim >= TIRX_LAUNCH_NUM || axis < 0 || axis > 2) return -1;
  return set_expr(&k->launch[dim][axis], e);
}

int tirx_plan_kernel_set_dyn_smem(TirxPlan *p, int32_t kernel, const TirxPlanExpr *e) {
  TirxPlanKernel *k = kernel_at(p, kernel);
  return k ? set_expr(&k->dyn_smem, e) : -1;
}

int tirx_plan_kernel_set_flags(TirxPlan *p, int32_t kernel, uint32_t flags) {
  TirxPlanKernel *k = kernel_at(p, kernel);
  if (!k) return -1;
  k->flags = flags;
  return 0;
}

/* ---- Validation -------------------------------------------------------------------- */

static int is_int_code(uint8_t code) { return code == kDLInt || code == kDLUInt; }

/* A scalar parameter: a dtype that is passed as a C value (dtype.def's ctype
 * column), or a 1-bit integer (a bool some producers spell uint1). */
static int scalar_dtype_ok(DLDataType t) {
  if (t.lanes != 1) return 0;
  if ((t.code == kDLInt || t.code == kDLUInt || t.code == TIRX_DL_BOOL) && t.bits == 1) return 1;
  const RtDType *r = rt_dtype_find(t);
  return r && r->ctype >= 0 && r->ctype != TIRX_CTYPE_PTR;
}

/* Is e exactly one SYM op?  Returns the symbol or -1. */
static int32_t expr_bare_sym(const TirxPlanExpr *e) {
  return (e->nops == 1 && e->ops[0].op == TIRX_EXPR_SYM) ? (int32_t)e->ops[0].imm : -1;
}

/* 0 if every SYM in e is in bound[], else -1 with *err naming `what`. */
static int expr_bound(const TirxPlan *p, const TirxPlanExpr *e, const char *bound, const char *what,
                      char **err) {
  for (int32_t i = 0; i < e->nops; i++)
    if (e->ops[i].op == TIRX_EXPR_SYM && !bound[e->ops[i].imm])
      return rt_errorf(err, "plan %s: %s uses symbol `%s`, which no parameter binds", p->name, what,
                       p->syms[e->ops[i].imm].name);
  return 0;
}

static int check_expr(const TirxPlan *p, const TirxPlanExpr *e, const char *bound, const char *what,
                      char **err) {
  char *sub = NULL;
  if (expr_check(e, p->nsyms, &sub) != 0) {
    rt_errorf(err, "plan %s: %s: %s", p->name, what, sub ? sub : "bad expression");
    free(sub);
    return -1;
  }
  return expr_bound(p, e, bound, what, err);
}

/* A spec's structure: a name, a tensor or handle base, rank 1..5, every entry the rank
   uses present, none beyond it, and all expressions well formed over bound symbols. */
static int check_tensor_map(const TirxPlan *p, const TirxPlanTensorMap *m, int32_t mi,
                            const char *bound, char **err) {
  if (!m->name) return rt_errorf(err, "plan %s: tensor map #%d has no name", p->name, (int)mi);
  if (m->param < 0 || m->param >= p->nparams || p->params[m->param].kind == TIRX_PARAM_SCALAR)
    return rt_errorf(err, "plan %s: tensor map %s: its base must be a tensor or handle param",
                     p->name, m->name);
  if (m->rank < 1 || m->rank > TIRX_TMAP_MAX_RANK)
    return rt_errorf(err, "plan %s: tensor map %s: rank %d is not in 1..%d", p->name, m->name,
                     (int)m->rank, TIRX_TMAP_MAX_RANK);
  if (m->dtype.bits == 0 || m->dtype.lanes == 0)
    return rt_errorf(err, "plan %s: tensor map %s has a bad dtype", p->name, m->name);
  struct {
    const char *field;
    const TirxPlanExpr *e;
    int32_t n, used;
  } lists[] = {{"globalDim", m->global_dim, TIRX_TMAP_MAX_RANK, m->rank},
               {"globalStrides", m->global_strides, TIRX_TMAP_MAX_RANK - 1, m->rank - 1},
               {"boxDim", m->box_dim, TIRX_TMAP_MAX_RANK, m->rank},
               {"elementStrides", m->element_strides, TIRX_TMAP_MAX_RANK, m->rank}};
  char what[160];
  snprintf(what, sizeof what, "tensor map %s byteOffset", m->name);
  if (check_expr(p, &m->byte_offset, bound, what, err) != 0) return -1;
  for (size_t l = 0; l < sizeof lists / sizeof lists[0]; l++)
    for (int32_t i = 0; i < lists[l].n; i++) {
      const TirxPlanExpr *e = &lists[l].e[i];
      snprintf(what, sizeof what, "tensor map %s %s[%d]", m->name, lists[l].field, (int)i);
      if ((i < lists[l].used) != (e->nops > 0))
        return rt_errorf(err, "plan %s: %s is %s for rank %d", p->name, what,
                         e->nops > 0 ? "set" : "missing", (int)m->rank);
      if (check_expr(p, e, bound, what, err) != 0) return -1;
    }
  return 0;
}

int tirx_plan_validate(const TirxPlan *p, char **err) {
  if (!p || !p->name) return rt_errorf(err, "plan has no name");
  if (p->nparams < 0 || p->nsyms < 0 || p->nkernels < 0 || p->nmaps < 0 ||
      (p->nmaps > 0 && !p->maps))
    return rt_errorf(err, "plan %s: negative count", p->name);
  if (p->nkernels == 0) return rt_errorf(err, "plan %s: no kernels", p->name);
  for (int32_t s = 0; s < p->nsyms; s++) {
    DLDataType t = p->syms[s].dtype;
    if (!p->syms[s].name) return rt_errorf(err, "plan %s: symbol #%d has no name", p->name, (int)s);
    if (!is_int_code(t.code) || t.lanes != 1 ||
        (t.bits != 8 && t.bits != 16 && t.bits != 32 && t.bits != 64))
      return rt_errorf(err, "plan %s: symbol `%s` must have an integer dtype", p->name,
                       p->syms[s].name);
  }
  char *bound = calloc((size_t)p->nsyms + 1, 1);
  if (!bound) return rt_errorf(err, "out of memory");
  int rc = 0;
  char what[128];
  /* Pass 1: param shapes are well formed; record which symbols get bound. */
  for (int32_t i = 0; rc == 0 && i < p->nparams; i++) {
    const TirxPlanParam *pp = &p->params[i];
    if (!pp->name) {
      rc = rt_errorf(err, "plan %s: param #%d has no name", p->name, (int)i);
    } else if (pp->kind == TIRX_PARAM_TENSOR) {
      if (pp->ndim < 0 || (pp->ndim > 0 && !pp->shape))
        rc = rt_errorf(err, "plan %s: tensor %s has a bad ndim", p->name, pp->name);
      else if (pp->has_strides)
        rc = rt_errorf(err, "plan %s: tensor %s: declared strides are not supported yet", p->name,
                       pp->name);
      else if (pp->dtype.lanes == 0 || pp->dtype.bits == 0)
        rc = rt_errorf(err, "plan %s: tensor %s has a bad dtype", p->name, pp->name);
      for (int32_t k = 0; rc == 0 && k < pp->ndim; k++) {
        char *sub = NULL;
        if (expr_check(&pp->shape[k], p->nsyms, &sub) != 0 || pp->shape[k].nops == 0) {
          rc = rt_errorf(err, "plan %s: %s.shape[%d]: %s", p->name, pp->name, (int)k,
                         sub ? sub : "empty expression");
        } else {
          int32_t s = expr_bare_sym(&pp->shape[k]);
          if (s >= 0) bound[s] = 1;
        }
        free(sub);
      }
    } else if (pp->kind == TIRX_PARAM_SCALAR) {
      if (!scalar_dtype_ok(pp->dtype))
        rc = rt_errorf(err, "plan %s: scalar %s has an unsupported dtype", p->name, pp->name);
      else if (pp->sym < -1 || pp->sym >= p->nsyms)
        rc = rt_errorf(err, "plan %s: scalar %s binds symbol #%d (plan has %d)", p->name, pp->name,
                       (int)pp->sym, (int)p->nsyms);
      else if (pp->sym >= 0 && bound[pp->sym] == 2)
        rc =
            rt_errorf(err, "plan %s: two scalars bind symbol `%s`", p->name, p->syms[pp->sym].name);
      else if (pp->sym >= 0 && !is_int_code(pp->dtype.code) && pp->dtype.code != TIRX_DL_BOOL)
        rc = rt_errorf(err, "plan %s: scalar %s binds a symbol but is not an integer", p->name,
                       pp->name);
      else if (pp->sym >= 0) bound[pp->sym] = 2;
    } else if (pp->kind != TIRX_PARAM_HANDLE) {
      rc =
          rt_errorf(err, "plan %s: param %s has unknown kind %d", p->name, pp->name, (int)pp->kind);
    }
  }
  /* Pass 2: non-defining dims only use bound symbols. */
  for (int32_t i = 0; rc == 0 && i < p->nparams; i++) {
    const TirxPlanParam *pp = &p->params[i];
    for (int32_t k = 0; rc == 0 && pp->kind == TIRX_PARAM_TENSOR && k < pp->ndim; k++) {
      snprintf(what, sizeof what, "%s.shape[%d]", pp->name, (int)k);
      rc = expr_bound(p, &pp->shape[k], bound, what, err);
    }
  }
  /* Pass 3: tensor-map specs. */
  for (int32_t mi = 0; rc == 0 && mi < p->nmaps; mi++)
    rc = check_tensor_map(p, &p->maps[mi], mi, bound, err);
  /* Pass 4: kernels. */
  for (int32_t ki = 0; rc == 0 && ki < p->nkernels; ki++) {
    const TirxPlanKernel *k = &p->kernels[ki];
    if (!k->name) {
      rc = rt_errorf(err, "plan %s: kernel #%d has no name", p->name, (int)ki);
      break;
    }
    for (int32_t a = 0; rc == 0 && a < k->nargs; a++) {
      const TirxPlanKernelArg *ka = &k->args[a];
      int tmap = ka->ctype == TIRX_CTYPE_TENSORMAP;
      int ptr = ka->ctype == TIRX_CTYPE_PTR || tmap;
      if (ka->ctype < 0 || ka->ctype >= TIRX_CTYPE_NUM) {
        rc = rt_errorf(err, "plan %s: kernel %s arg #%d: unknown C type %d", p->name, k->name,
                       (int)a, (int)ka->ctype);
      } else if (ka->source == TIRX_ARG_DATA_PTR) {
        if (ka->index < 0 || ka->index >= p->nparams ||
            p->params[ka->index].kind == TIRX_PARAM_SCALAR || !ptr)
          rc = rt_errorf(err,
                         "plan %s: kernel %s arg #%d: DATA_PTR needs a tensor or "
                         "handle param and C type ptr",
                         p->name, k->name, (int)a);
        else if (tmap && p->params[ka->index].kind != TIRX_PARAM_HANDLE)
          rc = rt_errorf(err,
                         "plan %s: kernel %s arg #%d: DATA_PTR with C type tmap needs "
                         "a handle param (a pointer to the caller's CUtensorMap)",
                         p->name, k->name, (int)a);
      } else if (ka->source == TIRX_ARG_TENSOR_MAP) {
        if (ka->index < 0 || ka->index >= p->nmaps || !tmap)
          rc = rt_errorf(err,
                         "plan %s: kernel %s arg #%d: TENSOR_MAP needs tensor map "
                         "#%d (plan has %d) and C type tmap",
                         p->name, k->name, (int)a, (int)ka->index, (int)p->nmaps);
      } else if (ka->source == TIRX_ARG_SYMBOL) {
        if (ka->index < 0 || ka->index >= p->nsyms || ptr)
          rc = rt_errorf(err, "plan %s: kernel %s arg #%d: bad symbol #%d", p->name, k->name,
                         (int)a, (int)ka->index);
        else if (!bound[ka->index])
          rc = rt_errorf(err,
                         "plan %s: kernel %s arg #%d uses symbol `%s`, which no "
                         "parameter binds",
                         p->name, k->name, (int)a, p->syms[ka->index].name);
      } else if (ka->source == TIRX_ARG_SCALAR_PARAM) {
        if (ka->index < 0 || ka->index >= p->nparams ||
            p->params[ka->index].kind != TIRX_PARAM_SCALAR || ptr)
          rc = rt_errorf(err,
                         "plan %s: kernel %s arg #%d: SCALAR_PARAM needs a scalar "
                         "param and a non-pointer C type",
                         p->name, k->name, (int)a);
      } else if (ka->source == TIRX_ARG_EXPR) {
        snprintf(what, sizeof what, "kernel %s arg #%d", k->name, (int)a);
        if (ka->expr.nops == 0 || ptr)
          rc = rt_errorf(err,
                         "plan %s: %s: EXPR needs an expression and a non-pointer "
                         "C type",
                         p->name, what);
        else rc = check_expr(p, &ka->expr, bound, what, err);
      } else {
        rc = rt_errorf(err, "plan %s: kernel %s arg #%d: unknown source %d", p->name, k->name,
                       (int)a, (int)ka->source);
      }
    }
    for (int d = 0; rc == 0 && d < TIRX_LAUNCH_NUM; d++)
      for (int x = 0; rc == 0 && x < 3; x++) {
        snprintf(what, sizeof what, "kernel %s launch[%d][%d]", k->name, d, x);
        rc = check_expr(p, &k->launch[d][x], bound, what, err);
      }
    if (rc == 0) {
      snprintf(what, sizeof what, "kernel %s dyn_smem", k->name);
      rc = check_expr(p, &k->dyn_smem, bound, what, err);
    }
  }
  free(bound);
  return rc;
}

/* ---- Rendering --------------------------------------------------------------------- */


size_t rt_dtype_bytes(DLDataType t) { return ((size_t)t.bits * (t.lanes ? t.lanes : 1) + 7) / 8; }

/* The symbols' names, for rendering expressions (malloc'd array; NULL when OOM). */
static const char **sym_names(const TirxPlan *p) {
  const char **names = calloc((size_t)p->nsyms + 1, sizeof(*names));
  for (int32_t s = 0; names && s < p->nsyms; s++)
    names[s] = p->syms[s].name ? p->syms[s].name : "?";
  return names;
}

char *tirx_plan_render_signature(const TirxPlan *p) {
  if (p->signature) return rt_strdup(p->signature);
  const char **names = sym_names(p);
  if (!names) return NULL;
  RtStrBuf sb;
  rt_sb_init(&sb);
  char dt[32];
  rt_sb_printf(&sb, "%s(", p->name);
  for (int32_t i = 0; i < p->nparams; i++) {
    const TirxPlanParam *pp = &p->params[i];
    if (i) rt_sb_append(&sb, ", ");
    if (pp->kind == TIRX_PARAM_TENSOR) {
      rt_sb_printf(&sb, "%s: Tensor([", pp->name);
      for (int32_t k = 0; k < pp->ndim; k++) {
        char *e = rt_expr_render(&pp->shape[k], names, p->nsyms);
        rt_sb_printf(&sb, "%s%s", k ? ", " : "", e ? e : "?");
        free(e);
      }
      rt_sb_printf(&sb, "], %s)", tirx_dl_dtype_str(pp->dtype, dt));
    } else if (pp->kind == TIRX_PARAM_SCALAR) {
      rt_sb_printf(&sb, "%s: %s", pp->name, tirx_dl_dtype_str(pp->dtype, dt));
    } else {
      rt_sb_printf(&sb, "%s: handle", pp->name);
    }
  }
  rt_sb_append(&sb, ")");
  free(names);
  return rt_sb_finish(&sb);
}

/* ---- Clone ------------------------------------------------------------------------- */

TirxPlan *tirx_plan_clone(const TirxPlan *src) {
  TirxPlan *p = tirx_plan_create(src->name);
  int ok = p != NULL && tirx_plan_set_signature(p, src->signature) == 0;
  for (int32_t s = 0; ok && s < src->nsyms; s++)
    ok = tirx_plan_add_symbol(p, src->syms[s].name, src->syms[s].dtype) >= 0;
  for (int32_t i = 0; ok && i < src->nparams; i++) {
    const TirxPlanParam *pp = &src->params[i];
    if (pp->kind == TIRX_PARAM_TENSOR) {
      int32_t j =
          tirx_plan_add_tensor_param(p, pp->name, pp->handle_name, pp->dtype, pp->ndim, pp->shape);
      ok = j >= 0;
      if (ok) p->params[j].has_strides = pp->has_strides;
    } else if (pp->kind == TIRX_PARAM_SCALAR) {
      ok = tirx_plan_add_scalar_param(p, pp->name, pp->dtype, pp->sym) >= 0;
    } else {
      int32_t j = add_param(p, (TirxParamKind)pp->kind, pp->name);
      ok = j >= 0;
      if (ok) p->params[j].dtype = pp->dtype;
    }
  }
  for (int32_t ki = 0; ok && ki < src->nkernels; ki++) {
    const TirxPlanKernel *k = &src->kernels[ki];
    ok = tirx_plan_add_kernel(p, k->name) == ki;
    for (int32_t a = 0; ok && a < k->nargs; a++)
      ok = add_arg(p, ki, (TirxArgSource)k->args[a].source, k->args[a].index,
                   (TirxCType)k->args[a].ctype, &k->args[a].expr) >= 0;
    for (int d = 0; ok && d < TIRX_LAUNCH_NUM; d++)
      for (int x = 0; ok && x < 3; x++)
        ok = set_expr(&p->kernels[ki].launch[d][x], &k->launch[d][x]) == 0;
    ok = ok && set_expr(&p->kernels[ki].dyn_smem, &k->dyn_smem) == 0;
    if (ok) p->kernels[ki].flags = k->flags;
  }
  for (int32_t i = 0; ok && i < src->nmaps; i++)
    ok = tirx_plan_add_tensor_map(p, &src->maps[i]) == i;
  if (!ok) {
    tirx_plan_destroy(p);
    return NULL;
  }
  return p;
}

/* ---- Dump --------------------------------------------------------------------------- */

static const char *ctype_name(int32_t t) {
  static const char *const names[TIRX_CTYPE_NUM] = {
      [TIRX_CTYPE_I32] = "i32",   [TIRX_CTYPE_I64] = "i64",   [TIRX_CTYPE_U32] = "u32",
      [TIRX_CTYPE_F32] = "f32",   [TIRX_CTYPE_F64] = "f64",   [TIRX_CTYPE_PTR] = "ptr",
      [TIRX_CTYPE_F16] = "f16",   [TIRX_CTYPE_BF16] = "bf16", [TIRX_CTYPE_U8] = "u8",
      [TIRX_CTYPE_BOOL] = "bool", [TIRX_CTYPE_I8] = "i8",     [TIRX_CTYPE_U64] = "u64",
      [TIRX_CTYPE_I16] = "i16",   [TIRX_CTYPE_U16] = "u16",   [TIRX_CTYPE_TENSORMAP] = "tmap"};
  return (t >= 0 && t < TIRX_CTYPE_NUM) ? names[t] : "?";
}

/* "(e0, e1, e2)" with absent entries printed as the default `dflt`. */
static void dump_triple(RtStrBuf *sb, const TirxPlanExpr *e, const char *const *names,
                        int32_t nsyms) {
  rt_sb_append(sb, "(");
  for (int x = 0; x < 3; x++) {
    char *r = e[x].nops ? rt_expr_render(&e[x], names, nsyms) : NULL;
    rt_sb_printf(sb, "%s%s", x ? ", " : "", e[x].nops ? (r ? r : "?") : "1");
    free(r);
  }
  rt_sb_append(sb, ")");
}

/* " (e0, e1, ...)": n expressions. */
static void dump_list(RtStrBuf *sb, const char *label, const TirxPlanExpr *e, int32_t n,
                      const char *const *names, int32_t nsyms) {
  rt_sb_printf(sb, " %s (", label);
  for (int32_t i = 0; i < n; i++) {
    char *r = rt_expr_render(&e[i], names, nsyms);
    rt_sb_printf(sb, "%s%s", i ? ", " : "", r ? r : "?");
    free(r);
  }
  rt_sb_append(sb, ")");
}

/* "  tmap #0 A_map = data(A) + off: float16 rank 2 globalDim (...) ... oob 0\n" */
static void dump_tensor_map(RtStrBuf *sb, const TirxPlan *p, int32_t mi, const char *const *names) {
  const TirxPlanTensorMap *m = &p->maps[mi];
  int32_t r = tmap_rank(m);
  char dt[32];
  int pin = m->param >= 0 && m->param < p->nparams;
  rt_sb_printf(sb, "  tmap #%d %s = data(%s)", (int)mi, m->name ? m->name : "?",
               pin ? p->params[m->param].name : "?");
  if (m->byte_offset.nops) {
    char *o = rt_expr_render(&m->byte_offset, names, p->nsyms);
    rt_sb_printf(sb, " + %s", o ? o : "?");
    free(o);
  }
  rt_sb_printf(sb, ": %s rank %d", tirx_dl_dtype_str(m->dtype, dt), (int)m->rank);
  dump_list(sb, "globalDim", m->global_dim, r, names, p->nsyms);
  dump_list(sb, "globalStrides", m->global_strides, r > 0 ? r - 1 : 0, names, p->nsyms);
  dump_list(sb, "boxDim", m->box_dim, r, names, p->nsyms);
  dump_list(sb, "elementStrides", m->element_strides, r, names, p->nsyms);
  rt_sb_printf(sb, " interleave %d swizzle %d l2 %d oob %d", (int)m->interleave, (int)m->swizzle,
               (int)m->l2_promotion, (int)m->oob_fill);
  if (m->force_cu_dtype >= 0) rt_sb_printf(sb, " force_cu_dtype %d", (int)m->force_cu_dtype);
  rt_sb_append(sb, "\n");
}

char *tirx_plan_dump(const TirxPlan *p) {
  const char **names = sym_names(p);
  char *sig = tirx_plan_render_signature(p);
  if (!names || !sig) {
    free(names);
    free(sig);
    return NULL;
  }
  RtStrBuf sb;
  rt_sb_init(&sb);
  char dt[32];
  rt_sb_printf(&sb, "plan %s%s: %s\n", p->name, p->signature ? " (given signature)" : "", sig);
  for (int32_t s = 0; s < p->nsyms; s++)
    rt_sb_printf(&sb, "  sym #%d %s: %s\n", (int)s, names[s],
                 tirx_dl_dtype_str(p->syms[s].dtype, dt));
  for (int32_t i = 0; i < p->nparams; i++) {
    const TirxPlanParam *pp = &p->params[i];
    if (pp->kind == TIRX_PARAM_TENSOR) {
      rt_sb_printf(&sb, "  param #%d tensor %s", (int)i, pp->name);
      if (pp->handle_name) rt_sb_printf(&sb, " (handle %s)", pp->handle_name);
      rt_sb_printf(&sb, ": %s [", tirx_dl_dtype_str(pp->dtype, dt));
      for (int32_t k = 0; k < pp->ndim; k++) {
        char *r = rt_expr_render(&pp->shape[k], names, p->nsyms);
        rt_sb_printf(&sb, "%s%s", k ? ", " : "", r ? r : "?");
        free(r);
      }
      rt_sb_append(&sb, "]\n");
    } else if (pp->kind == TIRX_PARAM_SCALAR) {
      rt_sb_printf(&sb, "  param #%d scalar %s: %s", (int)i, pp->name,
                   tirx_dl_dtype_str(pp->dtype, dt));
      if (pp->sym >= 0 && pp->sym < p->nsyms) rt_sb_printf(&sb, " binds %s", names[pp->sym]);
      rt_sb_append(&sb, "\n");
    } else {
      rt_sb_printf(&sb, "  param #%d handle %s\n", (int)i, pp->name);
    }
  }
  for (int32_t mi = 0; mi < p->nmaps; mi++) dump_tensor_map(&sb, p, mi, names);
  for (int32_t ki = 0; ki < p->nkernels; ki++) {
    const TirxPlanKernel *k = &p->kernels[ki];
    rt_sb_printf(&sb, "  kernel #%d %s\n", (int)ki, k->name);
    for (int32_t a = 0; a < k->nargs; a++) {
      const TirxPlanKernelArg *ka = &k->args[a];
      rt_sb_printf(&sb, "    arg #%d %s = ", (int)a, ctype_name(ka->ctype));
      int pin = ka->index >= 0 && ka->index < p->nparams;
      int sin = ka->index >= 0 && ka->index < p->nsyms;
      if (ka->source == TIRX_ARG_DATA_PTR) {
        rt_sb_printf(&sb, "data(%s)\n", pin ? p->params[ka->index].name : "?");
      } else if (ka->source == TIRX_ARG_SYMBOL) {
        rt_sb_printf(&sb, "%s\n", sin ? names[ka->index] : "?");
      } else if (ka->source == TIRX_ARG_SCALAR_PARAM) {
        rt_sb_printf(&sb, "param(%s)\n", pin ? p->params[ka->index].name : "?");
      } else if (ka->source == TIRX_ARG_TENSOR_MAP) {
        int min = ka->index >= 0 && ka->index < p->nmaps;
        rt_sb_printf(&sb, "tmap(%s)\n", min ? p->maps[ka->index].name : "?");
      } else {
        char *r = rt_expr_render(&ka->expr, names, p->nsyms);
        rt_sb_printf(&sb, "%s\n", r ? r : "?");
        free(r);
      }
    }
    rt_sb_append(&sb, "    grid ");
    dump_triple(&sb, k->launch[TIRX_LAUNCH_GRID], names, p->nsyms);
    rt_sb_append(&sb, " block ");
    dump_triple(&sb, k->launch[TIRX_LAUNCH_BLOCK], names, p->nsyms);
    rt_sb_append(&sb, " cluster ");
    dump_triple(&sb, k->launch[TIRX_LAUNCH_CLUSTER], names, p->nsyms);
    rt_sb_append(&sb, " preferred ");
    dump_triple(&sb, k->launch[TIRX_LAUNCH_PREFERRED_CLUSTER], names, p->nsyms);
    char *dyn = k->dyn_smem.nops ? rt_expr_render(&k->dyn_smem, names, p->nsyms) : NULL;
    rt_sb_printf(&sb, " dyn_smem %s", k->dyn_smem.nops ? (dyn ? dyn : "?") : "0");
    free(dyn);
    if (k->flags & TIRX_KERNEL_PDL) rt_sb_append(&sb, " pdl");
    if (k->flags & TIRX_KERNEL_COOPERATIVE) rt_sb_append(&sb, " cooperative");
    if (k->flags & TIRX_KERNEL_NVSHMEM) rt_sb_append(&sb, " nvshmem");
    rt_sb_append(&sb, "\n");
  }
  free(names);
  free(sig);
  return rt_sb_finish(&sb);
}
