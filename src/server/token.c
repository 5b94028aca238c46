/*
 * token.c - seat tokens and table ids.  A seat token is 128 random bits
 * from the OS (getrandom), given to a person once, in a link, as hex; the
 * server keeps only its SHA-256 (OpenSSL's libcrypto, which libwebsockets
 * already links), so a copy of the database opens no seat.  Hashes are
 * compared with CRYPTO_memcmp, whose time does not depend on where two
 * hashes differ.
 */
#include "server.h"

#include <errno.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <string.h>
#include <sys/random.h>

int tbs_random_bytes(void *buf, size_t n)
{
    unsigned char *p = buf;
    while (n > 0) {
        ssize_t got = getrandom(p, n, 0);
        if (got < 0) {
            if (errno == EINTR)
                continue;
            return -1;
        }
        p += got;
        n -= (size_t)got;
    }
    return 0;
}

static void to_hex(const uint8_t *b, size_t n, char *out)
{
    static const char digits[] = "0123456789abcdef";
    for (size_t i = 0; i < n; i++) {
        out[2 * i] = digits[b[i] >> 4];
        out[2 * i + 1] = digits[b[i] & 15];
    }
    out[2 * n] = '\0';
}

static int hex_value(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* Reads exactly n bytes written as 2n hex digits; -1 otherwise. */
static int from_hex(const char *text, uint8_t *out, size_t n)
{
    if (strlen(text) != 2 * n)
        return -1;
    for (size_t i = 0; i < n; i++) {
        int hi = hex_value(text[2 * i]), lo = hex_value(text[2 * i + 1]);
        if (hi < 0 || lo < 0)
            return -1;
        out[i] = (uint8_t)(hi << 4 | lo);
    }
    return 0;
}

static int sha256(const void *data, size_t n, uint8_t out[TBS_HASH])
{
    unsigned len = 0;
    if (!EVP_Digest(data, n, out, &len, EVP_sha256(), NULL) ||
        len != TBS_HASH)
        return -1;
    return 0;
}

int tbs_token_new(char text[TBS_TOKEN_HEX + 1], uint8_t hash[TBS_HASH])
{
    uint8_t raw[TBS_TOKEN_BYTES];
    if (tbs_random_bytes(raw, sizeof raw) != 0)
        return -1;
    to_hex(raw, sizeof raw, text);
    int rc = sha256(raw, sizeof raw, hash);
    OPENSSL_cleanse(raw, sizeof raw);
    return rc;
}

int tbs_token_hash(const char *text, uint8_t hash[TBS_HASH])
{
    uint8_t raw[TBS_TOKEN_BYTES];
    if (!text || from_hex(text, raw, sizeof raw) != 0)
        return -1;
    int rc = sha256(raw, sizeof raw, hash);
    OPENSSL_cleanse(raw, sizeof raw);
    return rc;
}

int tbs_hash_equal(const uint8_t a[TBS_HASH], const uint8_t b[TBS_HASH])
{
    return CRYPTO_memcmp(a, b, TBS_HASH) == 0;
}

int tbs_table_id_new(char id[TBS_ID_HEX + 1])
{
    uint8_t raw[TBS_ID_HEX / 2];
    if (tbs_random_bytes(raw, sizeof raw) != 0)
        return -1;
    to_hex(raw, sizeof raw, id);
    return 0;
}

int tbs_is_table_id(const char *text)
{
    if (!text || strlen(text) != TBS_ID_HEX)
        return 0;
    for (const char *p = text; *p; p++)
        if (!((*p >= '0' && *p <= '9') || (*p >= 'a' && *p <= 'f')))
            return 0;
    return 1;
}
