/* The one place that knows archs: which sm_XX tirx accepts, the PTX ISA
 * version the LLVM NVPTX backend emits for each, and the target machine.
 *
 * PTX versions: LLVM 22 defaults to the lowest version an arch allows (8.0
 * for sm_90a), which makes newer intrinsics (mbarrier.expect_tx.relaxed,
 * cp.async.bulk ...shared::cta...) fail instruction selection.  tirx asks for
 * PTX 8.6 on sm_90/sm_100 (CUDA 12.8+ ptxas and drivers; verified on the H200
 * machine with CUDA 13) and for what the arch requires above that (PTX ISA
 * "Target ISA notes": 8.8 for the family targets sm_100f/sm_103f/sm_120f and
 * sm_121, 9.0 for sm_110).  The rows are the archs both LLVM 22's NVPTX and
 * CUDA 13.0's ptxas know; sm_101* is what CUDA 13 calls sm_110*.
 *
 * Code generation level: -O0/-O1 map to None/Less, -O2 and -O3 both to
 * Default (Aggressive yields the same PTX for NVPTX and costs more time).
 *
 * LLVM target registration happens once per process (pthread_once), together
 * with LLVM's --nvptx-short-ptr option (32-bit shared addresses) and the search limits of
 * tirx's pipeline (llvm_limits.def): the only process-wide state in lib/, and LLVM's
 * registry and options are global anyway.
 */
#include <llvm-c/Support.h>
#include <llvm-c/Target.h>
#include <llvm-c/TargetMachine.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "Target/NVPTX/cg.h"

/* Limits: CUDA C Programming Guide, "Technical Specifications per Compute Capability" —
 * max shared memory per block (opt-in) 64 KiB on 7.5, 163 KiB on 8.0, 99 KiB on 8.6/8.9/12.x,
 * 227 KiB on 9.0/10.x; 48 KiB statically, except on the arch-specific "a" targets, whose
 * ptxas (CUDA 13) takes static shared memory up to the per-block maximum (LIMITS_A; an
 * H200 launched a 64 KiB static kernel without the opt-in attribute, as TVM's
 * swizzled-copy test kernel needs). */
#define KIB 1024
#define LIMITS(smem_kib) \
  1024, {1024, 1024, 64}, {2147483647, 65535, 65535}, 48 * KIB, (smem_kib)*KIB
#define LIMITS_A(smem_kib) \
  1024, {1024, 1024, 64}, {2147483647, 65535, 65535}, (smem_kib)*KIB, (smem_kib)*KIB
static const TirxArchInfo archs[] = {
    {"sm_75", 75, false, "+ptx78", "7.8", LIMITS(64)},
    {"sm_80", 80, false, "+ptx78", "7.8", LIMITS(163)},
    {"sm_86", 86, false, "+ptx78", "7.8", LIMITS(99)},
    {"sm_89", 89, false, "+ptx78", "7.8", LIMITS(99)},
    {"sm_90", 90, false, "+ptx88", "8.8", LIMITS(227)},
    {"sm_90a", 90, true, "+ptx88", "8.8", LIMITS_A(227)},
    {"sm_100", 100, false, "+ptx88", "8.8", LIMITS(227)},
    {"sm_100a", 100, true, "+ptx88", "8.8", LIMITS_A(227)},
    {"sm_100f", 100, true, "+ptx88", "8.8", LIMITS(227)},
    {"sm_103", 103, false, "+ptx88", "8.8", LIMITS(227)},
    {"sm_103a", 103, true, "+ptx88", "8.8", LIMITS_A(227)},
    {"sm_103f", 103, true, "+ptx88", "8.8", LIMITS(227)},
    {"sm_110", 110, false, "+ptx90", "9.0", LIMITS(227)},
    {"sm_110a", 110, true, "+ptx90", "9.0", LIMITS_A(227)},
    {"sm_110f", 110, true, "+ptx90", "9.0", LIMITS(227)},
    {"sm_120", 120, false, "+ptx87", "8.7", LIMITS(99)},
    {"sm_120a", 120, true, "+ptx87", "8.7", LIMITS_A(99)},
    {"sm_120f", 120, true, "+ptx88", "8.8", LIMITS(99)},
    {"sm_121", 121, false, "+ptx88", "8.8", LIMITS(99)},
    {"sm_121a", 121, true, "+ptx88", "8.8", LIMITS_A(99)},
    {"sm_121f", 121, true, "+ptx88", "8.8", LIMITS(99)},
};

/* Archs LLVM knows that CUDA 13's ptxas renamed, with the hint naming the new name. */
static const struct {
  const char *old, *hint;
} renamed[] = {{"sm_101", ": CUDA 13 renamed it sm_110"},
               {"sm_101a", ": CUDA 13 renamed it sm_110a"},
               {"sm_101f", ": CUDA 13 renamed it sm_110f"}};
