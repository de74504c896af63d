/* Two modules compiled concurrently in one process (test/Driver/two-threads.test): the
 * compiler has no mutable globals, so each thread's bundle must equal the one the same
 * source gives when compiled alone.  Each thread compiles its source ROUNDS times.
 *   tirx-threads-selftest A.py B.py  ->  "threads: 2 modules x ROUNDS rounds, identical" */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tirx/compile.h"
#include "tirx/file.h"

enum { ROUNDS = 4 };

typedef struct Job {
  const char *path;
  char *src;
  size_t len;
  void *ref;
  size_t ref_size;
  int mismatches, failures;
} Job;

static int compile(Job *j, void **out, size_t *size) {
  TirxCompileOptions o;
  tirx_compile_options_init(&o);
  o.ptx_only = 1;
  char *diag = NULL;
  int rc = tirx_compile_to_bundle(j->path, j->src, j->len, &o, out, size, &diag);
  if (rc != 0) fprintf(stderr, "%s", diag ? diag : "compile failed\n");
  free(diag);
  return rc;
}

static void *worker(void *arg) {
  Job *j = arg;
  for (int r = 0; r < ROUNDS; r++) {
    void *b = NULL;
    size_t n = 0;
    if (compile(j, &b, &n) != 0) {
      j->failures++;
      continue;
    }
    if (n != j->ref_size || memcmp(b, j->ref, n) != 0) j->mismatches++;
    free(b);
  }
  return NULL;
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: %s A.py B.py\n", argv[0]);
    return 2;
  }
  Job jobs[2] = {{argv[1], NULL, 0, NULL, 0, 0, 0}, {argv[2], NULL, 0, NULL, 0, 0, 0}};
  for (int i = 0; i < 2; i++) {
    char *err = NULL;
    if (tirx_read_file(jobs[i].path, &jobs[i].src, &jobs[i].len, &err) != 0) {
      fprintf(stderr, "%s\n", err);
      return 1;
    }
    if (compile(&jobs[i], &jobs[i].ref, &jobs[i].ref_size) != 0) return 1;
  }
  pthread_t t[2];
  for (int i = 0; i < 2; i++)
    if (pthread_create(&t[i], NULL, worker, &jobs[i]) != 0) return 1;
  for (int i = 0; i < 2; i++) pthread_join(t[i], NULL);
  int bad = 0;
  for (int i = 0; i < 2; i++) {
    if (jobs[i].failures || jobs[i].mismatches)
      printf("threads: %s: %d failures, %d different bundles\n", jobs[i].path, jobs[i].failures,
             jobs[i].mismatches);
    bad |= jobs[i].failures || jobs[i].mismatches;
    free(jobs[i].src);
    free(jobs[i].ref);
  }
  if (!bad) printf("threads: 2 modules x %d rounds, identical\n", ROUNDS);
  return bad;
}
