/* cg_codegen_split: the kernels of one module optimised and printed in parallel.
 *
 * Requires: a linked, verified module with two or more kernels (ptx_kernel functions);
 * it is left unchanged.  Guarantees: the PTX of a part is what the same module with the
 * other kernels removed gives on one thread, whatever `jobs` is and whichever thread ran
 * it; the joined PTX holds every kernel once.
 *
 *   bitcode   the module written once (LLVMWriteBitcodeToMemoryBuffer)
 *   parts     one per kernel, on up to `jobs` threads (the calling thread is one): each
 *             reads the bitcode into its own LLVMContext (a context is never shared
 *             between threads), drops the other kernels, and runs cg_opt_emit, the whole
 *             module's own pipeline and emission; global DCE keeps what the kernel uses
 *   join      one header (.version / .target / .address_size), then each part's
 *             module-scope items in kernel order; an item an earlier part already has
 *             (the same text: the dynamic shared memory, a declaration, a device
 *             function both parts kept identical) appears once
 *
 * If two parts define one symbol differently (a device function or a constant that the
 * pipeline changed for one caller), the items outnumber the symbols defined: the join is
 * refused (-1) and the caller compiles the module whole.
 */
#define _GNU_SOURCE /* memmem */
#include <llvm-c/BitReader.h>
#include <llvm-c/BitWriter.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "Support/arena.h"
#include "Support/clock.h"
#include "Support/strbuf.h"
#include "Target/NVPTX/cg.h"

typedef struct Part {
  char *kernel; /* the kernel this part keeps */
  char *ptx, *ir_opt, *err;
  StrBuf defs; /* the names it defines besides the kernel, one a line */
  double ms_opt, ms_ptx;
} Part;

typedef struct Split {
  const char *bc;
  size_t bclen;
  const TirxArchInfo *arch;
  int opt;
  bool keep_ir;
  Part *parts;
  int nparts;
  atomic_int next; /* the next part a worker takes */
} Split;


static bool is_kernel(LLVMValueRef f) {
  return !LLVMIsDeclaration(f) && LLVMGetFunctionCallConv(f) == LLVMPTXKernelCallConv;
}

static bool name_is(LLVMValueRef v, const char *name) {
  size_t len;
  const char *n = LLVMGetValueName2(v, &len);
  return strlen(name) == len && memcmp(n, name, len) == 0;
}

/* The names mod defines besides `kernel` (not LLVM's own llvm.* globals). */
static void collect_defs(LLVMModuleRef mod, const char *kernel, StrBuf *out) {
  for (LLVMValueRef f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f))
    if (!LLVMIsDeclaration(f) && !name_is(f, kernel)) {
      size_t len; /* set by the call before it is read: not in one argument list */
      const char *n = LLVMGetValueName2(f, &len);
      strbuf_put(out, n, len);
      strbuf_putc(out, '\n');
    }
  for (LLVMValueRef g = LLVMGetFirstGlobal(mod); g; g = LLVMGetNextGlobal(g)) {
    size_t len;
    const char *n = LLVMGetValueName2(g, &len);
    if (LLVMIsDeclaration(g) || (len > 5 && memcmp(n, "llvm.", 5) == 0)) continue;
    strbuf_put(out, n, len);
    strbuf_putc(out, '\n');
  }
}

static char *dup_s(const char *s) {
  size_t n = strlen(s);
  char *p = tirx_xmalloc(n + 1);
  memcpy(p, s, n + 1);
  return p;
}

