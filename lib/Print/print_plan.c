/* Launch plans as comment lines (printed above a kernel's decorator, so the
 * text still re-parses).
 *
 *   # launch plan main: params A: float32[n], n: int32
 *   # launch plan main: tensor map A_map = A.data + 256: float16 globalDim=(128, n) ...
 *   # launch plan main: kernel main_kernel grid=(4, 1, 1) block=(128, 1, 1) dyn_smem=0
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "Print/plan_comment.h"
#include "Support/oom.h"
#include "Support/strbuf.h"
#include "tirx/plan.h"

#define put strbuf_printf

static void dl_dtype(StrBuf *o, DLDataType t) {
  char buf[32];
  put(o, "%s", tirx_dl_dtype_str(t, buf));
}

/* Postfix → infix; every compound operand in parentheses. */
static void plan_expr(StrBuf *o, const TirxPlanExpr *e, const TirxPlan *plan) {
  if (e->nops == 0) {
    put(o, "-");
    return;
  }
  char **st = tirx_xcalloc((size_t)e->nops, sizeof *st);
  int sp = 0;
  static const char *const ops[] = {NULL, NULL, "+", "-", "*", "//", "%", "min", "max", "ceildiv"};
  for (int i = 0; i < e->nops; i++) {
    const TirxExprOp *op = &e->ops[i];
    StrBuf t = {0};
    if (op->op == TIRX_EXPR_CONST) {
      put(&t, "%lld", (long long)op->imm);
    } else if (op->op == TIRX_EXPR_SYM) {
      if (op->imm >= 0 && op->imm < plan->nsyms) put(&t, "%s", plan->syms[op->imm].name);
      else put(&t, "sym%lld", (long long)op->imm);
    } else if (sp >= 2 && op->op > 1 && op->op < TIRX_EXPR_NUM_OPCODES) {
      char *b = st[--sp], *a = st[--sp];
      if (op->op >= TIRX_EXPR_MIN) put(&t, "%s(%s, %s)", ops[op->op], a, b);
      else put(&t, "(%s %s %s)", a, ops[op->op], b);
      free(a);
      free(b);
    } else {
      put(&t, "?");
    }
    st[sp++] = strbuf_take(&t);
  }
  const char *top = sp ? st[sp - 1] : "?";
  size_t len = top ? strlen(top) : 0;
  if (len >= 2 && top[0] == '(' && top[len - 1] == ')') put(o, "%.*s", (int)(len - 2), top + 1);
  else put(o, "%s", top ? top : "?");
  for (int i = 0; i < sp; i++) free(st[i]);
  free(st);
}

static void triple(StrBuf *o, const char *label, const TirxPlanExpr *xyz, const TirxPlan *plan) {
  put(o, " %s=(", label);
  for (int a = 0; a < 3; a++) {
    if (a) put(o, ", ");
    if (xyz[a].nops == 0) put(o, "1");
    else plan_expr(o, &xyz[a], plan);
  }
  put(o, ")");
}

/* " label=(e0, e1, ...)" */
static void list(StrBuf *o, const char *label, const TirxPlanExpr *e, int n, const TirxPlan *plan) {
  put(o, " %s=(", label);
  for (int i = 0; i < n; i++) {
    if (i) put(o, ", ");
    plan_expr(o, &e[i], plan);
  }
  put(o, ")");
}

static void map_line(StrBuf *o, const TirxPlan *plan, const TirxPlanTensorMap *m) {
  int r = m->rank < 0 ? 0 : m->rank > TIRX_TMAP_MAX_RANK ? TIRX_TMAP_MAX_RANK : m->rank;
  const char *base = m->param >= 0 && m->param < plan->nparams ? plan->params[m->param].name : "?";
  put(o, "\n# launch plan %s: tensor map %s = %s.data", plan->name, m->name, base);
  if (m->byte_offset.nops) {
    put(o, " + ");
    plan_expr(o, &m->byte_offset, plan);
  }
  put(o, ": ");
  dl_dtype(o, m->dtype);
  list(o, "globalDim", m->global_dim, r, plan);
  list(o, "globalStrides", m->global_strides, r > 0 ? r - 1 : 0, plan);
  list(o, "boxDim", m->box_dim, r, plan);
  list(o, "elementStrides", m->element_strides, r, plan);
  put(o, " interleave=%d swizzle=%d l2=%d oob=%d", m->interleave, m->swizzle, m->l2_promotion,
      m->oob_fill);
  if (m->force_cu_dtype >= 0) put(o, " force_cu_dtype=%d", m->force_cu_dtype);
}

static void kernel_line(StrBuf *o, const TirxPlan *plan, const TirxPlanKernel *k) {
  put(o, "\n# launch plan %s: kernel %s", plan->name, k->name);
  triple(o, "grid", k->launch[TIRX_LAUNCH_GRID], plan);
  triple(o, "block", k->launch[TIRX_LAUNCH_BLOCK], plan);
  const TirxPlanExpr *cl = k->launch[TIRX_LAUNCH_CLUSTER];
  if (cl[0].nops || cl[1].nops || cl[2].nops) triple(o, "cluster", cl, plan);
  put(o, " dyn_smem=");
  if (k->dyn_smem.nops) plan_expr(o, &k->dyn_smem, plan);
  else put(o, "0");
  if (k->flags & TIRX_KERNEL_PDL) put(o, " pdl");
  if (k->flags & TIRX_KERNEL_COOPERATIVE) put(o, " cooperative");
  if (k->flags & TIRX_KERNEL_NVSHMEM) put(o, " nvshmem");
}

char *tirx_print_plan_comment(const TirxPlan *plan, const char *func) {
  StrBuf o = {0};
  put(&o, "# launch plan %s: params", plan->name);
  for (int i = 0; i < plan->nparams; i++) {
    const TirxPlanParam *pa = &plan->params[i];
    put(&o, "%s %s: ", i ? "," : "", pa->name);
    if (pa->kind == TIRX_PARAM_HANDLE) {
      put(&o, "handle");
      continue;
    }
    dl_dtype(&o, pa->dtype);
    if (pa->kind != TIRX_PARAM_TENSOR) continue;
    put(&o, "[");
    for (int d = 0; d < pa->ndim; d++) {
      if (d) put(&o, ", ");
      plan_expr(&o, &pa->shape[d], plan);
    }
    put(&o, "]");
  }
  for (int i = 0; i < plan->nmaps; i++) map_line(&o, plan, &plan->maps[i]);
  int matched = 0;
  for (int i = 0; i < plan->nkernels; i++)
    if (func && strcmp(plan->kernels[i].name, func) == 0) {
      kernel_line(&o, plan, &plan->kernels[i]);
      matched = 1;
    }
  if (!matched)
    for (int i = 0; i < plan->nkernels; i++) kernel_line(&o, plan, &plan->kernels[i]);
  return strbuf_take(&o);
}
