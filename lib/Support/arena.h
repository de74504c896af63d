/* Bump allocator: one per module, freed at once. */
#ifndef TIRX_ARENA_H
#define TIRX_ARENA_H
#include <stddef.h>
#include <stdint.h>

typedef struct ArenaChunk ArenaChunk;
typedef struct Arena {
  ArenaChunk *head; /* the chunk small allocations come from; the others behind it */
  size_t used_total;
  size_t next_chunk; /* the size of the next chunk (0: the first) */
} Arena;

Arena *arena_new(void);
void arena_free(Arena *a);
void *arena_alloc(Arena *a, size_t size); /* zeroed, 16-byte aligned; aborts only on OOM */

/* Open-addressing intern table; strings live in the arena. */
#define INTERNER_RECENT 1024 /* the pointer cache of interner_get0 (a power of two) */

typedef struct Interner {
  Arena *arena;
  const char **slots;
  uint32_t *hashes; /* per slot: its string's hash (compared before the bytes) */
  size_t cap, n;
  /* strings interned lately, by address: interning one of them again (a name the
   * evaluator already holds interned) is one pointer compare, no hashing */
  const char *recent[INTERNER_RECENT];
  /* interner_get0's other cache: a string outside the interner (a C literal such as
   * "__init__") and its interned copy, checked by content (the address may hold
   * another string by now) */
  const char *lit_key[INTERNER_RECENT], *lit_val[INTERNER_RECENT];
} Interner;

Interner *interner_new(Arena *a);
void interner_free(Interner *t);
const char *interner_get(Interner *t, const char *s, size_t len);
/* interner_get of a NUL-terminated string */
const char *interner_get0(Interner *t, const char *s);
#endif
