/* ptxas as a subprocess: PTX text in, cubin bytes out.
 *
 * The PTX and the cubin go through a private temporary directory under
 * $TMPDIR (mkdtemp), removed before returning; ptxas's stderr is captured to
 * a file there and becomes the diagnostic when it fails (or warnings when it
 * succeeds with output).  A failure names the kernel whose PTX line ptxas
 * complains about; ptxas runs under a timeout (tirx_ptxas_timeout: the caller's, else
 * $TIRX_PTXAS_TIMEOUT, else TIRX_PTXAS_TIMEOUT_DEFAULT seconds; 0 = none) and is killed when it expires.
 * The wait blocks in poll() on the child's pidfd (wait_exit), so it adds no latency.
 *
 * Built with TIRX_NVPTXCOMPILER (CMake: the CUDA toolkit's libnvptxcompiler_static.a, the
 * nvPTXCompiler API, which is ptxas as a library), the PTX is assembled in this process
 * with the same options instead (no spawn, no files) when the PTX is small
 * (drv_ptxas_in_process_max; larger PTX goes to the binary, which is faster on it): unless
 * $TIRX_PTXAS names a binary or TIRX_PTXAS_IN_PROCESS=0.  The library cannot be stopped,
 * so the timeout applies to the binary only.
 */
#define _GNU_SOURCE /* pipe2 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#ifdef TIRX_NVPTXCOMPILER
#include <nvPTXCompiler.h>
#endif

#include "Driver/driver.h"
#include "Support/oom.h"
#include "tirx/file.h"
#include "tirx/internal/diag.h"
#include "tirx/target.h"

extern char **environ;

#define dup_str tirx_xstrdup

static bool executable(const char *p) {
  struct stat st;
  return p && *p && stat(p, &st) == 0 && S_ISREG(st.st_mode) && access(p, X_OK) == 0;
}

char *tirx_ptxas_find(void) {
  const char *env = getenv("TIRX_PTXAS");
  if (executable(env)) return dup_str(env);
  const char *path = getenv("PATH");
  if (path) {
    const char *p = path;
    while (*p) {
      const char *end = strchr(p, ':');
      size_t n = end ? (size_t)(end - p) : strlen(p);
      if (n > 0 && n < 4000) {
        char cand[4100];
        snprintf(cand, sizeof cand, "%.*s/ptxas", (int)n, p);
        if (executable(cand)) return dup_str(cand);
      }
      if (!end) break;
      p = end + 1;
    }
  }
  if (executable("/usr/local/cuda/bin/ptxas")) return dup_str("/usr/local/cuda/bin/ptxas");
  return NULL;
}

static int write_file(const char *path, const void *data, size_t n) {
  FILE *f = fopen(path, "wb");
  if (!f) return -1;
  size_t w = fwrite(data, 1, n, f);
  int bad = fclose(f) != 0 || w != n;
  return bad ? -1 : 0;
}

/* The whole file, or NULL (the caller reports what failed). */
static char *read_file(const char *path, size_t *size) {
  char *data = NULL, *err = NULL;
  if (tirx_read_file(path, &data, size, &err) != 0) {
    free(err);
    return NULL;
  }
  return data;
}

/* tirx/target.h: the caller's seconds, else $TIRX_PTXAS_TIMEOUT (a non-negative integer;
 * 0 = no limit), else the default. */
int tirx_ptxas_timeout(int requested) {
  if (requested >= 0) return requested;
  const char *e = getenv("TIRX_PTXAS_TIMEOUT");
  if (!e || !*e) return TIRX_PTXAS_TIMEOUT_DEFAULT;
  char *end;
  long v = strtol(e, &end, 10);
  return *end || v < 0 || v > INT_MAX ? TIRX_PTXAS_TIMEOUT_DEFAULT : (int)v;
}

/* The .entry that PTX line `line` (1-based) belongs to, into name; false if none. */
static bool entry_at_line(const char *ptx, long line, char *name, size_t n) {
  const char *p = ptx, *found = NULL;
  for (long l = 1; *p && l <= line; l++) {
    const char *q = p;
    while (*q == ' ' || *q == '\t') q++;
    if (strncmp(q, ".visible .entry ", 16) == 0) found = q + 16;
    else if (strncmp(q, ".entry ", 7) == 0) found = q + 7;
    const char *nl = strchr(p, '\n');
    if (!nl) break;
    p = nl + 1;
  }
  if (!found) return false;
  size_t k = 0;
  while (found[k] && found[k] != '(' && found[k] != ' ' && found[k] != '\n' && k + 1 < n) k++;
  memcpy(name, found, k);
  name[k] = '\0';
  return k > 0;
}

