/* T.ptx instruction calls: every spelling resolves through one table
 * (include/tirx/internal/ptx_table.def, lib/IR/ptx_table.c) to one entry.
 *
 *   T.ptx.ld.global_.v4.b32(d0, d1, d2, d3, addr)        chained form
 *   T.ptx["ld.global.v4.b32"](d0, d1, d2, d3, addr)      exact text
 *   T.ptx.ld(d0, d1, d2, d3, addr, "", ..., "v4", "b32", "")   TVM's flat print
 *
 * Tokens fill the first open slot that lists them; the candidates that remain
 * are tried in table order against the operands (count, dtypes, lvalues,
 * address spaces) and exactly one must accept them.  What depends only on the
 * spelling (its rows, the candidates its tokens leave, the slots they fill and
 * what those say of each operand) is worked out at its first call and kept
 * for the compile (ev_ptx_spelling); a call then only checks its operands.  The IR is TVM's: an
 * E_CALL (I_PTX_INSTR, the entry's name in call.name) whose arguments are
 * the coerced operands, the `pred=` guard when present, one string per slot
 * ("" = omitted) and a marker string ("pred", "keep", "p<i>" for .pred-class
 * source operands, "s<i>" for sunk lanes; comma separated). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "Parse/eval_tirx.h"
#include "Support/strbuf.h"
#include "tirx/internal/ptx_table.h"

/* One call argument after the flat form's markers were applied. */
typedef struct PArg {
  Value v;
  bool sink, tag; /* T.ptx.SINK / T.ptx.pred(x) */
  bool printed;   /* from TVM's flat form: a bare literal is an int32/float32 constant */
} PArg;

/* Why a candidate rejected the call (for the error listing every candidate).
 * Quiet: the first try of the candidates formats no reasons (most calls match);
 * they are formatted by a second try only when none matched. */
typedef struct Why {
  bool quiet;
  char msg[320];
} Why;

/* What a row says of one operand once its modifiers are chosen. */
typedef struct OpShape {
  int lanes;          /* tirx_ptx_lanes */
  const char *ty;     /* a register's PTX type (tirx_ptx_optype), else "" */
  const char *dtypes; /* a register's dtypes (tirx_ptx_opdtypes), else NULL */
  bool pred;          /* a .pred register */
} OpShape;

/* ... and of them all.  Nothing here depends on the call's operands: the rows
 * a spelling leaves keep theirs for every call of it (PtxSpell.shapes); only
 * the flat form, whose strings choose the modifiers, works them out per call. */
typedef struct PtxShape {
  bool fits; /* its required slots written and its slot rule kept */
  int want;  /* the operand lanes it takes */
  OpShape *ops;
} PtxShape;

