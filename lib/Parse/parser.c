/* Recursive-descent parser: tokens → AST, with Python's grammar and
 * precedence (lowest first: lambda, if-else, or, and, not, comparisons, |, ^,
 * &, shifts, + -, * / // % @, unary, **, primary).  Each function parses one
 * grammar rule, written in the comment above it; the six binary-operator rules
 * (| to * / // % @) are one precedence-climbing loop over a table of operator
 * levels (binary).  Keywords are compared as the KwKind the lexer gave each
 * NAME token.  Errors are reported at the
 * offending token; after an error the statement is skipped to its NEWLINE so
 * that several errors can be reported in one run. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "Parse/ast.h"
#include "tirx/internal/ir.h"
#include "Support/oom.h"
#include "Support/vec.h"

#define MAX_DEPTH 150

typedef struct {
  Module *m;
  Token *cur, *last; /* the current token; the last one (TK_EOF), where the parser stays */
  TirxDiag *d;
  int depth;
  int failed; /* set on the first error of the current statement */
  int nerr;
  /* what bounds the nesting of the tree parsed since the top-level statement began
   * (see check_needed): the longest run of nodes made with no statement node between
   * them (a walrus counts as an expression here), and the number of elifs */
  int run, run_max, nelif;
  Ast *def; /* the innermost function definition being parsed (a `yield` makes it a generator) */
} P;

static Token *tok(P *p) { return p->cur; }
static Token *peek(P *p, int k) { return k < p->last - p->cur ? p->cur + k : p->last; }
static void next(P *p) {
  if (p->cur < p->last) p->cur++;
}
static Loc loc_of(Token *t) { return (Loc){t->line, t->col}; }

static int is_op(P *p, OpKind op) { return tok(p)->kind == TK_OP && tok(p)->op == op; }
/* Keywords by the KwKind the lexer gave the token (only a NAME token has one). */
static int tok_is_kw(const Token *t, KwKind kw) { return t->kw == kw; }
static int is_kw(P *p, KwKind kw) { return tok(p)->kw == kw; }

static int is_keyword_tok(Token *t) { return t->kw != KW_NAME; }

static void describe(Token *t, char *buf, size_t n) {
  switch (t->kind) {
  case TK_EOF: snprintf(buf, n, "end of file"); break;
  case TK_NEWLINE: snprintf(buf, n, "end of line"); break;
  case TK_INDENT: snprintf(buf, n, "indent"); break;
  case TK_DEDENT: snprintf(buf, n, "dedent"); break;
  default: snprintf(buf, n, "'%.*s'", (int)(t->len > 40 ? 40 : t->len), t->p);
  }
}

static void error_at(P *p, Token *t, const char *fmt, const char *arg) {
  if (p->failed) return;
  p->failed = 1;
  p->nerr++;
  tirx_diag_add(p->d, DIAG_ERROR, t->line, t->col, fmt, arg);
}

static void expected(P *p, const char *what) {
  char got[64];
  describe(tok(p), got, sizeof got);
  char msg[160];
  snprintf(msg, sizeof msg, "expected %s, got %s", what, got);
  error_at(p, tok(p), "%s", msg);
}

static int expect_op(P *p, OpKind op) {
  if (is_op(p, op)) {
    next(p);
    return 1;
  }
  char what[32];
  snprintf(what, sizeof what, "'%s'", lex_op_text(op));
  expected(p, what);
  return 0;
}

static int is_stmt_kind(const Ast *a) { return a->kind >= A_EXPR_STMT; }

static Ast *node(P *p, AstKind k, Token *t) {
  Ast *a = TIRX_NEW(p->m, Ast);
  a->kind = (uint8_t)k;
  a->loc = loc_of(t);
  if (k >= A_EXPR_STMT && k != A_WALRUS) p->run = 0;
  else if (++p->run > p->run_max) p->run_max = p->run;
  return a;
}

/* A growable list of Ast*, copied to the arena at the end: the first VEC_INLINE items in
 * the Vec itself (most lists are short), more in malloc memory. */
enum { VEC_INLINE = 8 };
typedef struct {
  Ast **v;
  int n, cap;
  Ast *inl[VEC_INLINE];
} Vec;
static void vpush(Vec *v, Ast *a) {
  if (v->n == v->cap) {
    if (!v->cap) {
      v->v = v->inl;
      v->cap = VEC_INLINE;
    } else {
      Ast **nv = tirx_xmalloc((size_t)v->cap * 2 * sizeof *nv);
      memcpy(nv, v->v, sizeof *nv * (size_t)v->n);
      if (v->v != v->inl) free(v->v);
      v->v = nv;
      v->cap *= 2;
    }
  }
  v->v[v->n++] = a;
}
static void vfree(Vec *v) {
  if (v->v != v->inl) free(v->v);
  v->v = NULL;
  v->n = v->cap = 0;
}
static Ast **vdone(P *p, Vec *v, int *n) {
  *n = v->n;
  Ast **out = TIRX_NEWN(p->m, Ast *, v->n ? v->n : 1);
  if (v->n) memcpy(out, v->v, sizeof *out * (size_t)v->n);
  vfree(v);
  return out;
}

static Ast *expr(P *p);
static Ast *or_expr(P *p);
static Ast *comprehension(P *p, Ast *elt);
static Ast *target_list(P *p);
static Ast *bitor_expr(P *p);
static Ast *unary(P *p);

static int enter(P *p) {
  if (++p->depth > MAX_DEPTH) {
    error_at(p, tok(p), "%s", "expression nested too deeply");
    return 0;
  }
  return 1;
}
static void leave(P *p) { p->depth--; }

/* Generic "error" node so callers never see NULL. */
static Ast *bad(P *p) { return node(p, A_CONST, tok(p)); }

/* atom := NAME | NUMBER | STRING+ | True | False | None
 *       | "(" [expr ("," expr)* [","]] ")" | "[" ... "]" | "{" ... "}" */
/* Adjacent string literals, one node (an f-string if any part is one). */
static Ast *atom_strings(P *p, Token *t) {
  Ast *a = node(p, t->kind == TK_FSTRING ? A_FSTR : A_STR, t);
  size_t total = 0;
  int k = 0;
  while (peek(p, k)->kind == TK_STRING || peek(p, k)->kind == TK_FSTRING) {
    if (peek(p, k)->kind == TK_FSTRING) a->kind = A_FSTR;
    total += peek(p, k)->slen;
    k++;
  }
  char *buf = tirx_alloc(p->m, total + 1);
  size_t off = 0;
  for (int i = 0; i < k; i++) {
    memcpy(buf + off, tok(p)->str, tok(p)->slen);
    off += tok(p)->slen;
    next(p);
  }
  a->str = buf;
  a->slen = total;
  return a;
}