/* One part: read the bitcode, keep p->kernel, optimise and print. */
static void run_part(const Split *s, Part *p) {
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMMemoryBufferRef mb = LLVMCreateMemoryBufferWithMemoryRange(s->bc, s->bclen, "tirx", 0);
  LLVMModuleRef mod = NULL;
  LLVMBool bad = LLVMParseBitcodeInContext2(ctx, mb, &mod);
  LLVMDisposeMemoryBuffer(mb);
  if (bad) {
    p->err = dup_s("cannot read back the module's bitcode\n");
    LLVMContextDispose(ctx);
    return;
  }
  for (LLVMValueRef f = LLVMGetFirstFunction(mod), next; f; f = next) {
    next = LLVMGetNextFunction(f);
    if (is_kernel(f) && !name_is(f, p->kernel)) {
      if (LLVMGetFirstUse(f)) { /* never made by irgen: refuse rather than guess */
        p->err = dup_s("a kernel is referenced by another function\n");
        goto done;
      }
      LLVMDeleteFunction(f);
    }
  }
  LLVMTargetMachineRef tm = cg_target_machine(s->arch, s->opt, &p->err);
  if (!tm) goto done;
  if (cg_opt_emit(mod, tm, s->opt, s->keep_ir, &p->ir_opt, &p->ptx, &p->ms_opt, &p->ms_ptx,
                  &p->err) == 0)
    collect_defs(mod, p->kernel, &p->defs);
  LLVMDisposeTargetMachine(tm);
done:
  LLVMDisposeModule(mod);
  LLVMContextDispose(ctx);
}

static void *worker(void *arg) {
  Split *s = arg;
  for (int i; (i = atomic_fetch_add(&s->next, 1)) < s->nparts;) run_part(s, &s->parts[i]);
  return NULL;
}

/* ---- the join ---------------------------------------------------------------------------- */

typedef struct Item {
  const char *p;
  size_t n;     /* the item's lines */
  size_t blank; /* the blank lines after it (LLVM's layout, kept) */
  bool def;     /* defines a symbol (a function body or a variable) other than a kernel */
  int kernel;   /* a kernel's .entry: its number among the module's kernels; else -1 */
  bool comment; /* a comment line ("// .globl NAME") */
} Item;

static void push_item(Item **items, int *n, int *cap, Item it) {
  if (*n == *cap) {
    *cap = *cap ? 2 * *cap : 16;
    *items = tirx_xrealloc(*items, (size_t)*cap, sizeof **items);
  }
  (*items)[(*n)++] = it;
}

/* A kernel's body with its function-numbered names as in the whole module: LLVM names
 * block labels $L__BB<function number>_<block> and the local stack __local_depot<function
 * number>, and a part's kernel is function 0 of its module, the k-th kernel of the whole
 * one.  Both are local to the function, so this is cosmetic: it keeps the PTX of a module
 * whose kernels call no device function byte-identical to the module compiled whole. */
static void put_renumbered(StrBuf *out, const char *p, size_t n, int k) {
  static const char *const prefixes[] = {"$L__BB", "__local_depot"};
  const char *end = p + n;
  while (p < end) {
    const char *hit = NULL;
    size_t plen = 0;
    for (int i = 0; i < 2; i++) {
      size_t len = strlen(prefixes[i]);
      const char *h = memmem(p, (size_t)(end - p), prefixes[i], len);
      if (h && (!hit || h < hit)) hit = h, plen = len;
    }
    if (!hit) break;
    const char *d = hit + plen, *e = d;
    while (e < end && *e >= '0' && *e <= '9') e++;
    strbuf_put(out, p, (size_t)(d - p));
    bool label = plen == 6;
    if (e > d && (!label || (e < end && *e == '_'))) strbuf_printf(out, "%d", k);
    else strbuf_put(out, d, (size_t)(e - d));
    p = e;
  }
  strbuf_put(out, p, (size_t)(end - p));
}

/* The end of the header: the line after ".address_size", or NULL. */
static const char *after_header(const char *ptx) {
  const char *a = strstr(ptx, "\n.address_size");
  if (!a) return NULL;
  const char *nl = strchr(a + 1, '\n');
  return nl ? nl + 1 : a + strlen(a);
}

static bool starts(const char *p, const char *end, const char *w) {
  size_t n = strlen(w);
  return (size_t)(end - p) >= n && memcmp(p, w, n) == 0;
}

static bool blank_line(const char *p, const char *end) {
  while (p < end && (*p == ' ' || *p == '\t' || *p == '\r')) p++;
  return p == end;
}

