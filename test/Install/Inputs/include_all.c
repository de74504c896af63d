/* Every public header, compiled as C11 and as C++ (install.test): each is self-contained
 * and extern "C"-guarded, so a C++ program links the C functions. */
#include <tirx/bundle.h>
#include <tirx/compile.h>
#include <tirx/diag.h>
#include <tirx/file.h>
#include <tirx/npy.h>
#include <tirx/plan.h>
#include <tirx/runtime.h>
#include <tirx/status.h>
#include <tirx/target.h>

int tirx_include_all_marker(void);
int tirx_include_all_marker(void) { return 0; }
