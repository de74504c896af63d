/* tools/common/tool.h — what every tirx tool shares, so that each tools/NAME.c is only
 * its options and its pipeline:
 *
 *   the command line   ToolArgs: tool_next / tool_flag / tool_value / tool_define,
 *                      usage errors (tool_usage_error, exit 2)
 *   the input          tool_read_input (a file or "-", tirx_read_file's limits)
 *   the output         tool_write / tool_write_text: every write, flush and close checked
 *   diagnostics        tool_print_diag (rendered to stderr), tool_verify_diagnostics
 *                      (--verify-diagnostics: `# expected-error ...` comments)
 *   the exit           tool_exit: stdout must have reached its file (a full disk, a closed
 *                      pipe: exit 1 with a message)
 *
 * Messages start with the tool's name: "tirx-opt: cannot write '/dev/full': ...".
 * Exit codes: 0 ok, 1 input error, 2 usage error (tirx-run adds 3 = no device). */
#ifndef TIRX_TOOLS_COMMON_TOOL_H
#define TIRX_TOOLS_COMMON_TOOL_H

#include <stdbool.h>
#include <stddef.h>

#include "tirx/internal/diag.h"

enum { TOOL_EXIT_OK = 0, TOOL_EXIT_INPUT = 1, TOOL_EXIT_USAGE = 2 };

typedef struct ToolArgs {
  const char *tool; /* "tirx-opt": the prefix of every message */
  int argc;
  char **argv;
  int i;                /* the argument being looked at (argv[i]) */
  int bad;              /* set when a usage error was reported (tool_value / tool_define) */
  const char **defines; /* the -D values so far (tool_define), in order */
  int ndefines;
  const char **includes; /* the -I directories so far (tool_include), in order */
  int nincludes;
} ToolArgs;

void tool_args_init(ToolArgs *t, const char *tool, int argc, char **argv);
void tool_args_free(ToolArgs *t);
/* The next argument, or NULL after the last. */
const char *tool_next(ToolArgs *t);
/* Is the current argument exactly `flag`? */
bool tool_flag(const ToolArgs *t, const char *flag);
/* The value when the current argument is option `opt`: "--opt=V" or "--opt V" for a long
 * option; "-DV" or "-D V" for a one-letter one.  NULL when it is another argument, or
 * when the value is missing (reported as a usage error, t->bad set). */
const char *tool_value(ToolArgs *t, const char *opt);
/* -D NAME=VALUE: the value of tool_value(t, "-D"), checked to be NAME=VALUE (else a usage
 * error, t->bad set, NULL), and appended to t->defines. */
const char *tool_define(ToolArgs *t);
/* -I DIR: a module search root for `import`, appended to t->includes. */
const char *tool_include(ToolArgs *t);
/* A non-negative integer option value ("--ptxas-timeout=30"): true with *out, or a usage
 * error (t->bad set). */
bool tool_int_value(ToolArgs *t, const char *opt, const char *v, long max, long *out);

/* "TOOL: MESSAGE" and "run 'TOOL --help' for usage" on stderr; returns TOOL_EXIT_USAGE. */
int tool_usage_error(const char *tool, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Reads PATH ("-" = stdin).  Returns true with *data (malloc'd, NUL-terminated), *len and
 * *display (the name for messages: PATH, or "<stdin>"), or prints "TOOL: cannot read ..."
 * and returns false. */
bool tool_read_input(const char *tool, const char *path, char **data, size_t *len,
                     const char **display);

/* Writes n bytes to PATH (NULL or "-" = stdout), checking every write and the flush or
 * close.  Returns 0, or prints "TOOL: cannot write 'PATH': REASON" and returns 1. */
int tool_write(const char *tool, const char *path, const void *data, size_t n);
/* The same for text, with a final newline added when it has none. */
int tool_write_text(const char *tool, const char *path, const char *text);

/* Renders every entry of d (errors, warnings, notes) to stderr; nothing when it is empty. */
void tool_print_diag(const TirxDiag *d);

/* --split-input-file: the chunks of `src` between lines starting with "# -----".  Each
 * chunk is padded with the newlines before it, so that its diagnostics carry the line
 * numbers of the whole file.  Returns the number of chunks (>= 1) with *chunks (each
 * malloc'd and NUL-terminated; tool_free_chunks frees them) and their lengths. */
int tool_split_input(const char *src, size_t len, char ***chunks, size_t **lens);
void tool_free_chunks(char **chunks, size_t *lens, int n);

/* --verify-diagnostics: checks d against the expectations written in `src` as comments,
 *   # expected-error {{text}}          on the line of the comment
 *   # expected-error@+N {{text}}       N lines below (@-N above, @N line N, @* anywhere)
 *   # expected-error@+N:COL {{text}}   ... and at column COL
 * (expected-warning, expected-note alike; text is a substring of the message).  Every
 * expectation must be met by one diagnostic and every diagnostic must be expected.
 * Prints the mismatches (located at the comment / the diagnostic) on stderr and returns
 * their number. */
int tool_verify_diagnostics(const char *tool, const char *filename, const char *src, size_t len,
                            const TirxDiag *d);

/* main's return value: rc, or 1 when what the tool wrote to stdout did not reach it
 * ("TOOL: cannot write '<stdout>': REASON"). */
int tool_exit(const char *tool, int rc);

#endif /* TIRX_TOOLS_COMMON_TOOL_H */