/* The module-scope items of one part's PTX from p (after its header and the blank lines
 * after it): a comment line ("// .globl NAME") is an item alone; a function ends at its
 * "}" line (column 0), anything else at a line ending in ';'.  Returns false if the text
 * ends inside an item. */
static bool split_items(const char *p, int part, Item **items, int *n, int *cap) {
  const char *start = NULL, *first = NULL; /* the item, and its first line */
  bool body = false;
  while (*p) {
    const char *nl = strchr(p, '\n'), *end = nl ? nl : p + strlen(p);
    const char *next = nl ? nl + 1 : end;
    if (!start && blank_line(p, end)) { /* after an item: kept with it, but after a
                                           later kernel's "// .globl" (where a part
                                           prints its empty globals) */
      if (*n && !(part > 0 && (*items)[*n - 1].comment))
        (*items)[*n - 1].blank += (size_t)(next - p);
      p = next;
      continue;
    }
    const char *q = p;
    while (q < end && (*q == ' ' || *q == '\t')) q++;
    bool comment = starts(q, end, "//");
    if (!start && comment) {
      push_item(items, n, cap, (Item){p, (size_t)(next - p), 0, false, -1, true});
      p = next;
      continue;
    }
    if (!start) start = first = p;
    if (end - p == 1 && *p == '{') body = true;
    const char *r = end;
    while (r > q && (r[-1] == ' ' || r[-1] == '\t' || r[-1] == '\r')) r--;
    bool done = body ? (end - p == 1 && *p == '}') : (!comment && r > q && r[-1] == ';');
    if (done) {
      const char *fe = strchr(first, '\n');
      if (!fe) fe = first + strlen(first);
      bool entry = memmem(first, (size_t)(fe - first), ".entry ", 7) != NULL;
      bool ext = starts(first, fe, ".extern");
      bool proto = !body && memmem(first, (size_t)(fe - first), ".func", 5) != NULL;
      push_item(items, n, cap,
                (Item){start, (size_t)(next - start), 0, !entry && !ext && !proto,
                       entry ? part : -1, false});
      start = first = NULL;
      body = false;
    }
    p = next;
  }
  return start == NULL;
}

/* The first non-blank line at or after p. */
static const char *skip_blank(const char *p) {
  while (*p) {
    const char *nl = strchr(p, '\n');
    const char *end = nl ? nl : p + strlen(p);
    if (!blank_line(p, end)) break;
    p = nl ? nl + 1 : end;
  }
  return p;
}

/* Distinct lines over all parts' defs. */
static int count_names(const Part *parts, int n) {
  Arena *a = arena_new();
  Interner *seen = interner_new(a); /* each distinct line once: linear in the text */
  for (int i = 0; i < n; i++) {
    const char *d = strbuf_str(&parts[i].defs);
    for (const char *l = d; *l;) {
      const char *e = strchr(l, '\n');
      interner_get(seen, l, (size_t)(e - l));
      l = e + 1;
    }
  }
  int count = (int)seen->n;
  interner_free(seen);
  arena_free(a);
  return count;
}

/* The joined PTX, or NULL when the parts cannot be joined.  Part 0's header and the
 * blank lines after it; each item once, with the blank lines that follow it (so the
 * layout is LLVM's for the module compiled whole). */
static char *join_parts(const Part *parts, int n) {
  const char *h = after_header(parts[0].ptx);
  if (!h) return NULL;
  size_t hlen = (size_t)(h - parts[0].ptx);
  Item *items = NULL;
  int nitems = 0, cap = 0;
  for (int i = 0; i < n; i++) {
    const char *body = after_header(parts[i].ptx);
    if (!body || (size_t)(body - parts[i].ptx) != hlen ||
        memcmp(parts[i].ptx, parts[0].ptx, hlen) != 0 ||
        !split_items(skip_blank(body), i, &items, &nitems, &cap)) {
      free(items);
      return NULL;
    }
  }
  StrBuf out = {0};
  strbuf_put(&out, parts[0].ptx, (size_t)(skip_blank(h) - parts[0].ptx));
  int ndefs = 0;
  Arena *a = arena_new();
  Interner *seen = interner_new(a); /* the items' texts: an item seen before is skipped */
  for (int i = 0; i < nitems; i++) {
    size_t before = seen->n;
    interner_get(seen, items[i].p, items[i].n);
    if (seen->n == before) continue;
    ndefs += items[i].def;
    if (items[i].kernel >= 0) put_renumbered(&out, items[i].p, items[i].n, items[i].kernel);
    else strbuf_put(&out, items[i].p, items[i].n);
    strbuf_put(&out, items[i].p + items[i].n, items[i].blank);
  }
  free(items);
  interner_free(seen);
  arena_free(a);
  if (ndefs != count_names(parts, n)) {
    strbuf_free(&out);
    return NULL;
  }
  return strbuf_take(&out);
}