/* ( ... ) or [ ... ]: a parenthesised expression, a tuple, a list or a comprehension. */
static Ast *atom_paren(P *p, Token *t) {
  int paren = t->op == OP_LPAR;
  OpKind close = paren ? OP_RPAR : OP_RSQB;
  next(p);
  Vec v = {0};
  int trailing_comma = 0;
  Ast *a = node(p, paren ? A_TUPLE : A_LIST, t);
  while (!is_op(p, close) && !p->failed) {
    Ast *e;
    if (is_op(p, OP_STAR)) {
      Token *st = tok(p);
      next(p);
      e = node(p, A_STAR, st);
      e->a = or_expr(p);
    } else {
      e = expr(p);
    }
    if (is_kw(p, KW_FOR)) {
      Ast *c = comprehension(p, e);
      c->op = paren ? '(' : '[';
      vpush(&v, c);
      expect_op(p, close);
      vfree(&v);
      return c;
    }
    vpush(&v, e);
    trailing_comma = 0;
    if (!is_op(p, OP_COMMA)) break;
    next(p);
    trailing_comma = 1;
  }
  expect_op(p, close);
  if (paren && v.n == 1 && !trailing_comma && v.v[0]->kind != A_STAR) {
    Ast *inner = v.v[0];
    vfree(&v);
    return inner; /* parenthesised expression */
  }
  a->list = vdone(p, &v, &a->n);
  return a;
}

/* { ... }: a dict, a set, or their comprehensions. */
static Ast *atom_brace(P *p, Token *t) {
  next(p);
  Ast *a = node(p, A_DICT, t);
  Vec ks = {0}, vs = {0};
  int is_set = 0;
  while (!is_op(p, OP_RBRACE) && !p->failed) {
    if (is_op(p, OP_POW)) { /* {**d}: a key A_KW without a name */
      Ast *kw = node(p, A_KW, tok(p));
      next(p);
      kw->a = or_expr(p);
      vpush(&ks, kw);
      vpush(&vs, kw);
    } else {
      Ast *k = expr(p);
      if (ks.n == 0 && (is_kw(p, KW_FOR) || is_op(p, OP_COMMA) || is_op(p, OP_RBRACE))) is_set = 1;
      if (is_set) {
        if (is_kw(p, KW_FOR)) { /* {x for ...}: a set comprehension */
          Ast *c = comprehension(p, k);
          c->op = 's';
          expect_op(p, OP_RBRACE);
          vfree(&ks);
          return c;
        }
        vpush(&ks, k);
      } else {
        if (!expect_op(p, OP_COLON)) break;
        Ast *v = expr(p);
        if (ks.n == 0 && is_kw(p, KW_FOR)) { /* {k: v for ...} */
          Ast *pair = node(p, A_TUPLE, t);
          Vec pv = {0};
          vpush(&pv, k);
          vpush(&pv, v);
          pair->list = vdone(p, &pv, &pair->n);
          Ast *c = comprehension(p, pair);
          c->op = 'd';
          expect_op(p, OP_RBRACE);
          return c;
        }
        vpush(&ks, k);
        vpush(&vs, v);
      }
    }
    if (!is_op(p, OP_COMMA)) break;
    next(p);
  }
  if (is_set) {
    expect_op(p, OP_RBRACE);
    Ast *c = node(p, A_LIST, t);
    c->op = 's'; /* a set display: a list without duplicates */
    c->list = vdone(p, &ks, &c->n);
    return c;
  }
  expect_op(p, OP_RBRACE);
  a->list = vdone(p, &ks, &a->n);
  a->list2 = vdone(p, &vs, &a->n2);
  return a;
}

static Ast *atom(P *p) {
  Token *t = tok(p);
  if (t->kind == TK_NAME) {
    if (tok_is_kw(t, KW_TRUE) || tok_is_kw(t, KW_FALSE) || tok_is_kw(t, KW_NONE)) {
      Ast *a = node(p, A_CONST, t);
      a->ival = tok_is_kw(t, KW_TRUE) ? 1 : tok_is_kw(t, KW_FALSE) ? 0 : 2;
      next(p);
      return a;
    }
    if (is_keyword_tok(t)) {
      expected(p, "an expression");
      return bad(p);
    }
    Ast *a = node(p, A_NAME, t);
    a->name = tirx_intern(p->m, t->p, t->len);
    next(p);
    return a;
  }
  if (t->kind == TK_INT) {
    Ast *a = node(p, A_INT, t);
    a->ival = t->ival;
    a->big = t->big;
    next(p);
    return a;
  }
  if (t->kind == TK_FLOAT) {
    Ast *a = node(p, A_FLOAT, t);
    a->fval = t->fval;
    next(p);
    return a;
  }
  if (t->kind == TK_STRING || t->kind == TK_FSTRING) return atom_strings(p, t);
  if (t->kind == TK_OP && (t->op == OP_LPAR || t->op == OP_LSQB)) return atom_paren(p, t);
  if (t->kind == TK_OP && t->op == OP_LBRACE) return atom_brace(p, t);
  if (is_op(p, OP_DOT) && peek(p, 1)->kind == TK_OP && peek(p, 1)->op == OP_DOT &&
      peek(p, 2)->kind == TK_OP &&
      peek(p, 2)->op == OP_DOT) { /* ... (Ellipsis): evaluates as None */
    Ast *a = node(p, A_CONST, t);
    a->ival = 2;
    next(p), next(p), next(p);
    return a;
  }
  expected(p, "an expression");
  return bad(p);
}

/* comprehension := elt ("for" targets "in" or_expr ("if" or_expr)*)+
 * One clause per A_COMP node: a = element (or the inner A_COMP), b = targets,
 * c = iterable, list = conditions.  A loop over the clauses, not recursion: any number of
 * them parses in constant stack (their nesting is bounded afterwards by check_depth). */
static Ast *comprehension(P *p, Ast *elt) {
  Ast *first = NULL, *outer = NULL;
  for (;;) {
    Ast *c = node(p, A_COMP, tok(p));
    if (outer) {
      outer->a = c; /* nested clause: the element is the inner comprehension's */
      outer->ival = 1;
    } else {
      first = c;
    }
    next(p); /* for */
    c->b = target_list(p);
    if (!is_kw(p, KW_IN)) {
      expected(p, "'in'");
      return first;
    }
    next(p);
    c->c = or_expr(p);
    Vec conds = {0};
    while (is_kw(p, KW_IF) && !p->failed) {
      next(p);
      vpush(&conds, or_expr(p));
    }
    c->list = vdone(p, &conds, &c->n);
    c->a = elt;
    if (!is_kw(p, KW_FOR) || p->failed) return first;
    outer = c;
  }
}

