/* Internal interface of the TVMScript printer (lib/Print).
 *
 * One Printer per call.  It owns the output buffer, the indentation level
 * and the name table: every Var and Buffer gets its printed name when its
 * definition is printed (TVM's GenerateUniqueName: `x`, `x_1`, ...), and the
 * name is released when the scope of the definition closes, so sibling
 * scopes reuse names. */
#ifndef TIRX_PRINT_PRINTER_H
#define TIRX_PRINT_PRINTER_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <string.h>

#include "Support/ptrmap.h"
#include "Support/strbuf.h"
#include "tirx/internal/ir.h"

/* The output is a Support string builder; the prbuf_ spellings are the
 * printer's names for it (kept so that work in flight on lib/Print merges
 * cleanly; a mechanical rename can drop them). */
typedef StrBuf PrBuf;
#define prbuf_put strbuf_put
#define prbuf_puts strbuf_puts
#define prbuf_printf strbuf_printf
/* Appends a Python string literal: "..." with \" \\ \t \r \n and \xHH for
 * every other byte outside 0x20-0x7E. */
void prbuf_pystr(PrBuf *b, const char *s, size_t n);

/* A live definition: an object (Var or Buffer) and its printed name. */
typedef struct PrName {
  const void *key;
  char *name;
  uint32_t hash; /* of name: name_taken compares it first */
  bool scalar;   /* a local scalar buffer: loads print `x`, stores `x = v` */
  int next_name; /* the next older entry in this one's name bucket, or -1 */
  int next_key;  /* the next older entry in this one's key bucket, or -1 */
} PrName;

/* A buffer that is used but declared nowhere (body-level `X = T.Buffer(...)`):
 * its declaration line is printed before item `index` of block `block`, the
 * innermost block containing every use. */
typedef struct PrFreeBuf {
  const Buffer *buf;
  const Stmt *block;
  int index;
} PrFreeBuf;

typedef struct Printer {
  PrBuf *out;
  int indent;
  PrName *names;
  int nnames, capnames;
  /* Two hash indexes over the stack `names` (by name, by key): bucket heads, -1 when
   * empty, each chain newest first through next_name / next_key.  Entries leave in
   * stack order, so popping the top entry restores its bucket's head. */
  int *name_head, *key_head;
  int nbuckets; /* a power of two, or 0 before the first definition */
  int *frames;  /* nnames at each open scope */
  int nframes, capframes;
  /* Where pr_define's search for a free `base_N` starts, per base: every
   * `base_1` .. `base_{from-1}` is taken (open addressing over base names;
   * popping `base_N` lowers `from` to N).  Without it a wide unrolled body
   * tries thousands of names for each new one. */
  struct PrHint *hints;
  int nhints, caphints; /* caphints: a power of two, or 0 */
  TxPtrMap handle_buf;  /* param handle Var -> its Buffer (prints `A.data`) */
  TxPtrMap typevars;    /* int64 shape vars printed as `M = TypeVar("M")` */
  PrFreeBuf *freebufs;
  int nfreebufs;
  const Module *m; /* the module printed (NULL: one function alone) */
  bool tvm_style;  /* --print-style=tvm: TVM's .script() text */
  int meta_strs;   /* TVM style: metadata["ir.StringImm"][i] placeholders printed so far */
} Printer;

/* A call's string argument that TVM's style prints as a metadata placeholder
 * (it holds a newline). */
static inline bool tirx_str_arg_is_meta(const Expr *x) {
  return x->kind == E_STR && memchr(x->u.s.p, '\n', x->u.s.len) != NULL;
}

/* ---- names (print.c) ---- */
void pr_push_frame(Printer *p);
void pr_pop_frame(Printer *p);
/* Defines `key` with a fresh name derived from `hint` ("" -> `v` / `buffer`). */
const char *pr_define(Printer *p, const void *key, const char *hint, bool is_buffer);
/* The name of a live definition, or NULL. */
const PrName *pr_lookup(const Printer *p, const void *key);
const char *pr_var_name(Printer *p, const Var *v);
const char *pr_buf_name(Printer *p, const Buffer *b);
bool pr_is_scalar_buf(const Printer *p, const Buffer *b);
/* TVM's style prints every one-element buffer with default properties as a
 * scalar: `x: T.int32`, `T.decl_scalar(...)`, loads `x`, `x.source.data`. */
