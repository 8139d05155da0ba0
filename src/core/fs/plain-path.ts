// Paths joined without path.join / path.resolve where they would change
// nothing: those cost ~5 µs a path in a cold process, most of a warm listing's
// time per file after its stat.
import { join, sep } from "node:path";

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