/* subscript := expr | [expr] ":" [expr] [":" [expr]] | "*" expr */
static Ast *subscript_item(P *p) {
  Token *t = tok(p);
  if (is_op(p, OP_STAR)) {
    next(p);
    Ast *s = node(p, A_STAR, t);
    s->a = bitor_expr(p);
    return s;
  }
  Ast *lo = NULL;
  if (!is_op(p, OP_COLON)) lo = expr(p);
  if (!is_op(p, OP_COLON)) return lo;
  Ast *s = node(p, A_SLICE, t);
  s->a = lo;
  next(p);
  if (!is_op(p, OP_COLON) && !is_op(p, OP_COMMA) && !is_op(p, OP_RSQB)) s->b = expr(p);
  if (is_op(p, OP_COLON)) {
    next(p);
    if (!is_op(p, OP_COMMA) && !is_op(p, OP_RSQB)) s->c = expr(p);
  }
  return s;
}

/* args := arg ("," arg)* [","] ; arg := expr | NAME "=" expr | "*" expr | "**" expr */
static void call_args(P *p, Ast *call) {
  Vec v = {0};
  while (!is_op(p, OP_RPAR) && !p->failed) {
    Token *t = tok(p);
    if (is_op(p, OP_STAR) || is_op(p, OP_POW)) {
      int dbl = is_op(p, OP_POW);
      next(p);
      Ast *s = node(p, dbl ? A_KW : A_STAR, t);
      s->a = expr(p);
      vpush(&v, s);
    } else if (t->kind == TK_NAME && peek(p, 1)->kind == TK_OP && peek(p, 1)->op == OP_ASSIGN) {
      Ast *kw = node(p, A_KW, t);
      kw->name = tirx_intern(p->m, t->p, t->len);
      next(p);
      next(p);
      kw->a = expr(p);
      vpush(&v, kw);
    } else {
      Ast *e = expr(p);
      if (is_kw(p, KW_FOR)) {
        e = comprehension(p, e);
        e->op = '(';
      }
      vpush(&v, e);
    }
    if (!is_op(p, OP_COMMA)) break;
    next(p);
  }
  expect_op(p, OP_RPAR);
  call->list = vdone(p, &v, &call->n);
}

/* primary := atom trailer* ; trailer := "(" args ")" | "[" subscripts "]" | "." NAME */
static Ast *primary(P *p) {
  Ast *a = atom(p);
  for (;;) {
    if (p->failed) return a;
    Token *t = tok(p);
    if (is_op(p, OP_LPAR)) {
      next(p);
      Ast *c = node(p, A_CALL, t);
      c->loc = a->loc;
      c->a = a;
      call_args(p, c);
      a = c;
    } else if (is_op(p, OP_LSQB)) {
      next(p);
      Ast *s = node(p, A_SUBSCRIPT, t);
      s->loc = a->loc;
      s->a = a;
      Vec v = {0};
      int comma = 0;
      if (is_op(p, OP_RSQB)) expected(p, "an index or a slice (`buf[]` is a syntax error)");
      while (!is_op(p, OP_RSQB) && !p->failed) {
        vpush(&v, subscript_item(p));
        if (!is_op(p, OP_COMMA)) break;
        comma = 1;
        next(p);
      }
      expect_op(p, OP_RSQB);
      s->list = vdone(p, &v, &s->n);
      s->op = comma; /* A[i,] vs A[i] */
      a = s;
    } else if (is_op(p, OP_DOT)) {
      next(p);
      Token *nt = tok(p);
      if (nt->kind != TK_NAME) {
        expected(p, "an attribute name after '.'");
        return a;
      }
      Ast *at = node(p, A_ATTR, nt);
      at->a = a;
      at->name = tirx_intern(p->m, nt->p, nt->len);
      next(p);
      a = at;
    } else {
      return a;
    }
  }
}

/* power := primary ["**" unary] */
static Ast *power(P *p) {
  Ast *a = primary(p);
  if (is_op(p, OP_POW)) {
    Token *t = tok(p);
    next(p);
    Ast *b = node(p, A_BINOP, t);
    b->op = OP_POW;
    b->a = a;
    if (!enter(p)) return b;
    b->b = unary(p);
    leave(p);
    return b;
  }
  return a;
}

/* unary := ("-" | "+" | "~") unary | power */
static Ast *unary(P *p) {
  Token *t0 = tok(p);
  if (t0->kind == TK_OP && (t0->op == OP_MINUS || t0->op == OP_PLUS || t0->op == OP_TILDE)) {
    Token *t = tok(p);
    next(p);
    Ast *u = node(p, A_UNARY, t);
    u->op = t->op;
    if (!enter(p)) return u;
    u->a = unary(p);
    leave(p);
    return u;
  }
  return power(p);
}

typedef Ast *(*RuleFn)(P *);

/* The binary operators' levels, loosest first: the rules
 *   bor   := bxor ("|" bxor)*
 *   bxor  := band ("^" band)*
 *   band  := shift ("&" shift)*
 *   shift := arith (("<<" | ">>") arith)*
 *   arith := term (("+" | "-") term)*
 *   term  := unary (("*" | "/" | "//" | "%" | "@") unary)*
 * one row per operator (0: not a binary operator). */
enum { BIN_BOR = 1, BIN_BXOR, BIN_BAND, BIN_SHIFT, BIN_ARITH, BIN_TERM };
static const uint8_t bin_level[OP_COUNT] = {
    [OP_PIPE] = BIN_BOR,     [OP_CARET] = BIN_BXOR,   [OP_AMP] = BIN_BAND,
    [OP_LSHIFT] = BIN_SHIFT, [OP_RSHIFT] = BIN_SHIFT, [OP_PLUS] = BIN_ARITH,
    [OP_MINUS] = BIN_ARITH,  [OP_STAR] = BIN_TERM,    [OP_SLASH] = BIN_TERM,
    [OP_DSLASH] = BIN_TERM,  [OP_PERCENT] = BIN_TERM, [OP_AT] = BIN_TERM,
};

/* binary(k) parses the rule of level k (bor .. term above) by precedence climbing: one
 * loop over the operators instead of a call per level for every operand.  Each level is
 * left-associative and builds the nodes its rule builds (an A_BINOP located at its left
 * operand).  The nesting counter moves as if each level were its own recursive function
 * entered in turn, one step each, so "expression nested too deeply" is reported exactly
 * where that grammar reports it: a level that overflows yields an error node (at the
 * current token) and keeps its step. */
static Ast *binary(P *p, int k) {
  int entered = BIN_TERM - k + 1; /* levels k .. term */
  if (p->depth + entered > MAX_DEPTH) {
    /* the first level past the limit fails; the ones above it return */
    p->depth++;
    error_at(p, tok(p), "%s", "expression nested too deeply");
    return bad(p);
  }
  p->depth += entered;
  int lvl = BIN_TERM; /* the innermost level still parsing its operands */
  Ast *a = unary(p);
  for (;;) {
    Token *t = tok(p);
    int l = t->kind == TK_OP ? bin_level[t->op] : 0;
    if (l < k || l > lvl || p->failed) break;
    p->depth -= lvl - l; /* the levels inside l have returned */
    lvl = l;
    next(p);
    Ast *b = node(p, A_BINOP, t);
    b->op = t->op;
    b->loc = a->loc;
    b->a = a;
    b->b = l < BIN_TERM ? binary(p, l + 1) : unary(p);
    a = b;
  }
  p->depth -= lvl - k + 1;
  return a;
}

