// Redaction (§6): secret keys, content keys, value patterns and size limits.
// Everything written under ROOT or into a note passes through here.
import { codePointLength, cut, headCodePoints, pyCompact, sha256Hex } from "./serialize.js";

const SECRET_TOKENS = new Set([
  "authorization", "bearer", "password", "passwd", "passphrase", "secret", "secrets",
  "cookie", "cookies", "apikey", "privatekey", "accesskey", "credential", "credentials",
]);
const SECRET_PAIRS = new Set(["api key", "private key", "access key"]);

const CONTENT_KEYS = new Set([
  "prompt", "user_prompt", "message", "messages", "content", "transcript", "tool_response", "tool_output",
  "response", "result", "stdout", "stderr", "last_assistant_message", "prompt_response", "old_string",
  "new_string", "old_str", "new_str", "file_text", "patch", "diff", "output", "text", "custom_instructions",
]);

/** Whole key tokens: `apiKey`/`APIKey` → api key; `max_tokens` is not a secret, `GITHUB_TOKEN` is. */
export function isSecretKey(key: string): boolean {
  const tokens = key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((t) => t.toLowerCase());
  if (tokens.length === 0) return false;
  for (let i = 0; i < tokens.length; i++) {
    if (SECRET_TOKENS.has(tokens[i])) return true;
    if (i > 0 && SECRET_PAIRS.has(tokens[i - 1] + " " + tokens[i])) return true;
  }
  return tokens[tokens.length - 1] === "token";
}

export const isContentKey = (key: string): boolean => CONTENT_KEYS.has(key.toLowerCase());

const PATTERNS: [RegExp, string | ((...m: string[]) => string)][] = [
  [/-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z0-9 ]*PRIVATE KEY-----|$)/g, "[REDACTED]"],
  [/\b((?:proxy-)?authorization)(["']?\s*[:=]\s*)[^\r\n"']+/gi, "$1$2[REDACTED]"],
  [/\b(bearer\s+)[A-Za-z0-9._~+/=-]{12,}/gi, "$1[REDACTED]"],
  [/\b([a-z][a-z0-9+.-]*:\/\/)[^\s/@:]+:[^\s/@]+@/gi, "$1[REDACTED]@"],
  [/\bsk-[A-Za-z0-9_-]{12,}/g, "[REDACTED]"],
  [/\b(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,})/g, "[REDACTED]"],
  [/\bxox[baprs]-[A-Za-z0-9-]{10,}/g, "[REDACTED]"],
  [/\b(?:AKIA|ASIA)[A-Z0-9]{16}\b/g, "[REDACTED]"],
  [/\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g, "[REDACTED]"],
  [/[A-Za-z0-9_-]{24,}\.[A-Za-z0-9_-]{12,}\.[A-Za-z0-9_-]{12,}/g, "[REDACTED]"],
  [
    /\b([A-Za-z_][A-Za-z0-9_.-]*)(["']?\s*[:=]\s*["']?)([^\s"'&;,[][^\s"'&;,]*)/g,
    (m: string, key: string, sep: string) => (isSecretKey(key) ? `${key}${sep}[REDACTED]` : m),
  ],
];

/** Applies the value patterns of §6.3, in order. */
export function scrub(s: string): string {
  let out = s;
  for (const [re, rep] of PATTERNS) out = out.replace(re, rep as string);
  return out;
}

/** Scrub, then cut to `limit` code points; huge strings are cut to limit + 512 first to bound the work. */
export function scrubCut(s: string, limit: number): string {
  const head = headCodePoints(s, limit + 512);
  const clipped = head.length < s.length;
  const out = cut(scrub(head), limit);
  return clipped && !out.endsWith("…") ? out + "…" : out;
}

/** Scrub and cut a nullable string. */
export const scrubField = (s: string | null | undefined, limit: number): string | null => (s == null ? null : scrubCut(s, limit));

export const PAYLOAD_STRING_LIMIT = 1200;
const ARRAY_LIMIT = 20;
const DEPTH_LIMIT = 32;

/** `[OMITTED len=<L> sha256=<H>]` over the py-compact form of the value. */
export function omitted(value: unknown): string {
  const s = pyCompact(value);
  return `[OMITTED len=${codePointLength(s)} sha256=${sha256Hex(s).slice(0, 12)}]`;
}

/** The recursive payload pipeline of §6.2. */
export function redactPayload(v: unknown, depth = 0): unknown {
  if (depth > DEPTH_LIMIT) return "[TRUNCATED]";
  if (typeof v === "string") return scrubCut(v, PAYLOAD_STRING_LIMIT);
  if (Array.isArray(v)) return v.slice(0, ARRAY_LIMIT).map((x) => redactPayload(x, depth + 1));
  if (v && typeof v === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
      if (isSecretKey(k)) out[k] = "[REDACTED]";
      else if (isContentKey(k)) out[k] = omitted(x);
      else out[k] = redactPayload(x, depth + 1);
    }
    return out;
  }
  return v;
}

/** `payload_preview`: the redacted payload, py-compact, cut to `max` (default 1200). */
export const payloadPreview = (payload: unknown, max = 1200): string => cut(pyCompact(redactPayload(payload)), max);
