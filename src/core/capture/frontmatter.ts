// Reading and editing a digest's frontmatter with gray-matter, so that a digest
// a person edited by hand (a field added or moved, a comment, other quoting,
// block lists) still reads. The hook never loads this module: it writes
// digests with its own small writer (digest.ts), which a test checks
// gray-matter reads back exactly.
import matter from "gray-matter";
import { isDeepStrictEqual } from "node:util";
import { syncDigestHeader } from "./digest.js";

export interface Frontmatter {
  data: Record<string, unknown>;
  /** The text after the closing `---` line. */
  body: string;
}

/** The frontmatter and body of a markdown file, or null when it has no frontmatter or its YAML does not parse. */
export function readFrontmatter(text: string): Frontmatter | null {
  if (!matter.test(text)) return null;
  try {
    // An options object keeps gray-matter from caching the parse (and handing
    // out one shared data object for equal texts).
    const file = matter(text, {});
    const data = file.data && typeof file.data === "object" && !Array.isArray(file.data) ? (file.data as Record<string, unknown>) : {};
    return { data, body: file.content };
  } catch {
    return null;
  }
}

/** The digest's `summary:` value, or null. */
export function digestSummaryOf(text: string): string | null {
  const v = readFrontmatter(text)?.data.summary;
  return typeof v === "string" ? v : null;
}

/** The body after the frontmatter (all of the text when there is none). */
export function digestBodyOf(text: string): string {
  return readFrontmatter(text)?.body ?? text;
}

/**
 * The digest with `topics` and `promoted_to` set (§8 sync). The usual digest
 * keeps every other byte: only those two lines are rewritten. When that line
 * edit would not read back as the intended data (a hand-written block list,
 * CRLF line ends, …), the frontmatter is written anew by gray-matter. A text
 * without readable frontmatter is returned as it is.
 */
export function syncDigestFrontmatter(text: string, topics: string[], promotedTo: string[]): string {
  const fm = readFrontmatter(text);
  if (fm === null) return text;
  const want = { ...fm.data, topics, promoted_to: promotedTo };
  const edited = syncDigestHeader(text, topics, promotedTo);
  const back = readFrontmatter(edited);
  if (back !== null && back.body === fm.body && isDeepStrictEqual(back.data, want)) return edited;
  return matter.stringify(fm.body, want);
}