static Ast *bitor_expr(P *p) { return binary(p, BIN_BOR); }

static int cmp_op(P *p, int *op) {
  Token *t = tok(p);
  if (t->kind == TK_OP) {
    switch (t->op) {
    case OP_LT:
    case OP_GT:
    case OP_LE:
    case OP_GE:
    case OP_EQ:
    case OP_NE:
      *op = t->op;
      next(p);
      return 1;
    default: return 0;
    }
  }
  if (tok_is_kw(t, KW_IN)) {
    *op = CMP_IN;
    next(p);
    return 1;
  }
  if (tok_is_kw(t, KW_NOT) && tok_is_kw(peek(p, 1), KW_IN)) {
    *op = CMP_NOTIN;
    next(p);
    next(p);
    return 1;
  }
  if (tok_is_kw(t, KW_IS)) {
    next(p);
    if (is_kw(p, KW_NOT)) {
      next(p);
      *op = CMP_ISNOT;
    } else {
      *op = CMP_IS;
    }
    return 1;
  }
  return 0;
}

/* comparison := bor (compop bor)* */
static Ast *comparison(P *p) {
  Ast *a = bitor_expr(p);
  int op;
  Token *t = tok(p);
  if (p->failed || !cmp_op(p, &op)) return a;
  Ast *c = node(p, A_COMPARE, t);
  c->loc = a->loc;
  c->a = a;
  Vec v = {0};
  int ops[64], nops = 0;
  for (;;) {
    if (nops >= 64) {
      error_at(p, tok(p), "%s", "comparison chain too long");
      break;
    }
    ops[nops++] = op;
    vpush(&v, bitor_expr(p));
    if (p->failed || !cmp_op(p, &op)) break;
  }
  c->list = vdone(p, &v, &c->n);
  c->cmpops = TIRX_NEWN(p->m, int, nops);
  memcpy(c->cmpops, ops, sizeof(int) * (size_t)nops);
  return c;
}

/* not_expr := "not" not_expr | comparison */
static Ast *not_expr(P *p) {
  if (is_kw(p, KW_NOT)) {
    Token *t = tok(p);
    next(p);
    Ast *n = node(p, A_NOT, t);
    if (!enter(p)) return n;
    n->a = not_expr(p);
    leave(p);
    return n;
  }
  return comparison(p);
}

/* A left-associative chain of `and` (op 1) or `or` (op 2) over `sub`. */
static Ast *bool_level(P *p, RuleFn sub, KwKind kw, int op) {
  Ast *a = sub(p);
  while (is_kw(p, kw) && !p->failed) {
    Token *t = tok(p);
    next(p);
    Ast *b = node(p, A_BOOLOP, t);
    b->op = op;
    b->loc = a->loc;
    b->a = a;
    b->b = sub(p);
    a = b;
  }
  return a;
}

/* and_expr := not_expr ("and" not_expr)* */
static Ast *and_expr(P *p) { return bool_level(p, not_expr, KW_AND, 1); }

/* or_expr := and_expr ("or" and_expr)* */
static Ast *or_expr(P *p) { return bool_level(p, and_expr, KW_OR, 2); }

/* lambda := "lambda" NAME ("," NAME)* ":" expr */
static Ast *lambda(P *p) {
  Token *t = tok(p);
  next(p);
  Ast *l = node(p, A_LAMBDA, t);
  Vec v = {0}, d = {0};
  while (tok(p)->kind == TK_NAME && !is_op(p, OP_COLON)) {
    Ast *n = node(p, A_NAME, tok(p));
    n->name = tirx_intern(p->m, tok(p)->p, tok(p)->len);
    vpush(&v, n);
    next(p);
    Ast *dflt = NULL;
    if (is_op(p, OP_ASSIGN)) {
      next(p);
      dflt = or_expr(p);
    }
    vpush(&d, dflt);
    if (!is_op(p, OP_COMMA)) break;
    next(p);
  }
  l->list = vdone(p, &v, &l->n);
  l->list2 = vdone(p, &d, &l->n2);
  if (expect_op(p, OP_COLON)) l->a = expr(p);
  return l;
}

/* expr := lambda | or_expr ["if" or_expr "else" expr] */
/* The operators no expression continues with (1: one ends it): a name or literal followed
 * by one of them (or by the end of the line) is the whole expression. */
static const uint8_t ends_expr[OP_COUNT] = {
    [OP_COMMA] = 1, [OP_RPAR] = 1, [OP_RSQB] = 1, [OP_RBRACE] = 1, [OP_COLON] = 1, [OP_ASSIGN] = 1,
};

/* Whether the expression at the current token is one atom: a name, number or string, then
 * what ends an expression.  The levels between expr and atom would only pass it through. */
static int lone_atom(P *p) {
  Token *t = tok(p), *n = peek(p, 1);
  int atom_tok = (t->kind == TK_NAME && t->kw == KW_NAME) || t->kind == TK_INT ||
                 t->kind == TK_FLOAT || t->kind == TK_STRING || t->kind == TK_FSTRING;
  return atom_tok && (n->kind == TK_NEWLINE || (n->kind == TK_OP && ends_expr[n->op]));
}

static Ast *expr(P *p) {
  if (!enter(p)) return bad(p);
  Ast *r;
  /* (the binary levels below would enter BIN_TERM more: where that stays within the
   * limit, nothing on the way to the atom can fail) */
  if (p->depth + BIN_TERM <= MAX_DEPTH && lone_atom(p)) {
    r = atom(p);
  } else if (is_kw(p, KW_LAMBDA)) {
    r = lambda(p);
  } else {
    Ast *a = or_expr(p);
    if (a->kind == A_NAME && is_op(p, OP_WALRUS) && !p->failed) {
      Token *t = tok(p);
      next(p);
      Ast *w = node(p, A_WALRUS, t);
      w->loc = a->loc;
      w->name = a->name;
      w->a = expr(p);
      leave(p);
      return w;
    }
    if (is_kw(p, KW_IF) && !p->failed) {
      Token *t = tok(p);
      next(p);
      Ast *c = node(p, A_IFEXP, t);
      c->loc = a->loc;
      c->b = a;
      c->a = or_expr(p);
      if (!is_kw(p, KW_ELSE)) {
        expected(p, "'else' in conditional expression");
      } else {
        next(p);
        c->c = expr(p);
      }
      r = c;
    } else {
      r = a;
    }
  }
  leave(p);
  return r;
}

