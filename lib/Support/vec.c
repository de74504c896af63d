/* Growable arrays (see vec.h). */
#include "Support/vec.h"

#include <limits.h>
#include <stdlib.h>

#include "Support/oom.h"

void tirx_vec_reserve(void **items, int *cap, int need, size_t elem) {
  if (need <= *cap) return;
  if (need > INT_MAX / 2) tirx_oom();
  int nc = *cap ? *cap : 8;
  while (nc < need) nc *= 2;
  *items = tirx_xrealloc(*items, (size_t)nc, elem);
  *cap = nc;
}

void ptrvec_push(PtrVec *v, void *p) { TIRX_VEC_PUSH(v->items, v->n, v->cap, p); }

int ptrvec_index(const PtrVec *v, const void *p) {
  for (int i = v->n - 1; i >= 0; i--)
    if (v->items[i] == p) return i;
  return -1;
}

bool ptrvec_has(const PtrVec *v, const void *p) { return ptrvec_index(v, p) >= 0; }

void ptrvec_free(PtrVec *v) {
  free(v->items);
  v->items = NULL;
  v->n = v->cap = 0;
}

bool ptrset_add(PtrSet *s, void *p) {
  if (txmap_has(&s->index, p)) return false;
  txmap_puti(&s->index, p, 1);
  ptrvec_push(&s->vec, p);
  return true;
}

bool ptrset_has(const PtrSet *s, const void *p) { return txmap_has(&s->index, p); }

void ptrset_free(PtrSet *s) {
  ptrvec_free(&s->vec);
  txmap_free(&s->index);
}