/* The parts' optimised IR, one after the other. */
static char *join_ir(const Part *parts, int n) {
  StrBuf out = {0};
  for (int i = 0; i < n; i++) {
    strbuf_printf(&out, "; ---- part %d of %d: kernel %s\n", i + 1, n, parts[i].kernel);
    strbuf_puts(&out, parts[i].ir_opt ? parts[i].ir_opt : "");
  }
  return strbuf_take(&out);
}

int cg_codegen_split(LLVMModuleRef mod, const TirxArchInfo *arch, int opt, int jobs, bool keep_ir,
                     char **ir_opt, char **ptx, double *ms_opt, double *ms_ptx, char **err) {
  *err = NULL;
  double t0 = tirx_now_ms();
  Split s = {.arch = arch, .opt = opt, .keep_ir = keep_ir};
  for (LLVMValueRef f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f))
    s.nparts += is_kernel(f);
  s.parts = tirx_xcalloc((size_t)s.nparts, sizeof *s.parts);
  int k = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f))
    if (is_kernel(f)) {
      size_t len;
      const char *name = LLVMGetValueName2(f, &len);
      s.parts[k].kernel = tirx_xmalloc(len + 1);
      memcpy(s.parts[k].kernel, name, len);
      s.parts[k++].kernel[len] = '\0';
    }
  LLVMMemoryBufferRef bc = LLVMWriteBitcodeToMemoryBuffer(mod);
  s.bc = LLVMGetBufferStart(bc);
  s.bclen = LLVMGetBufferSize(bc);
  atomic_init(&s.next, 0);

  int nthreads = jobs < s.nparts ? jobs : s.nparts;
  pthread_t *th = tirx_xcalloc((size_t)nthreads, sizeof *th);
  int started = 0;
  for (; started < nthreads - 1; started++) /* the calling thread is the last worker */
    if (pthread_create(&th[started], NULL, worker, &s) != 0) break;
  worker(&s);
  for (int i = 0; i < started; i++) pthread_join(th[i], NULL);
  free(th);
  LLVMDisposeMemoryBuffer(bc);

  int rc = 0;
  double sum_opt = 0, sum_ptx = 0;
  for (int i = 0; i < s.nparts && rc == 0; i++) {
    if (s.parts[i].err) {
      *err = s.parts[i].err;
      s.parts[i].err = NULL;
      rc = 1;
    }
    sum_opt += s.parts[i].ms_opt;
    sum_ptx += s.parts[i].ms_ptx;
  }
  if (rc == 0) {
    *ptx = join_parts(s.parts, s.nparts);
    if (!*ptx) rc = -1;
    else if (keep_ir) *ir_opt = join_ir(s.parts, s.nparts);
  }
  /* the stages' wall time, shared between them as their time on the threads is */
  double wall = tirx_now_ms() - t0, sum = sum_opt + sum_ptx;
  *ms_opt = sum > 0 ? wall * sum_opt / sum : wall;
  *ms_ptx = wall - *ms_opt;
  for (int i = 0; i < s.nparts; i++) {
    free(s.parts[i].kernel);
    free(s.parts[i].ptx);
    free(s.parts[i].ir_opt);
    free(s.parts[i].err);
    strbuf_free(&s.parts[i].defs);
  }
  free(s.parts);
  return rc;
}