static bool why(Why *w, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static bool why(Why *w, const char *fmt, ...) {
  if (w->quiet) return false;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(w->msg, sizeof w->msg, fmt, ap);
  va_end(ap);
  return false;
}

static bool is_sink(const Value *v) {
  return v->kind == V_NS && strcmp(v->u.ns, "T.ptx.SINK") == 0;
}

static const char *dt_name(DType t, char *buf) { return tirx_dtype_str(t, buf); }

/* The dtype name at position k of a `|` list. */
static bool list_first(const char *list, DType *out) {
  size_t n = strcspn(list, "|");
  return n && tirx_dtype_parse(list, n, out);
}

static bool list_has(const char *list, DType t) {
  char b[32];
  dt_name(t, b);
  return tirx_ptx_list_has(list, b, strlen(b));
}

/* A Python literal that names no dtype. */
static bool is_literal(const Value *v) {
  return v->kind == V_INT || v->kind == V_BOOL || v->kind == V_FLOAT;
}

/* Whether a buffer holds one element (a scalar or a one-element view). */
static bool one_element(const Buffer *b) {
  for (int i = 0; i < b->ndim; i++) {
    int64_t n;
    if (!tirx_expr_is_const_int(b->shape[i], &n) || n != 1) return false;
  }
  return true;
}

/* The IR expression of a non-literal operand, or NULL (with a reason).  A
 * whole one-element buffer is its element in a register operand and its
 * address in an address operand. */
static Expr *operand_expr(Eval *ev, const Value *v, Why *w, const char *what, bool reg) {
  if (v->kind == V_EXPR) return v->u.e;
  if (v->kind == V_SCALAR) return ev_to_expr(ev, *v, what);
  if (v->kind == V_BUFFER && reg && one_element(v->u.buf)) {
    Buffer *b = v->u.buf;
    Expr **idx = TIRX_NEWN(ev->m, Expr *, b->ndim ? b->ndim : 1);
    for (int i = 0; i < b->ndim; i++) idx[i] = tirx_int(ev->m, tirx_dtype(DT_INT32), 0, v->loc);
    return tirx_load(ev->m, b, idx, b->ndim, v->loc);
  }
  if (v->kind == V_BUFFER && !reg) return tirx_varref(ev->m, v->u.buf->data, v->loc);
  why(w, "%s is not a value", what);
  return NULL;
}

static bool fits(DType t, int64_t v, bool big) {
  int bits = tirx_dtype_bits(t);
  if (tirx_dtype_is_float(t) || bits >= 64)
    return !big || tirx_dtype_code(t) == DTC_UINT || tirx_dtype_is_float(t);
  if (big) return false;
  if (tirx_dtype_code(t) == DTC_UINT) return v >= 0 && (uint64_t)v < (1ull << bits);
  return v >= -(1ll << (bits - 1)) && v < (1ll << (bits - 1));
}

static Expr *literal_expr(Eval *ev, const Value *v, DType t) {
  if (v->kind == V_FLOAT) return tirx_float(ev->m, t, v->u.f, v->loc);
  if (tirx_dtype_is_float(t)) return tirx_float(ev->m, t, (double)v->u.i, v->loc);
  return tirx_int(ev->m, t, v->u.i, v->loc);
}

static bool is_pointer(const Expr *e) { return tirx_dtype_is_handle(e->dtype); }

static bool shared_pointer(const Expr *e) {
  return e->kind == E_VAR && e->u.var->ptr_scope && strncmp(e->u.var->ptr_scope, "shared", 6) == 0;
}

/* An addr/ptr operand: shared spaces take a pointer (converted with
 * T.cuda.cvta_generic_to_shared) or a uint32 window address; tmem a uint32;
 * global/generic a pointer or a uint64 (reinterpreted as a handle). */
static bool tensormap_address(const Expr *x) {
  if (x->kind == E_SELECT) return tensormap_address(x->u.sel.t) && tensormap_address(x->u.sel.f);
  return x->kind == E_CALL && x->u.call.op->id == I_ADDRESS_OF && x->u.call.n == 1 &&
         x->u.call.args[0]->kind == E_VAR && x->u.call.args[0]->u.var->is_tensormap;
}

static Expr *coerce_address(Eval *ev, const PtxEntry *en, const PtxOperand *o,
                            const char *const *mods, Expr *x, Why *w) {
  if (o->kind == PTXK_PTR) {
    if (is_pointer(x)) return x;
    why(w, "operand '%s' must be a pointer", o->name);
    return NULL;
  }
  const char *sp = tirx_ptx_opspace(en, o, mods);
  if (tirx_scope_is(sp, MEM_TMEM)) {
    if (tirx_dtype_eq(x->dtype, tirx_dtype(DT_UINT32))) return x;
    why(w,
        "operand '%s' is a tmem address and must be a uint32 (compose it with "
        "T.cuda.get_tmem_addr)",
        o->name);
    return NULL;
  }
  if (strncmp(sp, "shared", 6) == 0) {
    if (is_pointer(x)) {
      Expr **a = TIRX_NEWN(ev->m, Expr *, 1);
      a[0] = x;
      return tirx_call(ev->m, tirx_intrin(I_CUDA_CVTA_TO_SHARED), tirx_dtype(DT_UINT32), a, 1,
                       x->loc);
    }
    if (tirx_dtype_eq(x->dtype, tirx_dtype(DT_UINT32))) return x;
    why(w, "operand '%s' must be a shared-scope pointer or a uint32 shared address", o->name);
    return NULL;
  }
  /* T.address_of(a T.TensorMap() variable) is a uint64 in TVM (so its
   * engine reinterprets it, and prints the T.reinterpret), and so is a
   * T.Select between two of them */
  bool tmap = tensormap_address(x);
  if (is_pointer(x) && !tmap) {
    if (shared_pointer(x)) {
      why(w, "operand '%s' is a %s address but got a shared-scope pointer", o->name,
          *sp ? sp : "generic");
      return NULL;
    }
    return x;
  }
  if (tmap || tirx_dtype_eq(x->dtype, tirx_dtype(DT_UINT64))) {
    Expr **a = TIRX_NEWN(ev->m, Expr *, 1);
    a[0] = x;
    return tirx_call(ev->m, tirx_intrin(I_REINTERPRET), tirx_dtype(DT_HANDLE), a, 1, x->loc);
  }
  if (tirx_dtype_eq(x->dtype, tirx_dtype(DT_UINT32))) {
    why(w, "operand '%s': a uint32 address requires a shared state space", o->name);
    return NULL;
  }
  why(w, "operand '%s' must be a pointer or a uint64 address", o->name);
  return NULL;
}

static bool is_addr_call(const Expr *x) {
  return x && x->kind == E_CALL && x->u.call.op->id == I_PTX_ADDR;
}

/* An immediate operand: compile-time integers (or an unrolled loop variable). */
static bool coerce_imm(Eval *ev, const PtxOperand *o, PArg *args, int lanes, Expr **out, Why *w) {
  for (int k = 0; k < lanes; k++) {
    const Value *v = &args[k].v;
    int64_t iv;
    bool known = false;
    if (v->kind == V_INT) {
      iv = v->u.i;
      known = true;
    } else if (v->kind == V_EXPR && tirx_expr_is_const_int(v->u.e, &iv)) {
      known = true;
    }
    if (!known) {
      Expr *x = v->kind == V_EXPR ? v->u.e : NULL;
      if (!o->nchoices && x && tirx_dtype_is_int(x->dtype)) {
        out[k] = x; /* an unrolled loop variable: constant by codegen */
        continue;
      }
      return why(
          w,
          "operand '%s' is an immediate in the instruction text; it needs a compile-time integer",
          o->name);
    }
    if (o->nchoices) {
      char b[24];
      snprintf(b, sizeof b, "%lld", (long long)iv);
      bool ok = false;
      for (int c = 0; c < o->nchoices && !ok; c++) ok = strcmp(o->choices[c], b) == 0;
      if (!ok) {
        char list[160] = "";
        for (int c = 0; c < o->nchoices; c++)
          snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", c ? ", " : "",
                   o->choices[c]);
        return why(w, "operand '%s' must be one of %s, got %lld", o->name, list, (long long)iv);
      }
    }
    if (iv < INT32_MIN || iv > INT32_MAX)
      return why(w, "operand '%s': immediate %lld does not fit in int32", o->name, (long long)iv);
    out[k] = tirx_int(ev->m, tirx_dtype(DT_INT32), iv, v->loc);
  }
  return true;
}

