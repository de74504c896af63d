/* SHA-256 (FIPS 180-4), for the compile cache's keys and entry checksums.
 *
 *   TirxSha256 s;  tirx_sha256_init(&s);  tirx_sha256_update(&s, p, n);  ...
 *   uint8_t d[32]; tirx_sha256_final(&s, d);      (or tirx_sha256_hex for 64 chars + NUL)
 */
#ifndef TIRX_SUPPORT_SHA256_H
#define TIRX_SUPPORT_SHA256_H

#include <stddef.h>
#include <stdint.h>

typedef struct TirxSha256 {
  uint32_t h[8];
  uint64_t bytes;  /* total input length */
  uint8_t buf[64]; /* pending partial block */
  size_t nbuf;
} TirxSha256;

void tirx_sha256_init(TirxSha256 *s);
void tirx_sha256_update(TirxSha256 *s, const void *data, size_t n);
void tirx_sha256_final(TirxSha256 *s, uint8_t out[32]);
/* One-shot digest of a buffer. */
void tirx_sha256(const void *data, size_t n, uint8_t out[32]);
/* 32 bytes → 64 lowercase hex digits + NUL. */
void tirx_sha256_hex(const uint8_t d[32], char out[65]);

#endif
