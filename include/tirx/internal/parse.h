/* Parsing TIRx source text (TVMScript) into a Module. */
#ifndef TIRX_PARSE_H
#define TIRX_PARSE_H

#include <stdio.h>

#include "tirx/internal/diag.h"
#include "tirx/internal/ir.h"

typedef struct TirxParseOptions {
  /* "NAME=VALUE" definitions: module constants and @T.jit T.constexpr
   * parameters.  VALUE is a Python literal (int, float, True/False/None,
   * "string"). */
  const char *const *defines;
  int ndefines;
  /* --entry: a Python expression (a call or a name) evaluated in the
   * module's namespace after it ran; its PrimFunc is the module's one
   * function.  NULL: every top-level function. */
  const char *entry;
  /* -I DIR: roots searched for `import a.b` (after the input file's own
   * directory); relative imports resolve against the importing file. */
  const char *const *include_dirs;
  int ninclude_dirs;
  /* parse-time Python steps (statements, loop iterations, calls) before the
   * located "exceeded N steps" error; 0 = TIRX_PARSE_MAX_STEPS */
  long long max_steps;
  /* --time-eval: each Python function the evaluation ran (calls, time in it, time under
   * it), the slowest first, written here after the evaluation; NULL: not measured */
  FILE *eval_profile;
  int eval_profile_rows; /* the rows written (0: 30) */
} TirxParseOptions;

#define TIRX_PARSE_MAX_STEPS 2000000

/* Parses `src` (need not be NUL-terminated).  Returns the module, or NULL
 * with errors appended to `diag` (which the caller initialised with the
 * same filename/source).  Never aborts on bad input. */
Module *tirx_parse(const char *filename, const char *src, size_t len, const TirxParseOptions *opts,
                   TirxDiag *diag);

#endif
