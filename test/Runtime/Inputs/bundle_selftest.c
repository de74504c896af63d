/* bundle_selftest.c — round trip of the .tirxb format (tirx/bundle.h).
 *
 *   tirx-bundle-selftest [OUT.tirxb]
 *
 * Builds a bundle that uses every plan feature (symbols, tensor/scalar/handle params,
 * every kernel-argument source, every launch dimension, dyn smem, flags, TMA tensor-map
 * specs and both tensor-map argument forms) plus a cubin and a PTX code object; writes it to memory, reads it back, and checks that the plans
 * dump identically and that re-writing gives the same bytes.  Then every truncated
 * prefix, a bad magic, a bad version and a corrupted index must be rejected with an
 * error (never a crash).  Prints the dump (for FileCheck) and "ok"/"FAIL" lines; exits
 * 1 on any failure.  With OUT, also writes the bundle there (for tirx-bundle-dump). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tirx/bundle.h"

static int failures;

#define EXPECT(cond, ...)                                                               \
  do {                                                                                  \
    if (!(cond)) {                                                                      \
      printf("FAIL: " __VA_ARGS__);                                                     \
      printf("\n");                                                                     \
      failures++;                                                                       \
    }                                                                                   \
  } while (0)

static void push(TirxPlanExpr *e, TirxExprOpcode op, int64_t imm) {
  if (tirx_plan_expr_push(e, op, imm) != 0)
    failures++;
}

/* main(A: Tensor([n, 64], float16), B: Tensor([n // 2 + 1], bfloat16), alpha: float32,
        m: int64, h: handle) with two kernels. */
