// Does a string look like a generated credential rather than a word, a path or
// a name? Used where a pattern alone would also catch ordinary text.

/** Shannon entropy in bits per character. */
export function entropy(s: string): number {
  if (!s) return 0;
  const counts = new Map<string, number>();
  for (const ch of s) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let h = 0;
  const n = s.length;
  for (const c of counts.values()) {
    const p = c / n;
    h -= p * Math.log2(p);
  }
  return h;
}

const classes = (s: string): number => (/[a-z]/.test(s) ? 1 : 0) + (/[A-Z]/.test(s) ? 1 : 0) + (/[0-9]/.test(s) ? 1 : 0);

/**
 * A token's tail looks generated: it mixes character classes (a digit, or upper
 * and lower case) instead of being a lower-case word or a kebab-case name.
 */
export function looksRandom(s: string): boolean {
  const core = s.replace(/[^A-Za-z0-9]/g, "");
  if (core.length < 8) return false;
  if (!/[0-9]/.test(core) && !(/[A-Z]/.test(core) && /[a-z]/.test(core))) return false;
  // CamelCase or snake words (`TestRedactionSuite`) have long letter runs and low entropy per char
  return classes(core) >= 2 && entropy(core) >= 3;
}

// Prefixes of generated identifiers that are not credentials (tool calls, messages, requests, Stripe objects …).
const ID_PREFIX = /^(?:toolu|call|chatcmpl|msg|req|resp|run|thread|asst|file|batch|evt|cus|sub|prod|price|pi|ch|txn|ses|conv|item|fc)[_-]/;

/**
 * An unnamed value of a `key=value` that is most likely a secret: long, only
 * token characters, three character classes and high entropy (≥ 4 bits per
 * character). Hex digests and UUIDs (no upper case) and paths stay.
 */
export function highEntropyValue(v: string): boolean {
  if (v.length < 20 || v.length > 512) return false;
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(v) || v.startsWith("/") || /^(?:sha\d+|md5)-/.test(v)) return false;
  // identifiers, not secrets: ids with a type prefix (toolu_…, call_…, msg_…), dates, UUIDs
  if (ID_PREFIX.test(v) || /\d{4}-\d{2}-\d{2}|[0-9a-f]{8}-[0-9a-f]{4}-/i.test(v)) return false;
  return classes(v) === 3 && entropy(v) >= 4;
}
