/* The syntax tree of the Python subset, built by parser.c and evaluated into
 * IR by eval*.c.  TIRx is "Python executed by a builder": keeping a plain
 * tree lets the evaluator run parse-time logic (module constants, @T.jit
 * constexprs, constant-folded `if`) before any IR exists. */
#ifndef TIRX_AST_H
#define TIRX_AST_H

#include <stddef.h>
#include <stdint.h>

#include "Parse/lexer.h"
#include "tirx/internal/ir.h"

typedef enum {
  /* expressions */
  A_NAME,      /* name */
  A_INT,       /* ival (big: does not fit int64) */
  A_FLOAT,     /* fval */
  A_STR,       /* str, slen (adjacent literals concatenated) */
  A_FSTR,      /* f-string: rejected by the evaluator */
  A_CONST,     /* ival: 0 False, 1 True, 2 None */
  A_ATTR,      /* a.name */
  A_CALL,      /* a(list...) ; keyword args are A_KW items; *x is A_STAR */
  A_KW,        /* name=a (call argument) ; name NULL for **a */
  A_STAR,      /* *a */
  A_SUBSCRIPT, /* a[list...] */
  A_SLICE,     /* a:b:c (each may be NULL) */
  A_BINOP,     /* a op b (op: OpKind) */
  A_UNARY,     /* op a (OP_MINUS, OP_PLUS, OP_TILDE) */
  A_NOT,       /* not a */
  A_BOOLOP,    /* a and/or b (op: 1 and, 2 or) */
  A_COMPARE,   /* a op0 list[0] op1 list[1] ... (ops in cmpops) */
  A_IFEXP,     /* b if a else c */
  A_TUPLE,     /* (list...) */
  A_LIST,      /* [list...] */
  A_DICT,      /* {list[i]: list2[i]} */
  A_LAMBDA,    /* lambda params(list of A_NAME, defaults list2 parallel, NULL = none): a */
  A_COMP, /* comprehension clause: a elt (ival 1: a is the next clause), b targets, c iter, list conds; op '[' or '(' */
  /* statements */
  A_EXPR_STMT, /* a */
  A_ASSIGN,    /* list (targets, > 1 only for a = b = c: rejected) = a */
  A_ANNASSIGN, /* b: a [= c]  (b target, a annotation, c value) */
  A_AUGASSIGN, /* b op= a */
  A_IF,        /* if a: list else: list2 */
  A_FOR,       /* for b in a: list */
  A_WHILE,     /* while a: list */
  A_WITH,      /* with items (list of A_WITHITEM): list2 */
  A_WITHITEM,  /* a [as b] */
  A_ASSERT,    /* assert a[, b] */
  A_RETURN,    /* return [a] */
  A_BREAK,
  A_CONTINUE,
  A_PASS,
  A_FUNCDEF,  /* decorators list2; name; params list (A_PARAM); a = return annotation; body list3;
                * ival 1: a generator (a `yield` of its own body) */
  A_PARAM,    /* name: a [= b]; ival bit0 = keyword-only (after '*'), 2 = *args, 4 = **kwargs */
  A_CLASSDEF, /* decorators list2; name; body list */
  A_IMPORT,   /* import/from: str holds the text, ignored or rejected */
  A_RAISE,    /* raise [a [from b]] */
  A_UNSUPPORTED, /* a statement kind we recognise but reject: str = keyword */
  A_TRY,         /* try: list; handlers list2 (A_EXCEPT); finally: list3 */
  A_EXCEPT,      /* except [a [as name]]: list ; op 'e' for the else: block */
  A_GLOBAL,      /* global/nonlocal names (list of A_NAME); op 1 = nonlocal */
  A_WALRUS,      /* name := a */
  A_DEL,         /* del a (a target or a tuple of them) */
  A_YIELD,       /* yield [a] ; op 1: yield from a */
} AstKind;

typedef struct Ast Ast;
struct Ast {
  uint8_t kind;
  uint8_t native; /* A_FUNCDEF: a prelude function whose call C does (AST_NATIVE_*), 0: none */
  int op;         /* OpKind or small code */
  Loc loc;
  Ast *a, *b, *c;
  Ast **list;
  int n;
  Ast **list2;
  int n2;
  Ast **list3;
  int n3;
  int *cmpops;      /* A_COMPARE: one OpKind per comparator (OP_* or 100+ for is/in) */
  const char *name; /* interned in the module */
  int64_t ival;
  int big;
  double fval;
  const char *str;
  size_t slen;
  /* The evaluator's caches at this node, each checked where it is used.  A_NAME
   * (eval_expr.c, ev_lookup_at): the module binding its last lookup found (idx, -1: none)
   * while its module (scope: Eval.locals, the module's counters) has made no module
   * binding since (epoch: Eval.glob_epoch), and the index of the local binding it found
   * last (local, a hint); the value of the builtin it names when none is bound (hit,
   * Eval.builtin_names's).  A_ATTR (eval_class.c, class_find_at): what class scope's MRO
   * has for the name (hit, NULL: nothing) while no class attribute was set since
   * (epoch: EvPython.class_epoch), and the index of the instance attribute it found last
   * (local, a hint); or, of a namespace, a builtin or an evaluator module, what it gave
   * (hit: a KeptAttr while epoch is SITE_KEPT, eval_value.c attr_kept_at).  A_CALL (eval_value.c, collect_args): 1 + its keyword items (idx). */
  struct {
    const void *scope;
    void *hit;
    uint32_t epoch;
    int idx;
    int local;
  } site;
};

/* Ast.native: _tirx.walk_visit / _tirx.walk_children marked the def (a StmtExprVisitor
 * method of the prelude): its call walks the node natively (eval_irnode.c). */
enum { AST_NATIVE_VISIT = 1, AST_NATIVE_CHILDREN };

/* Comparison operator codes beyond OpKind. */
enum { CMP_IS = 100, CMP_ISNOT, CMP_IN, CMP_NOTIN };

typedef struct AstFile {
  Ast **stmts;
  int n;
} AstFile;

struct Module;
/* Parses tokens into a file AST allocated in m's arena.  Returns 0 or -1
 * (errors in d). */
int parse_file(struct Module *m, TokenList *toks, TirxDiag *d, AstFile *out);
/* Parses a single expression from a token list (used for quoted shape
 * strings "n * 2").  Returns NULL on error. */
Ast *parse_expr_tokens(struct Module *m, TokenList *toks, TirxDiag *d);

#endif
