/*
 * text.c - bounded string building over a caller's buffer, and the error
 * strings of the public API.
 */
#include "tabula.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void tb_text_init(tb_text *t, char *buf, size_t cap)
{
    t->buf = buf;
    t->cap = cap;
    t->len = 0;
    t->truncated = 0;
    if (cap)
        buf[0] = '\0';
}

void tb_text_printf(tb_text *t, const char *fmt, ...)
{
    if (t->len + 1 >= t->cap) {
        t->truncated = 1;
        return;
    }
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(t->buf + t->len, t->cap - t->len, fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    if ((size_t)n >= t->cap - t->len) {
        t->len = t->cap - 1;
        t->truncated = 1;
    } else {
        t->len += (size_t)n;
    }
}

void tb_text_puts(tb_text *t, const char *s)
{
    tb_text_printf(t, "%s", s);
}

const char *tb_strerror(int code)
{
    switch (code) {
    case TB_OK: return "ok";
    case TB_EINVAL: return "invalid argument";
    case TB_EILLEGAL: return "illegal action";
    case TB_ETERMINAL: return "the game is over";
    case TB_ECHANCE: return "wrong kind of step (chance or decision)";
    case TB_EPARSE: return "could not read the text";
    case TB_EIO: return "input/output error";
    case TB_EMISMATCH: return "the record does not match the rules";
    case TB_ENOMEM: return "out of memory";
    default: return "unknown error";
    }
}
