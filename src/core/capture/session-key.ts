// How a harness name or native session id becomes part of a file name. Ids
// arrive from hook payloads, so they may hold path characters or be a secret
// pasted by mistake (a token as session_id). A name keeps the id itself only
// in a strict safe form that the redactor leaves alone — which every real
// harness id (UUIDs, `ses_…`, `derived-…`) is, so those keep the reference
// helper's exact file names (`safe_id`, §3.1). Anything else is named by a hash.
import { scrub } from "./redact.js";
import { safeId, sha256Hex } from "./serialize.js";
import { envSlot } from "../env.js";

const STRICT = /^[A-Za-z0-9](?:[A-Za-z0-9_.-]{0,118}[A-Za-z0-9])?$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The hashed form; `@` never occurs in a strict form, so the two cannot collide. */
export const hashedKey = (v: string): string => `id@${sha256Hex(v).slice(0, 32)}`;

/** True when `v` may appear in a file name as it is. */
export function isStrictSafe(v: string): boolean {
  if (UUID.test(v)) return true;
  return STRICT.test(v) && !v.includes("..") && scrub(v) === v;
}

const memos = envSlot(() => new Map<string, string>());

/** The file-name form of a harness name or native session id. */
export function fileKey(v: string): string {
  const memo = memos();
  let k = memo.get(v);
  if (k === undefined) {
    k = isStrictSafe(v) ? v : hashedKey(v);
    if (memo.size < 1000) memo.set(v, k);
  }
  return k;
}

/** The name older versions (and the reference helper) used: `safe_id(v)`, for finding existing files. */
export const legacyKey = (v: string): string => safeId(v);
