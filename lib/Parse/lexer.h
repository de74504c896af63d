/* Lexer: Python's token rules (a subset), with INDENT/DEDENT from an
 * indentation stack, NEWLINE suppressed inside brackets, backslash joins,
 * comments, and all string forms.  The whole file is tokenised up front. */
#ifndef TIRX_LEXER_H
#define TIRX_LEXER_H

#include <stddef.h>
#include <stdbool.h>
#include <stdint.h>

#include "tirx/internal/diag.h"

typedef enum {
  TK_EOF,
  TK_NEWLINE,
  TK_INDENT,
  TK_DEDENT,
  TK_NAME,
  TK_INT,
  TK_FLOAT,
  TK_STRING,
  TK_FSTRING,
  TK_OP
} TokKind;

/* Operators and punctuation (TK_OP). */
typedef enum {
  OP_NONE,
  OP_LPAR,
  OP_RPAR,
  OP_LSQB,
  OP_RSQB,
  OP_LBRACE,
  OP_RBRACE,
  OP_COLON,
  OP_COMMA,
  OP_SEMI,
  OP_DOT,
  OP_ARROW,
  OP_AT,
  OP_ASSIGN,
  OP_PLUS,
  OP_MINUS,
  OP_STAR,
  OP_SLASH,
  OP_DSLASH,
  OP_PERCENT,
  OP_POW,
  OP_LSHIFT,
  OP_RSHIFT,
  OP_AMP,
  OP_PIPE,
  OP_CARET,
  OP_TILDE,
  OP_LT,
  OP_GT,
  OP_LE,
  OP_GE,
  OP_EQ,
  OP_NE,
  OP_PLUSEQ,
  OP_MINUSEQ,
  OP_STAREQ,
  OP_SLASHEQ,
  OP_DSLASHEQ,
  OP_PERCENTEQ,
  OP_POWEQ,
  OP_LSHIFTEQ,
  OP_RSHIFTEQ,
  OP_AMPEQ,
  OP_PIPEEQ,
  OP_CARETEQ,
  OP_ATEQ,
  OP_WALRUS,
  OP_COUNT
} OpKind;

/* Python's keywords: a NAME token that is one carries its KwKind (Token.kw), so the
 * parser compares small integers, not text.  One row per keyword.  (Kept out of
 * clang-format 14, which never settles on a layout for this list.) */
/* clang-format off */
#define TIRX_KEYWORDS(X)                                                                  \
  X(FALSE, "False") X(NONE, "None") X(TRUE, "True") X(AND, "and") X(AS, "as")             \
  X(ASSERT, "assert") X(ASYNC, "async") X(AWAIT, "await") X(BREAK, "break")               \
  X(CLASS, "class") X(CONTINUE, "continue") X(DEF, "def") X(DEL, "del") X(ELIF, "elif")   \
  X(ELSE, "else") X(EXCEPT, "except") X(FINALLY, "finally") X(FOR, "for") X(FROM, "from") \
  X(GLOBAL, "global") X(IF, "if") X(IMPORT, "import") X(IN, "in") X(IS, "is")             \
  X(LAMBDA, "lambda") X(NONLOCAL, "nonlocal") X(NOT, "not") X(OR, "or") X(PASS, "pass")   \
  X(RAISE, "raise") X(RETURN, "return") X(TRY, "try") X(WHILE, "while") X(WITH, "with")   \
  X(YIELD, "yield")
/* clang-format on */

typedef enum {
  KW_NAME, /* not a keyword: an ordinary name (and every token that is not a NAME) */
#define X(id, text) KW_##id,
  TIRX_KEYWORDS(X)
#undef X
      KW_COUNT
} KwKind;

/* 48 bytes: the token list of a large module is copied and walked often. */
typedef struct Token {
  uint8_t kind; /* TokKind */
  uint8_t op;   /* TK_OP: OpKind */
  uint8_t kw;   /* TK_NAME: KwKind (KW_NAME when the name is no keyword) */
  uint8_t big;  /* TK_INT: 1 does not fit 64 bits, 2 fits only unsigned (kept bitwise) */
  uint32_t line, col;
  uint32_t len;  /* bytes in the source */
  const char *p; /* start in the source */
  /* TK_STRING / TK_FSTRING: decoded bytes (malloc'd array owned by the token list). */
  char *str;
  size_t slen;
  union {
    int64_t ival;
    double fval;
  }; /* TK_INT / TK_FLOAT */
} Token;

struct Arena;
typedef struct TokenList {
  Token *t;
  int n, cap;
  struct Arena *arena; /* set by the caller: t lives there (its huge pages are faulted in
                          already; lex_free leaves it), else in malloc memory */
  int *strs;
  int nstrs, strs_cap; /* the tokens that own a decoded string (lex_free) */
} TokenList;

/* Tokenises; returns 0 on success, otherwise errors are in `d`. */
int lex(const char *src, size_t len, TokenList *out, TirxDiag *d);
void lex_free(TokenList *l);
const char *lex_op_text(OpKind op);

#endif