/* An address or pointer operand, with T.ptx.addr(base, offset) where it takes one. */
static bool coerce_addr_operand(Eval *ev, const PtxEntry *en, const PtxOperand *o,
                                const char *const *mods, PArg *args, int lanes, Expr **out,
                                Why *w) {
  for (int k = 0; k < lanes; k++) {
    Expr *x = operand_expr(ev, &args[k].v, w, "an address", false);
    if (!x) return false;
    if (is_addr_call(x)) {
      if (!o->off) return why(w, "operand '%s' does not take T.ptx.addr(...)", o->name);
      Expr *base = coerce_address(ev, en, o, mods, x->u.call.args[0], w);
      if (!base) return false;
      Expr **a = TIRX_NEWN(ev->m, Expr *, 2);
      a[0] = base;
      a[1] = x->u.call.args[1];
      out[k] = tirx_call(ev->m, x->u.call.op, base->dtype, a, 2, x->loc);
      continue;
    }
    out[k] = coerce_address(ev, en, o, mods, x, w);
    if (!out[k]) return false;
  }
  return true;
}

/* A .pred source operand: a bool, or an integer wrapped as T.ptx.pred(x). */
static bool coerce_pred(Eval *ev, const PtxOperand *o, PArg *args, int lanes, Expr **out, Why *w) {
  for (int k = 0; k < lanes; k++) {
    const Value *v = &args[k].v;
    if (v->kind == V_BOOL) {
      out[k] = tirx_int(ev->m, tirx_dtype(DT_UINT32), v->u.i != 0, v->loc);
      continue;
    }
    if (args[k].tag && v->kind == V_INT && args[k].printed) {
      /* a bare integer at a "p<i>" operand of TVM's flat print is its untyped
       * int literal, an int32 (what the kern DSL's Python int becomes) */
      if (!fits(tirx_dtype(DT_INT32), v->u.i, v->uint_big))
        return why(w, "operand '%s': %lld does not fit in int32", o->name, (long long)v->u.i);
      out[k] = tirx_int(ev->m, tirx_dtype(DT_INT32), v->u.i, v->loc);
      continue;
    }
    if (args[k].tag && v->kind == V_INT) { /* T.ptx.pred(1): TVM makes it a uint32 */
      out[k] = tirx_int(ev->m, tirx_dtype(DT_UINT32), v->u.i != 0, v->loc);
      continue;
    }
    Expr *x = operand_expr(ev, v, w, "a predicate", true);
    if (!x) return false;
    bool ok = tirx_dtype_is_bool(x->dtype) ||
              (args[k].tag && (tirx_dtype_eq(x->dtype, tirx_dtype(DT_UINT32)) ||
                               tirx_dtype_eq(x->dtype, tirx_dtype(DT_INT32))));
    if (!ok) {
      if (args[k].tag) return why(w, "T.ptx.pred(...) takes a bool/uint32/int32 expression");
      return why(
          w,
          "operand '%s' is a .pred argument: pass a bool expression, or wrap an integer one as "
          "T.ptx.pred(x)",
          o->name);
    }
    out[k] = x;
  }
  return true;
}

/* A register operand: one dtype over its lanes, from the operand's allowed types. */
static bool coerce_reg(Eval *ev, const PtxOperand *o, const OpShape *s, PArg *args, int lanes,
                       Expr **out, Why *w) {
  const char *allowed = s->dtypes, *ty = s->ty;
  bool dst = o->rw != PTXRW_R;
  DType want;
  bool have = false;
  char b1[32];
  for (int k = 0; k < lanes; k++) {
    const Value *v = &args[k].v;
    if (dst) {
      Expr *x = v->kind == V_SCALAR || v->kind == V_EXPR || v->kind == V_BUFFER
                    ? operand_expr(ev, v, w, "a destination", true)
                    : NULL;
      if (!x || x->kind != E_LOAD) {
        DType d0;
        list_first(allowed, &d0);
        return why(
            w,
            "destination '%s' must be a writable scalar or buffer element (declare it first, e.g. "
            "`d: T.%s`); a T.let binding is immutable",
            o->name, dt_name(d0, b1));
      }
      out[k] = x;
    } else if (!is_literal(v)) {
      out[k] = operand_expr(ev, v, w, "an operand", true);
      if (!out[k]) return false;
    } else {
      out[k] = NULL;
      continue;
    }
    if (have && !tirx_dtype_eq(want, out[k]->dtype)) {
      char b2[32];
      return why(
          w, "operand '%s' is one %d-register group, so its lanes need one dtype, got %s and %s",
          o->name, lanes, dt_name(want, b1), dt_name(out[k]->dtype, b2));
    }
    want = out[k]->dtype;
    have = true;
  }
  if (!have && lanes && args[0].printed) {
    /* TVM prints int32 and float32 constants bare: in its printed text a bare
     * literal denotes one of those, when the operand takes it */
    DType lit = tirx_dtype(args[0].v.kind == V_FLOAT ? DT_FLOAT32 : DT_INT32);
    if (list_has(allowed, lit)) {
      want = lit;
      have = true;
    }
  }
  if (!have && !list_first(allowed, &want))
    return why(w, "operand '%s' has no register type here", o->name);
  if (!list_has(allowed, want)) {
    char list[200];
    snprintf(list, sizeof list, "%s", allowed);
    for (char *p = list; *p; p++)
      if (*p == '|') *p = '/';
    return why(w, "%s '%s' must have dtype %s (from .%s), got %s", dst ? "destination" : "operand",
               o->name, list, ty, dt_name(want, b1));
  }
  for (int k = 0; k < lanes; k++) {
    if (out[k]) continue;
    const Value *v = &args[k].v;
    if (v->kind == V_FLOAT && !tirx_dtype_is_float(want))
      return why(w,
                 "operand '%s' is .%s, so the float literal %g would be truncated; write T.%s(...)",
                 o->name, ty, v->u.f, dt_name(want, b1));
    if (v->kind != V_FLOAT && !fits(want, v->u.i, v->uint_big))
      return why(w, "operand '%s': %lld does not fit in %s", o->name, (long long)v->u.i,
                 dt_name(want, b1));
    out[k] = literal_expr(ev, v, want);
  }
  return true;
}