/* exprlist := expr ("," expr)* [","]   -- an unparenthesised tuple */
static Ast *expr_list(P *p) {
  Token *t = tok(p);
  Ast *first = is_op(p, OP_STAR) ? NULL : expr(p);
  if (!first) {
    next(p);
    first = node(p, A_STAR, t);
    first->a = expr(p);
  }
  if (!is_op(p, OP_COMMA)) return first;
  Ast *tup = node(p, A_TUPLE, t);
  Vec v = {0};
  vpush(&v, first);
  while (is_op(p, OP_COMMA) && !p->failed) {
    next(p);
    if (tok(p)->kind == TK_NEWLINE || is_op(p, OP_ASSIGN) || is_op(p, OP_COLON) || is_kw(p, KW_IN))
      break;
    if (is_op(p, OP_STAR)) {
      Token *st = tok(p);
      next(p);
      Ast *s = node(p, A_STAR, st);
      s->a = expr(p);
      vpush(&v, s);
    } else {
      vpush(&v, expr(p));
    }
  }
  tup->list = vdone(p, &v, &tup->n);
  return tup;
}

static void block(P *p, Ast ***out, int *n);
/* target_list := bor ("," bor)* [","]   -- loop targets stop before 'in' */
static Ast *target_list(P *p) {
  Token *t = tok(p);
  Ast *first = bitor_expr(p);
  if (!is_op(p, OP_COMMA)) return first;
  Ast *tup = node(p, A_TUPLE, t);
  Vec v = {0};
  vpush(&v, first);
  while (is_op(p, OP_COMMA) && !p->failed) {
    next(p);
    if (is_kw(p, KW_IN)) break;
    vpush(&v, bitor_expr(p));
  }
  tup->list = vdone(p, &v, &tup->n);
  return tup;
}

static Ast *statement(P *p);

static void skip_to_newline(P *p) {
  int depth = 0;
  while (tok(p)->kind != TK_EOF) {
    if (tok(p)->kind == TK_NEWLINE && depth == 0) {
      next(p);
      return;
    }
    if (tok(p)->kind == TK_INDENT) depth++;
    if (tok(p)->kind == TK_DEDENT) {
      if (depth == 0) return;
      depth--;
    }
    next(p);
  }
}

static void end_simple(P *p) {
  if (p->failed) return;
  if (tok(p)->kind == TK_NEWLINE) {
    next(p);
    return;
  }
  if (is_op(p, OP_SEMI)) {
    error_at(p, tok(p), "%s",
             "';' between statements is not supported; put each statement on its own line");
    return;
  }
  expected(p, "end of line");
}

/* simple_stmt := expr_stmt | assign | ann_assign | aug_assign | assert | return
 *              | break | continue | pass | import */
/* global / nonlocal NAME, ... */
static Ast *global_stmt(P *p, Token *t) {
  Ast *s = node(p, A_GLOBAL, t);
  s->op = is_kw(p, KW_NONLOCAL);
  next(p);
  Vec v = {0};
  while (tok(p)->kind == TK_NAME && !is_keyword_tok(tok(p))) {
    Ast *n = node(p, A_NAME, tok(p));
    n->name = tirx_intern(p->m, tok(p)->p, tok(p)->len);
    vpush(&v, n);
    next(p);
    if (!is_op(p, OP_COMMA)) break;
    next(p);
  }
  s->list = vdone(p, &v, &s->n);
  if (!s->n) expected(p, "a name");
  end_simple(p);
  return s;
}

/* yield_stmt := "yield" ["from" expr | expr_list]: a statement (the value of a
 * yield expression, what send() passes in, is not supported); it makes the
 * function being parsed a generator */
static Ast *yield_stmt(P *p, Token *t) {
  Ast *s = node(p, A_YIELD, t);
  next(p);
  if (is_kw(p, KW_FROM)) {
    next(p);
    s->op = 1;
    s->a = expr(p);
  } else if (tok(p)->kind != TK_NEWLINE && tok(p)->kind != TK_EOF && !is_op(p, OP_SEMI)) {
    s->a = expr_list(p);
  }
  if (p->def) p->def->ival = 1;
  end_simple(p);
  return s;
}

/* A statement that starts with a keyword (pass, return, import, ...), or NULL
 * when the statement does not. */
static Ast *keyword_stmt(P *p, Token *t) {
  if (is_kw(p, KW_PASS) || is_kw(p, KW_BREAK) || is_kw(p, KW_CONTINUE)) {
    Ast *s = node(p, is_kw(p, KW_PASS) ? A_PASS : is_kw(p, KW_BREAK) ? A_BREAK : A_CONTINUE, t);
    next(p);
    end_simple(p);
    return s;
  }
  if (is_kw(p, KW_RETURN)) {
    next(p);
    Ast *s = node(p, A_RETURN, t);
    if (tok(p)->kind != TK_NEWLINE) s->a = expr_list(p);
    end_simple(p);
    return s;
  }
  if (is_kw(p, KW_ASSERT)) {
    next(p);
    Ast *s = node(p, A_ASSERT, t);
    s->a = expr(p);
    if (is_op(p, OP_COMMA)) {
      next(p);
      s->b = expr(p);
    }
    end_simple(p);
    return s;
  }
  if (is_kw(p, KW_IMPORT) || is_kw(p, KW_FROM)) {
    Ast *s = node(p, A_IMPORT, t);
    const char *start = t->p;
    while (tok(p)->kind != TK_NEWLINE && tok(p)->kind != TK_EOF) next(p);
    Token *last = peek(p, -1);
    s->str = tirx_strdup(p->m, start, (size_t)(last->p + last->len - start));
    s->slen = strlen(s->str);
    end_simple(p);
    return s;
  }
  if (is_kw(p, KW_RAISE)) {
    Ast *s = node(p, A_RAISE, t);
    next(p);
    if (tok(p)->kind != TK_NEWLINE && !is_op(p, OP_SEMI)) s->a = expr(p);
    if (is_kw(p, KW_FROM)) {
      next(p);
      s->b = expr(p);
    }
    end_simple(p);
    return s;
  }
  if (is_kw(p, KW_GLOBAL) || is_kw(p, KW_NONLOCAL)) return global_stmt(p, t);
  if (is_kw(p, KW_DEL)) {
    Ast *s = node(p, A_DEL, t);
    next(p);
    s->a = expr_list(p);
    end_simple(p);
    return s;
  }
  if (is_kw(p, KW_YIELD)) return yield_stmt(p, t);
  static const struct {
    KwKind kw;
    const char *text;
  } unsupported[] = {
      {KW_EXCEPT, "except"}, {KW_FINALLY, "finally"}, {KW_AWAIT, "await"}, {KW_ASYNC, "async"}};
  for (size_t i = 0; i < sizeof unsupported / sizeof unsupported[0]; i++)
    if (is_kw(p, unsupported[i].kw)) {
      error_at(p, t, "'%s' is not supported in TIRx", unsupported[i].text);
      return node(p, A_PASS, t);
    }
  return NULL;
}

