/* Post-ptxas rewrites of a cubin's SASS: tirx-llc --sass-interleave-ffma[=N]
 * (TirxCompileOptions.sass_interleave_ffma).
 *
 * ptxas may emit a long run of FFMAs (a block-scaled GEMM's promotion: acc += tmp * scale,
 * one per accumulator) whose control words do not let the warp yield, so the scheduler
 * keeps issuing that warp while another warp (the other consumer warpgroup's wgmma issue)
 * waits.  The rewrite walks every run of at least MIN_RUN consecutive FFMAs of every
 * `.text.<kernel>` section and makes every N-th FFMA since the last yielding one yield
 * (its yield bit cleared), clearing that FFMA's operand-reuse flags (a yield voids the
 * reuse cache; a cleared flag only makes the next instruction read the register file).
 * N = 2 is the interleave DeepGEMM applies to its cubins; N = 1 makes every FFMA of the
 * run yield; "none" (-1) the opposite: no FFMA of such a run yields.  Nothing else of the cubin changes: no instruction moves, no stall count or
 * dependency barrier changes, so the schedule ptxas checked stays correct.  The encoding
 * facts (instruction size, control word, yield and reuse bits, the FFMA opcode forms) are
 * the rows of sass.def, per arch; other archs are refused. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "driver.h"

typedef struct SassArch {
  const char *arch, *enc;
} SassArch;

typedef struct SassEnc {
  const char *enc;
  unsigned insn_bytes, ctrl_word, yield_bit;
  uint64_t reuse_mask;
  unsigned min_run;
} SassEnc;

typedef struct SassOp {
  const char *enc;
  uint64_t mask, value;
  const char *form;
} SassOp;

static const SassArch sass_arches[] = {
#define SASS_ARCH(arch, enc) {arch, enc},
#include "sass.def"
};

static const SassEnc sass_encs[] = {
#define SASS_ENC(enc, insn_bytes, ctrl_word, yield_bit, reuse_mask, min_run) \
  {enc, insn_bytes, ctrl_word, yield_bit, reuse_mask, min_run},
#include "sass.def"
};

static const SassOp sass_ffmas[] = {
#define SASS_FFMA(enc, mask, value, form) {enc, mask, value, form},
#include "sass.def"
};

#define NELEMS(a) (sizeof(a) / sizeof((a)[0]))

static const SassEnc *sass_enc(const char *arch) {
  for (size_t i = 0; arch && i < NELEMS(sass_arches); i++)
    if (!strcmp(sass_arches[i].arch, arch))
      for (size_t j = 0; j < NELEMS(sass_encs); j++)
        if (!strcmp(sass_encs[j].enc, sass_arches[i].enc)) return &sass_encs[j];
  return NULL;
}

/* "sm_90, sm_90a, ": the archs sass.def covers (print all but the last 2 characters) */
static const char sass_arch_list[] = ""
#define SASS_ARCH(arch, enc) arch ", "
#include "sass.def"
    ;
#define SASS_ARCH_LIST_LEN ((int)sizeof sass_arch_list - 3)

int drv_sass_check_arch(const char *arch, TirxDiag *diag) {
  if (sass_enc(arch)) return 0;
  tirx_diag_add(diag, DIAG_ERROR, 0, 0,
                "--sass-interleave-ffma: no SASS encoding table for %s (it covers %.*s; "
                "lib/Driver/sass.def)",
                arch ? arch : "?", SASS_ARCH_LIST_LEN, sass_arch_list);
  return 1;
}

static uint64_t rd64(const uint8_t *p) {
  uint64_t v = 0;
  for (int i = 7; i >= 0; i--) v = v << 8 | p[i];
  return v;
}

static void wr64(uint8_t *p, uint64_t v) {
  for (int i = 0; i < 8; i++, v >>= 8) p[i] = (uint8_t)v;
}

/* The FFMA forms of one encoding: sass.def's rows for e, picked once per cubin. */
typedef struct SassForms {
  const SassOp *op[NELEMS(sass_ffmas)];
  size_t n;
} SassForms;

static void ffma_forms(const SassEnc *e, SassForms *f) {
  f->n = 0;
  for (size_t i = 0; i < NELEMS(sass_ffmas); i++)
    if (!strcmp(sass_ffmas[i].enc, e->enc)) f->op[f->n++] = &sass_ffmas[i];
}

static bool is_ffma(const uint8_t *insn, const SassForms *f) {
  uint64_t lo = rd64(insn);
  for (size_t i = 0; i < f->n; i++)
    if ((lo & f->op[i]->mask) == f->op[i]->value) return true;
  return false;
}

/* Instructions [from, to) of text, all FFMAs: every `every`-th one since the last that
 * yields is made to yield, without its reuse flags; every < 0 (TIRX_SASS_FFMA_NO_YIELD):
 * none of them yields (their reuse flags stay as ptxas set them: it sets none on a
 * yielding instruction).  Returns how many changed. */