/* Coerces the `lanes` arguments of operand o into out[]; false with a reason. */
static bool coerce_operand(Eval *ev, const PtxEntry *en, const PtxOperand *o, const OpShape *s,
                           const char *const *mods, PArg *args, int lanes, Expr **out, Why *w) {
  bool is_pred = s->pred;
  for (int k = 0; k < lanes; k++) {
    if (args[k].tag && !is_pred)
      return why(w, "operand '%s' is not a .pred operand, so it cannot take T.ptx.pred(...)",
                 o->name);
    if (is_sink(&args[k].v) || (args[k].v.kind == V_NS))
      return why(w, "operand '%s' cannot take %s", o->name,
                 is_sink(&args[k].v) ? "T.ptx.SINK here" : "a namespace");
  }
  if (o->kind == PTXK_IMM) return coerce_imm(ev, o, args, lanes, out, w);
  if (o->kind == PTXK_ADDR || o->kind == PTXK_PTR)
    return coerce_addr_operand(ev, en, o, mods, args, lanes, out, w);
  if (is_pred && o->rw == PTXRW_R) return coerce_pred(ev, o, args, lanes, out, w);
  return coerce_reg(ev, o, s, args, lanes, out, w);
}

/* The resolved call, built by one candidate. */
typedef struct Built {
  Expr **args;
  int n;
} Built;

/* The shape of row en with the modifiers cm (in the module, or a temporary). */
static const PtxShape *shape_of(Eval *ev, const PtxEntry *en, const char *const *cm, bool keep) {
  size_t size = sizeof(PtxShape) + sizeof(OpShape) * (size_t)en->nops;
  PtxShape *sh = keep ? tirx_alloc(ev->m, size) : ev_tmp_alloc(ev, size);
  sh->ops = (OpShape *)(sh + 1);
  sh->fits = tirx_ptx_rule_ok(en, cm);
  for (int i = 0; i < en->nslots; i++)
    if (!cm[i] && !en->slots[i].optional) sh->fits = false;
  for (int i = 0; i < en->nops; i++) {
    const PtxOperand *o = &en->ops[i];
    OpShape *s = &sh->ops[i];
    s->lanes = tirx_ptx_lanes(o, cm);
    s->ty = o->kind == PTXK_REG ? tirx_ptx_optype(en, o, cm) : "";
    s->pred = o->kind == PTXK_REG && strcmp(s->ty, "pred") == 0;
    if (o->kind != PTXK_IMM && o->kind != PTXK_ADDR && o->kind != PTXK_PTR)
      s->dtypes = tirx_ptx_opdtypes(en, o, cm);
    sh->want += s->lanes;
  }
  return sh;
}

/* Whether entry en can take a call with these modifiers and nops operand
 * lanes: its required slots written, its slot rule kept, its operand count. */
static bool entry_fits(const PtxEntry *en, const PtxShape *sh, const char *const *cm, int nops,
                       Why *w) {
  if (w->quiet) return sh->fits && sh->want == nops;
  char miss[200] = "";
  for (int i = 0; i < en->nslots; i++)
    if (!cm[i] && !en->slots[i].optional)
      snprintf(miss + strlen(miss), sizeof miss - strlen(miss), "%s%s", *miss ? ", " : "",
               en->slots[i].name);
  if (*miss) return why(w, "missing required modifier(s): %s", miss);
  if (!tirx_ptx_rule_ok(en, cm)) {
    char combo[240] = "";
    for (int k = 0; k < en->rule.nkeys; k++) {
      const char *t = en->rule.keys[k] >= 0 ? cm[en->rule.keys[k]] : NULL;
      size_t o = strlen(combo);
      snprintf(combo + o, sizeof combo - o, "%s%s=%s", k ? ", " : "",
               en->slots[en->rule.keys[k]].name, t ? t : "(none)");
    }
    return why(w, "the modifiers %s are not a legal combination for this shape", combo);
  }
  int want = 0;
  for (int i = 0; i < en->nops; i++) want += tirx_ptx_lanes(&en->ops[i], cm);
  if (want != nops) {
    char names[240] = "";
    for (int i = 0; i < en->nops; i++) {
      int l = tirx_ptx_lanes(&en->ops[i], cm);
      if (!l) continue;
      size_t o = strlen(names);
      if (l > 1)
        snprintf(names + o, sizeof names - o, "%s%s[%d]", o ? ", " : "", en->ops[i].name, l);
      else snprintf(names + o, sizeof names - o, "%s%s", o ? ", " : "", en->ops[i].name);
    }
    return why(w, "expects %d operand%s (%s), got %d", want, want == 1 ? "" : "s", names, nops);
  }
  return true;
}