/* The binary operator of an augmented assignment op (+= gives +), or OP_NONE. */
static OpKind aug_op(OpKind op) {
  static const struct {
    OpKind eq, op;
  } augs[] = {{OP_PLUSEQ, OP_PLUS},   {OP_MINUSEQ, OP_MINUS},   {OP_STAREQ, OP_STAR},
              {OP_SLASHEQ, OP_SLASH}, {OP_DSLASHEQ, OP_DSLASH}, {OP_PERCENTEQ, OP_PERCENT},
              {OP_POWEQ, OP_POW},     {OP_LSHIFTEQ, OP_LSHIFT}, {OP_RSHIFTEQ, OP_RSHIFT},
              {OP_AMPEQ, OP_AMP},     {OP_PIPEEQ, OP_PIPE},     {OP_CARETEQ, OP_CARET}};
  for (size_t i = 0; i < sizeof augs / sizeof augs[0]; i++)
    if (augs[i].eq == op) return augs[i].op;
  return OP_NONE;
}

/* What follows an expression list lhs at a statement's start: an annotated,
 * augmented or plain assignment, or nothing (an expression statement). */
static Ast *assign_stmt(P *p, Token *t, Ast *lhs) {
  if (is_op(p, OP_COLON)) {
    next(p);
    Ast *s = node(p, A_ANNASSIGN, t);
    s->b = lhs;
    s->a = expr(p);
    if (is_op(p, OP_ASSIGN)) {
      next(p);
      s->c = expr_list(p);
    }
    end_simple(p);
    return s;
  }
  if (tok(p)->kind == TK_OP) {
    OpKind aug = aug_op(tok(p)->op);
    if (aug != OP_NONE) {
      Ast *s = node(p, A_AUGASSIGN, tok(p));
      s->loc = lhs->loc;
      s->op = aug;
      next(p);
      s->b = lhs;
      s->a = expr_list(p);
      end_simple(p);
      return s;
    }
    if (is_op(p, OP_WALRUS)) {
      error_at(p, tok(p), "%s", "':=' is not supported in TIRx");
      return lhs;
    }
  }
  if (is_op(p, OP_ASSIGN)) {
    Ast *s = node(p, A_ASSIGN, t);
    Vec targets = {0};
    vpush(&targets, lhs);
    Ast *value = NULL;
    while (is_op(p, OP_ASSIGN) && !p->failed) {
      next(p);
      value = expr_list(p);
      if (is_op(p, OP_ASSIGN)) vpush(&targets, value);
    }
    s->list = vdone(p, &targets, &s->n);
    s->a = value;
    end_simple(p);
    return s;
  }
  Ast *s = node(p, A_EXPR_STMT, t);
  s->a = lhs;
  end_simple(p);
  return s;
}

static Ast *simple_stmt(P *p) {
  Token *t = tok(p);
  Ast *s = keyword_stmt(p, t);
  if (s) return s;
  Ast *lhs = expr_list(p);
  if (p->failed) return lhs;
  return assign_stmt(p, t, lhs);
}

/* block := NEWLINE INDENT stmt+ DEDENT | simple_stmt */
static void block(P *p, Ast ***out, int *n) {
  Vec v = {0};
  if (!expect_op(p, OP_COLON)) {
    *out = vdone(p, &v, n);
    return;
  }
  if (tok(p)->kind != TK_NEWLINE) {
    vpush(&v, simple_stmt(p)); /* `if x: pass` on one line */
    *out = vdone(p, &v, n);
    return;
  }
  next(p);
  if (tok(p)->kind != TK_INDENT) {
    expected(p, "an indented block");
    *out = vdone(p, &v, n);
    return;
  }
  next(p);
  if (!enter(p)) {
    *out = vdone(p, &v, n);
    return;
  }
  while (tok(p)->kind != TK_DEDENT && tok(p)->kind != TK_EOF) {
    p->failed = 0;
    Ast *s = statement(p);
    if (s) vpush(&v, s);
    if (p->failed) skip_to_newline(p);
  }
  leave(p);
  if (tok(p)->kind == TK_DEDENT) next(p);
  *out = vdone(p, &v, n);
}

/* if_stmt := "if" expr ":" block ("elif" expr ":" block)* ["else" ":" block] */
static Ast *if_stmt(P *p) {
  Ast *first = NULL, *s = NULL;
  /* A loop, not recursion: an elif chain of any length parses in constant stack (its
   * nesting depth is bounded afterwards by check_depth). */
  do {
    Token *t = tok(p);
    next(p);
    Ast *n = node(p, A_IF, t);
    n->a = expr(p);
    block(p, &n->list, &n->n);
    if (s) {
      /* elif becomes a nested if in the else branch (the IR keeps no elif) */
      s->list2 = TIRX_NEWN(p->m, Ast *, 1);
      s->list2[0] = n;
      s->n2 = 1;
      s->op = 1; /* written as elif */
      p->nelif++;
    } else {
      first = n;
    }
    s = n;
  } while (is_kw(p, KW_ELIF) && !p->failed);
  if (is_kw(p, KW_ELSE) && !p->failed) {
    next(p);
    block(p, &s->list2, &s->n2);
  }
  return first;
}

/* param := NAME ":" expr ["=" expr] ; params may contain one bare "*" */
static void params(P *p, Ast *f) {
  Vec v = {0};
  int kwonly = 0;
  expect_op(p, OP_LPAR);
  while (!is_op(p, OP_RPAR) && !p->failed) {
    Token *t = tok(p);
    if (is_op(p, OP_STAR)) {
      next(p);
      kwonly = 1;
      if (tok(p)->kind == TK_NAME && !is_keyword_tok(tok(p))) {
        Ast *pa = node(p, A_PARAM, tok(p));
        pa->name = tirx_intern(p->m, tok(p)->p, tok(p)->len);
        pa->ival = 2; /* *args */
        next(p);
        if (is_op(p, OP_COLON)) {
          next(p);
          pa->a = expr(p);
        }
        vpush(&v, pa);
      }
    } else if (is_op(p, OP_POW)) {
      next(p);
      if (tok(p)->kind != TK_NAME || is_keyword_tok(tok(p))) {
        expected(p, "a parameter name");
        break;
      }
      Ast *pa = node(p, A_PARAM, tok(p));
      pa->name = tirx_intern(p->m, tok(p)->p, tok(p)->len);
      pa->ival = 4; /* **kwargs */
      next(p);
      if (is_op(p, OP_COLON)) {
        next(p);
        pa->a = expr(p);
      }
      vpush(&v, pa);
    } else {
      if (t->kind != TK_NAME || is_keyword_tok(t)) {
        expected(p, "a parameter name");
        break;
      }
      Ast *pa = node(p, A_PARAM, t);
      pa->name = tirx_intern(p->m, t->p, t->len);
      pa->ival = kwonly;
      next(p);
      if (is_op(p, OP_COLON)) {
        next(p);
        pa->a = expr(p);
      }
      if (is_op(p, OP_ASSIGN)) {
        next(p);
        pa->b = expr(p);
      }
      vpush(&v, pa);
    }
    if (!is_op(p, OP_COMMA)) break;
    next(p);
  }
  expect_op(p, OP_RPAR);
  f->list = vdone(p, &v, &f->n);
}

