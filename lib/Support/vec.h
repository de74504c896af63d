/* Growable arrays (malloc'd; the IR itself lives in the module arena).
 *
 * TIRX_VEC_PUSH(items, n, cap, x) appends x to any `T *items; int n, cap;`
 * triple, doubling the capacity; TIRX_VEC_RESERVE makes room for `need`
 * elements.  PtrVec is the common case: a vector of pointers with a linear
 * membership test (for small sets in first-insertion order; use PtrMap for
 * large ones).  Allocation failure follows oom.h. */
#ifndef TIRX_SUPPORT_VEC_H
#define TIRX_SUPPORT_VEC_H

#include <stdbool.h>
#include <stddef.h>

/* Grows *items (elements of elem bytes, capacity *cap) to hold need. */
void tirx_vec_reserve(void **items, int *cap, int need, size_t elem);

/* (the capacity test inline: a push with room calls nothing; `need` is evaluated twice) */
#define TIRX_VEC_RESERVE(items, cap, need) \
  ((need) <= (cap) ? (void)0 : tirx_vec_reserve((void **)&(items), &(cap), (need), sizeof *(items)))
#define TIRX_VEC_PUSH(items, n, cap, x)    \
  do {                                     \
    TIRX_VEC_RESERVE(items, cap, (n) + 1); \
    (items)[(n)++] = (x);                  \
  } while (0)

typedef struct PtrVec {
  void **items;
  int n, cap;
} PtrVec;

void ptrvec_push(PtrVec *v, void *p);
bool ptrvec_has(const PtrVec *v, const void *p);
int ptrvec_index(const PtrVec *v, const void *p); /* last index of p, -1 if absent */
void ptrvec_free(PtrVec *v);

/* A set of pointers in first-insertion order with a hashed membership test: for the
 * sets a walk over a whole kernel grows (buffers seen, variables defined), where
 * PtrVec's linear test made the walk quadratic.  `items` reads like a PtrVec's. */
#include "Support/ptrmap.h"
typedef struct PtrSet {
  PtrVec vec;
  TxPtrMap index;
} PtrSet;

bool ptrset_add(PtrSet *s, void *p); /* true if p was not there yet */
bool ptrset_has(const PtrSet *s, const void *p);
void ptrset_free(PtrSet *s);

#endif
