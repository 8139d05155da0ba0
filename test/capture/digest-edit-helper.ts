// A digest edited as a person might edit one (for the hand-edit tests).
/** The session's digest rewritten as a person might: `summary` moved to the top in single quotes, a field and comments added, `topics` as a block list. */
export function handEdit(text: string, opts: { blockTopics?: boolean; trigger?: string } = {}): string {
  const end = text.indexOf("\n---\n", 3);
  const lines = text.slice(4, end).split("\n");
  const rest = text.slice(end);
  const summary = lines.findIndex((l) => l.startsWith("summary:"));
  lines.splice(summary, 1);
  const out = ["# edited by hand", "summary: 'It''s done: shipped #1'", ...lines, "reviewer: Ann   # added later"];
  if (opts.trigger) {
    const i = out.findIndex((l) => l.startsWith("capture_trigger:"));
    out.splice(i, 1, `capture_trigger: '${opts.trigger}'   # set by hand`);
  }
  if (opts.blockTopics) {
    const i = out.findIndex((l) => l.startsWith("topics:"));
    out.splice(i, 1, "topics:", "  - alpha");
  }
  return "---\n" + out.join("\n") + rest;
}
