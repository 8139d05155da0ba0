// omp's blob store (docs/session-format.md §6a "Loading"): image data of 1 KiB of
// base64 or more is moved out of the session file into
// `<agent dir>/blobs/<sha256 hex>` and the file keeps `blob:sha256:<hex>`.
// Reading puts the data back where omp itself would: image blocks in a
// `content` array (or a `content` field), images in an `images` array,
// `image_url` strings and generated images' `result`. A reference whose blob
// is missing, or whose suffix is not a hash, stays as written; a file outside
// any agent dir keeps all of them (there is no store to look in).
import { readCapped } from "../../fs/read-capped.js";
import { basename, dirname, join } from "node:path";

export const BLOB_PREFIX = "blob:sha256:";
const HASH = /^[a-f0-9]{64}$/;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

/** The agent dir holding `file` when it lies at `<agent dir>/sessions/<dir>/<file>`, else null. */
export function agentDirOf(file: string): string | null {
  const sessions = dirname(dirname(file));
  return basename(sessions) === "sessions" ? dirname(sessions) : null;
}

/** The hash a reference names, or null when it is not a well-formed reference. */
export function blobHash(ref: string): string | null {
  if (!ref.startsWith(BLOB_PREFIX)) return null;
  const hash = ref.slice(BLOB_PREFIX.length);
  return HASH.test(hash) ? hash : null;
}

export const isBlobRef = (v: unknown): v is string => typeof v === "string" && v.startsWith(BLOB_PREFIX);

export interface BlobResolution {
  /** References put back from the store. */
  resolved: number;
  /** References left as they are: the blob is not in the store, or the reference is malformed. */
  missing: string[];
}

const BLOB_CAP = 256 * 1024 * 1024;

/** Reads blobs from one store, each at most once. */
export class BlobReader {
  private readonly cache = new Map<string, Buffer | null>();
  constructor(readonly dir: string | null) {}

  /** The stored bytes, or null (no store, malformed reference, missing or unreadable blob). */
  read(ref: string): Buffer | null {
    const hash = blobHash(ref);
    if (!hash || !this.dir) return null;
    let got = this.cache.get(hash);
    if (got === undefined) {
      try {
        // a regular file of bounded size: a FIFO or a link to /dev/zero among the blobs is no image
        got = readCapped(join(this.dir, hash), BLOB_CAP);
      } catch {
        got = null;
      }
      this.cache.set(hash, got);
    }
    return got;
  }
}

/** A reader over the store of the agent dir that holds `file` (none outside an agent dir). */
export function blobReaderFor(file: string): BlobReader {
  const agent = agentDirOf(file);
  return new BlobReader(agent ? join(agent, "blobs") : null);
}

function isImagePayload(v: unknown): v is Obj & { data: string } {
  if (!isObj(v) || typeof v.data !== "string") return false;
  return v.type === "image" || (typeof v.mimeType === "string" && v.mimeType.startsWith("image/"));
}

/**
 * Puts blob data back into `value` in place (pass a freshly parsed object).
 * Snapcompact `frames` are left alone, as omp's loader leaves them.
 */
export function resolveBlobRefs(value: unknown, blobs: BlobReader): BlobResolution {
  const out: BlobResolution = { resolved: 0, missing: [] };
  if (!containsRef(value)) return out; // most entries hold none: skip the walk
  walk(value, blobs, out);
  return out;
}

function put(ref: string, blobs: BlobReader, out: BlobResolution, as: "base64" | "utf8"): string {
  const bytes = blobs.read(ref);
  if (!bytes) {
    out.missing.push(ref);
    return ref;
  }
  out.resolved++;
  return bytes.toString(as);
}

// Both walks keep their own stack: a line nested thousands of levels deep
// (JSON.parse reads it) must not overflow the call stack.
function walk(root: unknown, blobs: BlobReader, out: BlobResolution): void {
  const stack: [unknown, string | undefined][] = [[root, undefined]];
  while (stack.length) {
    const [value, key] = stack.pop()!;
    if (Array.isArray(value)) {
      // An array's items stand where the array stands (`content`, `images`).
      for (let i = value.length - 1; i >= 0; i--) stack.push([value[i], key]);
      continue;
    }
    if (!isObj(value)) continue;
    const imagePosition = key !== "frames" && isImagePayload(value) && ((key === "content" && value.type === "image") || key === "images");
    if (imagePosition && isBlobRef(value.data)) {
      value.data = put(value.data, blobs, out, "base64");
      continue;
    }
    if (value.type === "image_generation_call" && isBlobRef(value.result)) value.result = put(value.result, blobs, out, "base64");
    if (isBlobRef(value.image_url)) value.image_url = put(value.image_url, blobs, out, "utf8");
    const children = Object.entries(value);
    for (let i = children.length - 1; i >= 0; i--) {
      const [k, v] = children[i];
      if (typeof v === "object" && v !== null) stack.push([v, k]);
    }
  }
}

function containsRef(root: unknown): boolean {
  const stack: unknown[] = [root];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === "string") {
      if (v.startsWith(BLOB_PREFIX)) return true;
    } else if (Array.isArray(v)) {
      for (const item of v) stack.push(item);
    } else if (isObj(v)) {
      for (const item of Object.values(v)) stack.push(item);
    }
  }
  return false;
}
