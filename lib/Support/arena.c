/* Arena and string interning (out of memory: oom.h).
 *
 * Chunks are zero when they arrive (calloc, or fresh anonymous pages), so
 * arena_alloc never clears: the arena hands out each byte once.  Chunk sizes
 * double from 2 MiB to 4 MiB (a module of the kernel library allocates tens
 * of MiB: few chunks); an allocation above a quarter of the next chunk gets a
 * chunk of its own, linked behind the head so the head's room stays in use.
 * On Linux, chunks of 2 MiB and more are mapped 2 MiB-aligned and advised as
 * transparent huge pages: one page fault per 2 MiB instead of 512 (page
 * faults were a third of a large kernel's evaluation time; smaller first
 * chunks, faulted page by page, were still 500 of a kernel's 1,200).  Sanitizer
 * builds keep every chunk on the heap, where ASan and LSan see them. */
#if defined(__linux__)
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS, madvise */
#endif
#include "Support/arena.h"

#include "Support/oom.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define ARENA_SANITIZED 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define ARENA_SANITIZED 1
#endif
#if defined(__linux__) && !defined(ARENA_SANITIZED)
#include <sys/mman.h>
#define ARENA_MAP 1
#endif

struct ArenaChunk {
  ArenaChunk *next;
  size_t size, used; /* data bytes */
  size_t mapped;     /* the mapping's length (0: from calloc) */
  _Alignas(16) unsigned char data[];
};

#define ARENA_MIN_CHUNK ((size_t)2 * 1024 * 1024)
#define ARENA_MAX_CHUNK ((size_t)4 * 1024 * 1024)
#define ARENA_HUGE ((size_t)2 * 1024 * 1024)

Arena *arena_new(void) {
  Arena *a = tirx_xmalloc(sizeof *a);
  a->head = NULL;
  a->used_total = 0;
  a->next_chunk = 0;
  return a;
}

void arena_free(Arena *a) {
  if (!a) return;
  ArenaChunk *c = a->head;
  while (c) {
    ArenaChunk *n = c->next;
#ifdef ARENA_MAP
    if (c->mapped) {
      munmap(c, c->mapped);
      c = n;
      continue;
    }
#endif
    free(c);
    c = n;
  }
  free(a);
}

