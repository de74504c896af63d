/* The regular build links each harness with this main instead of libFuzzer: it runs the
 * harness once on every file named (directories: every file in them, sorted), so that the
 * crash inputs kept under fuzz/regressions/ are tests of the normal and sanitizer builds
 * (test/Fuzz/regressions.test).  Prints "replay: N inputs" and exits 0 when none crashed. */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int run_file(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    fprintf(stderr, "replay: cannot open %s\n", path);
    return -1;
  }
  size_t cap = 4096, n = 0;
  uint8_t *buf = malloc(cap);
  size_t r;
  while (buf && (r = fread(buf + n, 1, cap - n, f)) > 0) {
    n += r;
    if (n == cap) {
      uint8_t *nb = realloc(buf, cap *= 2);
      if (!nb) free(buf);
      buf = nb;
    }
  }
  fclose(f);
  if (!buf) return -1;
  /* an exact-size copy, so that ASan sees reads past the end */
  uint8_t *exact = malloc(n ? n : 1);
  if (!exact) return -1;
  memcpy(exact, buf, n);
  free(buf);
  LLVMFuzzerTestOneInput(exact, n);
  free(exact);
  return 0;
}

static int cmp(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

int main(int argc, char **argv) {
  int count = 0;
  for (int i = 1; i < argc; i++) {
    struct stat st;
    if (stat(argv[i], &st) != 0) {
      fprintf(stderr, "replay: no such file %s\n", argv[i]);
      return 1;
    }
    if (!S_ISDIR(st.st_mode)) {
      if (run_file(argv[i]) != 0) return 1;
      count++;
      continue;
    }
    DIR *d = opendir(argv[i]);
    if (!d) return 1;
    char **names = NULL;
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
      if (e->d_name[0] == '.') continue;
      char **nn = realloc(names, sizeof *nn * (size_t)(n + 1));
      if (!nn) return 1;
      names = nn;
      size_t len = strlen(argv[i]) + strlen(e->d_name) + 2;
      names[n] = malloc(len);
      if (!names[n]) return 1;
      snprintf(names[n++], len, "%s/%s", argv[i], e->d_name);
    }
    closedir(d);
    if (n) qsort(names, (size_t)n, sizeof *names, cmp); /* names is NULL when n is 0 */
    for (int k = 0; k < n; k++) {
      if (run_file(names[k]) != 0) return 1;
      count++;
      free(names[k]);
    }
    free(names);
  }
  printf("replay: %d inputs\n", count);
  return 0;
}
