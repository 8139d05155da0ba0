// omp-sessions' line scanner (docs/performance.md, "A native line scanner").
//
// scanLine(buf, start, end, out) reads one JSONL line, bytes [start, end) of
// a Buffer, and answers one question: is it a pi/omp `message` entry that
// JSON.parse would accept, of the common shape the tree's preview needs? When
// it is, it returns the message's role (1 user, 2 assistant, 3 toolResult) and
// writes into `out` (an Int32Array) the byte spans of the few strings the
// preview reads; JavaScript decodes only those. Anything else returns 0 and
// the line goes to the ordinary parse, which decides everything about it
// (a damaged line, another entry type, an unusual shape, a key or a type
// written with escapes, a repeated key, deep nesting).
//
// It only ever says yes to a line JSON.parse accepts: RFC 8259's grammar as
// V8 reads it from the line decoded as UTF-8 (whitespace: space, tab, CR, LF;
// no raw control characters in strings; escapes " \ / b f n r t uXXXX, lone
// surrogates allowed; any byte 0x80 or above is kept inside a string, as the
// decoder makes it a character that is never a quote, a backslash or a
// control character, and refused outside one). It may say no to a line
// JSON.parse accepts (nesting deeper than MAX_DEPTH): that line is parsed.
#ifndef SCAN_NO_NAPI
#include <node_api.h>
#endif
#include <stdint.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#define MAX_DEPTH 64
#define MAX_BLOCKS 16

// out layout: fields 0..5 (type, id, parentId, timestamp, role, content) at 3*k: start, end, flags.
// flags: bit 0 a backslash in the string, bit 1 a byte >= 0x80, bits 8..: kind (0 absent, 1 string, 2 null, 3 array).
// out[18]: blocks; block b at 19 + 7*b: kind (1 text, 2 image), text start/end/flags, document start/end/flags.
enum { F_TYPE, F_ID, F_PARENT, F_TS, F_ROLE, F_CONTENT, N_FIELDS };
#define OUT_BLOCKS 18
#define OUT_LEN (19 + 7 * MAX_BLOCKS)
#define K_STRING 1
#define K_NULL 2
#define K_ARRAY 3

typedef struct {
  const uint8_t *b;  // the buffer
  size_t i, end;
  int32_t *out;
  int keep;       // UTF-16 units a cut string keeps (at least)
  int nblocks;
  int bad;        // 1: not a yes
} S;

// Contexts a value is read in.
enum { C_ANY, C_TOP, C_MESSAGE, C_CONTENT, C_BLOCK };

static const uint8_t *special_table(void) {
  static uint8_t t[256];
  static int made = 0;
  if (!made) {
    for (int c = 0; c < 256; c++) t[c] = (c < 0x20 || c == '"' || c == '\\');
    made = 1;
  }
  return t;
}
static uint8_t SPECIAL[256];
static int8_t HEX[256];

static inline void ws(S *s) {
  while (s->i < s->end) {
    uint8_t c = s->b[s->i];
    if (c != ' ' && c != '\t' && c != '\r' && c != '\n') break;
    s->i++;
  }
}

// A string whose opening quote is at s->i: its body [*from, *to), flags. 0 on error.
static int string(S *s, size_t *from, size_t *to, int *flags) {
  const uint8_t *b = s->b;
  size_t i = s->i + 1, end = s->end;
  int f = 0;
  *from = i;
  for (;;) {
#ifdef __SSE2__
    const __m128i q = _mm_set1_epi8('"'), bs = _mm_set1_epi8('\\'), lim = _mm_set1_epi8(0x1f), hi = _mm_set1_epi8((char)0x80);
    while (i + 16 <= end) {
      __m128i x = _mm_loadu_si128((const __m128i *)(b + i));
      __m128i sp = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(x, q), _mm_cmpeq_epi8(x, bs)), _mm_cmpeq_epi8(_mm_max_epu8(x, lim), lim));
      int m = _mm_movemask_epi8(sp);
      int h = _mm_movemask_epi8(_mm_and_si128(x, hi));
      if (m == 0) {
        if (h) f |= 2;
        i += 16;
        continue;
      }
      int k = __builtin_ctz((unsigned)m);
      if (h & ((1u << k) - 1)) f |= 2;
      i += k;
      break;
    }
