/* Launch plans as comment lines above a printed kernel (print_plan.c, the
 * one printer file that reads the runtime's plan structures). */
#ifndef TIRX_PRINT_PLAN_COMMENT_H
#define TIRX_PRINT_PLAN_COMMENT_H

struct TirxPlan;

/* "# launch plan ..." lines separated by '\n' (no trailing newline) for the
 * kernel `func` of `plan` (all kernels when none has that name); malloc'd
 * (out of memory: Support/oom.h). */
char *tirx_print_plan_comment(const struct TirxPlan *plan, const char *func);

#endif