/* funcdef := decorator* "def" NAME ["[" typeparams "]"] "(" params ")" ["->" expr] ":" block
 * classdef := decorator* "class" NAME ["(" ... ")"] ":" block */
static Ast *def_stmt(P *p, Ast **decos, int ndecos) {
  Token *t = tok(p);
  int is_class = is_kw(p, KW_CLASS);
  next(p);
  Token *nt = tok(p);
  if (nt->kind != TK_NAME || is_keyword_tok(nt)) {
    expected(p, is_class ? "a class name" : "a function name");
    return NULL;
  }
  Ast *f = node(p, is_class ? A_CLASSDEF : A_FUNCDEF, t);
  f->name = tirx_intern(p->m, nt->p, nt->len);
  f->list2 = decos;
  f->n2 = ndecos;
  next(p);
  if (is_class) {
    if (is_op(p, OP_LPAR)) { /* bases (and keywords such as metaclass=) in list3 */
      next(p);
      Ast bases = {0};
      call_args(p, &bases);
      f->list3 = bases.list;
      f->n3 = bases.n;
    }
    block(p, &f->list, &f->n);
    return f;
  }
  if (is_op(p, OP_LSQB)) {
    /* PEP 695 type parameters: def f[M, N: int](...) */
    next(p);
    Vec tp = {0};
    while (tok(p)->kind == TK_NAME && !p->failed) {
      Ast *n = node(p, A_NAME, tok(p));
      n->name = tirx_intern(p->m, tok(p)->p, tok(p)->len);
      vpush(&tp, n);
      next(p);
      if (is_op(p, OP_COLON)) {
        next(p);
        expr(p);
      }
      if (!is_op(p, OP_COMMA)) break;
      next(p);
    }
    expect_op(p, OP_RSQB);
    f->c = node(p, A_TUPLE, nt);
    f->c->list = vdone(p, &tp, &f->c->n);
  }
  params(p, f);
  if (is_op(p, OP_ARROW)) {
    next(p);
    f->a = expr(p);
  }
  Ast *outer = p->def;
  p->def = f;
  block(p, &f->list3, &f->n3);
  p->def = outer;
  return f;
}

/* stmt := simple_stmt NEWLINE | if | for | while | with | decorated def/class */
/* try/except/else/finally parse (Python code beside the kernels has them);
 * running one is an error naming it (A_UNSUPPORTED) */
static Ast *try_stmt(P *p, Token *t) {
  Ast *s = node(p, A_TRY, t);
  next(p);
  block(p, &s->list, &s->n);
  Vec h = {0};
  while ((is_kw(p, KW_EXCEPT) || is_kw(p, KW_ELSE) || is_kw(p, KW_FINALLY)) && !p->failed) {
    Token *ht = tok(p);
    if (is_kw(p, KW_FINALLY)) {
      next(p);
      block(p, &s->list3, &s->n3);
      break;
    }
    Ast *e = node(p, A_EXCEPT, ht);
    if (is_kw(p, KW_ELSE)) e->op = 'e';
    next(p);
    if (e->op != 'e' && !is_op(p, OP_COLON)) {
      e->a = expr(p);
      if (is_kw(p, KW_AS)) {
        next(p);
        if (tok(p)->kind == TK_NAME) {
          e->name = tirx_intern(p->m, tok(p)->p, tok(p)->len);
          next(p);
        } else {
          expected(p, "a name after 'as'");
        }
      }
    }
    block(p, &e->list, &e->n);
    vpush(&h, e);
  }
  s->list2 = vdone(p, &h, &s->n2);
  if (!s->n2 && !s->n3) expected(p, "'except' or 'finally'");
  return s;
}

/* with ITEM [as TARGET], ...: BLOCK */
static Ast *with_stmt(P *p, Token *t) {
  next(p);
  Ast *s = node(p, A_WITH, t);
  Vec items = {0};
  for (;;) {
    Ast *it = node(p, A_WITHITEM, tok(p));
    it->a = expr(p);
    if (it->a && it->a->kind == A_TUPLE && !is_kw(p, KW_AS)) {
      /* with (a, b): the parenthesized items of Python 3.10 (a tuple cannot be
       * unparenthesized here: a comma separates items) */
      for (int i = 0; i < it->a->n; i++) {
        Ast *e = node(p, A_WITHITEM, tok(p));
        e->loc = it->a->list[i]->loc;
        e->a = it->a->list[i];
        vpush(&items, e);
      }
      if (!is_op(p, OP_COMMA) || p->failed) break;
      next(p);
      continue;
    }
    if (is_kw(p, KW_AS)) {
      next(p);
      it->b = expr_list(p);
    }
    vpush(&items, it);
    if (!is_op(p, OP_COMMA) || p->failed) break;
    next(p);
  }
  s->list = vdone(p, &items, &s->n);
  block(p, &s->list2, &s->n2);
  return s;
}

/* @DECORATOR NEWLINE ... def/class */
static Ast *decorated(P *p) {
  Vec decos = {0};
  while (is_op(p, OP_AT) && !p->failed) {
    next(p);
    vpush(&decos, expr(p));
    if (tok(p)->kind != TK_NEWLINE) {
      expected(p, "end of line after decorator");
      break;
    }
    next(p);
  }
  int nd;
  Ast **d = vdone(p, &decos, &nd);
  if (p->failed) return NULL;
  if (!is_kw(p, KW_DEF) && !is_kw(p, KW_CLASS)) {
    expected(p, "'def' or 'class' after decorator");
    return NULL;
  }
  return def_stmt(p, d, nd);
}

static Ast *statement(P *p) {
  Token *t = tok(p);
  if (t->kind == TK_INDENT) {
    error_at(p, t, "%s", "unexpected indent");
    next(p);
    return NULL;
  }
  if (t->kind == TK_NEWLINE) {
    next(p);
    return NULL;
  }
  if (is_kw(p, KW_IF)) return if_stmt(p);
  if (is_kw(p, KW_TRY)) return try_stmt(p, t);
  if (is_kw(p, KW_ELIF) || is_kw(p, KW_ELSE)) {
    error_at(p, t, "'%s' without a matching 'if'", is_kw(p, KW_ELIF) ? "elif" : "else");
    return NULL;
  }
  if (is_kw(p, KW_WHILE)) {
    next(p);
    Ast *s = node(p, A_WHILE, t);
    s->a = expr(p);
    block(p, &s->list, &s->n);
    if (is_kw(p, KW_ELSE)) error_at(p, tok(p), "%s", "'while ... else' is not supported");
    return s;
  }
  if (is_kw(p, KW_FOR)) {
    next(p);
    Ast *s = node(p, A_FOR, t);
    s->b = target_list(p);
    if (!is_kw(p, KW_IN)) {
      expected(p, "'in'");
      return s;
    }
    next(p);
    s->a = expr_list(p);
    block(p, &s->list, &s->n);
    if (is_kw(p, KW_ELSE)) error_at(p, tok(p), "%s", "'for ... else' is not supported");
    return s;
  }
  if (is_kw(p, KW_WITH)) return with_stmt(p, t);
  if (is_op(p, OP_AT)) return decorated(p);
  if (is_kw(p, KW_DEF) || is_kw(p, KW_CLASS)) return def_stmt(p, NULL, 0);
  if (is_kw(p, KW_TRY) || is_kw(p, KW_ASYNC)) {
    error_at(p, t, "'%s' is not supported in TIRx", is_kw(p, KW_TRY) ? "try" : "async");
    return NULL;
  }
  return simple_stmt(p);
}