static bool try_entry(Eval *ev, const PtxEntry *en, const PtxShape *sh, const char **mods,
                      PArg *ops, int nops, Expr *pred, bool keep, Loc loc, Built *out, Why *w) {
  const char *const *cm = (const char *const *)mods;
  if (!entry_fits(en, sh, cm, nops, w)) return false;
  if (keep && !tirx_ptx_has_dst(en)) return why(w, "preserve_dst=True needs a written destination");
  /* a temporary (ev_ptx_call copies the chosen candidate's into the module) */
  Expr **coerced = ev_tmp_alloc(ev, sizeof(Expr *) * (size_t)(nops + en->nslots + 2));
  /* the marker: "pred", "keep", p<i> per .pred-class source, s<i> per sunk lane */
  StrBuf flags = {0}, sinks = {0};
  if (pred) strbuf_puts(&flags, "pred");
  if (keep) strbuf_puts(&flags, flags.n ? ",keep" : "keep");
  int at = 0, n = 0;
  for (int i = 0; i < en->nops; i++) {
    const PtxOperand *o = &en->ops[i];
    const OpShape *s = &sh->ops[i];
    int lanes = s->lanes;
    if (!lanes) continue;
    int live = 0;
    PArg *live_args = ev_tmp_alloc(ev, sizeof(PArg) * (size_t)lanes);
    for (int k = 0; k < lanes; k++) {
      PArg *a = &ops[at + k];
      if (is_sink(&a->v)) {
        if (o->kind != PTXK_REG || !tirx_ptx_sinkable(o, cm)) {
          strbuf_free(&flags);
          strbuf_free(&sinks);
          return why(w, "operand '%s' is not sinkable here, so it cannot take T.ptx.SINK", o->name);
        }
        strbuf_printf(&sinks, ",s%d", at + k);
        continue;
      }
      live_args[live++] = *a;
    }
    bool ok = true;
    if (lanes && !live && o->kind == PTXK_REG)
      ok = why(w, "at least one lane of '%s' must be a real register", o->name);
    else if (live) ok = coerce_operand(ev, en, o, s, cm, live_args, live, coerced + n, w);
    if (!ok) {
      strbuf_free(&flags);
      strbuf_free(&sinks);
      return false;
    }
    if (s->pred && o->rw == PTXRW_R) strbuf_printf(&flags, "%sp%d", flags.n ? "," : "", at);
    n += live;
    at += lanes;
  }
  if (sinks.n) strbuf_puts(&flags, flags.n ? sinks.p : sinks.p + 1);
  strbuf_free(&sinks);
  if (pred) coerced[n++] = pred;
  for (int i = 0; i < en->nslots; i++) {
    const char *t = mods[i] ? mods[i] : "";
    coerced[n++] = tirx_str(ev->m, t, strlen(t), loc);
  }
  coerced[n++] = tirx_str(ev->m, flags.n ? flags.p : "", flags.n, loc);
  strbuf_free(&flags);
  out->args = coerced;
  out->n = n;
  return true;
}

/* Candidate state while narrowing. */
typedef struct Cand {
  const PtxEntry *e;
  const char **mods;
  bool alive;
  const PtxShape *sh; /* set once its modifiers are chosen (try_entry reads it) */
  const char *name;   /* e->name interned (NULL: intern it when it is chosen) */
} Cand;

/* Keeps the candidates whose slots read TVM's flat form: it names every slot
 * in order, so only entries with nflat slots, each string a token of its own
 * slot, can have printed it.  Whether any is left. */
static bool filter_flat(Cand *c, int nc, const Value *strs, int nflat) {
  bool any = false;
  for (int i = 0; i < nc; i++) {
    const PtxEntry *e = c[i].e;
    bool ok = e->nslots == nflat;
    for (int k = 0; ok && k < nflat; k++) {
      const Value *sv = &strs[k];
      if (!sv->u.s.len) {
        ok = e->slots[k].optional;
        continue;
      }
      ok = false;
      for (int t = 0; t < e->slots[k].ntok && !ok; t++)
        if (strlen(e->slots[k].tok[t]) == sv->u.s.len &&
            memcmp(e->slots[k].tok[t], sv->u.s.p, sv->u.s.len) == 0) {
          c[i].mods[k] = e->slots[k].tok[t];
          ok = true;
        }
    }
    if (!ok) c[i].alive = false;
    any |= c[i].alive;
  }
  return any;
}

/* The error for a modifier no candidate takes: it names the open slots of the
 * first candidate that was alive before. */
static Value bad_modifier(Eval *ev, const Cand *c, int nc, const char *fam, const char *tok,
                          size_t len, Loc loc) {
  char open[400] = "";
  for (int i = 0; i < nc && !*open; i++) {
    const PtxEntry *e = c[i].e;
    for (int s = 0; s < e->nslots; s++) {
      if (c[i].mods[s]) continue;
      size_t o = strlen(open);
      if (o > sizeof open - 60) break;
      o += (size_t)snprintf(open + o, sizeof open - o, "%s%s∈{", o ? "; " : "", e->slots[s].name);
      for (int k = 0; k < e->slots[s].ntok && o < sizeof open - 40; k++)
        o += (size_t)snprintf(open + o, sizeof open - o, "%s%s", k ? "," : "", e->slots[s].tok[k]);
      snprintf(open + o, sizeof open - o, "}");
    }
  }
  return ev_error(ev, loc, "'%.*s' is not a valid modifier for T.ptx.%s; open slots: %s", (int)len,
                  tok, fam, *open ? open : "(none)");
}