/* The kernel ptxas's first "line N" refers to ("ptxas kernel.ptx, line 42; error : ..."). */
static bool failing_kernel(const char *ptx, const char *log, char *name, size_t n) {
  const char *l = log ? strstr(log, ", line ") : NULL;
  if (!l) return false;
  long line = strtol(l + 7, NULL, 10);
  return line > 0 && entry_at_line(ptx, line, name, n);
}

/* ptxas's stderr, trimmed, as one diagnostic (long logs are cut). */
static void report(TirxDiag *diag, DiagLevel lv, const char *head, const char *log) {
  size_t n = log ? strlen(log) : 0;
  while (n && (log[n - 1] == '\n' || log[n - 1] == ' ')) n--;
  if (n > 800) n = 800;
  tirx_diag_add(diag, lv, 0, 0, "%s%s%.*s", head, n ? ":\n" : "", (int)n, log ? log : "");
}

/* Blocks until `fd` is readable or `limit` seconds pass (0: no limit); false when the
 * time ran out.  `fd` is the child's pidfd (readable once it has exited) or the read
 * end of its exit pipe (readable at EOF, once its write ends are closed). */
static bool wait_exit(int fd, long limit) {
  struct timespec start, now;
  clock_gettime(CLOCK_MONOTONIC, &start);
  for (;;) {
    int ms = -1;
    if (limit > 0) {
      clock_gettime(CLOCK_MONOTONIC, &now);
      long long left = (long long)limit * 1000 - ((long long)(now.tv_sec - start.tv_sec) * 1000 +
                                                  (now.tv_nsec - start.tv_nsec) / 1000000);
      if (left <= 0) return false;
      ms = left > INT_MAX ? INT_MAX : (int)left;
    }
    struct pollfd p = {fd, POLLIN, 0};
    int r = poll(&p, 1, ms);
    if (r < 0 && errno == EINTR) continue;
    if (r != 0) return true; /* exited (or poll failed: waitpid then blocks instead) */
  }
}

/* A descriptor that becomes readable when child `pid` exits: its pidfd, or, where the
 * kernel has none (before Linux 5.3, or a sandbox that forbids the call), `exit_read`,
 * the exit pipe.  The pidfd is exact; the pipe also waits for any grandchild that
 * kept ptxas's descriptors. */
static int exit_fd(pid_t pid, int exit_read) {
#ifdef SYS_pidfd_open
  int fd = (int)syscall(SYS_pidfd_open, pid, 0);
  if (fd >= 0) {
    close(exit_read);
    return fd;
  }
#else
  (void)pid;
#endif
  return exit_read;
}

/* ---- in process: nvPTXCompiler ---------------------------------------------------------- */

#ifdef TIRX_NVPTXCOMPILER
/* The largest PTX assembled in process: the library saves the spawn and the files (~10 ms)
 * but compiles large PTX 10-20 % slower than the binary (bench/compile/README.md, fourth
 * round: equal up to ~12 KB, slower from ~35 KB); larger PTX goes to the binary when
 * there is one.  TIRX_PTXAS_IN_PROCESS=all: every size. */
#define IN_PROCESS_MAX_PTX (24u * 1024u)

size_t drv_ptxas_in_process_max(void) {
  const char *ip = getenv("TIRX_PTXAS_IN_PROCESS");
  return ip && strcmp(ip, "all") == 0 ? (size_t)-1 : IN_PROCESS_MAX_PTX;
}

const char *drv_ptxas_in_process(void) {
  const char *bin = getenv("TIRX_PTXAS"), *ip = getenv("TIRX_PTXAS_IN_PROCESS");
  if ((bin && *bin) || (ip && strcmp(ip, "0") == 0)) return NULL;
  return "nvPTXCompiler " TIRX_NVPTXCOMPILER;
}

/* One of the library's logs (error or info), malloc'd, or NULL when empty. */
static char *compiler_log(nvPTXCompilerHandle h, bool error) {
  size_t n = 0;
  if ((error ? nvPTXCompilerGetErrorLogSize(h, &n) : nvPTXCompilerGetInfoLogSize(h, &n)) !=
          NVPTXCOMPILE_SUCCESS ||
      n == 0)
    return NULL;
  char *log = tirx_xmalloc(n + 1);
  if ((error ? nvPTXCompilerGetErrorLog(h, log) : nvPTXCompilerGetInfoLog(h, log)) !=
      NVPTXCOMPILE_SUCCESS)
    log[0] = '\0';
  log[n] = '\0';
  return log;
}

