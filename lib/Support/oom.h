/* The out-of-memory policy of the compiler libraries, in one place.
 *
 * Running out of memory is the one condition tirx does not turn into a
 * diagnostic: every allocation in lib/ goes through these wrappers (or the
 * module arena, which uses them), and when the system refuses memory
 * tirx_oom() prints "tirx: out of memory" to stderr and exits with status 70
 * (EX_SOFTWARE).  It is the only exit a library function makes; nothing else
 * in lib/ calls exit() or abort().  Sizes are checked for overflow, which is
 * reported the same way (no allocation could satisfy it). */
#ifndef TIRX_SUPPORT_OOM_H
#define TIRX_SUPPORT_OOM_H

#include <stddef.h>

_Noreturn void tirx_oom(void);
void *tirx_xmalloc(size_t n);
void *tirx_xcalloc(size_t count, size_t size);           /* zeroed */
void *tirx_xrealloc(void *p, size_t count, size_t size); /* count * size bytes */
char *tirx_xstrdup(const char *s);

#endif
