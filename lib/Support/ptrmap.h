/* The pointer-keyed hash map (one for the whole compiler: analyses, the
 * printer, structural equality, codegen): keys are node
 * addresses (Var*, Buffer*, Stmt*), values are pointers or small integers.
 * There is no delete: scoped users store a count and decrement it. */
#ifndef TIRX_SUPPORT_PTRMAP_H
#define TIRX_SUPPORT_PTRMAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct TxPtrMap {
  const void **keys;
  void **vals;
  size_t cap, n;
} TxPtrMap;

/* The value stored for k, or NULL when k is absent. */
void *txmap_get(const TxPtrMap *m, const void *k);
bool txmap_has(const TxPtrMap *m, const void *k);
/* Inserts or replaces.  Out of memory: oom.h. */
void txmap_put(TxPtrMap *m, const void *k, void *v);
/* Integer-valued convenience (absent = 0). */
intptr_t txmap_geti(const TxPtrMap *m, const void *k);
void txmap_puti(TxPtrMap *m, const void *k, intptr_t v);
void txmap_free(TxPtrMap *m);

#endif