/* A zeroed chunk of `total` bytes, header included (more when mapped: whole huge pages). */
static ArenaChunk *chunk_new(size_t total) {
#ifdef ARENA_MAP
  if (total >= ARENA_HUGE && total <= SIZE_MAX / 2) {
    size_t len = (total + ARENA_HUGE - 1) & ~(ARENA_HUGE - 1);
    char *raw =
        mmap(NULL, len + ARENA_HUGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (raw != MAP_FAILED) { /* trim to a 2 MiB-aligned run of len bytes */
      char *p = (char *)(((uintptr_t)raw + ARENA_HUGE - 1) & ~(uintptr_t)(ARENA_HUGE - 1));
      if (p > raw) munmap(raw, (size_t)(p - raw));
      if (raw + len + ARENA_HUGE > p + len)
        munmap(p + len, (size_t)(raw + len + ARENA_HUGE - (p + len)));
#ifdef MADV_HUGEPAGE
      madvise(p, len, MADV_HUGEPAGE);
#endif
      ArenaChunk *c = (ArenaChunk *)(void *)p;
      c->size = len - sizeof *c;
      c->mapped = len;
      return c;
    }
  }
#endif
  ArenaChunk *c = tirx_xcalloc(1, total);
  c->size = total - sizeof *c;
  return c;
}

void *arena_alloc(Arena *a, size_t size) {
  if (size > SIZE_MAX / 2) tirx_oom();
  size = (size + 15) & ~(size_t)15;
  ArenaChunk *h = a->head;
  if (!h || h->size - h->used < size) {
    size_t next = a->next_chunk ? a->next_chunk : ARENA_MIN_CHUNK;
    if (h && size > next / 4) { /* a chunk of its own */
      ArenaChunk *c = chunk_new(sizeof *c + size);
      c->used = size;
      c->next = h->next;
      h->next = c;
      a->used_total += size;
      return c->data;
    }
    ArenaChunk *c = chunk_new(size + sizeof *c > next ? size + sizeof *c : next);
    if (next < ARENA_MAX_CHUNK) a->next_chunk = next * 2;
    c->next = h;
    a->head = h = c;
  }
  void *p = h->data + h->used;
  h->used += size;
  a->used_total += size;
  return p;
}

Interner *interner_new(Arena *a) {
  Interner *t = tirx_xcalloc(1, sizeof *t);
  t->arena = a;
  t->cap = 256;
  t->n = 0;
  t->slots = tirx_xcalloc(t->cap, sizeof *t->slots);
  t->hashes = tirx_xcalloc(t->cap, sizeof *t->hashes);
  return t;
}

void interner_free(Interner *t) {
  if (!t) return;
  free(t->slots);
  free(t->hashes);
  free(t);
}

static size_t hash_bytes(const char *s, size_t len) {
  size_t h = 1469598103934665603ull; /* FNV-1a */
  for (size_t i = 0; i < len; i++) h = (h ^ (unsigned char)s[i]) * 1099511628211ull;
  return h;
}

static void grow(Interner *t) {
  size_t ncap = t->cap * 2;
  const char **ns = tirx_xcalloc(ncap, sizeof *ns);
  uint32_t *nh = tirx_xcalloc(ncap, sizeof *nh);
  for (size_t i = 0; i < t->cap; i++) {
    const char *s = t->slots[i];
    if (!s) continue;
    size_t j = t->hashes[i] & (ncap - 1);
    while (ns[j]) j = (j + 1) & (ncap - 1);
    ns[j] = s;
    nh[j] = t->hashes[i];
  }
  free(t->slots);
  free(t->hashes);
  t->slots = ns;
  t->hashes = nh;
  t->cap = ncap;
}

/* An interned string's address is never reused while its interner lives, so a
 * pointer equal to one in recent[] is that string. */
static size_t recent_slot(const char *p) {
  uintptr_t u = (uintptr_t)p;
  return (size_t)((u >> 3) ^ (u >> 13)) & (INTERNER_RECENT - 1);
}

/* The interned copy the pointer cache holds for s (NULL: none): s itself when it is
 * interned, else the copy its address had last, checked by content */
static const char *cached(const Interner *t, const char *s, size_t len) {
  size_t k = recent_slot(s);
  const char *c = t->recent[k] == s ? s : t->lit_key[k] == s ? t->lit_val[k] : NULL;
  if (!c || strlen(c) != len || (c != s && memcmp(c, s, len) != 0)) return NULL;
  return c;
}

/* Interned strings are NUL-terminated; names never contain NUL, so strlen
 * of a stored name equals its length. */
const char *interner_get(Interner *t, const char *s, size_t len) {
  const char *hit = cached(t, s, len);
  if (hit) return hit;
  if (t->n * 2 >= t->cap) grow(t);
  uint32_t h = (uint32_t)hash_bytes(s, len);
  size_t j = h & (t->cap - 1);
  while (t->slots[j]) {
    const char *c = t->slots[j];
    if (t->hashes[j] == h && memcmp(c, s, len) == 0 && c[len] == '\0') {
      size_t k = recent_slot(s); /* the next interning of s is cached() */
      if (c == s) t->recent[k] = c;
      else t->lit_key[k] = s, t->lit_val[k] = c;
      return c;
    }
    j = (j + 1) & (t->cap - 1);
  }
  char *copy = arena_alloc(t->arena, len + 1);
  memcpy(copy, s, len);
  copy[len] = '\0';
  t->slots[j] = copy;
  t->hashes[j] = h;
  t->n++;
  return copy;
}

const char *interner_get0(Interner *t, const char *s) {
  size_t k = recent_slot(s);
  if (t->recent[k] == s) return s;
  if (t->lit_key[k] == s && strcmp(t->lit_val[k], s) == 0) return t->lit_val[k];
  const char *c = interner_get(t, s, strlen(s));
  t->recent[recent_slot(c)] = c;
  if (c != s) t->lit_key[k] = s, t->lit_val[k] = c;
  return c;
}