static TirxPlan *build_plan(void) {
  TirxPlan *p = tirx_plan_create("main");
  int n = tirx_plan_add_symbol(p, "n", (DLDataType){kDLInt, 32, 1});
  int m = tirx_plan_add_symbol(p, "m", (DLDataType){kDLInt, 64, 1});
  TirxPlanExpr a[2], b[1], e;
  tirx_plan_expr_init(&a[0]);
  tirx_plan_expr_init(&a[1]);
  tirx_plan_expr_init(&b[0]);
  tirx_plan_expr_init(&e);
  push(&a[0], TIRX_EXPR_SYM, n);
  push(&a[1], TIRX_EXPR_CONST, 64);
  push(&b[0], TIRX_EXPR_SYM, n);
  push(&b[0], TIRX_EXPR_CONST, 2);
  push(&b[0], TIRX_EXPR_FLOORDIV, 0);
  push(&b[0], TIRX_EXPR_CONST, 1);
  push(&b[0], TIRX_EXPR_ADD, 0);
  EXPECT(tirx_plan_add_tensor_param(p, "A", "A_ptr", (DLDataType){kDLFloat, 16, 1}, 2, a) == 0,
         "add A");
  EXPECT(tirx_plan_add_tensor_param(p, "B", NULL, (DLDataType){kDLBfloat, 16, 1}, 1, b) == 1,
         "add B");
  EXPECT(tirx_plan_add_scalar_param(p, "alpha", (DLDataType){kDLFloat, 32, 1}, -1) == 2,
         "add alpha");
  EXPECT(tirx_plan_add_scalar_param(p, "m", (DLDataType){kDLInt, 64, 1}, m) == 3, "add m");
  EXPECT(tirx_plan_add_handle_param(p, "h") == 4, "add h");
  tirx_plan_expr_clear(&a[0]);
  tirx_plan_expr_clear(&a[1]);
  tirx_plan_expr_clear(&b[0]);

  int k0 = tirx_plan_add_kernel(p, "main_kernel");
  tirx_plan_kernel_add_arg(p, k0, TIRX_ARG_DATA_PTR, 0, TIRX_CTYPE_PTR);
  tirx_plan_kernel_add_arg(p, k0, TIRX_ARG_DATA_PTR, 1, TIRX_CTYPE_PTR);
  tirx_plan_kernel_add_arg(p, k0, TIRX_ARG_DATA_PTR, 4, TIRX_CTYPE_PTR);
  tirx_plan_kernel_add_arg(p, k0, TIRX_ARG_SCALAR_PARAM, 2, TIRX_CTYPE_F32);
  tirx_plan_kernel_add_arg(p, k0, TIRX_ARG_SYMBOL, n, TIRX_CTYPE_I32);
  tirx_plan_kernel_add_arg(p, k0, TIRX_ARG_SYMBOL, m, TIRX_CTYPE_I64);
  push(&e, TIRX_EXPR_SYM, n);
  push(&e, TIRX_EXPR_SYM, m);
  push(&e, TIRX_EXPR_MAX, 0);
  tirx_plan_kernel_add_expr_arg(p, k0, &e, TIRX_CTYPE_U32);
  tirx_plan_expr_clear(&e);
  push(&e, TIRX_EXPR_SYM, n);
  push(&e, TIRX_EXPR_CONST, 128);
  push(&e, TIRX_EXPR_CEILDIV, 0);
  EXPECT(tirx_plan_kernel_set_launch(p, k0, TIRX_LAUNCH_GRID, 0, &e) == 0, "grid");
  tirx_plan_expr_set_const(&e, 4);
  tirx_plan_kernel_set_launch(p, k0, TIRX_LAUNCH_GRID, 1, &e);
  tirx_plan_expr_set_const(&e, 128);
  tirx_plan_kernel_set_launch(p, k0, TIRX_LAUNCH_BLOCK, 0, &e);
  tirx_plan_expr_set_const(&e, 2);
  tirx_plan_kernel_set_launch(p, k0, TIRX_LAUNCH_CLUSTER, 0, &e);
  tirx_plan_expr_set_const(&e, 4);
  tirx_plan_kernel_set_launch(p, k0, TIRX_LAUNCH_PREFERRED_CLUSTER, 0, &e);
  tirx_plan_expr_clear(&e);
  push(&e, TIRX_EXPR_SYM, n);
  push(&e, TIRX_EXPR_CONST, 4);
  push(&e, TIRX_EXPR_MUL, 0);
  push(&e, TIRX_EXPR_CONST, 1024);
  push(&e, TIRX_EXPR_MIN, 0);
  tirx_plan_kernel_set_dyn_smem(p, k0, &e);
  tirx_plan_expr_clear(&e);
  tirx_plan_kernel_set_flags(p, k0, TIRX_KERNEL_PDL);

  int k1 = tirx_plan_add_kernel(p, "main_kernel_1");
  tirx_plan_kernel_add_arg(p, k1, TIRX_ARG_DATA_PTR, 1, TIRX_CTYPE_PTR);
  tirx_plan_kernel_add_arg(p, k1, TIRX_ARG_SCALAR_PARAM, 2, TIRX_CTYPE_BF16);
  tirx_plan_expr_set_const(&e, 32);
  tirx_plan_kernel_set_launch(p, k1, TIRX_LAUNCH_BLOCK, 0, &e);
  tirx_plan_expr_set_const(&e, -1);
  tirx_plan_kernel_set_launch(p, k1, TIRX_LAUNCH_GRID, 2, &e);
  tirx_plan_expr_clear(&e);
  tirx_plan_kernel_set_flags(p, k1, TIRX_KERNEL_COOPERATIVE);
  return p;
}

/* tma(A: Tensor([n, 128], float16), h: handle): two tensor-map specs (symbolic dims
   and offset, every enum, a TF32 override) and a kernel taking both maps by value,
   the caller's map behind h, and A's data pointer. */
