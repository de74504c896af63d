/* Unit tests of the layout algebra (lib/Layout, include/tirx/internal/layout.h):
 * each case prints one line that test/Layout/layout-algebra.test checks. */
#include <stdio.h>
#include <string.h>

#include "tirx/internal/ir.h"
#include "tirx/internal/layout.h"

static Module *M;

static Layout mk(const int64_t *ext, const int64_t *str, const char *const *axis, int n) {
  Layout l;
  memset(&l, 0, sizeof l);
  l.it = TIRX_NEWN(M, LayIter, n);
  l.n = n;
  for (int i = 0; i < n; i++)
    l.it[i] = (LayIter){ext[i], str[i], axis && axis[i] ? tirx_intern0(M, axis[i]) : NULL};
  return l;
}

static void show(const char *what, const Layout *l) {
  char buf[512];
  printf("%s: %s\n", what, lay_str(l, buf, sizeof buf));
}

int main(void) {
  M = tirx_module_new("layout", NULL, 0);
  char why[256];
  /* canonical form: merge contiguous iters, drop extent 1 */
  {
    Layout l = mk((int64_t[]){4, 1, 8, 16}, (int64_t[]){128, 7, 16, 1}, NULL, 4), c;
    lay_canonical(M, &l, &c);
    show("canonical", &c);
    printf("equal-row-major: %d\n", lay_equal(M, &l, &(Layout){.it = (LayIter[]){{512, 1, NULL}}, .n = 1}));
  }
  /* a register layout: S[(32, 8):(1@laneid, 1)] */
  {
    Layout r = mk((int64_t[]){32, 8}, (int64_t[]){1, 1}, (const char *[]){"laneid", NULL}, 2), loc;
    lay_local(M, &r, &loc);
    show("local", &loc);
    printf("local-size: %lld lanes: %lld threads: %d\n", (long long)lay_local_size(&r),
           (long long)lay_thread_extent(&r, tirx_intern0(M, "laneid")), lay_has_threads(&r));
    const char *ax[] = {"laneid"};
    int64_t t[1];
    int64_t o = lay_apply(&r, 5 * 8 + 3, ax, 1, t);
    printf("apply(5,3): mem %lld laneid %lld\n", (long long)o, (long long)t[0]);
  }
  /* grouping by a shape splits an iter */
  {
    Layout l = mk((int64_t[]){64}, (int64_t[]){1}, NULL, 1), g;
    int st[3];
    if (lay_group(M, &l, (int64_t[]){8, 8}, 2, &g, st, why, sizeof why)) {
      show("group(8,8)", &g);
      printf("group-starts: %d %d %d\n", st[0], st[1], st[2]);
    }
    if (!lay_group(M, &l, (int64_t[]){6, 8}, 2, &g, st, why, sizeof why)) printf("group(6,8): %s\n", why);
  }
  /* slicing a region of a row-major 32x32 tile */
  {
    Layout l, s;
    lay_row_major(M, (int64_t[]){32, 32}, 2, &l);
    if (lay_slice(M, &l, (int64_t[]){32, 32}, 2, (int64_t[]){4, 8}, (int64_t[]){16, 8}, &s, why, sizeof why))
      show("slice[4:20, 8:16]", &s);
    /* rows (8, 8):(128, 16) are one run 64:16: rows 4:36 cross the inner iter (single_cp__7) */
    Layout q = mk((int64_t[]){8, 8, 16}, (int64_t[]){128, 16, 1}, (const char *[]){NULL, NULL, NULL}, 3);
    if (lay_slice(M, &q, (int64_t[]){64, 16}, 2, (int64_t[]){4, 0}, (int64_t[]){32, 16}, &s, why, sizeof why))
      show("merged slice[4:36, :]", &s);
    /* an offset along TLane (`+ 16 @ TLane`) moves the lanes lay_apply gives; lay_equal
     * tells it apart, lay_str prints it */
    Layout t = mk((int64_t[]){4, 16, 32}, (int64_t[]){32, 1, 1}, (const char *[]){"TLane", "TLane", "TCol"}, 3);
    Layout t16 = t;
    t16.naoff = 1;
    t16.aoff_axis = (const char *[]){tirx_intern0(M, "TLane")};
    t16.aoff = (int64_t[]){16};
    const char *tax[] = {"TLane", "TCol"};
    int64_t th[2];
    lay_apply(&t16, 32 * 17 + 3, tax, 2, th);
    printf("tlane offset: element (17, 3) at lane %lld col %lld; equal %d; %s\n", (long long)th[0],
           (long long)th[1], lay_equal(M, &t, &t16), lay_str(&t16, why, sizeof why));
    Layout q2 = mk((int64_t[]){8, 8, 16}, (int64_t[]){256, 16, 1}, (const char *[]){NULL, NULL, NULL}, 3);
    if (!lay_slice(M, &q2, (int64_t[]){64, 16}, 2, (int64_t[]){4, 0}, (int64_t[]){32, 16}, &s, why, sizeof why))
      printf("gapped slice[4:36, :]: %s\n", why);
    Layout r = mk((int64_t[]){32, 8}, (int64_t[]){1, 1}, (const char *[]){"laneid", NULL}, 2);
    if (lay_slice(M, &r, (int64_t[]){32, 8}, 2, (int64_t[]){0, 2}, (int64_t[]){32, 4}, &s, why, sizeof why))
      show("reg slice[:, 2:6]", &s);
    if (lay_slice(M, &r, (int64_t[]){32, 8}, 2, (int64_t[]){0, 0}, (int64_t[]){16, 8}, &s, why, sizeof why))
      show("reg slice[0:16, :]", &s);
    if (!lay_slice(M, &r, (int64_t[]){32, 8}, 2, (int64_t[]){8, 0}, (int64_t[]){16, 8}, &s, why, sizeof why))
      printf("reg slice[8:24, :]: %s\n", why);
  }
  /* broadcast: a (4, 1) column over (2, 4, 8); (4, 3) does not broadcast to (4, 8) */
  {
    Layout l, b;
    lay_row_major(M, (int64_t[]){4, 1}, 2, &l);
    if (lay_broadcast(M, &l, (int64_t[]){4, 1}, 2, (int64_t[]){2, 4, 8}, 3, &b, why, sizeof why))
      show("broadcast(4,1 -> 2,4,8)", &b);
    lay_row_major(M, (int64_t[]){4, 3}, 2, &l);
    if (!lay_broadcast(M, &l, (int64_t[]){4, 3}, 2, (int64_t[]){4, 8}, 2, &b, why, sizeof why))
      printf("broadcast(4,3 -> 4,8): %s\n", why);
  }
  /* swizzle: 128B swizzle of f16 rows (M=3, B=3, S=3) */
  {
    Layout l;
    lay_row_major(M, (int64_t[]){8, 64}, 2, &l);
    l.swz_m = 3, l.swz_b = 3, l.swz_s = 3;
    printf("swizzle(1,0): %lld swizzle(7,9): %lld contig: %lld\n", (long long)lay_apply(&l, 64, NULL, 0, NULL),
           (long long)lay_apply(&l, 7 * 64 + 9, NULL, 0, NULL), (long long)lay_contig(&l));
    show("swizzled", &l);
  }
  tirx_module_free(M);
  return 0;
}