#endif
    while (i < end && !SPECIAL[b[i]]) {
      if (b[i] >= 0x80) f |= 2;
      i++;
    }
    if (i >= end) return 0;
    uint8_t c = b[i];
    if (c == '"') {
      *to = i;
      *flags = f;
      s->i = i + 1;
      return 1;
    }
    if (c != '\\' || i + 1 >= end) return 0;
    f |= 1;
    uint8_t e = b[i + 1];
    if (e == 'u') {
      if (i + 6 > end || HEX[b[i + 2]] < 0 || HEX[b[i + 3]] < 0 || HEX[b[i + 4]] < 0 || HEX[b[i + 5]] < 0) return 0;
      i += 6;
    } else if (e == '"' || e == '\\' || e == '/' || e == 'b' || e == 'f' || e == 'n' || e == 'r' || e == 't') {
      i += 2;
    } else {
      return 0;
    }
  }
}

// Where a string body [from, to) is cut so that it keeps at least `keep` UTF-16 units: the first byte starting a
// character (or an escape) once that many are counted; `to` when it has no more. Each escape and each byte that is
// not a UTF-8 continuation byte counts one unit: each decodes to one unit or more (a four-byte character to two, a
// bad byte to U+FFFD), so at least `keep` units are kept whatever the bytes; the cut is never inside a character, and
// the decoded part is the start of the whole string's decoding.
static size_t cut_at(const uint8_t *b, size_t from, size_t to, int keep) {
  if ((long)(to - from) <= keep) return to;
  size_t j = from;
  long units = 0;
  while (j < to) {
    uint8_t c = b[j];
    if (units >= keep && (c & 0xc0) != 0x80) return j;
    if (c == '\\') {
      j += b[j + 1] == 'u' ? 6 : 2;
      units++;
    } else {
      j++;
      if (c < 0x80 || c >= 0xc0) units++;
    }
  }
  return to;
}

static int number(S *s) {
  const uint8_t *b = s->b;
  size_t i = s->i, end = s->end;
  if (b[i] == '-') i++;
  if (i >= end) return 0;
  if (b[i] == '0') i++;
  else if (b[i] >= '1' && b[i] <= '9')
    while (i < end && b[i] >= '0' && b[i] <= '9') i++;
  else
    return 0;
  if (i < end && b[i] == '.') {
    i++;
    if (i >= end || b[i] < '0' || b[i] > '9') return 0;
    while (i < end && b[i] >= '0' && b[i] <= '9') i++;
  }
  if (i < end && (b[i] == 'e' || b[i] == 'E')) {
    i++;
    if (i < end && (b[i] == '+' || b[i] == '-')) i++;
    if (i >= end || b[i] < '0' || b[i] > '9') return 0;
    while (i < end && b[i] >= '0' && b[i] <= '9') i++;
  }
  s->i = i;
  return 1;
}

static int literal(S *s, const char *w, size_t n) {
  if (s->i + n > s->end || memcmp(s->b + s->i, w, n) != 0) return 0;
  s->i += n;
  return 1;
}

static inline void put(S *s, int at, size_t from, size_t to, int flags) {
  s->out[at] = (int32_t)from;
  s->out[at + 1] = (int32_t)to;
  s->out[at + 2] = flags;
}

static int value(S *s, int ctx, int depth, int slot);

static inline int bytes_are(const uint8_t *b, size_t from, size_t to, const char *w) {
  size_t n = strlen(w);
  return to - from == n && memcmp(b + from, w, n) == 0;
}

