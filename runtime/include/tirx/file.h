/* tirx/file.h — reading a whole file, shared by the tools, the compiler
 * driver and the runtime (which the compiler links), so there is one copy. */
#ifndef TIRX_FILE_H
#define TIRX_FILE_H

#include <stddef.h>

#include "tirx/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Reads all of `path` ("-" means stdin) into a malloc'd, NUL-terminated
 * buffer.  Returns 0 with data and len set, or -1 with err (malloc'd, the
 * caller frees) saying "cannot open PATH: reason" or "cannot read PATH". */
TirxStatus tirx_read_file(const char *path, char **data, size_t *len, char **err);

#ifdef __cplusplus
}
#endif
#endif
