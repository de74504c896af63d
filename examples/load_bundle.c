/* load_bundle.c — call a compiled tirx kernel from plain C, with no compiler around.
 *
 *   tirx-llc --emit=bundle examples/scale.py -o scale.tirxb
 *   tirx-example-load-bundle scale.tirxb
 *
 * Loads the bundle with libtirxrt, allocates two 256-float device tensors, calls the
 * entry function (`scale(A, B)`: B = 2 * A) and checks the result.  Exit 0 when the
 * result is right, 1 on any error, 3 without a GPU. */
#include <stdio.h>
#include <stdlib.h>

#include "tirx/runtime.h"

enum { N = 256 };

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: %s FILE.tirxb\n", argv[0]);
    return 2;
  }
  char *err = NULL;
  TirxrtContext *ctx = NULL;
  TirxrtModule *mod = NULL;
  TirxrtFunction *fn = NULL;
  if (tirxrt_context_create(&ctx, &err) != 0) {
    fprintf(stderr, "no CUDA device available: %s\n", err);
    free(err);
    return 3;
  }
  int rc = 1;
  float a[N], b[N];
  void *da = NULL, *db = NULL;
  if (tirxrt_module_load_file(ctx, argv[1], &mod, &err) != 0 ||
      tirxrt_module_get_function(mod, NULL, &fn, &err) != 0)
    goto out;
  printf("calling %s\n", tirxrt_function_signature(fn));

  /* Two device buffers in device 0's primary context, wrapped as DLTensors. */
  for (int i = 0; i < N; i++)
    a[i] = (float)i;
  if (tirxrt_mem_alloc(ctx, 0, sizeof a, &da, &err) != 0 ||
      tirxrt_mem_alloc(ctx, 0, sizeof b, &db, &err) != 0 ||
      tirxrt_memcpy_htod(ctx, 0, da, a, sizeof a, &err) != 0 ||
      tirxrt_memset_zero(ctx, 0, db, sizeof b, &err) != 0)
    goto out;
  int64_t shape[1] = {N};
  DLTensor A = {da, {kDLCUDA, 0}, 1, {kDLFloat, 32, 1}, shape, NULL, 0};
  DLTensor B = {db, {kDLCUDA, 0}, 1, {kDLFloat, 32, 1}, shape, NULL, 0};
  TirxrtArg args[2] = {tirxrt_arg_tensor(&A), tirxrt_arg_tensor(&B)};

  /* The call checks the arguments, launches and returns; synchronise to see results. */
  if (tirxrt_call(fn, args, 2, NULL, &err) != 0 || tirxrt_synchronize(ctx, 0, &err) != 0 ||
      tirxrt_memcpy_dtoh(ctx, 0, b, db, sizeof b, &err) != 0)
    goto out;
  int bad = 0;
  for (int i = 0; i < N; i++)
    bad += b[i] != 2.0f * a[i];
  printf("B[0..3] = %g %g %g %g\n", (double)b[0], (double)b[1], (double)b[2], (double)b[3]);
  printf("checked %d values: %s\n", N, bad ? "WRONG" : "ok");
  rc = bad ? 1 : 0;
out:
  if (err)
    fprintf(stderr, "error: %s\n", err);
  free(err);
  if (ctx) {
    tirxrt_mem_free(ctx, 0, da, NULL);
    tirxrt_mem_free(ctx, 0, db, NULL);
  }
  tirxrt_module_unload(mod);
  tirxrt_context_destroy(ctx);
  return rc;
}
