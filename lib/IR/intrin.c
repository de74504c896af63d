/* The intrinsic registry: rows from intrin_{core,cuda,ptx}.def. */
#include "tirx/intrin.h"

#include <string.h>

static const Intrin table[INTRIN_COUNT] = {
#define X(ID, name, mn, mx, kinds, ret, flags) {ID, name, mn, mx, kinds, ret, flags},
#include "tirx/intrin_core.def"
#include "tirx/intrin_cuda.def"
#include "tirx/intrin_ptx.def"
#undef X
};

const Intrin *tirx_intrin(IntrinId id) { return &table[id]; }
int tirx_intrin_count(void) { return INTRIN_COUNT; }

const Intrin *tirx_intrin_lookup(const char *name, size_t len) {
  for (int i = 0; i < INTRIN_COUNT; i++)
    if (strlen(table[i].name) == len && memcmp(table[i].name, name, len) == 0) return &table[i];
  return NULL;
}

/* Levenshtein distance, capped; names are short. */
int tirx_edit_distance(const char *a, size_t la, const char *b, size_t lb) {
  if (la > 120 || lb > 120) return 1000;
  int prev[128], cur[128];
  for (size_t j = 0; j <= lb; j++) prev[j] = (int)j;
  for (size_t i = 1; i <= la; i++) {
    cur[0] = (int)i;
    for (size_t j = 1; j <= lb; j++) {
      int c = prev[j - 1] + (a[i - 1] != b[j - 1]);
      if (prev[j] + 1 < c) c = prev[j] + 1;
      if (cur[j - 1] + 1 < c) c = cur[j - 1] + 1;
      cur[j] = c;
    }
    memcpy(prev, cur, sizeof(int) * (lb + 1));
  }
  return prev[lb];
}

/* Suggests a name in the same family (same prefix up to the last '.') when
 * one is within a third of the name's length. */
const char *tirx_intrin_suggest(const char *name, size_t len) {
  const char *best = NULL;
  int bestd = (int)len / 3 + 1;
  for (int i = 0; i < INTRIN_COUNT; i++) {
    const char *n = table[i].name;
    int d = tirx_edit_distance(name, len, n, strlen(n));
    if (d < bestd) {
      bestd = d;
      best = n;
    }
  }
  return best;
}

static const char *const tile_ops[] = {
#define TILE(op) #op,
#include "tirx/intrin_tile.def"
#undef TILE
};

/* "cta.fill" → scope "cta", op "fill"; "warpgroup" is spelled "wg". */
bool tirx_tile_op_split(const char *name, const char **scope, size_t *scope_len, const char **op) {
  static const char *const scopes[] = {"tile", "warp", "wg", "warpgroup", "cta", "cluster"};
  const char *dot = strchr(name, '.');
  if (!dot || strchr(dot + 1, '.')) return false;
  size_t sl = (size_t)(dot - name);
  bool scope_ok = false;
  for (size_t i = 0; i < sizeof scopes / sizeof scopes[0]; i++)
    if (strlen(scopes[i]) == sl && memcmp(scopes[i], name, sl) == 0) scope_ok = true;
  if (!scope_ok) return false;
  for (size_t i = 0; i < sizeof tile_ops / sizeof tile_ops[0]; i++)
    if (strcmp(tile_ops[i], dot + 1) == 0) {
      *scope = sl == 9 ? "wg" : name;
      *scope_len = sl == 9 ? 2 : sl;
      *op = tile_ops[i];
      return true;
    }
  return false;
}