static TirxPlan *build_tma_plan(void) {
  TirxPlan *p = tirx_plan_create("tma");
  int n = tirx_plan_add_symbol(p, "n", (DLDataType){kDLInt, 32, 1});
  TirxPlanExpr shape[2];
  tirx_plan_expr_init(&shape[0]);
  tirx_plan_expr_init(&shape[1]);
  push(&shape[0], TIRX_EXPR_SYM, n);
  push(&shape[1], TIRX_EXPR_CONST, 128);
  EXPECT(tirx_plan_add_tensor_param(p, "A", NULL, (DLDataType){kDLFloat, 16, 1}, 2, shape) == 0,
         "add A");
  EXPECT(tirx_plan_add_handle_param(p, "h") == 1, "add h");
  tirx_plan_expr_clear(&shape[0]);
  tirx_plan_expr_clear(&shape[1]);

  TirxPlanTensorMap m;
  tirx_plan_tensor_map_init(&m);
  m.name = "A_map";
  m.param = 0;
  m.dtype = (DLDataType){kDLFloat, 16, 1};
  m.rank = 2;
  push(&m.byte_offset, TIRX_EXPR_SYM, n);
  push(&m.byte_offset, TIRX_EXPR_CONST, 256);
  push(&m.byte_offset, TIRX_EXPR_MUL, 0);
  push(&m.global_dim[0], TIRX_EXPR_CONST, 128);
  push(&m.global_dim[1], TIRX_EXPR_SYM, n);
  push(&m.global_strides[0], TIRX_EXPR_CONST, 256);
  push(&m.box_dim[0], TIRX_EXPR_CONST, 64);
  push(&m.box_dim[1], TIRX_EXPR_CONST, 32);
  push(&m.element_strides[0], TIRX_EXPR_CONST, 1);
  push(&m.element_strides[1], TIRX_EXPR_CONST, 1);
  m.swizzle = 3;
  m.l2_promotion = 2;
  m.oob_fill = 1;
  EXPECT(tirx_plan_add_tensor_map(p, &m) == 0, "add A_map");
  tirx_plan_tensor_map_clear(&m);
  m.name = "B_map";
  m.param = 0;
  m.dtype = (DLDataType){kDLFloat, 32, 1};
  m.rank = 3;
  int64_t dims[3] = {32, 4, -1}, strides[2] = {128, 512}, box[3] = {32, 4, 1};
  for (int i = 0; i < 3; i++) {
    if (dims[i] < 0)
      push(&m.global_dim[i], TIRX_EXPR_SYM, n);
    else
      push(&m.global_dim[i], TIRX_EXPR_CONST, dims[i]);
    if (i < 2)
      push(&m.global_strides[i], TIRX_EXPR_CONST, strides[i]);
    push(&m.box_dim[i], TIRX_EXPR_CONST, box[i]);
    push(&m.element_strides[i], TIRX_EXPR_CONST, 1);
  }
  m.interleave = 1;
  m.force_cu_dtype = 11;
  EXPECT(tirx_plan_add_tensor_map(p, &m) == 1, "add B_map");
  tirx_plan_tensor_map_clear(&m);

  int k = tirx_plan_add_kernel(p, "tma_kernel");
  EXPECT(tirx_plan_kernel_add_arg(p, k, TIRX_ARG_TENSOR_MAP, 0, TIRX_CTYPE_TENSORMAP) == 0,
         "arg A_map");
  tirx_plan_kernel_add_arg(p, k, TIRX_ARG_TENSOR_MAP, 1, TIRX_CTYPE_TENSORMAP);
  tirx_plan_kernel_add_arg(p, k, TIRX_ARG_DATA_PTR, 1, TIRX_CTYPE_TENSORMAP);
  tirx_plan_kernel_add_arg(p, k, TIRX_ARG_DATA_PTR, 0, TIRX_CTYPE_PTR);
  return p;
}

static TirxBundle *build_bundle(void) {
  TirxBundle *b = tirx_bundle_create();
  static const unsigned char cubin[] = {0x7f, 'E', 'L', 'F', 2, 1, 1, 0x33, 0, 0, 0xff};
  static const char ptx[] = ".version 8.6\n.target sm_90a\n.address_size 64\n";
  EXPECT(tirx_bundle_add_code(b, TIRX_CODE_CUBIN, "sm_90a", cubin, sizeof cubin) == 0,
         "add cubin");
  EXPECT(tirx_bundle_add_code(b, TIRX_CODE_PTX, "sm_90a", ptx, strlen(ptx)) == 1, "add ptx");
  EXPECT(tirx_bundle_add_code(b, TIRX_CODE_CUBIN, "sm_1000000000000000a", cubin, 1) < 0,
         "overlong arch accepted");
  EXPECT(tirx_bundle_add_plan(b, build_plan()) == 0, "add plan");
  TirxPlan *q = tirx_plan_create("other");
  tirx_plan_add_kernel(q, "other_kernel");
  tirx_plan_set_signature(q, "other()");
  EXPECT(tirx_bundle_add_plan(b, q) == 1, "add plan 2");
  EXPECT(tirx_bundle_add_plan(b, build_tma_plan()) == 2, "add plan 3");
  return b;
}