/* Narrows the candidates by the modifiers written in the spelling after the
 * family (`rest`, ".tok.tok...", none empty); the ones that read the flat form's strings
 * already carry theirs.  Returns 1 when some are left, 0 when none is (and
 * the caller asked to hear it: *nomatch), -1 after an error. */
static int filter_tokens(Eval *ev, Cand *c, int nc, const char *rest, const char *fam, Loc loc,
                         bool *nomatch) {
  for (const char *p = rest; *p == '.';) {
    p++;
    size_t k = strcspn(p, ".");
    int alive = 0;
    for (int i = 0; i < nc; i++) {
      if (!c[i].alive) continue;
      if (tirx_ptx_fill(c[i].e, c[i].mods, p, k) < 0) c[i].alive = false;
      else alive++;
    }
    if (!alive && nomatch) return 0;
    if (!alive) return bad_modifier(ev, c, nc, fam, p, k, loc), -1;
    p += k;
  }
  return 1;
}

/* The keywords pred= and preserve_dst=; false after an error. */
static bool ptx_keywords(Eval *ev, Args *a, const char *fam, Expr **pred, bool *keep) {
  for (int i = 0; i < a->nkw; i++) {
    Value *v = &a->kwv[i];
    if (strcmp(a->kwn[i], "pred") == 0) {
      if (v->kind == V_NONE) continue;
      if (v->kind == V_BOOL) {
        *pred = tirx_int(ev->m, tirx_dtype(DT_BOOL), v->u.i, v->loc);
        continue;
      }
      Expr *x = ev_to_expr(ev, *v, "pred=");
      if (!x) return false;
      if (!tirx_dtype_is_bool(x->dtype) && !tirx_dtype_eq(x->dtype, tirx_dtype(DT_UINT32)) &&
          !tirx_dtype_eq(x->dtype, tirx_dtype(DT_INT32)))
        return ev_error(ev, v->loc, "pred= must be a bool/uint32/int32 expression"), false;
      *pred = x;
    } else if (strcmp(a->kwn[i], "preserve_dst") == 0) {
      bool b;
      if (!ev_truthy_const(ev, *v, &b))
        return ev_error(ev, v->loc, "preserve_dst= must be True or False"), false;
      *keep = b;
    } else {
      return ev_error(ev, v->loc, "T.ptx.%s takes no keyword '%s' (only pred= and preserve_dst=)",
                      fam, a->kwn[i]),
             false;
    }
  }
  return true;
}

/* Applies the flat form's marker to the operands ops[0..*nops) (room for the
 * marker's fields more): the guard, sunk lanes and .pred tags, one
 * comma-separated field each (a lane index per 's'/'p' field).  False after
 * an error. */
static bool apply_marker(Eval *ev, const char *marker, size_t markerlen, size_t nfields,
                         const char *fam, PArg *ops, int *nops, Expr **pred, bool *keep, Loc loc) {
  int *sunk = TIRX_NEWN(ev->m, int, nfields), nsunk = 0;
  int *tags = TIRX_NEWN(ev->m, int, nfields), ntags = 0;
  for (const char *f = marker, *end = marker + markerlen; f < end;) {
    size_t k = 0;
    while (f + k < end && f[k] != ',') k++;
    bool lane = k > 1 && f[1] >= '0' && f[1] <= '9';
    if (k == 4 && memcmp(f, "pred", 4) == 0) {
      if (!*nops)
        return ev_error(ev, loc, "T.ptx.%s: marker \"pred\" without a predicate operand", fam),
               false;
      if (*pred) return ev_error(ev, loc, "T.ptx.%s: both pred= and a \"pred\" marker", fam), false;
      Value pv = ops[--*nops].v;
      *pred = pv.kind == V_BOOL ? tirx_int(ev->m, tirx_dtype(DT_BOOL), pv.u.i, pv.loc)
                                : ev_to_expr(ev, pv, "the predicate");
      if (!*pred) return false;
    } else if (k == 4 && memcmp(f, "keep", 4) == 0) {
      *keep = true;
    } else if (lane && f[0] == 's') {
      sunk[nsunk++] = atoi(f + 1);
    } else if (lane && f[0] == 'p') {
      tags[ntags++] = atoi(f + 1); /* applied once the sunk lanes are back */
    } else if (k) {
      return ev_error(ev, loc, "T.ptx.%s: unknown marker '%.*s'", fam, (int)k, f), false;
    }
    f += k + 1;
  }
  for (int i = 1; i < nsunk; i++) /* insertion sort: lanes come sorted from the printer */
    for (int j = i; j > 0 && sunk[j - 1] > sunk[j]; j--) {
      int t = sunk[j];
      sunk[j] = sunk[j - 1];
      sunk[j - 1] = t;
    }
  for (int i = 0; i < nsunk; i++) {
    int at = sunk[i];
    if (at < 0 || at > *nops)
      return ev_error(ev, loc, "T.ptx.%s: bad sink marker 's%d'", fam, at), false;
    memmove(ops + at + 1, ops + at, sizeof(PArg) * (size_t)(*nops - at));
    ops[at].v = v_make(V_NS, loc);
    ops[at].v.u.ns = "T.ptx.SINK";
    ops[at].sink = true;
    ops[at].tag = false;
    ops[at].printed = true;
    (*nops)++;
  }
  for (int i = 0; i < ntags; i++) {
    if (tags[i] < 0 || tags[i] >= *nops)
      return ev_error(ev, loc, "T.ptx.%s: bad marker 'p%d'", fam, tags[i]), false;
    ops[tags[i]].tag = true;
  }
  return true;
}

