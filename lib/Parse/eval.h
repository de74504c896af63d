/* The whole evaluator: every layer's header (eval_core.h -> eval_python.h ->
 * eval_modules.h -> eval_tirx.h).  For the wiring (eval_types.c) and the
 * evaluator's entry (parse.c's callers); every other file includes its own
 * layer's header (scripts/check-layers.py). */
#ifndef TIRX_EVAL_H
#define TIRX_EVAL_H

#include "Parse/eval_tirx.h"

#endif