/* Plans and code objects compare equal (dumps + bytes). */
static void compare(const TirxBundle *x, const TirxBundle *y) {
  EXPECT(x->ncodes == y->ncodes && x->nplans == y->nplans, "counts differ");
  for (int32_t i = 0; i < x->ncodes && i < y->ncodes; i++) {
    EXPECT(x->codes[i].kind == y->codes[i].kind, "code %d kind", (int)i);
    EXPECT(strcmp(x->codes[i].arch, y->codes[i].arch) == 0, "code %d arch", (int)i);
    EXPECT(x->codes[i].size == y->codes[i].size &&
               memcmp(x->codes[i].data, y->codes[i].data, x->codes[i].size) == 0,
           "code %d bytes", (int)i);
  }
  for (int32_t i = 0; i < x->nplans && i < y->nplans; i++) {
    char *dx = tirx_plan_dump(x->plans[i]), *dy = tirx_plan_dump(y->plans[i]);
    EXPECT(dx && dy && strcmp(dx, dy) == 0, "plan %d differs:\n%s---\n%s", (int)i, dx, dy);
    free(dx);
    free(dy);
  }
}

/* data must be rejected; prints the message for the named case. */
static void expect_reject(const char *what, const void *data, size_t n, int print) {
  TirxBundle *b = NULL;
  char *err = NULL;
  if (tirx_bundle_read(data, n, &b, &err) == 0) {
    printf("FAIL: %s accepted\n", what);
    failures++;
    tirx_bundle_destroy(b);
  } else if (!err) {
    printf("FAIL: %s: no message\n", what);
    failures++;
  } else if (print) {
    printf("%s: %s\n", what, err);
  }
  free(err);
}

/* The writer must refuse plan p (consumed); prints its message. */
static void writer_rejects(TirxPlan *p) {
  TirxBundle *w = tirx_bundle_create();
  tirx_bundle_add_code(w, TIRX_CODE_PTX, "sm_90a", ".version 8.6\n", 13);
  tirx_bundle_add_plan(w, p);
  void *wb = NULL;
  size_t wn = 0;
  char *werr = NULL;
  EXPECT(tirx_bundle_write(w, &wb, &wn, &werr) != 0, "plan %s written", p->name);
  printf("writer: %s\n", werr ? werr : "(none)");
  free(werr);
  free(wb);
  tirx_bundle_destroy(w);
}

