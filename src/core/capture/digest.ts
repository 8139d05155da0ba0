// Session digests (§8): markdown with a hand-written YAML header, so the hook
// never loads a YAML library. Promotion rewrites only two header lines
// (frontmatter.ts reads digests, with gray-matter, and calls the line edit here).
import { cut } from "./serialize.js";
import { yamlScalar } from "./serialize.js";

type State = Record<string, unknown>;

const s = (v: unknown): string | null => (typeof v === "string" ? v : null);
const int = (v: unknown): number => (typeof v === "number" && Number.isFinite(v) ? Math.trunc(v) : 0);
const strList = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);
export const yamlList = (items: string[]): string => "[" + items.map((x) => yamlScalar(x)).join(", ") + "]";

export const summaryLimit = 240;

/** Text of a stored manual summary (objects `{summary, ts}`; plain strings tolerated). */
export const manualSummaryText = (m: unknown): string | null => (typeof m === "string" ? m : m && typeof m === "object" && typeof (m as State).summary === "string" ? ((m as State).summary as string) : null);

/** The automatic summary sentence. */
export const autoSummary = (trigger: string, sid: string, cwd: string | null): string => `Automated ${trigger} checkpoint for ${sid} in ${cwd || "unknown cwd"}.`;

/** The digest summary: last manual summary, else the import sentence, else the automatic one. */
export function digestSummary(state: State, trigger: string, importSentence?: string): string {
  const manual = Array.isArray(state.manual_summaries) ? state.manual_summaries.map(manualSummaryText).filter((x): x is string => !!x) : [];
  if (manual.length > 0) return cut(manual[manual.length - 1], summaryLimit);
  if (trigger === "import" && importSentence) return cut(importSentence, summaryLimit);
  return cut(autoSummary(trigger, String(state.llm_wiki_session_id ?? ""), s(state.cwd)), summaryLimit);
}

const cell = (v: unknown): string => (v == null ? "" : String(v)).replace(/\r?\n|\r/g, " ").replace(/\|/g, "\\|");
const flat = (v: unknown): string => (v == null ? "" : String(v)).replace(/\r?\n|\r/g, " ");

export function renderDigest(state: State, trigger: string, summary: string): string {
  const sid = String(state.llm_wiki_session_id ?? "");
  const header = [
    "---",
    `title: ${yamlScalar(`Session Digest: ${sid}`)}`,
    "type: session-digest",
    "schema_version: 1",
    `harness: ${yamlScalar(s(state.harness))}`,
    `native_session_id: ${yamlScalar(s(state.native_session_id))}`,
    `llm_wiki_session_id: ${yamlScalar(sid)}`,
    `cwd: ${yamlScalar(s(state.cwd))}`,
    `git_remote: ${yamlScalar(s(state.git_remote))}`,
    `git_branch: ${yamlScalar(s(state.git_branch))}`,
    `transcript_path: ${yamlScalar(s(state.transcript_path))}`,
    `started_at: ${yamlScalar(s(state.started_at))}`,
    `last_seen_at: ${yamlScalar(s(state.last_seen_at))}`,
    `tool_event_count: ${int(state.tool_event_count)}`,
    `event_count: ${int(state.event_count)}`,
    `capture_trigger: ${yamlScalar(trigger)}`,
    `topics: ${yamlList(strList(state.topics))}`,
    "topic_candidates: []",
    `privacy: ${yamlScalar(s(state.privacy) ?? "redacted")}`,
    `raw_transcripts: ${state.raw_transcripts === true ? "true" : "false"}`,
    `promoted_to: ${yamlList(strList(state.promoted_to))}`,
    `summary: ${yamlScalar(summary)}`,
    "---",
  ];
  const rows: [string, unknown][] = [
    ["Harness", state.harness],
    ["Native session ID", state.native_session_id],
    ["llm-wiki session ID", sid],
    ["CWD", state.cwd],
    ["Git remote", state.git_remote],
    ["Git branch", state.git_branch],
    ["Transcript pointer", state.transcript_path],
    ["Started at", state.started_at],
    ["Last seen at", state.last_seen_at],
    ["Capture trigger", trigger],
    ["Observed tool events", int(state.tool_event_count)],
    ["Observed total events", int(state.event_count)],
  ];
  const manual = (Array.isArray(state.manual_summaries) ? state.manual_summaries : [])
    .map(manualSummaryText)
    .filter((x): x is string => !!x)
    .slice(-5);
  const fb = (Array.isArray(state.last_feedback_candidates) ? state.last_feedback_candidates : []).slice(-5) as State[];
  const events = (Array.isArray(state.last_events) ? state.last_events : []).slice(-12) as State[];
  const body = [
    `# Session Digest: ${flat(sid)}`,
    "",
    "## Summary",
    "",
    flat(summary),
    "",
    "## Session Identity",
    "",
    "| Field | Value |",
    "|---|---|",
    ...rows.map(([k, v]) => `| ${k} | ${cell(v)} |`),
    "",
    "## Manual Summaries",
    "",
    ...(manual.length ? manual.map((m) => `- ${flat(m)}`) : ["- None recorded."]),
    "",
    "## Feedback Candidates",
    "",
    ...(fb.length ? fb.map((c) => `- \`${flat(c.id)}\` — ${flat(c.feedback_type)} / ${flat(c.confidence)}: ${flat(c.distilled_lesson)}`) : ["- None detected."]),
    "",
    "## Recent Observed Events",
    "",
    ...(events.length ? events.map((e) => `- \`${flat(e.ts)}\` — ${flat(e.hook_event_name)}${e.tool_name ? ` / ${flat(e.tool_name)}` : ""}`) : ["- No events recorded yet."]),
    "",
    "## Distillation Notes",
    "",
    "- Built from redacted hook metadata only: event names, counters, tool names and short redacted previews.",
    "- No transcript text was copied; the transcript pointer above is only a pointer.",
    "- Promote with `omp-sessions promote` before treating any of this as topic knowledge.",
    "",
    "## Open Loops",
    "",
    "- Decide whether to topic-tag or promote this session.",
    `- To resume, run \`omp-sessions rehydrate --session-id ${flat(sid)}\`.`,
  ];
  return header.join("\n") + "\n\n" + body.join("\n") + "\n";
}

/** Offset of the closing `---` line of the header, or -1. */
function headerEnd(text: string): number {
  if (!text.startsWith("---\n")) return -1;
  const i = text.indexOf("\n---\n", 3);
  if (i >= 0) return i + 1;
  return text.endsWith("\n---") ? text.length - 3 : -1;
}

/** Rewrites only the `topics:` and `promoted_to:` header lines; every other byte stays. */
export function syncDigestHeader(text: string, topics: string[], promotedTo: string[]): string {
  const end = headerEnd(text);
  if (end < 0) return text;
  const lines = text.slice(0, end).split("\n");
  const rest = text.slice(end);
  const set = (key: string, value: string): void => {
    const i = lines.findIndex((l) => l.startsWith(key + ":"));
    const line = `${key}: ${value}`;
    if (i >= 0) {
      lines[i] = line;
      return;
    }
    const after = lines.findIndex((l) => l.startsWith("raw_transcripts:"));
    // header lines end with an empty string (the text before the closing --- ends in "\n")
    const at = after >= 0 ? after + 1 : lines.length - 1;
    lines.splice(at, 0, line);
  };
  set("topics", yamlList(topics));
  set("promoted_to", yamlList(promotedTo));
  return lines.join("\n") + rest;
}