/* The error when no candidate takes the operands: the one reason when one
 * shape was tried, else every tried shape's.  Shapes that only lack a
 * modifier the call did not write are noise when another shape got as far as
 * the operands. */
static Value no_candidate(Eval *ev, const Cand *c, int nc, bool *tried, const Why *whys,
                          const char *fam, Loc loc) {
  bool closer = false;
  for (int i = 0; i < nc; i++)
    closer |= tried[i] && strncmp(whys[i].msg, "missing required", 16) != 0;
  int nalive = 0;
  for (int i = 0; i < nc; i++) {
    if (closer && tried[i] && strncmp(whys[i].msg, "missing required", 16) == 0) tried[i] = false;
    nalive += tried[i];
  }
  if (nalive == 1) {
    for (int i = 0; i < nc; i++)
      if (tried[i]) return ev_error(ev, loc, "T.ptx.%s (%s): %s", fam, c[i].e->name, whys[i].msg);
  }
  char list[2400];
  size_t o = (size_t)snprintf(list, sizeof list,
                              "no T.ptx.%s instruction matches these operands; candidates:", fam);
  for (int i = 0; i < nc && o < sizeof list - 8; i++)
    if (tried[i])
      o += (size_t)snprintf(list + o, sizeof list - o, "\n  %s: %s", c[i].e->name, whys[i].msg);
  return ev_error(ev, loc, "%s", list);
}

/* Tries the live candidates on the operands: how many accept them, the
 * chosen one's call in *built (its index in *hit), each tried one's reason in whys[]. */
static int try_candidates(Eval *ev, const Cand *c, int nc, PArg *ops, int nops, Expr *pred,
                          bool keep, Loc loc, Built *built, int *hit, bool *tried, Why *whys) {
  int hits = 0;
  Built b = {NULL, 0};
  for (int i = 0; i < nc; i++) {
    if (!c[i].alive) continue;
    tried[i] = true;
    if (try_entry(ev, c[i].e, c[i].sh, c[i].mods, ops, nops, pred, keep, loc, &b, &whys[i])) {
      /* Several shapes can accept one call where the ISA's cross-slot rules
       * (not in our table) would tell them apart; the oldest wins, then table
       * order. */
      if (!hits || c[i].e->arch < c[*hit].e->arch) {
        *built = b;
        *hit = i;
      }
      hits++;
    }
  }
  return hits;
}

/* The candidates of a call: every row of the family, none of their slots filled. */
static Cand *all_rows(Eval *ev, const PtxSpell *sp) {
  int nc = sp->look.nrows;
  Cand *c = ev_tmp_alloc(ev, sizeof *c * (size_t)nc);
  for (int i = 0; i < nc; i++) {
    const PtxEntry *e = sp->look.rows[i];
    c[i].e = e;
    c[i].mods = ev_tmp_alloc(ev, sizeof(const char *) * (size_t)(e->nslots ? e->nslots : 1));
    c[i].alive = true;
  }
  return c;
}

/* The candidates a spelling's modifiers leave, for every call of it: each row
 * of its family (in table order) that takes them, with the slots they fill. */
static void narrow(Eval *ev, PtxSpell *sp) {
  int nc = sp->look.nrows;
  if (!nc || sp->empty_mod) return;
  Cand *c = all_rows(ev, sp);
  bool none = false; /* quiet: a call that needs the error asks for it again */
  if (filter_tokens(ev, c, nc, sp->look.rest, sp->look.rows[0]->family, (Loc){0}, &none) < 1)
    return;
  for (int i = 0; i < nc; i++) sp->nlive += c[i].alive;
  sp->live = TIRX_NEWN(ev->m, const PtxEntry *, sp->nlive);
  sp->mods = TIRX_NEWN(ev->m, const char **, sp->nlive);
  sp->shapes = TIRX_NEWN(ev->m, const PtxShape *, sp->nlive);
  sp->names = TIRX_NEWN(ev->m, const char *, sp->nlive);
  for (int i = 0, k = 0; i < nc; i++) {
    if (!c[i].alive) continue;
    size_t n = (size_t)(c[i].e->nslots ? c[i].e->nslots : 1);
    sp->live[k] = c[i].e;
    sp->mods[k] = TIRX_NEWN(ev->m, const char *, n);
    memcpy(sp->mods[k], c[i].mods, sizeof(const char *) * n);
    sp->shapes[k] = shape_of(ev, c[i].e, (const char *const *)sp->mods[k], true);
    sp->names[k] = tirx_intern0(ev->m, c[i].e->name);
    k++;
  }
}

const PtxSpell *ev_ptx_spelling(Eval *ev, const char *spelling) {
  const char *in = tirx_intern0(ev->m, spelling);
  PtxSpell *sp = txmap_get(&ev->py->ptx_looks, in);
  if (sp) return sp;
  sp = TIRX_NEW(ev->m, PtxSpell);
  sp->spelling = in;
  tirx_ptx_lookup(in, &sp->look);
  sp->alu_ok = sp->look.alu && tirx_ptx_alu_parse(in, &sp->alu, NULL, 0);
  for (const char *p = sp->look.rest; *p == '.'; p += strcspn(p, "."))
    if (*++p == '.' || !*p) sp->empty_mod = true;
  size_t mark = ev_tmp_mark(ev);
  narrow(ev, sp);
  ev_tmp_release(ev, mark);
  txmap_put(&ev->py->ptx_looks, in, sp);
  return sp;
}

