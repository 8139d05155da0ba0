// A toy agent format, registered only in tests, that goes through the dialect
// contract the way Claude Code's, Codex's, Gemini's and OpenCode's do: a JSONL
// file (`*.toy.jsonl`: a meta record, then messages whose streamed copies
// merge into one entry) and a "database" (`*.toydb`, one JSON document
// holding several sessions, named `<file>#<session id>`).
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import type { AgentId, Dialect, DialectEntry, DialectFacts, Origin, PiEntry, RecordReader, RecordSource } from "../../../src/core/session/read/dialect-api.js";
import { jsonlSource } from "../../../src/core/session/read/jsonl-source.js";

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

export const TOY = "toy" as AgentId;

function entryOf(r: Obj): PiEntry {
  const role = r.who === "human" ? "user" : "assistant";
  const message: Obj = { role, content: [{ type: "text", text: String(r.text ?? "") }] };
  if (role === "assistant") Object.assign(message, { provider: "toyco", model: "toy-1", stopReason: "stop" });
  return { type: "message", id: String(r.uid), parentId: typeof r.up === "string" ? r.up : null, timestamp: String(r.at ?? ""), message };
}

class ToyReader implements RecordReader {
  private held: DialectEntry | null = null;
  private f: DialectFacts = { id: "", cwd: "", name: null, created: "" };

  push(value: unknown, origin: Origin): DialectEntry[] | string {
    if (!isObj(value)) return "not a toy record, skipped";
    if (value.k === "meta") {
      this.f = { id: String(value.sid), cwd: String(value.dir), name: typeof value.title === "string" ? value.title : null, created: String(value.at) };
      return [];
    }
    if (value.k !== "msg") return `unknown toy record "${String(value.k)}", skipped`;
    if (typeof value.merge === "string" && this.held && this.held.entry.id === value.merge) {
      // A streamed copy: its text joins the held entry, its id names it.
      const content = (this.held.entry.message as Obj).content as Obj[];
      content[0].text = String(content[0].text) + String(value.text);
      this.held.parts!.push(origin);
      this.held.aliases!.push(String(value.uid));
      return [];
    }
    const out = this.held ? [this.held] : [];
    this.held = { entry: entryOf(value), origin, parts: [origin], aliases: [] };
    return out;
  }

  end(): DialectEntry[] {
    const out = this.held ? [this.held] : [];
    this.held = null;
    return out;
  }

  facts(): DialectFacts {
    return this.f;
  }
}

/** The records of one session of a toy database. */
function dbSource(path: string): RecordSource {
  const i = path.lastIndexOf("#");
  const doc = JSON.parse(readFileSync(path.slice(0, i), "utf8")) as { sessions: Record<string, { dir: string; title: string; at: string; msgs: Obj[] }> };
  const s = doc.sessions[path.slice(i + 1)];
  return {
    records: async function* () {
      if (!s) return;
      yield { value: { k: "meta", sid: path.slice(i + 1), dir: s.dir, title: s.title, at: s.at }, origin: { line: 0, offset: 0, length: 0 } };
      let n = 1;
      for (const m of s.msgs) yield { value: { k: "msg", ...m }, origin: { line: n++, offset: 0, length: 0 } };
    },
  };
}

export const toyDialect: Dialect = {
  agent: TOY,
  label: "Toy",
  claims: (path) => path.endsWith(".toy.jsonl") || /\.toydb#[^/]+$/.test(path),
  open: (path) => (path.endsWith(".toy.jsonl") ? jsonlSource(path) : dbSource(path)),
  reader: () => new ToyReader(),
  // The toy model sees only the human's words.
  context: (path) => ({ messages: path.filter((e) => (e.message as Obj | undefined)?.role === "user").map((e) => e.message as Obj), model: { provider: "toyco", modelId: "toy-1" } }),
  defaultRoots: (env) => (env.TOY_HOME ? [env.TOY_HOME] : []),
  async sources(root) {
    let names: string[];
    try {
      names = readdirSync(root);
    } catch {
      return root.endsWith(".toydb") ? Object.keys((JSON.parse(readFileSync(root, "utf8")) as { sessions: Obj }).sessions).map((id) => `${root}#${id}`) : [];
    }
    const out: string[] = [];
    for (const name of names.sort()) {
      const p = join(root, name);
      if (name.endsWith(".toy.jsonl")) out.push(p);
      else if (name.endsWith(".toydb")) for (const id of Object.keys((JSON.parse(readFileSync(p, "utf8")) as { sessions: Obj }).sessions)) out.push(`${p}#${id}`);
    }
    return out;
  },
};
