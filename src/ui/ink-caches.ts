// Ink 6 turns every line of every frame into styled characters and measures
// each character's width, and keeps those results only for the frame being
// built (a new cache per Output). Moving the cursor changes two of forty
// rows, so nearly all of that work, and the garbage it makes, repeats each
// keypress: it is most of a keypress's cost. Sharing the caches across frames
// is safe because Ink only reads the cached values (it copies references into
// its grid and never changes them). The caches are bounded and cleared when
// full. This reaches into Ink's internals (its Output class), so it only runs
// on the Ink it was written against: another version, or internals not as
// expected, and nothing is changed (frames are drawn as Ink draws them, only
// slower). It belongs upstream: an Ink option to keep the output caches
// across frames would make this file go away. The same patch cuts a plain
// or coloured line into styled characters without Ink's grapheme tokenizer,
// and installs a get that reuses whole rows drawn before (ink-rows.ts), once
// it draws a probe frame exactly as Ink's own get does.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { plainStyledChars, rowCachedGet, styledCharsWithout, type DrawHelpers, type OutputLike, type TokenizeHelpers } from "./ink-rows.js";

type Caches = { getStyledChars(line: string): unknown; getStringWidth(text: string): number };

const MAX_LINES = 4000;
const MAX_WIDTHS = 20000;

/** The Ink whose internals this was checked against (package.json pins it). */
export const PINNED_INK = "6.8.0";

let shared: Promise<boolean> | undefined;

/** Makes Ink's per-frame output caches live across frames. Resolves to whether it could. */
export function shareInkCaches(): Promise<boolean> {
  return (shared ??= patchInkCaches(inkVersion()));
}

/** Set by the build (scripts/build.mjs) when Ink is bundled with this code. */
declare const OMP_INK_BUNDLED: boolean | undefined;
/** The bundled Ink's version, set by the build next to OMP_INK_BUNDLED. */
declare const OMP_INK_VERSION: string | undefined;

/** The version of the Ink that renders: the bundled one's, else the one node_modules resolves to. */
export function inkVersion(): string | null {
  if (typeof OMP_INK_VERSION !== "undefined" && OMP_INK_VERSION) return OMP_INK_VERSION;
  try {
    // Ink's exports map hides its package.json: read it next to the entry (build/index.js).
    const entry = createRequire(import.meta.url).resolve("ink");
    const pkg = JSON.parse(readFileSync(join(dirname(entry), "..", "package.json"), "utf8")) as { version?: unknown };
    return typeof pkg.version === "string" ? pkg.version : null;
  } catch {
    return null;
  }
}

type OutputInstance = OutputLike & { write(x: number, y: number, text: string, o: { transformers: ((s: string, i: number) => string)[] }): void; clip(c: object): void; unclip(): void; get(): { output: string; height: number } };
type OutputModule = { default: new (o: { width: number; height: number }) => OutputInstance };

/** Ink's output module: the very instance Ink renders with. */
async function inkOutput(): Promise<OutputModule> {
  // Bundled: a path the bundler resolves to the same file Ink imports, so one module.
  if (typeof OMP_INK_BUNDLED !== "undefined" && OMP_INK_BUNDLED) return (await import("../../node_modules/ink/build/output.js")) as unknown as OutputModule;
  // From node_modules (tests, tsx): the file next to Ink's entry.
  const require = createRequire(import.meta.url);
  const file = join(dirname(require.resolve("ink")), "output.js");
  return (await import(pathToFileURL(file).href)) as OutputModule;
}

/** Shares the caches if `version` is the pinned Ink's; resolves to whether it did. */
export async function patchInkCaches(version: string | null): Promise<boolean> {
  if (version !== PINNED_INK) return false;
  try {
    const mod = await inkOutput();
    const probe = new mod.default({ width: 1, height: 1 });
    const proto = probe.caches ? (Object.getPrototypeOf(probe.caches) as Caches) : null;
    if (!proto || typeof proto.getStyledChars !== "function" || typeof proto.getStringWidth !== "function") return false;
    const styled = proto.getStyledChars;
    // A line of single-column characters (and colours) needs no grapheme tokenizer (ink-rows.ts).
    const helpers = await tokenizeHelpers();
    const quick = helpers ? styledCharsWithout(helpers) : plainStyledChars;
    proto.getStyledChars = sharedAcrossFrames(function (this: Caches, line: string) {
      return quick(line) ?? styled.call(this, line);
    }, MAX_LINES);
    proto.getStringWidth = sharedAcrossFrames(proto.getStringWidth, MAX_WIDTHS);
    await reuseRows(mod);
    return true;
  } catch {
    return false;
  }
}

/** Wraps one of Ink's cache lookups with a map that outlives the frame, cleared when it reaches `max` keys. */
function sharedAcrossFrames<V>(lookup: (this: Caches, key: string) => V, max: number): (this: Caches, key: string) => V {
  const kept = new Map<string, V>();
  return function (this: Caches, key: string): V {
    let v = kept.get(key);
    if (v === undefined) {
      v = lookup.call(this, key);
      if (kept.size >= max) kept.clear();
      kept.set(key, v);
    }
    return v;
  };
}

/** A probe frame: wide characters, colours, a transform, and a clip that cuts, across and down. */
function drawProbe(mod: OutputModule, get?: (this: OutputLike) => { output: string; height: number }): string {
  const o = new mod.default({ width: 12, height: 4 });
  o.write(0, 0, "› 日本 \u001b[32mok\u001b[39m 🚀", { transformers: [] });
  o.write(1, 1, "ab\ncd\nef", { transformers: [(s, i) => `${i}${s}`] });
  o.clip({ x1: 2, x2: 6, y1: 2, y2: 3 });
  o.write(0, 2, "\u001b[1mclipped wide 日本\u001b[22m\nnext\nout", { transformers: [] });
  o.unclip();
  o.write(10, 3, "tail", { transformers: [] });
  const r = get ? get.call(o) : o.get();
  return `${r.height}:${r.output}`;
}

/** Installs the row-reusing Output.get (ink-rows.ts) if it draws the probe exactly as Ink's own get. */
async function reuseRows(mod: OutputModule): Promise<void> {
  try {
    const slice = (await import("slice-ansi")) as { default: DrawHelpers["sliceAnsi"] };
    const tokenize = (await import("@alcalzone/ansi-tokenize")) as unknown as { styledCharsToString: DrawHelpers["styledCharsToString"] };
    const get = rowCachedGet({ sliceAnsi: slice.default, styledCharsToString: tokenize.styledCharsToString });
    if (drawProbe(mod, get) !== drawProbe(mod) || drawProbe(mod, get) !== drawProbe(mod)) return;
    (mod.default.prototype as { get: unknown }).get = get;
  } catch {
    // Ink's own get stays: frames as before, only slower.
  }
}

/** ansi-tokenize's tokenizer and styles, as Ink's output uses them; null when they cannot be loaded. */
async function tokenizeHelpers(): Promise<TokenizeHelpers | null> {
  try {
    const m = (await import("@alcalzone/ansi-tokenize")) as unknown as TokenizeHelpers;
    return typeof m.tokenize === "function" && typeof m.styledCharsFromTokens === "function" ? m : null;
  } catch {
    return null;
  }
}
