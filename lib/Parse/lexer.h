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
  TK_EOF, TK_NEWLINE, TK_INDENT, TK_DEDENT,
  TK_NAME, TK_INT, TK_FLOAT, TK_STRING, TK_FSTRING, TK_OP
} TokKind;

/* Operators and punctuation (TK_OP). */
typedef enum {
  OP_NONE,
  OP_LPAR, OP_RPAR, OP_LSQB, OP_RSQB, OP_LBRACE, OP_RBRACE,
  OP_COLON, OP_COMMA, OP_SEMI, OP_DOT, OP_ARROW, OP_AT, OP_ASSIGN,
  OP_PLUS, OP_MINUS, OP_STAR, OP_SLASH, OP_DSLASH, OP_PERCENT, OP_POW,
  OP_LSHIFT, OP_RSHIFT, OP_AMP, OP_PIPE, OP_CARET, OP_TILDE,
  OP_LT, OP_GT, OP_LE, OP_GE, OP_EQ, OP_NE,
  OP_PLUSEQ, OP_MINUSEQ, OP_STAREQ, OP_SLASHEQ, OP_DSLASHEQ, OP_PERCENTEQ, OP_POWEQ,
  OP_LSHIFTEQ, OP_RSHIFTEQ, OP_AMPEQ, OP_PIPEEQ, OP_CARETEQ, OP_ATEQ, OP_WALRUS,
} OpKind;

typedef struct Token {
  TokKind kind;
  OpKind op;
  uint32_t line, col;
  const char *p;   /* start in the source */
  uint32_t len;    /* bytes in the source */
  bool kw;         /* TK_NAME: a Python keyword (if, def, True, ...) */
  /* TK_STRING: decoded bytes (malloc'd array owned by the token list). */
  char *str; size_t slen;
  /* TK_INT / TK_FLOAT */
  int64_t ival; double fval; int big; /* big: integer does not fit int64 */
} Token;

typedef struct TokenList {
  Token *t; int n, cap;
} TokenList;

/* Tokenises; returns 0 on success, otherwise errors are in `d`. */
int lex(const char *src, size_t len, TokenList *out, TirxDiag *d);
void lex_free(TokenList *l);
const char *lex_op_text(OpKind op);

#endif
