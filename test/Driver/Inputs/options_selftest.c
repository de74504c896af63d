/* The driver's one vocabulary through the public API (test/Driver/options.test): one
 * TirxCompileOptions in, one TirxArtifacts out of tirx_compile, for each place the
 * pipeline can stop and for the evaluator's step bound.
 *   tirx-options-selftest KERNEL.py  ->  one line per check, "options: N checks ok" */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tirx/compile.h"
#include "tirx/file.h"

static int failures, checks;

static void check(int ok, const char *what) {
  checks++;
  if (!ok) failures++;
  printf("%s: %s\n", ok ? "ok" : "FAIL", what);
}

static int has(const TirxArtifacts *a, int kind) { return a->data[kind] != NULL; }

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: tirx-options-selftest KERNEL.py\n");
    return 2;
  }
  char *src = NULL, *err = NULL;
  size_t len = 0;
  if (tirx_read_file(argv[1], &src, &len, &err) != 0) {
    fprintf(stderr, "%s\n", err ? err : "cannot read");
    return 2;
  }
  TirxCompileOptions o;
  TirxArtifacts a;
  char *diag = NULL;

  /* the passes only: the text stages, nothing after them, never cached */
  tirx_compile_options_init(&o);
  o.stop = TIRX_COMPILE_STOP_LOWERED;
  check(tirx_compile(argv[1], src, len, &o, &a, &diag) == TIRX_OK && has(&a, TIRX_ART_TIRX) &&
            has(&a, TIRX_ART_LOWERED) && !has(&a, TIRX_ART_LLVM) && !has(&a, TIRX_ART_PTX) &&
            !has(&a, TIRX_ART_BUNDLE) && a.cache == TIRX_CACHE_OFF,
        "stop=LOWERED keeps tirx and lowered only, without the cache");
  check(a.ms_stage[TIRX_STAGE_PARSE] > 0 && a.ms_stage[TIRX_STAGE_PASSES] > 0 &&
            a.ms_stage[TIRX_STAGE_LLVM_IRGEN] == 0,
        "ms_stage is indexed by TirxStage: parse and passes ran, LLVM did not");
  tirx_artifacts_free(&a);
  free(diag);

  /* up to PTX (ptx_only is the same stop): every text stage, the PTX and a PTX bundle */
  tirx_compile_options_init(&o);
  o.ptx_only = 1;
  o.no_cache = 1;
  o.arch = "sm_90a";
  check(tirx_compile(argv[1], src, len, &o, &a, &diag) == TIRX_OK && has(&a, TIRX_ART_LLVM) &&
            has(&a, TIRX_ART_LLVM_OPT) && has(&a, TIRX_ART_PTX) && !has(&a, TIRX_ART_CUBIN) &&
            has(&a, TIRX_ART_BUNDLE) && strcmp(a.arch, "sm_90a") == 0 &&
            strstr(a.data[TIRX_ART_PTX], ".target sm_90a") != NULL,
        "ptx_only: LLVM IR, PTX for the arch asked and a bundle, no cubin");
  tirx_artifacts_free(&a);
  free(diag);

  /* lean: a caller that reads the PTX alone gets no text stage it did not ask for */
  o.lean = 1;
  check(tirx_compile(argv[1], src, len, &o, &a, &diag) == TIRX_OK && has(&a, TIRX_ART_PTX) &&
            !has(&a, TIRX_ART_LLVM) && !has(&a, TIRX_ART_LOWERED),
        "lean without the cache: the PTX, no text stages");
  tirx_artifacts_free(&a);
  free(diag);

  /* the evaluator's step bound is an option of the same struct */
  const char *loop = "i = 0\nwhile True:\n    i = i + 1\n";
  tirx_compile_options_init(&o);
  o.no_cache = 1;
  o.max_steps = 1000;
  diag = NULL;
  check(tirx_compile("loop.py", loop, strlen(loop), &o, &a, &diag) == TIRX_ERR_COMPILE && diag &&
            strstr(diag, "exceeded 1000 steps") != NULL,
        "max_steps bounds the parse-time evaluation");
  tirx_artifacts_free(&a);
  free(diag);

  /* an unknown arch and a zeroed struct are errors, not defaults */
  tirx_compile_options_init(&o);
  o.arch = "sm_1";
  diag = NULL;
  check(tirx_compile(argv[1], src, len, &o, &a, &diag) == TIRX_ERR_COMPILE && diag &&
            strstr(diag, "unknown arch 'sm_1'") != NULL,
        "an unknown arch is a compile error");
  free(diag);
  memset(&o, 0, sizeof o);
  diag = NULL;
  check(tirx_compile(argv[1], src, len, &o, &a, &diag) == TIRX_ERR_COMPILE && diag &&
            strstr(diag, "was not initialised") != NULL,
        "a zeroed TirxCompileOptions is refused");
  free(diag);

  check(strcmp(tirx_stage_name(TIRX_STAGE_PTXAS), "ptxas") == 0 &&
            strcmp(tirx_stage_name(TIRX_STAGE_COUNT), "?") == 0,
        "tirx_stage_name names the stages");
  free(src);
  printf("options: %d checks%s\n", checks, failures ? ", FAILED" : " ok");
  return failures ? 1 : 0;
}