// An object at s->i ('{'), read in context ctx.
static int object(S *s, int ctx, int depth) {
  if (depth >= MAX_DEPTH) return 0;
  s->i++;
  ws(s);
  if (s->i < s->end && s->b[s->i] == '}') {
    s->i++;
    return 1;
  }
  int seen = 0;  // keys of interest seen (a repeated one: no)
  int block = -1;
  if (ctx == C_BLOCK) {
    if (s->nblocks >= MAX_BLOCKS) return 0;
    block = s->nblocks;
  }
  int bkind = 0;
  for (;;) {
    if (s->i >= s->end || s->b[s->i] != '"') return 0;
    size_t kf, kt;
    int kflags;
    if (!string(s, &kf, &kt, &kflags)) return 0;
    ws(s);
    if (s->i >= s->end || s->b[s->i] != ':') return 0;
    s->i++;
    ws(s);
    if (s->i >= s->end) return 0;
    int sub = C_ANY, slot = -1, bit = 0;
    if (ctx != C_ANY && ctx != C_CONTENT) {
      // A key written with escapes may be one of ours: no.
      if (kflags & 1) return 0;
      const uint8_t *b = s->b;
      if (ctx == C_TOP) {
        if (bytes_are(b, kf, kt, "type")) slot = F_TYPE, bit = 1;
        else if (bytes_are(b, kf, kt, "id")) slot = F_ID, bit = 2;
        else if (bytes_are(b, kf, kt, "parentId")) slot = F_PARENT, bit = 4;
        else if (bytes_are(b, kf, kt, "timestamp")) slot = F_TS, bit = 8;
        else if (bytes_are(b, kf, kt, "message")) sub = C_MESSAGE, bit = 16;
      } else if (ctx == C_MESSAGE) {
        if (bytes_are(b, kf, kt, "role")) slot = F_ROLE, bit = 1;
        else if (bytes_are(b, kf, kt, "content")) slot = F_CONTENT, sub = C_CONTENT, bit = 2;
      } else if (ctx == C_BLOCK) {
        if (bytes_are(b, kf, kt, "type")) slot = 19 + 7 * block, bit = 1;
        else if (bytes_are(b, kf, kt, "text")) slot = 19 + 7 * block + 1, bit = 2;
        else if (bytes_are(b, kf, kt, "document")) slot = 19 + 7 * block + 4, bit = 4;
      }
      if (seen & bit) return 0;
      seen |= bit;
    }
    if (ctx == C_BLOCK && slot >= 0) {
      uint8_t c = s->b[s->i];
      if (bit == 1) {
        // The block's type: text or image as written, else a block the preview skips; escaped: no.
        if (c == '"') {
          size_t f, t;
          int fl;
          if (!string(s, &f, &t, &fl)) return 0;
          if (fl & 1) return 0;
          bkind = bytes_are(s->b, f, t, "text") ? 1 : bytes_are(s->b, f, t, "image") ? 2 : 0;
        } else if (!value(s, C_ANY, depth + 1, -1))
          return 0;
      } else if (c == '"') {
        size_t f, t;
        int fl;
        if (!string(s, &f, &t, &fl)) return 0;
        put(s, slot, f, cut_at(s->b, f, t, s->keep), fl | (K_STRING << 8));
      } else if (!value(s, C_ANY, depth + 1, -1))
        return 0;
    } else if (slot >= 0 || sub != C_ANY) {
      if (!value(s, sub, depth + 1, slot)) return 0;
    } else if (!value(s, C_ANY, depth + 1, -1))
      return 0;
    ws(s);
    if (s->i >= s->end) return 0;
    uint8_t d = s->b[s->i++];
    if (d == '}') break;
    if (d != ',') return 0;
    ws(s);
  }
  if (ctx == C_TOP && !(seen & 16)) return 0;  // no message
  if (ctx == C_BLOCK) {
    if (bkind != 0) {
      s->out[19 + 7 * block] = bkind;
      s->nblocks++;
    } else {
      // a block the preview skips: forget what it said
      memset(s->out + 19 + 7 * block, 0, 7 * sizeof(int32_t));
    }
  }
  return 1;
}

// A value at s->i. slot >= 0: a field whose span is kept (strings, null; the content's array).
static int value(S *s, int ctx, int depth, int slot) {
  if (s->i >= s->end) return 0;
  uint8_t c = s->b[s->i];
  if (c == '{') {
    if (ctx == C_CONTENT || slot >= 0) {
      // an object where a string was expected (the content, an id): no
      return 0;
    }
    return object(s, ctx == C_TOP || ctx == C_MESSAGE || ctx == C_BLOCK ? ctx : C_ANY, depth);
  }
  if (ctx == C_MESSAGE || ctx == C_TOP || ctx == C_BLOCK) return 0;  // these must be objects
  if (c == '[') {
    if (depth >= MAX_DEPTH) return 0;
    int elem = C_ANY;
    if (ctx == C_CONTENT) {
      s->out[F_CONTENT * 3 + 2] = K_ARRAY << 8;
      elem = C_BLOCK;
    } else if (slot >= 0)
      return 0;
    s->i++;
    ws(s);
    if (s->i < s->end && s->b[s->i] == ']') {
      s->i++;
      return 1;
    }
    for (;;) {
      if (s->i >= s->end) return 0;
      // content's elements: objects are blocks, anything else is skipped by the preview
      int e = elem == C_BLOCK && s->b[s->i] != '{' ? C_ANY : elem;
      if (!value(s, e, depth + 1, -1)) return 0;
      ws(s);
      if (s->i >= s->end) return 0;
      uint8_t d = s->b[s->i++];
      if (d == ']') return 1;
      if (d != ',') return 0;
      ws(s);
    }
  }
  if (c == '"') {
    size_t f, t;
    int fl;
    if (!string(s, &f, &t, &fl)) return 0;
    if (slot >= 0) put(s, slot * 3, f, ctx == C_CONTENT ? cut_at(s->b, f, t, s->keep) : t, fl | (K_STRING << 8));
    return 1;
  }
  if (slot >= 0 && c != 'n') return 0;  // a number or a boolean where a string was expected: no
  if (c == '-' || (c >= '0' && c <= '9')) return number(s);
  if (c == 't') return literal(s, "true", 4);
  if (c == 'f') return literal(s, "false", 5);
  if (c == 'n') {
    if (!literal(s, "null", 4)) return 0;
    if (slot >= 0) {
      if (ctx == C_CONTENT) return 0;
      put(s, slot * 3, 0, 0, K_NULL << 8);
    }
    return 1;
  }
  return 0;
}