bool pr_tvm_scalar_buf(const Printer *p, const Buffer *b);
void pr_set_scalar(Printer *p, const Buffer *b);

/* ---- expressions (print_expr.c) ---- */
void pr_expr(Printer *p, const Expr *e);
/* The condition of an IR `if`: an integer constant typed (`T.int32(0)`, `T.bool(True)`),
 * since a bare `if 0:` re-parses as a parse-time Python `if` that drops its body. */
void pr_cond(Printer *p, const Expr *e);
/* Whether a call prints as a Python operator (TVM's style: `a & b`). */
bool pr_call_is_operator(const Printer *p, const Expr *e);
/* A dtype as a Python string literal: "float32x4". */
void pr_dtype_str(Printer *p, DType t);
/* The type of a variable in an annotation (`T.int32`, `T.handle`,
 * `T.handle("float32", "global")`, `T.TensorMap()`), or in a definition
 * (`T.int32()`, `T.handle()`) when `call` is set. */
void pr_var_type(Printer *p, const Var *v, bool call);
/* Comma-separated expressions; `tuple` prints `(a,)` for one element. */
void pr_expr_list(Printer *p, Expr *const *xs, int n);
void pr_shape_tuple(Printer *p, Expr *const *xs, int n);
/* Keyword arguments of a buffer declaration in TVM's order (data=,
 * strides=, elem_offset=, scope=, align=, offset_factor=, layout=,
 * allocated_addr=, annotations=), each preceded by ", ", non-defaults only.
 * `sig` (non-NULL in parameter annotations) quotes expressions that
 * introduce symbolic variables (pr_sig_expr). */
enum { PR_KW_DATA = 1u << 0, PR_KW_SCOPE = 1u << 1 };
void pr_buffer_kwargs(Printer *p, const Buffer *b, unsigned flags, void *sig);
/* An expression of a parameter annotation (print.c). */
void pr_sig_expr(Printer *p, const Expr *e, void *sig);
/* `a + b` as TVM's folding add prints it (`range(a, a + n)`, slices). */
void pr_sum(Printer *p, const Expr *a, const Expr *b);
/* A buffer used as a value: its name, or `x.buffer` for a local scalar. */
void pr_buf_ref(Printer *p, const Buffer *b);
/* Whether an access of a local scalar prints as its bare name (index 0, no
 * predicate, the element dtype). */
bool pr_scalar_access(const Printer *p, const Buffer *b, Expr *const *idx, int n, const Expr *pred,
                      DType t);
/* `A[i, j]`, `A[0:4]`, `A[()]` (ramps with a constant stride as slices). */
void pr_access(Printer *p, const Buffer *b, Expr *const *idx, int n);
/* Visits every Var an expression reads (not through buffer shapes). */
typedef void (*PrVarFn)(void *ctx, Var *v);
void pr_expr_vars(const Expr *e, PrVarFn fn, void *ctx);
bool pr_expr_uses_var(const Expr *e, const Var *v);
bool pr_expr_reads_buf(const Expr *e, const Buffer *b);

/* ---- T.ptx instructions (print_ptx.c) ---- */
/* An I_PTX_INSTR call: T.ptx["ld.global.b32"](...) in tirx's style, TVM's
 * flat T.ptx.ld(..., "global", ..., "") in TVM's. */
void pr_ptx_call(Printer *p, const Expr *e);

/* ---- statements (print_stmt.c) ---- */
void pr_newline(Printer *p);
/* The statements of a block: nested sequences spliced, Evaluate(0) dropped
 * unless it is alone.  Returns the count; *items is malloc'd. */
int pr_flatten(const Stmt *s, const Stmt ***items);
/* Prints a block (a statement or a sequence) at the current indentation;
 * the caller owns the scope frame. */
void pr_block(Printer *p, const Stmt *s);

#endif
