/* tools/common/tools.h — the tools' whole runs as functions (tools/common/tools.def):
 * `int tirx_llc_main(int argc, char **argv)` and the others, each returning the exit
 * status its executable would.  main() is one of their callers; the Python extension
 * (python/src/_tirx.c, `_tirx._tool_main`) is the other, for the console scripts. */
#ifndef TIRX_TOOLS_COMMON_TOOLS_H
#define TIRX_TOOLS_COMMON_TOOLS_H

#define TIRX_TOOL(name, fn, cli) int fn(int argc, char **argv);
#include "common/tools.def"
#undef TIRX_TOOL

#endif /* TIRX_TOOLS_COMMON_TOOLS_H */