static int scan(const uint8_t *b, size_t start, size_t end, int32_t *out, int keep) {
  S s = {b, start, end, out, keep, 0, 0};
  memset(out, 0, OUT_LEN * sizeof(int32_t));
  ws(&s);
  if (s.i >= s.end || b[s.i] != '{') return 0;
  if (!object(&s, C_TOP, 0)) return 0;
  ws(&s);
  if (s.i != s.end) return 0;
  out[OUT_BLOCKS] = s.nblocks;
  // type "message" as written
  if ((out[F_TYPE * 3 + 2] >> 8) != K_STRING || (out[F_TYPE * 3 + 2] & 1) || !bytes_are(b, out[0], out[1], "message")) return 0;
  int rf = out[F_ROLE * 3 + 2];
  if ((rf >> 8) != K_STRING || (rf & 1)) return 0;
  size_t rs = out[F_ROLE * 3], re = out[F_ROLE * 3 + 1];
  if (bytes_are(b, rs, re, "user")) return 1;
  if (bytes_are(b, rs, re, "assistant")) return 2;
  if (bytes_are(b, rs, re, "toolResult")) return 3;
  return 0;
}

// (SCAN_NO_NAPI: scan() alone, for a C harness under the sanitizers)
#ifndef SCAN_NO_NAPI
// scanLine(buf, start, end, out, keep) -> role code (0: parse the line)
static napi_value ScanLine(napi_env env, napi_callback_info info) {
  size_t argc = 5;
  napi_value argv[5], result;
  if (napi_get_cb_info(env, info, &argc, argv, NULL, NULL) != napi_ok || argc < 5) goto fail;
  void *data;
  size_t len;
  if (napi_get_buffer_info(env, argv[0], &data, &len) != napi_ok) goto fail;
  int32_t start, end, keep;
  if (napi_get_value_int32(env, argv[1], &start) != napi_ok || napi_get_value_int32(env, argv[2], &end) != napi_ok || napi_get_value_int32(env, argv[4], &keep) != napi_ok) goto fail;
  napi_typedarray_type tt;
  size_t olen;
  void *odata;
  if (napi_get_typedarray_info(env, argv[3], &tt, &olen, &odata, NULL, NULL) != napi_ok || tt != napi_int32_array || olen < OUT_LEN) goto fail;
  if (start < 0 || end < start || (size_t)end > len || len > 0x7fffffff) goto fail;
  napi_create_int32(env, scan((const uint8_t *)data, start, end, (int32_t *)odata, keep), &result);
  return result;
fail:
  napi_create_int32(env, 0, &result);
  return result;
}

static napi_value Init(napi_env env, napi_value exports) {
  const uint8_t *t = special_table();
  memcpy(SPECIAL, t, 256);
  for (int c = 0; c < 256; c++) HEX[c] = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F') ? 1 : -1;
  napi_value fn, n;
  napi_create_function(env, "scanLine", NAPI_AUTO_LENGTH, ScanLine, NULL, &fn);
  napi_set_named_property(env, exports, "scanLine", fn);
  napi_create_int32(env, OUT_LEN, &n);
  napi_set_named_property(env, exports, "outLength", n);
  napi_create_int32(env, 1, &n);
  napi_set_named_property(env, exports, "version", n);
  return exports;
}

NAPI_MODULE(NODE_GYP_MODULE_NAME, Init)
#endif