static int interleave_run(uint8_t *text, size_t from, size_t to, const SassEnc *e, int every) {
  int gap = 0, changed = 0;
  const uint64_t yield = 1ull << e->yield_bit;
  for (size_t k = from; k < to; k++) {
    uint8_t *w = text + k * e->insn_bytes + 8 * e->ctrl_word;
    uint64_t c = rd64(w);
    if (every < 0) {
      if (!(c & yield)) wr64(w, c | yield), changed++;
      continue;
    }
    if (!(c & yield)) { /* yields already */
      gap = 0;
      continue;
    }
    if (++gap < every) continue;
    wr64(w, c & ~yield & ~e->reuse_mask);
    gap = 0;
    changed++;
  }
  return changed;
}

static int rewrite_text(uint8_t *text, size_t size, const SassEnc *e, const SassForms *f,
                        int every) {
  size_t n = size / e->insn_bytes;
  int changed = 0;
  for (size_t i = 0; i < n;) {
    size_t j = i;
    while (j < n && is_ffma(text + j * e->insn_bytes, f)) j++;
    if (j - i >= e->min_run) changed += interleave_run(text, i, j, e, every);
    i = j > i ? j : i + 1;
  }
  return changed;
}

/* ELF64 little-endian header and section-header fields the walk reads. */
enum {
  ELF_SHOFF = 0x28,
  ELF_SHENTSIZE = 0x3a,
  ELF_SHNUM = 0x3c,
  ELF_SHSTRNDX = 0x3e,
  ELF_MACHINE = 0x12,
  EM_CUDA = 190,
  SH_NAME = 0x00,
  SH_TYPE = 0x04,
  SH_OFFSET = 0x18,
  SH_SIZE = 0x20,
  SH_MIN = 0x40,
  SHT_PROGBITS = 1,
};

static unsigned rd16(const uint8_t *p) { return (unsigned)p[0] | (unsigned)p[1] << 8; }
static uint32_t rd32(const uint8_t *p) { return (uint32_t)(rd16(p) | (uint32_t)rd16(p + 2) << 16); }

/* The byte range [off, off + len) lies inside a buffer of size n. */
static bool in_bounds(uint64_t off, uint64_t len, size_t n) { return off <= n && len <= n - off; }

int drv_sass_interleave_ffma(void *cubin, size_t size, const char *arch, int every, int *nchanged,
                             TirxDiag *diag) {
  *nchanged = 0;
  const SassEnc *e = sass_enc(arch);
  if (!e) return drv_sass_check_arch(arch, diag);
  uint8_t *b = cubin;
  static const uint8_t ident[6] = {0x7f, 'E', 'L', 'F', 2 /* 64-bit */, 1 /* LE */};
  if (size < 0x40 || memcmp(b, ident, sizeof ident) || rd16(b + ELF_MACHINE) != EM_CUDA) goto bad;
  uint64_t shoff = rd64(b + ELF_SHOFF);
  unsigned shentsize = rd16(b + ELF_SHENTSIZE), shnum = rd16(b + ELF_SHNUM);
  unsigned shstrndx = rd16(b + ELF_SHSTRNDX);
  if (shentsize < SH_MIN || shstrndx >= shnum ||
      !in_bounds(shoff, (uint64_t)shentsize * shnum, size))
    goto bad;
  const uint8_t *strsh = b + shoff + (uint64_t)shentsize * shstrndx;
  uint64_t stroff = rd64(strsh + SH_OFFSET), strsize = rd64(strsh + SH_SIZE);
  if (!in_bounds(stroff, strsize, size)) goto bad;
  SassForms forms;
  ffma_forms(e, &forms);
  for (unsigned s = 0; s < shnum; s++) {
    const uint8_t *sh = b + shoff + (uint64_t)shentsize * s;
    uint32_t name = rd32(sh + SH_NAME);
    uint64_t off = rd64(sh + SH_OFFSET), len = rd64(sh + SH_SIZE);
    if (rd32(sh + SH_TYPE) != SHT_PROGBITS || name >= strsize) continue;
    const char *nm = (const char *)b + stroff + name;
    if (!memchr(nm, 0, strsize - name) || strncmp(nm, ".text.", 6)) continue;
    if (!in_bounds(off, len, size) || len % e->insn_bytes) goto bad;
    *nchanged += rewrite_text(b + off, (size_t)len, e, &forms, every);
  }
  return 0;
bad:
  tirx_diag_add(diag, DIAG_ERROR, 0, 0,
                "internal error: --sass-interleave-ffma: ptxas's output is not a cubin this "
                "rewrite can read (ELF64 little-endian, EM_CUDA, code in .text.<kernel>)");
  return 1;
}
