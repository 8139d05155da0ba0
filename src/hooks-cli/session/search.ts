// `search QUERY`: full-text search over every session, best matches first.
import { indexProgressText } from "../../core/search/progress-text.js";
import { resolve } from "node:path";
import type { Command } from "../command.js";
import { UsageError } from "../command.js";
import { parseArgs, bool, list, str } from "../args.js";
import { defaultAgentDirs } from "../../core/session/index.js";
import { searchSessions } from "../../core/search/search.js";
import { SearchQueryError, type SearchHit } from "../../core/search/query.js";
import { fit, safeText, titleLine } from "../../core/session/index.js";
import { writeParts, stdout } from "../stdout.js";
import { tildePath } from "../../core/fs/home-path.js";

/** The snippet with its matches highlighted (bold) or, without colour, left plain. */
function marked(h: SearchHit, color: boolean, width: number): string {
  const text = fit(h.snippet, width);
  if (!color || h.marks.length === 0) return text;
  let out = "";
  let at = 0;
  for (const [a, b] of h.marks) {
    if (a >= text.length) break;
    out += text.slice(at, a) + "\x1b[1m" + text.slice(a, Math.min(b, text.length)) + "\x1b[22m";
    at = Math.min(b, text.length);
  }
  return out + text.slice(at);
}

/** How many columns of a hit's head line its session's title may take. */
const TITLE_COLUMNS = 48;

export function formatHits(hits: SearchHit[], opts: { color: boolean; width: number }): string[] {
  const out: string[] = [];
  for (const h of hits) {
    const when = h.timestamp ? h.timestamp.slice(0, 16).replace("T", " ") : "";
    const label = h.label !== null ? ` [${safeText(h.label)}]` : "";
    // The session by its title as `ls` and the browser show it (the index took it from the catalog: session/title.ts).
    const title = h.title ? `${titleLine(h.title, TITLE_COLUMNS)}  ` : "";
    const head = `${title}${safeText(tildePath(h.path))}  ${safeText(h.entryId)}  ${h.role}  ${safeText(when)}${label}`;
    out.push(opts.color ? `\x1b[2m${head}\x1b[22m` : head);
    out.push(`  ${marked(h, opts.color, Math.max(20, opts.width - 2))}`);
  }
  return out;
}

export const searchCommand: Command = {
  name: "search",
  summary: "search the text of every session (ranked; phrases, prefixes, cwd:/role:/label: filters)",
  usage: `Usage: omp-sessions search QUERY [--json] [--limit N] [--tools] [--agent-dir DIR]... [--path P]...

Full-text search over the user and assistant text and the tool calls of every
session (--tools: tool output too, in an index of its own). Best matches
first (bm25), ranked among the 5,000 newest matching entries (a common word
matches far more); equal scores, and queries of filters only, newest first.

QUERY:  words        every word must match
        "a phrase"   the words in this order
        pre*         words starting with "pre"
        cwd:DIR      sessions whose cwd is DIR or below it (cwd:NAME: cwd contains NAME;
                     a Windows DIR, C:\\… or \\\\server\\share, in any case or separator)
        role:R       user, assistant, tool (with --tools) or bash
        label:TEXT   entries whose label contains TEXT (label: alone: any label)
When the words match no entry whole, each is taken as a prefix (frinfo finds
frinfo702), and the output says so (--json: each hit has widened: true).
Chinese, Japanese and Korean text is matched by character: 对话 finds it
inside 之前跟你的对话 (the characters side by side).

The index lives in $OMP_SESSIONS_CACHE_DIR (else $XDG_CACHE_HOME/omp-sessions,
else ~/.cache/omp-sessions); the first search builds it (progress on stderr),
later ones stat each session file and read only what sessions appended since.
Gzip archives (.jsonl.gz) are searched too; one that changed is read again whole.
Each hit names its session by its title, as ls does (its name, else its
first message). --json prints an array of {path, entryId, role, cwd, timestamp,
label, sessionId, title, score, snippet, marks, widened?}.`,
  async run(argv) {
    const args = parseArgs(argv, {
      bools: ["--json", "--tools", "--no-color"],
      values: ["--limit"],
      repeat: ["--agent-dir", "--path"],
    });
    const query = args.positional.join(" ");
    if (query.trim() === "") throw new UsageError("search needs a QUERY");
    const limitText = str(args, "--limit");
    const limit = limitText === undefined ? 20 : Number(limitText);
    if (!Number.isInteger(limit) || limit < 1) throw new UsageError("--limit needs a positive whole number");
    const dirs = list(args, "--agent-dir");
    const agentDirs = dirs.length > 0 ? dirs.map((d) => resolve(d)) : defaultAgentDirs();
    const paths = list(args, "--path").map((p) => resolve(p));

    // Asked only once there is progress to show: a warm query never makes the stderr stream.
    let tty: boolean | undefined;
    let shown = false;
    const onProgress = (done: number, total: number, files: number, filesTotal: number) => {
      if (filesTotal < 2 || !(tty ??= process.stderr.isTTY === true)) return;
      shown = true;
      process.stderr.write(`\r\x1b[2K${indexProgressText(done, total, files, filesTotal)}`);
    };
    let result;
    try {
      // Only --agent-dir narrows the search to those dirs; without it the other agents' default places are searched too.
      result = await searchSessions(query, { agentDirs: dirs.length > 0 ? agentDirs : undefined, paths, tools: bool(args, "--tools"), limit, onProgress });
    } catch (err) {
      if (err instanceof SearchQueryError) throw new UsageError(err.message);
      throw err;
    } finally {
      if (shown) process.stderr.write("\r\x1b[2K");
    }
    if (bool(args, "--json")) {
      // Not session-arg.js's printJson: that module brings the session loader,
      // which a search never needs. Straight to the descriptor (stdout.ts).
      writeParts([Buffer.from(JSON.stringify(result.hits) + "\n")]);
      return 0;
    }
    if (result.hits.length === 0) {
      stdout().write(`No matches for ${safeText(query)} in ${result.index.files} session(s).\n`);
      return 0;
    }
    const color = !bool(args, "--no-color") && !process.env.NO_COLOR && stdout().isTTY === true;
    const width = stdout().columns || Number(process.env.COLUMNS) || 120;
    if (result.hits[0].widened) stdout().write(`No entry has ${safeText(query)} as whole words; words starting with them:\n`);
    for (const l of formatHits(result.hits, { color, width })) stdout().write(l + "\n");
    return 0;
  },
};
