// One search hit, drawn on two lines: where it is (session, project, role,
// age, label) and the snippet with the matched words highlighted. The core's
// snippet is already terminal-safe; everything else goes through safeText.
import React from "react";
import { Text } from "ink";
import { basename } from "node:path";
import type { SearchHit } from "../../core/search/query.js";
import { safeText, titleLine } from "../../core/session/index.js";
import { displayWidth, fitWidth as fit } from "../format/width.js";
import { age } from "../../core/format/age.js";
import { tildePath } from "../../core/fs/home-path.js";
import type { Theme } from "../theme.js";
import type { Titled } from "../../core/session/index.js";
import { listTitle } from "../format/list-title.js";

/**
 * The session's title as the list shows it (title.ts): its row's when the list holds it, else the
 * title the index took from the catalog with the same rule; its file name only in a file the index
 * has not named yet.
 */
export function hitTitle(hit: SearchHit, summary: Titled | undefined, max: number): string {
  if (summary) return listTitle(summary, max);
  if (hit.title) return titleLine(hit.title, max);
  return safeText(basename(hit.path));
}

/** The head line of a hit (without the cursor mark), cut to `width` columns. */
export function hitHead(hit: SearchHit, title: string, width: number, home: string, now: number): string {
  const meta = [safeText(tildePath(hit.cwd, home)), hit.role, age(hit.timestamp, now)];
  if (hit.label !== null) meta.push(`[${safeText(hit.label)}]`);
  const tail = meta.join(" · ");
  const room = Math.max(8, Math.min(displayWidth(title), width - displayWidth(tail) - 3));
  return fit(`${fit(title, room)}  ${tail}`, width);
}

/** The snippet cut to `width` columns, as [text, matched] pieces. */
export function snippetPieces(hit: SearchHit, width: number): [string, boolean][] {
  const text = fit(hit.snippet, width);
  // A cut snippet ends in "…" where the original went on: marks stop before it.
  const limit = text.length < hit.snippet.length ? text.length - 1 : text.length;
  const out: [string, boolean][] = [];
  let at = 0;
  for (const [a, b] of hit.marks) {
    if (a >= limit) break;
    if (a > at) out.push([text.slice(at, a), false]);
    const end = Math.min(b, limit);
    if (end > Math.max(a, at)) out.push([text.slice(Math.max(a, at), end), true]);
    at = Math.max(at, end);
  }
  if (at < text.length) out.push([text.slice(at), false]);
  return out;
}

export function HitRows({ hit, title, selected, width, home, now, theme }: { hit: SearchHit; title: string; selected: boolean; width: number; home: string; now: number; theme: Theme }) {
  const roleColor = hit.role === "user" ? theme.role.user : hit.role === "assistant" ? theme.role.assistant : theme.role.tool;
  return (
    <>
      <Text wrap="truncate" bold={selected && theme.color}>
        <Text color={theme.text.accent}>{selected ? "› " : "  "}</Text>
        <Text color={roleColor}>{hitHead(hit, title, width - 2, home, now)}</Text>
      </Text>
      <Text wrap="truncate">
        {"    "}
        {snippetPieces(hit, Math.max(8, width - 4)).map(([t, m], i) =>
          m ? (
            // Bold and underline, not colour alone: a match stays visible with NO_COLOR.
            <Text key={i} bold underline color={theme.text.accent ?? theme.text.primary}>
              {t}
            </Text>
          ) : (
            <Text key={i}>{t}</Text>
          ),
        )}
      </Text>
    </>
  );
}