int main(int argc, char **argv) {
  TirxBundle *b = build_bundle();
  void *buf = NULL, *buf2 = NULL;
  size_t n = 0, n2 = 0;
  char *err = NULL;
  if (tirx_bundle_write(b, &buf, &n, &err) != 0) {
    printf("FAIL: write: %s\n", err);
    return 1;
  }
  TirxBundle *r = NULL;
  if (tirx_bundle_read(buf, n, &r, &err) != 0) {
    printf("FAIL: read: %s\n", err);
    return 1;
  }
  compare(b, r);
  EXPECT(tirx_bundle_write(r, &buf2, &n2, NULL) == 0, "rewrite");
  EXPECT(n == n2 && memcmp(buf, buf2, n) == 0, "rewritten bytes differ");
  EXPECT(r->codes[1].size == strlen(((const char *)r->codes[1].data)) + 1,
         "PTX not NUL-terminated");
  EXPECT(tirx_bundle_find_plan(r, NULL) == r->plans[0], "find main");
  EXPECT(tirx_bundle_find_plan(r, "other") == r->plans[1], "find other");
  EXPECT(tirx_bundle_find_plan(r, "nope") == NULL, "find nope");
  printf("size %zu\n", n);
  for (int32_t i = 0; i < r->nplans; i++) {
    char *d = tirx_plan_dump(r->plans[i]);
    fputs(d, stdout);
    free(d);
  }
  if (failures == 0)
    printf("round trip: ok\n");

  /* File round trip. */
  const char *path = argc > 1 ? argv[1] : NULL;
  if (path) {
    TirxBundle *f = NULL;
    EXPECT(tirx_bundle_write_file(b, path, &err) == 0, "write file: %s", err);
    EXPECT(tirx_bundle_read_file(path, &f, &err) == 0, "read file: %s", err);
    if (f)
      compare(b, f);
    tirx_bundle_destroy(f);
  }

  /* Every strict prefix is rejected (and never crashes). */
  for (size_t len = 0; len < n; len++)
    expect_reject("prefix", buf, len, 0);
  printf("truncations: rejected %zu prefixes\n", n);
  unsigned char *bad = malloc(n);
  memcpy(bad, buf, n);
  bad[0] = 'X';
  expect_reject("bad magic", bad, n, 1);
  EXPECT(((unsigned char *)buf)[8] == 2, "a bundle with tensor maps is not version 2");
  memcpy(bad, buf, n);
  bad[8] = 4; /* 3 is NVSHMEM bundles (test/CodeGen/NVPTX/nvshmem_bundle.test) */
  expect_reject("bad version", bad, n, 1);
  memcpy(bad, buf, n);
  bad[8] = 1; /* version 1 has no tensor maps: the PLAN payloads are too long */
  expect_reject("version 1 header", bad, n, 1);
  /* Flip every byte of the body in turn: reading must never crash (some flips, e.g.
     inside code bytes, are legitimately accepted). */
  size_t accepted = 0;
  for (size_t i = 24; i < n; i++) {
    memcpy(bad, buf, n);
    bad[i] ^= 0xA5;
    TirxBundle *x = NULL;
    char *e2 = NULL;
    if (tirx_bundle_read(bad, n, &x, &e2) == 0)
      accepted++;
    tirx_bundle_destroy(x);
    free(e2);
  }
  printf("byte flips: survived %zu\n", n - 24);
  (void)accepted;
  free(bad);

  /* Without tensor maps the writer keeps version 1 (readable by older runtimes). */
  {
    TirxBundle *v1 = tirx_bundle_create();
    tirx_bundle_add_code(v1, TIRX_CODE_PTX, "sm_90a", ".version 8.6\n", 13);
    tirx_bundle_add_plan(v1, build_plan());
    void *vb = NULL;
    size_t vn = 0;
    TirxBundle *vr = NULL;
    EXPECT(tirx_bundle_write(v1, &vb, &vn, NULL) == 0, "write v1");
    EXPECT(vb && ((unsigned char *)vb)[8] == 1, "a bundle without tensor maps is not version 1");
    EXPECT(vb && tirx_bundle_read(vb, vn, &vr, NULL) == 0, "read v1");
    if (vr)
      compare(v1, vr);
    printf("version 1 without tensor maps: %s\n", vb ? "ok" : "FAIL");
    tirx_bundle_destroy(vr);
    tirx_bundle_destroy(v1);
    free(vb);
  }

  /* A tensor-map argument without its spec, a spec of rank 6 and a tensor passed as a
     tensor map are refused by the writer. */
  TirxPlan *tp = build_tma_plan();
  tirx_plan_kernel_add_arg(tp, tirx_plan_add_kernel(tp, "tma_kernel_1"), TIRX_ARG_TENSOR_MAP, 2,
                           TIRX_CTYPE_TENSORMAP);
  writer_rejects(tp);
  tp = build_tma_plan();
  tp->maps[1].rank = 6;
  writer_rejects(tp);
  tp = build_tma_plan();
  tirx_plan_kernel_add_arg(tp, 0, TIRX_ARG_DATA_PTR, 0, TIRX_CTYPE_TENSORMAP);
  writer_rejects(tp);

  /* A plan with a dangling symbol index is refused by the writer. */
  TirxPlan *p = tirx_plan_create("broken");
  int k = tirx_plan_add_kernel(p, "broken_kernel");
  tirx_plan_kernel_add_arg(p, k, TIRX_ARG_SYMBOL, 3, TIRX_CTYPE_I32);
  writer_rejects(p);

  tirx_bundle_destroy(b);
  tirx_bundle_destroy(r);
  free(buf);
  free(buf2);
  free(err);
  printf("failures: %d\n", failures);
  return failures ? 1 : 0;
}
