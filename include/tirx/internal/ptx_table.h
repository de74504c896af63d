/* The T.ptx instruction table and its engine (lib/IR/ptx_table.c).
 *
 * include/tirx/internal/ptx_table.def is the one T.ptx registry: the PTX rows
 * below, then the data of their lowering column (PTX_NVVM, PTX_IR and PTX_ALU
 * rows, described where they start in that file; tirx_ptx_lookup answers for
 * a spelling from all of them).  It has one PTX row per PTX instruction *shape*:
 *
 *   PTX(NAME, "mnemonic", ARCH, FLAGS, "slots", "operands", "sample", "rule")
 *
 *   NAME      the entry's identifier (ld_vec, mbarrier_try_wait_parity); the
 *             IR names the entry by it.
 *   mnemonic  the PTX opcode ("ld", "cp", "st.bulk"); the *family* a user
 *             types after `T.ptx.` is the mnemonic with dots as underscores.
 *   ARCH      SM_ANY, SM_80, SM_90, SM_90A, SM_100, SM_100A, SM_103A,
 *             SM_107A, SM_107F: the arch the shape needs (PTX ISA fact).
 *   FLAGS     PTXF_ORDERS_MEMORY (fences, barriers, waits: a "memory"
 *             clobber although no address is named), PTXF_NOT_VOLATILE;
 *             and the lowering column: PTXF_LOWER_LLVM (a spelling may
 *             become plain LLVM IR: a scalar ALU/conversion family),
 *             PTXF_LOWER_NVVM (a spelling may become an NVVM intrinsic: a
 *             PTX_NVVM row, a TMA tile copy), neither: inline asm.  Codegen
 *             tries only the lowerings the row names;
 *             scripts/ptx-lowering.py derives the column and checks it.
 *   slots     the modifier slots in PTX order, space separated:
 *             `name=tok|tok` (required) or `name?=tok|tok` (optional);
 *             `tok@sm_100` raises the floor when that token is chosen
 *             (hand-set: the f32x2 and mixed-type forms).
 *   operands  the operands in PTX order, space separated:
 *             `name.RW.KIND` then `;key=value` attributes:
 *               RW   r (source), w (destination), rw (accumulator)
 *               KIND reg, addr ([a]), ptr (a pointer value), imm (in the text)
 *               t=   the PTX type: a type token or the name of the slot that
 *                    holds it (default: the `type` slot; an omitted optional
 *                    slot falls back to `type`)
 *               dt=  the dtypes accepted, `|` separated (default: by type)
 *               n=   register-group length (default 1), vec=0/1 brace form
 *               sp=  the state space of an addr (default: the `space` slot)
 *               br=  adjacent members render inside one [...] bracket
 *               pipe= adjacent members render as `p|q`
 *               off  accepts T.ptx.addr(base, byte_offset)
 *               lit= a fixed text operand (`_`), no call argument
 *               ch=  the closed domain of a caller immediate
 *               sink lanes may be T.ptx.SINK
 *             t=, dt=, n= and sink= may depend on slots: `[k1+k2]v1+v2>R,...,*>D`
 *             maps the tokens of slots k1, k2 (`-` = omitted) to R, else D.
 *   sample    the tokens of one legal spelling, one per slot in slot order
 *             (`-` = omitted), space separated, for the generated tests.
 *   rule      the cross-slot legality rule over the slots it involves:
 *             `+[k1+k2]a+b,c+d` lists the legal token combinations,
 *             `-[k1+k2]...` the illegal ones; "" = every combination.
 *
 * The engine resolves a call in any spelling to one entry (tirx_ptx_fill,
 * tirx_ptx_layout), the parser checks operands against it, the printer prints
 * it back, and NVPTX codegen renders it.  The parsed table is built once per
 * process (pthread_once) and never changes. */
#ifndef TIRX_PTX_TABLE_H
#define TIRX_PTX_TABLE_H

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
  SM_ANY,
  SM_75,
  SM_80,
  SM_90,
  SM_90A,
  SM_100,
  SM_100A,
  SM_103A,
  SM_107A,
  SM_107F
} PtxArch;

enum {
  PTXF_ORDERS_MEMORY = 1u << 0,
  PTXF_NOT_VOLATILE = 1u << 1,
  PTXF_LOWER_LLVM = 1u << 2, /* the lowering column (see FLAGS above) */
  PTXF_LOWER_NVVM = 1u << 3,
};

typedef enum { PTXRW_R, PTXRW_W, PTXRW_RW } PtxRw;
typedef enum { PTXK_REG, PTXK_ADDR, PTXK_PTR, PTXK_IMM } PtxKind;

/* A property that may depend on slot tokens. */
typedef struct PtxTab {
  const char *value; /* constant value, or the default; NULL = unset */
  int nkeys;
  int *keys; /* slot indices */
  int nrows;
  const char **combo; /* nrows * nkeys tokens ("" = omitted) */
  const char **vals;  /* nrows values */
} PtxTab;

