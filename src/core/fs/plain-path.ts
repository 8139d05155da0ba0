// Paths joined and resolved without node:path where they can be: its
// `normalizeString` walks every character in JavaScript, ~5 µs a path in a
// cold process (most of a warm listing's time per file after its stat), and
// the hook's ~150 guarded paths an event ran it often enough for V8 to compile
// it with TurboFan on a worker thread (~3 ms of CPU, 80 page faults of a
// 20 ms hook). On POSIX resolvePath and joinPath give node:path's answers for
// any string (test/core/fs/plain-path.test.ts holds them to path.posix on
// fixed and random paths): a plain path is taken as it is, any other is
// normalised by splitting at "/", in native code. On Windows (drive letters,
// UNC shares, two separators, per-drive working directories) they are
// node:path's, as before.
import { join, resolve, sep } from "node:path";

/**
 * An absolute POSIX path resolve would give back as it is (no ".", "..",
 * doubled or trailing "/").
 */
export const plainAbsolute = (p: string): boolean => sep === "/" && p.startsWith("/") && !/\/\/|\/\.\.?(?:\/|$)|.\/$/.test(p);

/**
 * A joiner for names read from `root`'s tree (readdir's names: never "", "."
 * or "..", never holding "/"): plain concatenation when root is plainAbsolute
 * and not "/" itself (what join would give), join otherwise.
 */
export function joinerFor(root: string): (dir: string, name: string) => string {
  return plainAbsolute(root) && root !== "/" ? (dir, name) => `${dir}/${name}` : join;
}

/** `p`'s parts without "" and ".", each ".." taking the part before it (kept where there is none, if aboveRoot): path.posix's normalizeString. */
function posixParts(p: string, aboveRoot: boolean): string {
  const out: string[] = [];
  for (const part of p.split("/")) {
    if (part === "" || part === ".") continue;
    if (part !== "..") out.push(part);
    else if (out.length > 0 && out[out.length - 1] !== "..") out.pop();
    else if (aboveRoot) out.push("..");
  }
  return out.join("/");
}

/** path.posix.normalize. */
function posixNormalize(p: string): string {
  if (p === "") return ".";
  const absolute = p.startsWith("/");
  const trailing = p.endsWith("/");
  const s = posixParts(p, !absolute);
  if (s === "") return absolute ? "/" : trailing ? "./" : ".";
  return `${absolute ? "/" : ""}${s}${trailing ? "/" : ""}`;
}

/** path.resolve(p): an absolute, normalised path (relative ones from the working directory). */
export function resolvePath(p: string): string {
  if (sep !== "/") return resolve(p);
  if (plainAbsolute(p)) return p;
  const full = p.startsWith("/") ? p : p === "" ? process.cwd() : `${process.cwd()}/${p}`;
  return `/${posixParts(full, false)}`;
}

/** A name join may append as it is: not empty, "." or "..", no "/". */
const plainName = (part: string): boolean => part !== "" && part !== "." && part !== ".." && !part.includes("/");

/** path.join(base, ...parts). */
export function joinPath(base: string, ...parts: string[]): string {
  if (sep !== "/") return join(base, ...parts);
  if (plainAbsolute(base) && base !== "/" && parts.every(plainName)) return parts.length === 0 ? base : `${base}/${parts.join("/")}`;
  const given = [base, ...parts].filter((x) => x !== "");
  return given.length === 0 ? "." : posixNormalize(given.join("/"));
}
