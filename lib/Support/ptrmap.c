/* Open-addressing pointer map (linear probing, power-of-two capacity). */
#include "Support/ptrmap.h"

#include <stdlib.h>

#include "Support/oom.h"

static size_t slot_of(const void *p, size_t cap) {
  return (size_t)(((uintptr_t)p >> 4) * 0x9E3779B97F4A7C15ull) & (cap - 1);
}

static size_t find(const TxPtrMap *m, const void *k) {
  size_t j = slot_of(k, m->cap);
  while (m->keys[j] && m->keys[j] != k) j = (j + 1) & (m->cap - 1);
  return j;
}

void *txmap_get(const TxPtrMap *m, const void *k) {
  if (!m->cap || !k) return NULL;
  size_t j = find(m, k);
  return m->keys[j] ? m->vals[j] : NULL;
}

bool txmap_has(const TxPtrMap *m, const void *k) {
  return m->cap && k && m->keys[find(m, k)] != NULL;
}

static void grow(TxPtrMap *m) {
  TxPtrMap n = {0};
  n.cap = m->cap ? m->cap * 2 : 32;
  n.keys = tirx_xcalloc(n.cap, sizeof *n.keys);
  n.vals = tirx_xcalloc(n.cap, sizeof *n.vals);
  for (size_t i = 0; i < m->cap; i++)
    if (m->keys[i]) {
      size_t j = find(&n, m->keys[i]);
      n.keys[j] = m->keys[i];
      n.vals[j] = m->vals[i];
      n.n++;
    }
  free(m->keys);
  free(m->vals);
  *m = n;
}

void txmap_put(TxPtrMap *m, const void *k, void *v) {
  if (!k) return;
  if ((m->n + 1) * 2 > m->cap) grow(m);
  size_t j = find(m, k);
  if (!m->keys[j]) {
    m->keys[j] = k;
    m->n++;
  }
  m->vals[j] = v;
}

intptr_t txmap_geti(const TxPtrMap *m, const void *k) { return (intptr_t)txmap_get(m, k); }
void txmap_puti(TxPtrMap *m, const void *k, intptr_t v) { txmap_put(m, k, (void *)v); }

void txmap_free(TxPtrMap *m) {
  free(m->keys);
  free(m->vals);
  m->keys = NULL;
  m->vals = NULL;
  m->cap = m->n = 0;
}
