// Redaction (§6): secret keys, content keys, value patterns and size limits.
// Everything written under ROOT or into a note passes through here.
import { hasTerminalControls, withoutTerminalControls } from "./plain-text.js";
import { looksRandom } from "./entropy.js";
import { isInnocentValue, MASK, scrubContext } from "./secret-context.js";
import { isSecretKey } from "./secret-names.js";
import { SECRET_URLS, VENDOR_TOKENS } from "./secret-tokens.js";
import { codePointLength, cut, headCodePoints, pyCompact, sha256Hex } from "./serialize.js";

const CONTENT_KEYS: ReadonlySet<string> = new Set([
  "prompt",
  "user_prompt",
  "message",
  "messages",
  "content",
  "transcript",
  "tool_response",
  "tool_output",
  "response",
  "result",
  "stdout",
  "stderr",
  "last_assistant_message",
  "prompt_response",
  "old_string",
  "new_string",
  "old_str",
  "new_str",
  "file_text",
  "patch",
  "diff",
  "output",
  "text",
  "custom_instructions",
]);

export { isSecretKey, isSecretName } from "./secret-names.js";
export { isInnocentValue } from "./secret-context.js";

export const isContentKey = (key: string): boolean => CONTENT_KEYS.has(key.toLowerCase());

const PRIVATE_KEY = /-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----[\s\S]*?(?:-----END [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----|$)/g;

/**
 * Masks every secret in a string (§6.3, extended by issue 14): private keys,
 * webhook URLs, vendor tokens (secret-tokens.ts), then the context rules
 * (secret-context.ts: headers, URL credentials, CLI arguments, assignments,
 * prose). Idempotent: a masked string comes back unchanged.
 */
export function scrub(s: string): string {
  // Each pattern runs only where its literal hint occurs: a string with none costs
  // a few substring checks, and patterns never used are never compiled (the hook's start-up).
  let out = s.includes("PRIVATE KEY") ? s.replace(PRIVATE_KEY, MASK) : s;
  if (out.includes(":/") && /hook/i.test(out)) for (const re of SECRET_URLS) out = out.replace(re, MASK);
  for (const t of VENDOR_TOKENS) {
    if (!t.hints.some((h) => out.includes(h))) continue;
    const random = t.random;
    out = random ? out.replace(t.re, (m: string) => (looksRandom(random(m)) ? MASK : m)) : out.replace(t.re, MASK);
  }
  return scrubContext(out);
}

/**
 * An identifier that is stored and used to find things (a session id, a
 * harness name): kept as it is unless it holds a secret, then replaced whole by
 * `redacted-<16 hex>` of it, so the same id still maps to the same session and
 * two secret-bearing ids do not collide.
 */
export const redactId = (id: string): string => (scrub(id) === id ? id : "redacted-" + sha256Hex(id).slice(0, 16));

/**
 * The ids a stored session may carry for what a user typed: the key itself, its
 * redacted form, and for `harness:id` the id part redacted (so `promote` and
 * `rehydrate --session-id` find a session whose id held a secret).
 */
export function storedIdsFor(key: string): Set<string> {
  const ids = new Set([key, redactId(key)]);
  const colon = key.indexOf(":");
  if (colon > 0) ids.add(key.slice(0, colon + 1) + redactId(key.slice(colon + 1)));
  return ids;
}

/** Scrub, then cut to `limit` code points; huge strings are cut to limit + 512 first to bound the work. */
export function scrubCut(s: string, limit: number): string {
  const head = headCodePoints(s, limit + 512);
  const clipped = head.length < s.length;
  const out = cut(scrub(head), limit);
  return clipped && !out.endsWith("…") ? out + "…" : out;
}

/**
 * User text as the store previews it (§7.2 `text_preview`): scrubbed, without
 * terminal controls (plain-text.ts), white space collapsed where a control
 * went, scrubbed again (taking a control out can join a secret's two halves)
 * and cut to `limit` code points. Text without controls comes out as
 * scrubCut gives it.
 */
export function previewText(text: string, limit: number): string {
  // most prompts: one scrub, as before
  if (!hasTerminalControls(text)) return scrubCut(text, limit);
  // room for a pasted log's colour codes before the limit's worth of words (the bound is only on work)
  const scrubbed = scrubCut(text, 4 * limit + 512);
  const plain = withoutTerminalControls(scrubbed);
  return scrubCut(plain === scrubbed ? plain : plain.replace(/\s+/g, " ").trim(), limit);
}

/** Scrub and cut a nullable string. */
export const scrubField = (s: string | null | undefined, limit: number): string | null => (s == null ? null : scrubCut(s, limit));

export const PAYLOAD_STRING_LIMIT = 1200;
const ARRAY_LIMIT = 20;
const DEPTH_LIMIT = 32;
const KEY_LIMIT = 200;

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
      // keys are text too: an unknown key may itself be a token
      const key = scrubCut(k, KEY_LIMIT);
      // a secret key's value is masked unless it is plainly none (a boolean, a placeholder, a sentence)
      if (isSecretKey(k)) out[key] = isInnocentValue(x, k) ? redactPayload(x, depth + 1) : MASK;
      else if (isContentKey(k)) out[key] = omitted(x);
      else out[key] = redactPayload(x, depth + 1);
    }
    return out;
  }
  return v;
}

/** `payload_preview`: the redacted payload, py-compact, cut to `max` (default 1200). */
export const payloadPreview = (payload: unknown, max = 1200): string => cut(pyCompact(redactPayload(payload)), max);
