/* Arena and string interning (out of memory: oom.h). */
#include "Support/arena.h"

#include "Support/oom.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct ArenaChunk {
  ArenaChunk *next;
  size_t size, used;
  _Alignas(16) unsigned char data[];
};

Arena *arena_new(void) {
  Arena *a = tirx_xmalloc(sizeof *a);
  a->head = NULL;
  a->used_total = 0;
  return a;
}

void arena_free(Arena *a) {
  if (!a) return;
  ArenaChunk *c = a->head;
  while (c) {
    ArenaChunk *n = c->next;
    free(c);
    c = n;
  }
  free(a);
}

void *arena_alloc(Arena *a, size_t size) {
  size = (size + 15) & ~(size_t)15;
  if (!a->head || a->head->size - a->head->used < size) {
    size_t cap = size > 64 * 1024 ? size : 64 * 1024;
    ArenaChunk *c = tirx_xmalloc(sizeof *c + cap);
    c->next = a->head;
    c->size = cap;
    c->used = 0;
    a->head = c;
  }
  void *p = a->head->data + a->head->used;
  a->head->used += size;
  a->used_total += size;
  memset(p, 0, size);
  return p;
}

Interner *interner_new(Arena *a) {
  Interner *t = tirx_xmalloc(sizeof *t);
  t->arena = a;
  t->cap = 256;
  t->n = 0;
  t->slots = tirx_xcalloc(t->cap, sizeof *t->slots);
  return t;
}

void interner_free(Interner *t) {
  if (!t) return;
  free(t->slots);
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
  for (size_t i = 0; i < t->cap; i++) {
    const char *s = t->slots[i];
    if (!s) continue;
    size_t j = hash_bytes(s, strlen(s)) & (ncap - 1);
    while (ns[j]) j = (j + 1) & (ncap - 1);
    ns[j] = s;
  }
  free(t->slots);
  t->slots = ns;
  t->cap = ncap;
}

/* Interned strings are NUL-terminated; names never contain NUL, so strlen
 * of a stored name equals its length. */
const char *interner_get(Interner *t, const char *s, size_t len) {
  if (t->n * 2 >= t->cap) grow(t);
  size_t j = hash_bytes(s, len) & (t->cap - 1);
  while (t->slots[j]) {
    const char *c = t->slots[j];
    if (strncmp(c, s, len) == 0 && c[len] == '\0') return c;
    j = (j + 1) & (t->cap - 1);
  }
  char *copy = arena_alloc(t->arena, len + 1);
  memcpy(copy, s, len);
  copy[len] = '\0';
  t->slots[j] = copy;
  t->n++;
  return copy;
}
