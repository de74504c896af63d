/* util.c — string building and error messages for libtirxrt. */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "internal.h"
#include "tirx/file.h"

void rt_sb_init(RtStrBuf *sb) {
  sb->buf = NULL;
  sb->len = sb->cap = 0;
  sb->oom = 0;
}

static int sb_reserve(RtStrBuf *sb, size_t extra) {
  if (sb->oom) return -1;
  if (sb->len + extra + 1 <= sb->cap) return 0;
  size_t cap = sb->cap ? sb->cap : 64;
  while (cap < sb->len + extra + 1) cap *= 2;
  char *p = realloc(sb->buf, cap);
  if (!p) {
    sb->oom = 1;
    return -1;
  }
  sb->buf = p;
  sb->cap = cap;
  return 0;
}

void rt_sb_appendn(RtStrBuf *sb, const char *s, size_t n) {
  if (sb_reserve(sb, n) != 0) return;
  memcpy(sb->buf + sb->len, s, n);
  sb->len += n;
  sb->buf[sb->len] = '\0';
}

void rt_sb_append(RtStrBuf *sb, const char *s) { rt_sb_appendn(sb, s, strlen(s)); }

void rt_sb_vprintf(RtStrBuf *sb, const char *fmt, va_list ap) {
  va_list ap2;
  va_copy(ap2, ap);
  int n = vsnprintf(NULL, 0, fmt, ap2);
  va_end(ap2);
  if (n < 0 || sb_reserve(sb, (size_t)n) != 0) return;
  vsnprintf(sb->buf + sb->len, (size_t)n + 1, fmt, ap);
  sb->len += (size_t)n;
}

void rt_sb_printf(RtStrBuf *sb, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  rt_sb_vprintf(sb, fmt, ap);
  va_end(ap);
}

char *rt_sb_finish(RtStrBuf *sb) {
  if (sb->oom) {
    rt_sb_free(sb);
    return NULL;
  }
  if (!sb->buf) /* empty string */
    return calloc(1, 1);
  char *s = sb->buf;
  sb->buf = NULL;
  sb->len = sb->cap = 0;
  return s;
}

void rt_sb_free(RtStrBuf *sb) {
  free(sb->buf);
  rt_sb_init(sb);
}

int rt_errorf(char **err, const char *fmt, ...) {
  if (err) {
    RtStrBuf sb;
    rt_sb_init(&sb);
    va_list ap;
    va_start(ap, fmt);
    rt_sb_vprintf(&sb, fmt, ap);
    va_end(ap);
    *err = rt_sb_finish(&sb);
  }
  return -1;
}

char *rt_strdup(const char *s) {
  if (!s) return NULL;
  size_t n = strlen(s) + 1;
  char *p = malloc(n);
  if (p) memcpy(p, s, n);
  return p;
}

/* Named inputs must be regular files: a device such as /dev/zero, a FIFO or a directory is
 * refused before reading (opened with O_NONBLOCK, so that a FIFO with no writer cannot block
 * the open; fstat then refuses it).  stdin ("-") may be a pipe.  Every read stops at the
 * input limit, tirx_max_input_bytes(); a regular file larger than it is refused before
 * reading.  Data files (.npy, limit_streams_only) are bounded only when they are streams. */
int rt_max_input_bytes(size_t *out, char **err) {
  *out = TIRX_MAX_INPUT_BYTES_DEFAULT;
  const char *v = getenv("TIRX_MAX_INPUT_BYTES");
  if (!v || !*v) return 0;
  char *end = NULL;
  errno = 0;
  unsigned long long n = strtoull(v, &end, 10);
  unsigned shift = 0;
  if (end && (*end == 'K' || *end == 'k')) shift = 10, end++;
  else if (end && (*end == 'M' || *end == 'm')) shift = 20, end++;
  else if (end && (*end == 'G' || *end == 'g')) shift = 30, end++;
  if (v[0] < '0' || v[0] > '9' || errno || !end || *end || n == 0 ||
      n > ((unsigned long long)SIZE_MAX >> shift) - 1)
    return rt_errorf(err,
                     "TIRX_MAX_INPUT_BYTES='%s' is not a size (a positive number of "
                     "bytes, optionally with a K, M or G suffix)",
                     v);
  *out = (size_t)(n << shift);
  return 0;
}

TirxStatus tirx_max_input_bytes(size_t *out, char **err) { return rt_max_input_bytes(out, err); }

static int too_big(char **err, const char *what, const char *path, unsigned long long have,
                   size_t max, bool stream) {
  char lim[48];
  if (max % ((size_t)1 << 20) == 0) snprintf(lim, sizeof lim, "%zu MiB", max >> 20);
  else snprintf(lim, sizeof lim, "%zu bytes", max);
  if (stream)
    return rt_errorf(err,
                     "cannot read %s%s: more than %s from a stream (the input limit; "
                     "set TIRX_MAX_INPUT_BYTES to raise it)",
                     what, path, lim);
  return rt_errorf(err,
                   "cannot read %s%s: %llu bytes is more than the input limit of %s "
                   "(set TIRX_MAX_INPUT_BYTES to raise it)",
                   what, path, have, lim);
}

int rt_read_file_limited(const char *path, const char *what, bool limit_streams_only, RtStrBuf *out,
                         char **err) {
  rt_sb_init(out);
  size_t max;
  if (rt_max_input_bytes(&max, err) != 0) return -1;
  bool in = strcmp(path, "-") == 0;
  const char *shown = in ? "<stdin>" : path;
  int fd = in ? 0 : open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return rt_errorf(err, "cannot open %s%s: %s", what, path, strerror(errno));
  struct stat st;
  bool regular = fstat(fd, &st) == 0 && S_ISREG(st.st_mode);
  if (!in && !regular) {
    close(fd);
    return rt_errorf(err, "cannot read %s%s: not a regular file", what, path);
  }
  if (regular && limit_streams_only) max = SIZE_MAX;
  if (regular && (unsigned long long)st.st_size > max) {
    if (!in) close(fd);
    return too_big(err, what, shown, (unsigned long long)st.st_size, max, false);
  }
  if (!in) /* a regular file: back to blocking reads */
    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
  char chunk[65536];
  bool big = false, bad = false;
  for (;;) {
    ssize_t n = read(fd, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      bad = true;
      break;
    }
    if (n == 0) break;
    if ((size_t)n > max - out->len) { /* a stream, or a file that grew while read */
      big = true;
      break;
    }
    rt_sb_appendn(out, chunk, (size_t)n);
    if (out->oom) break;
  }
  if (!in) close(fd);
  if (big) {
    rt_sb_free(out);
    return too_big(err, what, shown, 0, max, true);
  }
  if (bad || out->oom) {
    bool oom = out->oom;
    rt_sb_free(out);
    return rt_errorf(err, "cannot read %s%s%s", what, shown, oom ? ": out of memory" : "");
  }
  return 0;
}

int rt_read_file(const char *path, const char *what, RtStrBuf *out, char **err) {
  return rt_read_file_limited(path, what, false, out, err);
}

TirxStatus tirx_read_file(const char *path, char **data, size_t *len, char **err) {
  RtStrBuf sb;
  if (rt_read_file(path, "", &sb, err) != 0) return -1;
  rt_sb_appendn(&sb, "", 0); /* make sure a buffer exists for the NUL */
  if (!sb.buf || sb.oom) {
    rt_sb_free(&sb);
    return rt_errorf(err, "cannot read %s: out of memory", path);
  }
  *data = sb.buf;
  *len = sb.len;
  return 0;
}