typedef struct PtxSlot {
  const char *name;
  bool optional;
  int ntok;
  const char **tok;
  PtxArch *tokarch; /* per token: a floor above the row's (`tok@sm_100`), or SM_ANY */
  size_t *toklen;   /* per token: strlen(tok[k]) */
} PtxSlot;

typedef struct PtxOperand {
  const char *name;
  PtxRw rw;
  PtxKind kind;
  const char *space; /* fixed state space or NULL */
  PtxTab type, dtypes, lanes, sink;
  int vector; /* -1 unset, 0, 1 */
  const char *bracket, *pipe;
  bool off;
  const char *literal;
  int nchoices;
  const char **choices;
} PtxOperand;

/* A legality rule: the token combinations of `keys` that are (allow) or are
 * not (!allow) legal. */
typedef struct PtxRule {
  bool allow;
  int nkeys;
  int *keys;
  int ncombos;
  const char **combo; /* ncombos * nkeys tokens ("" = omitted) */
} PtxRule;

typedef struct PtxEntry {
  int index;
  const char *name, *mnemonic;
  const char *family; /* mnemonic with '.' → '_' */
  PtxArch arch;
  unsigned flags;
  int nslots;
  PtxSlot *slots;
  int nops;
  PtxOperand *ops;
  const char *sample;
  PtxRule rule;
} PtxEntry;

int tirx_ptx_count(void);
const PtxEntry *tirx_ptx_entry(int i);
const PtxEntry *tirx_ptx_find(const char *name);
/* The entries of a family, in table order; returns the count (0 = none). */
int tirx_ptx_family(const char *family, size_t len, const PtxEntry *const **out);
/* The closest family name (edit distance), or NULL. */
const char *tirx_ptx_suggest_family(const char *family, size_t len);
/* The one T.ptx registry's answer for a spelling ("mbarrier.init.shared.b64",
 * the text after "ptx."): what the evaluator and codegen choose between. */
typedef struct PtxLookup {
  int nrows;                      /* the PTX rows of its family (0 = none) ... */
  const PtxEntry *const *rows;    /* ... in table order */
  const char *rest;               /* the spelling after the family (".shared.b64") */
  const struct Intrin *value;     /* the PTX_NVVM / PTX_IR row of exactly this spelling */
  const struct PtxAluFamily *alu; /* the PTX_ALU family of its first token */
} PtxLookup;
void tirx_ptx_lookup(const char *spelling, PtxLookup *out);
const char *tirx_ptx_arch_name(PtxArch a); /* "sm_90a" ... "" for SM_ANY */
/* The sm number (80, 90, 100, 103, 107) and whether an "a"/"f" arch is required. */
int tirx_ptx_arch_sm(PtxArch a, bool *specific);
/* The floor of one spelling: the row's, raised by the tokens chosen (`tok@sm_N`). */
PtxArch tirx_ptx_spelling_arch(const PtxEntry *e, const char *const *mods);

/* Puts `tok` into the first open slot (mods[i] == NULL) that lists it;
 * returns the slot index or -1. */
int tirx_ptx_fill(const PtxEntry *e, const char **mods, const char *tok, size_t len);
/* The value of a tabulated property under `mods` (NULL entries = omitted). */
const char *tirx_ptx_tab(const PtxTab *t, const char *const *mods);
int tirx_ptx_lanes(const PtxOperand *o, const char *const *mods);
/* The PTX type token of a reg operand ("u32", "pred", "b32" ...). */
const char *tirx_ptx_optype(const PtxEntry *e, const PtxOperand *o, const char *const *mods);
/* The state space of an addr operand ("" = generic). */
const char *tirx_ptx_opspace(const PtxEntry *e, const PtxOperand *o, const char *const *mods);
/* The accepted TVM dtype names of a reg operand, `|` separated, canonical first. */
const char *tirx_ptx_opdtypes(const PtxEntry *e, const PtxOperand *o, const char *const *mods);
bool tirx_ptx_sinkable(const PtxOperand *o, const char *const *mods);
/* Whether the operand renders as a brace group. */
bool tirx_ptx_is_group(const PtxOperand *o, const char *const *mods);
/* Whether the entry writes a destination register. */
bool tirx_ptx_has_dst(const PtxEntry *e);
/* The "memory" clobber rule: a non-tmem address operand, or PTXF_ORDERS_MEMORY. */
bool tirx_ptx_touches_memory(const PtxEntry *e, const char *const *mods);
/* Whether the slot tokens obey the entry's cross-slot rule. */
bool tirx_ptx_rule_ok(const PtxEntry *e, const char *const *mods);
/* The marker string of a call (its last argument, see lib/Parse/eval_ptx.c):
 * whether it holds `word` ("pred", "keep"), or `kind` followed by `idx`
 * ("p3", "s0"). */
bool tirx_ptx_marker_has(const char *marker, size_t n, const char *word);
bool tirx_ptx_marker_index(const char *marker, size_t n, char kind, int idx);
/* Whether dtype name `dt` (len n) is in a `|` list. */
bool tirx_ptx_list_has(const char *list, const char *dt, size_t n);

#ifdef __cplusplus
}
#endif

#endif
