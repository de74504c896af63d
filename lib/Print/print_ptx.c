/* Printing T.ptx instruction calls (I_PTX_INSTR, see lib/Parse/eval_ptx.c
 * for the argument layout).
 *
 * tirx's style is the exact-text form with the slot tokens in table order,
 *     T.ptx["ld.global.v4.b32"](d0, d1, d2, d3, addr, pred=p)
 * with T.ptx.pred(x) on integer .pred operands and T.ptx.SINK in sunk lanes;
 * TVM's style (p->tvm_style) is its flat form, every argument as stored:
 *     T.ptx.ld(d0, d1, d2, d3, addr, "", "", "global", ..., "v4", "b32", "")
 * Both re-parse to the same call.  The few rows whose tokens contain a '.'
 * (fabric's completion mechanisms) print in the flat form in both styles. */
#include <stdlib.h>
#include <string.h>

#include "Print/printer.h"
#include "Support/oom.h"
#include "tirx/internal/ptx_table.h"

/* TVM's escape of a family that is a Python keyword (and, or, not). */
static bool is_keyword(const char *s) {
  static const char *const kw[] = {
      "and",  "or",    "not",    "in",      "is",       "if",     "else",   "for",   "while",
      "def",  "class", "return", "async",   "await",    "global", "import", "from",  "as",
      "with", "try",   "except", "finally", "raise",    "lambda", "pass",   "break", "continue",
      "del",  "yield", "assert", "elif",    "nonlocal", "True",   "False",  "None"};
  for (size_t i = 0; i < sizeof kw / sizeof kw[0]; i++)
    if (strcmp(kw[i], s) == 0) return true;
  return false;
}

/* Whether a bare int32 literal at operand position `pos` re-parses as int32:
 * immediates are int32, and so is a register operand whose canonical dtype is. */
static bool bare_int32_ok(const PtxEntry *en, const char *const *mods, int pos) {
  if (!mods) return false;
  for (int i = 0, at = 0; i < en->nops; i++) {
    const PtxOperand *o = &en->ops[i];
    int lanes = tirx_ptx_lanes(o, mods);
    if (pos < at + lanes) {
      if (o->kind != PTXK_REG) return true;
      const char *dts = tirx_ptx_opdtypes(en, o, mods);
      return strncmp(dts, "int32", 5) == 0 && (dts[5] == '|' || dts[5] == '\0');
    }
    at += lanes;
  }
  return false;
}

void pr_ptx_call(Printer *p, const Expr *e) {
  Expr *const *xs = e->u.call.args;
  int n = e->u.call.n;
  const PtxEntry *en = tirx_ptx_find(e->u.call.name);
  /* a token with a '.' of its own can only be named by the flat form */
  bool dotted = false;
  for (int i = 0; en && i < en->nslots && n >= en->nslots + 1; i++) {
    const Expr *t = xs[n - 1 - en->nslots + i];
    dotted |= t->kind == E_STR && memchr(t->u.s.p, '.', t->u.s.len) != NULL;
  }
  if (p->tvm_style || dotted || !en || n < en->nslots + 1) {
    const char *fam = en ? en->family : e->u.call.name;
    prbuf_printf(p->out, "T.ptx.%s%s(", fam, is_keyword(fam) ? "_" : "");
    for (int i = 0; i < n; i++) {
      if (i) prbuf_puts(p->out, ", ");
      pr_expr(p, xs[i]);
    }
    prbuf_puts(p->out, ")");
    return;
  }
  const Expr *fl = xs[n - 1];
  const char *flags = fl->u.s.p;
  size_t flen = fl->u.s.len;
  bool has_pred = tirx_ptx_marker_has(flags, flen, "pred");
  int nops = n - en->nslots - 1 - has_pred;
  /* the exact text, tokens in slot order */
  PrBuf name = {0};
  prbuf_puts(&name, en->mnemonic);
  for (int i = 0; i < en->nslots; i++) {
    const Expr *t = xs[nops + has_pred + i];
    if (!t->u.s.len) continue;
    prbuf_puts(&name, ".");
    prbuf_put(&name, t->u.s.p, t->u.s.len);
  }
  prbuf_puts(p->out, "T.ptx[");
  prbuf_pystr(p->out, name.p, name.n);
  free(name.p);
  prbuf_puts(p->out, "](");
  const char **mods = tirx_xcalloc((size_t)en->nslots + 1, sizeof(char *));
  for (int i = 0; mods && i < en->nslots; i++) {
    const Expr *t = xs[nops + has_pred + i];
    const PtxSlot *sl = &en->slots[i];
    for (int k = 0; t->u.s.len && k < sl->ntok; k++)
      if (strlen(sl->tok[k]) == t->u.s.len && memcmp(sl->tok[k], t->u.s.p, t->u.s.len) == 0)
        mods[i] = sl->tok[k];
  }
  /* operands with the sunk lanes put back */
  int pos = 0;
  bool first = true;
  for (int i = 0; i < nops || tirx_ptx_marker_index(flags, flen, 's', pos); pos++) {
    if (!first) prbuf_puts(p->out, ", ");
    first = false;
    if (tirx_ptx_marker_index(flags, flen, 's', pos)) {
      prbuf_puts(p->out, "T.ptx.SINK");
      continue;
    }
    const Expr *x = xs[i++];
    if (tirx_ptx_marker_index(flags, flen, 'p', pos) && !tirx_dtype_is_bool(x->dtype)) {
      /* T.ptx.pred(1) reads back as a uint32: an int32 literal is spelt T.int32(1) */
      prbuf_puts(p->out, "T.ptx.pred(");
      if (x->kind == E_INT && x->dtype.id == DT_INT32 && x->dtype.lanes == 1)
        prbuf_printf(p->out, "T.int32(%lld)", (long long)x->u.i.v);
      else pr_expr(p, x);
      prbuf_puts(p->out, ")");
    } else if (x->kind == E_INT && x->dtype.id == DT_INT32 && x->dtype.lanes == 1 &&
               !bare_int32_ok(en, mods, pos)) {
      /* a bare literal would take the operand's canonical dtype on re-parse */
      prbuf_printf(p->out, "T.int32(%lld)", (long long)x->u.i.v);
    } else {
      pr_expr(p, x);
    }
  }
  if (has_pred) {
    prbuf_puts(p->out, first ? "pred=" : ", pred=");
    pr_expr(p, xs[nops]);
    first = false;
  }
  if (tirx_ptx_marker_has(flags, flen, "keep"))
    prbuf_puts(p->out, first ? "preserve_dst=True" : ", preserve_dst=True");
  prbuf_puts(p->out, ")");
  free(mods);
}
