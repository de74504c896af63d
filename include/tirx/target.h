/* tirx/target.h — what the NVPTX backend targets, and how PTX becomes a cubin.
 *
 * One table (lib/Target/NVPTX/target.c) decides everything arch-specific: the
 * arch names tirx accepts ("sm_90a", "sm_100a", ...), the PTX ISA version the
 * LLVM NVPTX backend emits for each, and the SM level the intrinsics check
 * against.  ptxas (lib/Driver/ptxas.c) is found and run here too.
 *
 * Nothing here prints or exits: failures come back as a TirxStatus (tirx/status.h)
 * with the message in a TirxDiag.
 */
#ifndef TIRX_TARGET_H
#define TIRX_TARGET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tirx/diag.h"
#include "tirx/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The arch tirx compiles for when nothing says otherwise (no device, no flag). */
#define TIRX_DEFAULT_ARCH "sm_100a"

/* What the table knows about one arch. */
typedef struct TirxArchInfo {
  const char *name;        /* "sm_90a" */
  int sm;                  /* 90 */
  bool arch_specific;      /* the "a" suffix: wgmma, setmaxnreg, tcgen05 ... */
  const char *ptx_feature; /* LLVM subtarget feature, "+ptx86" */
  const char *ptx_version; /* the `.version` it yields, "8.6" */
  /* Launch limits, checked at compile time (codegen) where the values are constants. */
  int max_threads_per_block; /* 1024 */
  int max_block_dim[3];      /* threadIdx extents: 1024, 1024, 64 */
  int64_t max_grid_dim[3];   /* blockIdx extents: 2^31-1, 65535, 65535 */
  int64_t
      max_smem_static; /* statically sized shared memory per block: 48 KiB ("a" targets: the per-block max) */
  int64_t max_smem_per_block; /* static + dynamic with the opt-in attribute (227 KiB on sm_90) */
} TirxArchInfo;

/* The entry for `arch` (NULL = the default arch), or NULL when tirx does not
 * support it. */
const TirxArchInfo *tirx_target_arch(const char *arch);
/* Every supported arch, space-separated ("sm_75 sm_80 ... sm_120a"); static. */
const char *tirx_target_arch_list(void);
/* What to add to "unknown arch 'X'": for an arch CUDA 13 renamed (sm_101a)
 * ": CUDA 13 renamed it sm_110a", else ""; static. */
const char *tirx_target_arch_hint(const char *arch);

/* ---- ptxas (lib/Driver/ptxas.c) ------------------------------------------ */

/* The ptxas to run: $TIRX_PTXAS, else `ptxas` on $PATH, else
 * /usr/local/cuda/bin/ptxas.  Returns a malloc'd path, or NULL if none is
 * executable. */
char *tirx_ptxas_find(void);

/* ---- libdevice (lib/Target/NVPTX/libdevice.c) ----------------------------- */

/* The libdevice bitcode a kernel calling __nv_* functions links: $TIRX_LIBDEVICE when
 * set, else the path CMake found at build time (-DTIRX_LIBDEVICE), else
 * /usr/local/cuda/nvvm/libdevice/libdevice.10.bc.  Returns a malloc'd path, or NULL
 * when that path is not a regular file (a compile that needs it then fails, located). */
char *tirx_libdevice_find(void);

/* Seconds ptxas may run unless the caller or $TIRX_PTXAS_TIMEOUT says otherwise. */
#define TIRX_PTXAS_TIMEOUT_DEFAULT 120

/* The timeout a compile uses: `requested` when >= 0 (0 = no limit), else
 * $TIRX_PTXAS_TIMEOUT (a non-negative integer), else TIRX_PTXAS_TIMEOUT_DEFAULT. */
int tirx_ptxas_timeout(int requested);

/* Assembles `ptx` (NUL-terminated) for `arch` with ptxas -O<opt_level>
 * (clamped to 0..3), in temporary files under $TMPDIR (removed afterwards), stopping
 * ptxas after tirx_ptxas_timeout(timeout) seconds; in a build with nvPTXCompiler
 * (TIRX_NVPTXCOMPILER_LIB), in process with the same options and no timeout, unless
 * $TIRX_PTXAS is set or TIRX_PTXAS_IN_PROCESS=0.
 * `what` names the input in messages (a file or kernel name; may be NULL).
 * Returns TIRX_OK with *cubin / *size malloc'd, or TIRX_ERR_COMPILE with an error in
 * `diag` (ptxas not found, its stderr when it fails, naming the kernel of the failing
 * PTX line, or the timeout). */
TirxStatus tirx_ptxas_assemble(const char *ptx, const char *arch, int opt_level, int timeout,
                               const char *what, void **cubin, size_t *size, TirxDiag *diag);

#ifdef __cplusplus
}
#endif

#endif