/* ev_ptx_call's work: its candidates, operands and reasons are temporaries
 * (ev_tmp_alloc), released when it returns. */
static Value ptx_call(Eval *ev, const PtxSpell *sp, Args *a, Loc loc, bool *nomatch) {
  const char *spelling = sp->spelling;
  const PtxEntry *const *es = sp->look.rows;
  const char *rest = sp->look.rest;
  const char *fam = es[0]->family;
  if (sp->empty_mod) return ev_error(ev, loc, "T.ptx[\"%s\"]: empty modifier", spelling);
  /* modifiers from the flat form's trailing strings (the last one is its
   * marker), then from the spelling */
  int nstr = 0;
  while (nstr < a->npos && a->pos[a->npos - 1 - nstr].kind == V_STR) nstr++;
  int npos = a->npos - nstr;
  const char *marker = NULL;
  size_t markerlen = 0;
  if (nstr) {
    marker = a->pos[a->npos - 1].u.s.p;
    markerlen = a->pos[a->npos - 1].u.s.len;
  }
  int nflat = nstr ? nstr - 1 : 0;
  if (nflat && rest[0] != '\0')
    return ev_error(
        ev, loc, "T.ptx: give the modifiers either in the name or as trailing strings, not both");
  /* the candidates: the flat form's strings narrow every row of the family
   * (its name has no modifiers); the spelling's modifiers were applied once,
   * at its first call (ev_ptx_spelling) */
  Cand *c;
  int nc;
  if (nflat) {
    nc = sp->look.nrows;
    c = all_rows(ev, sp);
    if (!filter_flat(c, nc, &a->pos[npos], nflat)) {
      if (!nomatch)
        return ev_error(ev, loc, "no T.ptx.%s instruction has these %d modifier slots", fam, nflat);
      *nomatch = true;
      return v_make(V_ERROR, loc);
    }
    for (int i = 0; i < nc; i++)
      if (c[i].alive) c[i].sh = shape_of(ev, c[i].e, (const char *const *)c[i].mods, false);
  } else if (sp->nlive) {
    nc = sp->nlive;
    c = ev_tmp_alloc_raw(ev, sizeof *c * (size_t)nc);
    for (int i = 0; i < nc; i++)
      c[i] = (Cand){sp->live[i], sp->mods[i], true, sp->shapes[i], sp->names[i]};
  } else if (nomatch) {
    *nomatch = true;
    return v_make(V_ERROR, loc);
  } else { /* no row takes a modifier: narrowing again says which */
    nc = sp->look.nrows;
    c = all_rows(ev, sp);
    filter_tokens(ev, c, nc, rest, fam, loc, NULL);
    return v_make(V_ERROR, loc);
  }
  Expr *pred = NULL;
  bool keep = false;
  if (!ptx_keywords(ev, a, fam, &pred, &keep)) return v_make(V_ERROR, loc);
  size_t nfields = 1;
  for (size_t i = 0; i < markerlen; i++) nfields += marker[i] == ',';
  PArg *ops = ev_tmp_alloc(ev, sizeof *ops * ((size_t)npos + nfields));
  int nops = 0;
  for (int i = 0; i < npos; i++) {
    ops[nops].v = a->pos[i];
    ops[nops].tag = a->pos[i].ptx_pred;
    ops[nops].sink = is_sink(&a->pos[i]);
    ops[nops].printed = nstr > 0;
    nops++;
  }
  if (marker && !apply_marker(ev, marker, markerlen, nfields, fam, ops, &nops, &pred, &keep, loc))
    return v_make(V_ERROR, loc);
  /* not zeroed: a reason is 320 bytes, and what is read of one is set here (the
   * message is written when the failing rerun formats it) */
  Why *whys = ev_tmp_alloc_raw(ev, sizeof *whys * (size_t)nc);
  bool *tried = ev_tmp_alloc(ev, sizeof *tried * (size_t)nc);
  for (int i = 0; i < nc; i++) whys[i].quiet = true, whys[i].msg[0] = '\0', tried[i] = false;
  Built built = {NULL, 0};
  int hit = -1;
  int nerr = ev->nerr;
  int hits = try_candidates(ev, c, nc, ops, nops, pred, keep, loc, &built, &hit, tried, whys);
  if (!hits && nomatch) {
    *nomatch = true;
    return v_make(V_ERROR, loc);
  }
  if (!hits && ev->nerr != nerr) return v_make(V_ERROR, loc);
  if (!hits) { /* again, with the reasons */
    for (int i = 0; i < nc; i++) whys[i].quiet = false;
    try_candidates(ev, c, nc, ops, nops, pred, keep, loc, &built, &hit, tried, whys);
    return no_candidate(ev, c, nc, tried, whys, fam, loc);
  }
  Expr **args = TIRX_NEWN(ev->m, Expr *, built.n); /* out of the temporaries */
  memcpy(args, built.args, sizeof *args * (size_t)built.n);
  Expr *call = tirx_call(ev->m, tirx_intrin(I_PTX_INSTR), tirx_dtype(DT_VOID), args, built.n, loc);
  call->u.call.name = c[hit].name ? c[hit].name : tirx_intern0(ev->m, c[hit].e->name);
  return v_expr(call, loc);
}

Value ev_ptx_call(Eval *ev, const PtxSpell *sp, Args *a, Loc loc, bool *nomatch) {
  size_t mark = ev_tmp_mark(ev);
  Value r = ptx_call(ev, sp, a, loc, nomatch);
  ev_tmp_release(ev, mark);
  return r;
}
