/* tirx/file.h — reading a whole file, shared by the tools, the compiler
 * driver and the runtime (which the compiler links), so there is one copy. */
#ifndef TIRX_FILE_H
#define TIRX_FILE_H

#include <stddef.h>

#include "tirx/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The input limit: the most bytes tirx reads from one source, module, bundle or bitcode
 * file (or stdin): $TIRX_MAX_INPUT_BYTES (a positive number, optionally with a K, M or G
 * suffix: 512M), else TIRX_MAX_INPUT_BYTES_DEFAULT.  Returns 0, or -1 with err (malloc'd)
 * when the variable is not a size. */
#define TIRX_MAX_INPUT_BYTES_DEFAULT ((size_t)256 << 20)
TirxStatus tirx_max_input_bytes(size_t *out, char **err);

/* Reads all of `path` ("-" means stdin) into a malloc'd, NUL-terminated
 * buffer.  A named path must be a regular file (a device, FIFO or directory is refused
 * without blocking) of at most tirx_max_input_bytes(); stdin stops at that limit.
 * Returns 0 with data and len set, or -1 with err (malloc'd, the caller frees) saying
 * "cannot open PATH: reason" or "cannot read PATH: reason". */
TirxStatus tirx_read_file(const char *path, char **data, size_t *len, char **err);

#ifdef __cplusplus
}
#endif
#endif
