/* Printing IR back as canonical TIRx text (TVMScript).
 *
 * The output follows TVM's canonical conventions (docs/language.md and
 * shared spec tvmscript_grammar.md §5) with tirx's authored spellings:
 * `T.device_entry()`, `break` / `continue`, `elif`, `T.ptx["..."](...)`.
 * Printing is deterministic and the text re-parses to a structurally equal
 * module: print(parse(print(parse(x)))) == print(parse(x)).
 *
 * Both functions return a malloc'd string without a trailing newline (the
 * caller frees it), or NULL when out of memory. */
#ifndef TIRX_PRINT_H
#define TIRX_PRINT_H

#include "tirx/internal/ir.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Which text to print. */
typedef enum TirxPrintStyle {
  TIRX_PRINT_CANONICAL = 0, /* tirx's canonical text (the default) */
  TIRX_PRINT_TVM = 1        /* exactly what TVM 0.27's .script() prints */
} TirxPrintStyle;

typedef struct TirxPrintOptions {
  TirxPrintStyle style;
} TirxPrintOptions;

/* A whole module: the header comments, then an `@I.ir_module` class when
 * m->is_ir_module (functions sorted by name, "main" last), otherwise the
 * functions one after another in module order. */
char *tirx_print_module(const Module *m);

/* One PrimFunc on its own, with the header comments. */
char *tirx_print_func(const PrimFunc *f);

/* tirx_print_module with options; `o` NULL means the defaults. */
char *tirx_print_module_opts(const Module *m, const TirxPrintOptions *o);

#ifdef __cplusplus
}
#endif

#endif