/* ---- nesting limits ---------------------------------------------------------------------
 * The evaluator, the printer, the verifier, the passes and codegen all walk trees
 * recursively, so the parser bounds how deep a tree may be: an expression may nest at most
 * TIRX_MAX_EXPR_NESTING nodes deep (a chain `a + b + c ...` of N operators is N deep, as
 * are N `and`s or N unary minuses), a statement at most TIRX_MAX_STMT_NESTING statements deep
 * (each `elif` is an `if` nested in the previous one's else branch).  The limits keep every
 * later walk within a default 8 MB stack, also under ASan (test/Errors/nesting_limits.test);
 * the check itself walks with a heap stack. */
#define TIRX_MAX_EXPR_NESTING 1000
#define TIRX_MAX_STMT_NESTING 1000

typedef struct {
  Ast *a;
  int expr_depth, stmt_depth;
  Loc root; /* where the outermost expression starts: the location reported */
} DepthItem;

static int check_depth(P *p, Ast *root) {
  DepthItem *st = NULL;
  size_t n = 0, cap = 0;
  int ok = 1;
#define PUSH(child, parent_e, parent_s, parent_is_expr)                         \
  do {                                                                          \
    Ast *c_ = (child);                                                          \
    if (!c_) break;                                                             \
    if (n == cap) {                                                             \
      cap = cap ? cap * 2 : 64;                                                 \
      DepthItem *ns_ = tirx_xrealloc(st, cap, sizeof *ns_);                     \
      st = ns_;                                                                 \
    }                                                                           \
    int s_ = is_stmt_kind(c_);                                                  \
    st[n++] = (DepthItem){c_,                                                   \
                          s_                 ? 0                                \
                          : (parent_is_expr) ? (parent_e) + 1                   \
                                             : 1,                               \
                          (parent_s) + s_, (parent_is_expr) ? root_ : c_->loc}; \
  } while (0)
  Loc root_ = root->loc;
  PUSH(root, 0, 0, 0);
  while (n && ok) {
    DepthItem it = st[--n];
    Ast *a = it.a;
    if (it.expr_depth > TIRX_MAX_EXPR_NESTING) {
      tirx_diag_add(p->d, DIAG_ERROR, it.root.line, it.root.col,
                    "expression nested too deeply (more than %d levels: split it, e.g. "
                    "into partial sums)",
                    TIRX_MAX_EXPR_NESTING);
      ok = 0;
      break;
    }
    if (it.stmt_depth > TIRX_MAX_STMT_NESTING) {
      tirx_diag_add(p->d, DIAG_ERROR, a->loc.line, a->loc.col,
                    "statements nested too deeply (more than %d levels, each elif counts "
                    "as one)",
                    TIRX_MAX_STMT_NESTING);
      ok = 0;
      break;
    }
    int e = !is_stmt_kind(a);
    root_ = it.root;
    PUSH(a->a, it.expr_depth, it.stmt_depth, e);
    PUSH(a->b, it.expr_depth, it.stmt_depth, e);
    PUSH(a->c, it.expr_depth, it.stmt_depth, e);
    for (int i = 0; i < a->n && a->list; i++) PUSH(a->list[i], it.expr_depth, it.stmt_depth, e);
    for (int i = 0; i < a->n2 && a->list2; i++) PUSH(a->list2[i], it.expr_depth, it.stmt_depth, e);
    for (int i = 0; i < a->n3 && a->list3; i++) PUSH(a->list3[i], it.expr_depth, it.stmt_depth, e);
  }
#undef PUSH
  free(st);
  if (!ok) p->nerr++;
  return ok;
}

/* Whether check_depth can find anything in the statement parsed since the counters were
 * last reset (no error so far: check_depth only runs then).  An expression's nesting is at
 * most the nodes of its expression part, which the parser makes in one run, with no
 * statement node between them; so a run of at most TIRX_MAX_EXPR_NESTING nodes bounds it.
 * On a path down the tree, a statement node is a root, a body statement (parsed inside a
 * block, one nesting step each), a walrus (inside an expression, one step), an elif, an
 * item of a try/with/def (except, with-item, parameter: each followed by one of the
 * others) or a one-line body (at most one, a leaf but for walruses); steps stay within
 * MAX_DEPTH, so a path holds at most 2 * MAX_DEPTH + 4 + (elifs) statement nodes. */
static int check_needed(const P *p) {
  return p->run_max > TIRX_MAX_EXPR_NESTING ||
         p->nelif > TIRX_MAX_STMT_NESTING - 2 * MAX_DEPTH - 16;
}

static void reset_bounds(P *p) { p->run = p->run_max = p->nelif = 0; }

static P parser_new(Module *m, TokenList *toks, TirxDiag *d) {
  return (P){.m = m, .cur = toks->t, .last = toks->t + toks->n - 1, .d = d};
}

int parse_file(Module *m, TokenList *toks, TirxDiag *d, AstFile *out) {
  P p = parser_new(m, toks, d);
  Vec v = {0};
  while (tok(&p)->kind != TK_EOF) {
    p.failed = 0;
    if (tok(&p)->kind == TK_DEDENT) {
      next(&p);
      continue;
    }
    reset_bounds(&p);
    Ast *s = statement(&p);
    if (s && !p.nerr && check_needed(&p) && !check_depth(&p, s)) s = NULL;
    if (s) vpush(&v, s);
    if (p.failed) skip_to_newline(&p);
    if (p.nerr >= 20) break;
  }
  out->stmts = vdone(&p, &v, &out->n);
  return p.nerr ? -1 : 0;
}

Ast *parse_expr_tokens(Module *m, TokenList *toks, TirxDiag *d) {
  P p = parser_new(m, toks, d);
  Ast *e = expr(&p);
  while (tok(&p)->kind == TK_NEWLINE) next(&p);
  if (!p.failed && tok(&p)->kind != TK_EOF) expected(&p, "end of expression");
  if (!p.nerr && check_needed(&p)) check_depth(&p, e);
  return p.nerr ? NULL : e;
}