/* The binary's options (tirx_ptxas_assemble_mode) given to nvPTXCompilerCompile. */
static TirxStatus assemble_in_process(const char *ptx, const char *arch, const char *olvl,
                                      bool relocatable, int threads, const char *what, void **cubin,
                                      size_t *size, TirxDiag *diag) {
  char gpu[64], split[32];
  snprintf(gpu, sizeof gpu, "--gpu-name=%s", arch);
  snprintf(split, sizeof split, "--split-compile=%d", threads);
  const char *opts[4] = {gpu, olvl};
  int nopts = 2;
  if (relocatable) opts[nopts++] = "--compile-only";
  if (threads > 1) opts[nopts++] = split;
  nvPTXCompilerHandle h = NULL;
  nvPTXCompileResult r = nvPTXCompilerCreate(&h, strlen(ptx), ptx);
  if (r != NVPTXCOMPILE_SUCCESS) {
    tirx_diag_add(diag, DIAG_ERROR, 0, 0, "nvPTXCompiler (%s) cannot start on %s (error %d)", arch,
                  what, (int)r);
    return TIRX_ERR_COMPILE;
  }
  r = nvPTXCompilerCompile(h, nopts, opts);
  char head[700];
  TirxStatus rc = TIRX_ERR_COMPILE;
  if (r != NVPTXCOMPILE_SUCCESS) {
    char *log = compiler_log(h, true), kname[200];
    if (failing_kernel(ptx, log, kname, sizeof kname))
      snprintf(head, sizeof head, "ptxas (%s) failed on %s, in kernel '%s'", arch, what, kname);
    else snprintf(head, sizeof head, "ptxas (%s) failed on %s", arch, what);
    if (log) report(diag, DIAG_ERROR, head, log);
    else tirx_diag_add(diag, DIAG_ERROR, 0, 0, "%s (nvPTXCompiler error %d)", head, (int)r);
    free(log);
    goto done;
  }
  char *log = compiler_log(h, false);
  if (log && *log) {
    snprintf(head, sizeof head, "ptxas (%s) on %s", arch, what);
    report(diag, DIAG_WARNING, head, log);
  }
  free(log);
  size_t n = 0;
  if (nvPTXCompilerGetCompiledProgramSize(h, &n) != NVPTXCOMPILE_SUCCESS || n == 0) {
    tirx_diag_add(diag, DIAG_ERROR, 0, 0, "ptxas produced no cubin for %s", what);
    goto done;
  }
  *cubin = tirx_xmalloc(n);
  if (nvPTXCompilerGetCompiledProgram(h, *cubin) != NVPTXCOMPILE_SUCCESS) {
    free(*cubin);
    *cubin = NULL;
    tirx_diag_add(diag, DIAG_ERROR, 0, 0, "ptxas produced no cubin for %s", what);
    goto done;
  }
  *size = n;
  rc = TIRX_OK;
done:
  nvPTXCompilerDestroy(&h);
  return rc;
}
#else
const char *drv_ptxas_in_process(void) { return NULL; }
size_t drv_ptxas_in_process_max(void) { return 0; }
#endif

TirxStatus tirx_ptxas_assemble(const char *ptx, const char *arch, int opt_level, int timeout,
                               const char *what, void **cubin, size_t *size, TirxDiag *diag) {
  return tirx_ptxas_assemble_mode(ptx, arch, opt_level, timeout, false, 1, what, cubin, size, diag);
}

