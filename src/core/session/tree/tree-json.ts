// The JSON shapes of `tree --json` and `show --json` (docs/commands.md).
import type { EntryMeta, Session } from "../model.js";
import { printedDialect } from "../agents.js";

function entryJson(s: Session, e: EntryMeta): Record<string, unknown> {
  const o: Record<string, unknown> = {
    id: e.id,
    parentId: e.parentId,
    type: e.type,
    timestamp: e.timestamp,
    label: s.labels.get(e.id) ?? null,
    children: s.children.get(e.id) ?? [],
  };
  if (e.role !== undefined) o.role = e.role;
  o.preview = s.previewJson && e.previewAt !== undefined ? s.previewJson.text(e.previewAt) : e.preview;
  return o;
}

export function treeJson(s: Session): Record<string, unknown> {
  return { ...treeHead(s), entries: s.entries.map((e) => entryJson(s, e)), warnings: s.warnings };
}

function treeHead(s: Session): Record<string, unknown> {
  // Another agent's session says whose it is (pi's and omp's keep the shape docs/commands.md gives).
  const agent = s.held && s.agent ? { agent: s.agent } : {};
  return { file: s.file, dialect: printedDialect(s), ...agent, version: s.version, header: s.header, name: s.name, leafId: s.leafId, roots: s.roots };
}

/**
 * Writes `entries` by hand: the same bytes as JSON.stringify(entryJson(s, e))
 * for each, without an object per entry; the few types and roles are quoted
 * once each.
 */
class EntryText {
  private readonly words = new Map<string, string>();
  constructor(private readonly s: Session) {}
  private word(w: string): string {
    let q = this.words.get(w);
    if (q === undefined) this.words.set(w, (q = JSON.stringify(w)));
    return q;
  }
  /** Entry k's JSON up to and including `"preview":` (its preview and the closing brace follow). */
  head(k: number): string {
    const q = JSON.stringify;
    const s = this.s;
    const all = s.entries;
    const e = all[k];
    const topo = s.topology;
    const label = s.labels.size ? s.labels.get(e.id) : undefined;
    const a = topo.childStart[k];
    const b = topo.childStart[k + 1];
    let kids = "[]";
    if (b > a) {
      kids = "[" + q(all[topo.childList[a]].id);
      for (let c = a + 1; c < b; c++) kids += "," + q(all[topo.childList[c]].id);
      kids += "]";
    }
    return (
      `{"id":${q(e.id)},"parentId":${e.parentId === null ? "null" : q(e.parentId)},"type":${this.word(e.type)},"timestamp":${q(e.timestamp)},` +
      `"label":${label === undefined ? "null" : q(label)},"children":${kids},` +
      (e.role !== undefined ? `"role":${this.word(e.role)},` : "") +
      `"preview":`
    );
  }
}

const CHUNK = 1 << 20;

/**
 * The same JSON as treeJson, as UTF-8 buffers of about 1 MB, so a session of
 * millions of entries never becomes one giant string. Each
 * entry's small string is encoded straight into the buffer: joining a batch
 * into one big string first, and encoding that, costs several times more.
 *
 * The chunks share one buffer: a chunk is valid until the next one is asked
 * for (write it, or copy it, first). A new buffer per chunk left tens of MB
 * of written chunks to the garbage collector on a big session, which sees
 * little of them (their bytes are outside its heap) and ran late.
 */
export function* treeJsonBuffers(s: Session): Generator<Buffer> {
  let buf = Buffer.allocUnsafe(CHUNK);
  let off = 0;
  const put = function* (text: string): Generator<Buffer> {
    if (off + text.length * 3 > buf.length) {
      if (off > 0) yield buf.subarray(0, off);
      if (text.length * 3 > buf.length) buf = Buffer.allocUnsafe(text.length * 3);
      off = 0;
    }
    off += buf.write(text, off);
  };
  const head = JSON.stringify(treeHead(s));
  yield* put(head.slice(0, -1) + ',"entries":[');
  const entries = new EntryText(s);
  const previews = s.previewJson;
  for (let k = 0; k < s.entries.length; k++) {
    const at = s.entries[k].previewAt;
    if (previews !== undefined && at !== undefined) {
      // The preview's bytes as they were kept: the head, then a copy.
      const head = entries.head(k);
      const n = previews.length(at);
      if (off + head.length * 3 + n + 2 > buf.length) {
        if (off > 0) yield buf.subarray(0, off);
        if (head.length * 3 + n + 2 > buf.length) buf = Buffer.allocUnsafe(head.length * 3 + n + 2);
        off = 0;
      }
      if (k > 0) buf[off++] = 44;
      off += buf.write(head, off);
      off += previews.copy(at, buf, off);
      buf[off++] = 125;
      continue;
    }
    const text = entries.head(k) + JSON.stringify(s.entries[k].preview) + "}";
    // Inlined fast path of put(): most entries fit.
    if (off + text.length * 3 + 1 <= buf.length) {
      if (k > 0) buf[off++] = 44;
      off += buf.write(text, off);
    } else yield* put((k > 0 ? "," : "") + text);
  }
  yield* put('],"warnings":' + JSON.stringify(s.warnings) + "}\n");
  if (off > 0) yield buf.subarray(0, off);
}
