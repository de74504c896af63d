/* util.c — string building and error messages for libtirxrt. */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "internal.h"
#include "tirx/file.h"

void rt_sb_init(RtStrBuf *sb) {
  sb->buf = NULL;
  sb->len = sb->cap = 0;
  sb->oom = 0;
}

static int sb_reserve(RtStrBuf *sb, size_t extra) {
  if (sb->oom)
    return -1;
  if (sb->len + extra + 1 <= sb->cap)
    return 0;
  size_t cap = sb->cap ? sb->cap : 64;
  while (cap < sb->len + extra + 1)
    cap *= 2;
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
  if (sb_reserve(sb, n) != 0)
    return;
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
  if (n < 0 || sb_reserve(sb, (size_t)n) != 0)
    return;
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
  if (!s)
    return NULL;
  size_t n = strlen(s) + 1;
  char *p = malloc(n);
  if (p)
    memcpy(p, s, n);
  return p;
}

/* Named inputs must be regular files (a device such as /dev/zero, a FIFO or a directory is
 * refused before reading); stdin ("-") may be a pipe but stops at RT_MAX_STREAM_BYTES. */
#define RT_MAX_STREAM_BYTES ((size_t)256 << 20)

int rt_read_file(const char *path, const char *what, RtStrBuf *out, char **err) {
  rt_sb_init(out);
  bool in = strcmp(path, "-") == 0;
  FILE *f = in ? stdin : fopen(path, "rb");
  if (!f)
    return rt_errorf(err, "cannot open %s%s: %s", what, path, strerror(errno));
  struct stat st;
  bool regular = fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode);
  if (!in && !regular) {
    fclose(f);
    return rt_errorf(err, "cannot read %s%s: not a regular file", what, path);
  }
  char chunk[65536];
  size_t n;
  bool too_big = false;
  while ((n = fread(chunk, 1, sizeof chunk, f)) > 0) {
    if (!regular && out->len + n > RT_MAX_STREAM_BYTES) {
      too_big = true;
      break;
    }
    rt_sb_appendn(out, chunk, n);
  }
  if (too_big) {
    rt_sb_free(out);
    return rt_errorf(err, "cannot read %s%s: more than %zu MiB from a stream", what,
                     in ? "<stdin>" : path, RT_MAX_STREAM_BYTES >> 20);
  }
  int bad = ferror(f) || out->oom;
  if (!in) fclose(f);
  if (bad) {
    rt_sb_free(out);
    return rt_errorf(err, "cannot read %s%s", what, path);
  }
  return 0;
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