#undef LIMITS
#undef KIB

const TirxArchInfo *tirx_target_arch(const char *arch) {
  if (!arch) arch = TIRX_DEFAULT_ARCH;
  for (size_t i = 0; i < sizeof archs / sizeof archs[0]; i++)
    if (strcmp(archs[i].name, arch) == 0) return &archs[i];
  return NULL;
}

const char *tirx_target_arch_list(void) {
  return "sm_75 sm_80 sm_86 sm_89 sm_90 sm_90a sm_100 sm_100a sm_100f sm_103 sm_103a sm_103f "
         "sm_110 sm_110a "
         "sm_110f sm_120 sm_120a sm_120f sm_121 sm_121a sm_121f";
}

const char *tirx_target_arch_hint(const char *arch) {
  for (size_t i = 0; arch && i < sizeof renamed / sizeof renamed[0]; i++)
    if (strcmp(renamed[i].old, arch) == 0) return renamed[i].hint;
  return "";
}

static pthread_once_t nvptx_once = PTHREAD_ONCE_INIT;

static void init_nvptx(void) {
  /* Process-wide LLVM options, set once with the target:
   *  --nvptx-short-ptr: 32-bit shared/const/local pointers, as nvcc uses: shared addresses
   *    live in .b32 registers (no cvta, fewer 64-bit registers).
   *  --expand-div-rem-bits=64, --expand-fp-convert-bits=64: int128 `//`, `%` and the
   *    conversions between int128 and floating point are expanded in LLVM IR (ExpandLargeDivRem,
   *    ExpandFp) into 64-bit operations.  NVPTX has no compiler-rt, so by default they
   *    become __divti3 / __fixsfti / __floattisf calls that instruction selection cannot
   *    make: LLVM aborts the process ("unsupported library call operation").  Integers up
   *    to 64 bits keep their native instructions.
   *  --unroll-threshold-default=300: the threshold of LLVM's O3 loop unrolling
   *    (-unroll-threshold-aggressive) for every level.  tirx's -O3 pipeline is written out
   *    as text (llvm_pipeline.def), where `loop-unroll-full` takes no level and unrolls as
   *    at O2 (threshold 150): with this, it unrolls as default<O3> does, and the text gives
   *    default<O3>'s code.  -O1 and -O2 (default<O1>, default<O2>) unroll up to it too. */
  const char *const argv[] = {"tirx", "--nvptx-short-ptr", "--expand-div-rem-bits=64",
                              "--expand-fp-convert-bits=64", "--unroll-threshold-default=300"};
  LLVMParseCommandLineOptions((int)(sizeof argv / sizeof argv[0]), argv, NULL);
  /* The search limits of tirx's pipeline (llvm_limits.def): not with TIRX_LLVM_PIPELINE=llvm,
   * which is LLVM's default<O3> as LLVM runs it.  Read once per process, as the options are
   * LLVM's process-wide state. */
  const char *which = tirx_llvm_pipeline_name();
  if (which && strcmp(which, "tirx") == 0) {
    const char *const limits[] = {
        "tirx",
#define L(text) text,
#include "Target/NVPTX/llvm_limits.def"
#undef L
    };
    LLVMParseCommandLineOptions((int)(sizeof limits / sizeof limits[0]), limits, NULL);
  }
  LLVMInitializeNVPTXTargetInfo();
  LLVMInitializeNVPTXTarget();
  LLVMInitializeNVPTXTargetMC();
  LLVMInitializeNVPTXAsmPrinter();
}

LLVMTargetMachineRef cg_target_machine(const TirxArchInfo *a, int opt_level, char **err) {
  pthread_once(&nvptx_once, init_nvptx);
  *err = NULL;
  LLVMTargetRef target;
  char *msg = NULL;
  if (LLVMGetTargetFromTriple("nvptx64-nvidia-cuda", &target, &msg)) {
    *err = strdup(msg ? msg : "no NVPTX target in this LLVM");
    LLVMDisposeMessage(msg);
    return NULL;
  }
  LLVMCodeGenOptLevel lvl = opt_level <= 0   ? LLVMCodeGenLevelNone
                            : opt_level == 1 ? LLVMCodeGenLevelLess
                            : opt_level == 2 ? LLVMCodeGenLevelDefault
                                             : LLVMCodeGenLevelDefault;
  LLVMTargetMachineRef tm =
      LLVMCreateTargetMachine(target, "nvptx64-nvidia-cuda", a->name, a->ptx_feature, lvl,
                              LLVMRelocDefault, LLVMCodeModelDefault);
  if (!tm) *err = strdup("cannot create the NVPTX target machine");
  return tm;
}