TirxStatus tirx_ptxas_assemble_mode(const char *ptx, const char *arch, int opt_level, int timeout,
                                    bool relocatable, int threads, const char *what, void **cubin,
                                    size_t *size, TirxDiag *diag) {
  *cubin = NULL;
  *size = 0;
  if (!what) what = "<module>";
  char olvl[8];
  snprintf(olvl, sizeof olvl, "-O%d", opt_level < 0 ? 0 : opt_level > 3 ? 3 : opt_level);
  char *ptxas = NULL;
#ifdef TIRX_NVPTXCOMPILER
  if (drv_ptxas_in_process() &&
      (strlen(ptx) <= drv_ptxas_in_process_max() || !(ptxas = tirx_ptxas_find())))
    return assemble_in_process(ptx, arch, olvl, relocatable, threads, what, cubin, size, diag);
#endif
  if (!ptxas) ptxas = tirx_ptxas_find();
  if (!ptxas) {
    tirx_diag_add(diag, DIAG_ERROR, 0, 0,
                  "ptxas not found (set TIRX_PTXAS or put CUDA's bin directory on PATH)");
    return TIRX_ERR_COMPILE;
  }
  const char *tmp = getenv("TMPDIR");
  if (!tmp || !*tmp) tmp = "/tmp";
  char dir[4096], in[4200], out[4200], err[4200];
  snprintf(dir, sizeof dir, "%s/tirx-ptxas-XXXXXX", tmp);
  if (!mkdtemp(dir)) {
    tirx_diag_add(diag, DIAG_ERROR, 0, 0, "ptxas: cannot create a temporary directory in %s: %s",
                  tmp, strerror(errno));
    free(ptxas);
    return TIRX_ERR_COMPILE;
  }
  snprintf(in, sizeof in, "%s/kernel.ptx", dir);
  snprintf(out, sizeof out, "%s/kernel.cubin", dir);
  snprintf(err, sizeof err, "%s/ptxas.log", dir);
  TirxStatus rc = TIRX_ERR_COMPILE;
  if (write_file(in, ptx, strlen(ptx)) != 0) {
    tirx_diag_add(diag, DIAG_ERROR, 0, 0, "ptxas: cannot write %s: %s", in, strerror(errno));
    goto cleanup;
  }
  char archarg[64];
  snprintf(archarg, sizeof archarg, "-arch=%s", arch);
  char nthreads[16];
  snprintf(nthreads, sizeof nthreads, "%d", threads);
  char *argv[10] = {ptxas}, **a = argv + 1;
  if (relocatable) *a++ = "-c";
  *a++ = archarg;
  *a++ = olvl;
  if (threads > 1) { /* the kernels on threads: the same code (only the cubin's note of
                        ptxas's command line differs) */
    *a++ = "--split-compile";
    *a++ = nthreads;
  }
  *a++ = "-o";
  *a++ = out;
  *a++ = in;
  *a = NULL;
  /* The wait blocks in poll() on the child's pidfd, or on the exit pipe where there is
   * none (exit_fd): ptxas inherits the pipe's write end as a descriptor it never uses,
   * so the read end reaches EOF when it exits.  Both ends are close-on-exec here, so no
   * other thread's child inherits them. */
  int exitp[2];
  if (pipe2(exitp, O_CLOEXEC) != 0) {
    tirx_diag_add(diag, DIAG_ERROR, 0, 0, "ptxas: cannot create a pipe: %s", strerror(errno));
    goto cleanup;
  }
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, 1, err, O_WRONLY | O_CREAT | O_TRUNC, 0600);
  posix_spawn_file_actions_adddup2(&fa, 1, 2);
  posix_spawn_file_actions_adddup2(&fa, exitp[1], 3); /* dup2 clears close-on-exec */
  pid_t pid;
  int se = posix_spawn(&pid, ptxas, &fa, NULL, argv, environ);
  posix_spawn_file_actions_destroy(&fa);
  close(exitp[1]);
  if (se != 0) {
    close(exitp[0]);
    tirx_diag_add(diag, DIAG_ERROR, 0, 0, "cannot run %s: %s", ptxas, strerror(se));
    goto cleanup;
  }
  long limit = tirx_ptxas_timeout(timeout);
  int efd = exit_fd(pid, exitp[0]);
  bool timed_out = !wait_exit(efd, limit);
  close(efd);
  if (timed_out) kill(pid, SIGKILL);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  size_t loglen = 0;
  char *log = read_file(err, &loglen);
  char head[700];
  if (timed_out) {
    tirx_diag_add(diag, DIAG_ERROR, 0, 0,
                  "ptxas (%s) did not finish within %ld s on %s and was stopped "
                  "(--ptxas-timeout=SECONDS or TIRX_PTXAS_TIMEOUT=SECONDS allows more, 0 no limit)",
                  arch, limit, what);
    free(log);
    goto cleanup;
  }
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    char kname[200];
    if (failing_kernel(ptx, log, kname, sizeof kname))
      snprintf(head, sizeof head, "ptxas (%s) failed on %s, in kernel '%s'", arch, what, kname);
    else snprintf(head, sizeof head, "ptxas (%s) failed on %s", arch, what);
    report(diag, DIAG_ERROR, head, log);
    free(log);
    goto cleanup;
  }
  if (log && loglen) {
    snprintf(head, sizeof head, "ptxas (%s) on %s", arch, what);
    report(diag, DIAG_WARNING, head, log);
  }
  free(log);
  char *bin = read_file(out, size);
  if (!bin) {
    tirx_diag_add(diag, DIAG_ERROR, 0, 0, "ptxas produced no cubin for %s", what);
    goto cleanup;
  }
  *cubin = bin;
  rc = TIRX_OK;
cleanup:
  unlink(in);
  unlink(out);
  unlink(err);
  rmdir(dir);
  free(ptxas);
  return rc;
}
