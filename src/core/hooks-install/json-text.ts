// Editing a settings file's JSON text in place: our hook groups are inserted
// into, or taken out of, the text itself, and every other byte stays as the
// user wrote it. Reprinting the parsed value would turn 12345678901234567890123
// into 1.2345678901234568e+22, 1e400 into null, keep one of two duplicate keys
// and re-indent compact arrays. The text has been checked by JSON.parse first,
// so the scanner below only has to find where things are, not judge them.

export interface JsonNode {
  start: number;
  /** One past the value's last character. */
  end: number;
  kind: "object" | "array" | "scalar";
  members: { key: string; keyStart: number; value: JsonNode }[];
  items: JsonNode[];
}

export class JsonEditError extends Error {
  override name = "JsonEditError";
}

const WS = /[ \t\n\r]/;

function skip(text: string, i: number): number {
  while (i < text.length && WS.test(text[i])) i++;
  return i;
}

function stringEnd(text: string, i: number): number {
  // text[i] is the opening quote
  for (let j = i + 1; j < text.length; j++) {
    if (text[j] === "\\") j++;
    else if (text[j] === '"') return j + 1;
  }
  throw new JsonEditError("unterminated string");
}

function value(text: string, at: number): JsonNode {
  const i = skip(text, at);
  const c = text[i];
  if (c === "{" || c === "[") {
    const node: JsonNode = { start: i, end: i, kind: c === "{" ? "object" : "array", members: [], items: [] };
    const close = c === "{" ? "}" : "]";
    let j = skip(text, i + 1);
    if (text[j] === close) {
      node.end = j + 1;
      return node;
    }
    for (;;) {
      if (node.kind === "object") {
        const keyStart = skip(text, j);
        const keyEnd = stringEnd(text, keyStart);
        const key = JSON.parse(text.slice(keyStart, keyEnd)) as string;
        const colon = skip(text, keyEnd);
        const v = value(text, colon + 1);
        node.members.push({ key, keyStart, value: v });
        j = skip(text, v.end);
      } else {
        const v = value(text, j);
        node.items.push(v);
        j = skip(text, v.end);
      }
      if (text[j] === ",") {
        j++;
        continue;
      }
      if (text[j] !== close) throw new JsonEditError("malformed JSON");
      node.end = j + 1;
      return node;
    }
  }
  if (c === '"') return { start: i, end: stringEnd(text, i), kind: "scalar", members: [], items: [] };
  let j = i;
  while (j < text.length && !/[,\]}\s]/.test(text[j])) j++;
  return { start: i, end: j, kind: "scalar", members: [], items: [] };
}

/** The top value's spans. */
export const scanJson = (text: string): JsonNode => value(text, 0);

/** The one member named `key`, or undefined; two of them is an error (which one does the harness read?). */
export function member(obj: JsonNode, key: string): JsonNode | undefined {
  const found = obj.members.filter((m) => m.key === key);
  if (found.length > 1) throw new JsonEditError(`the key "${key}" appears ${found.length} times`);
  return found[0]?.value;
}

export interface Style {
  /** The indent unit ("" for a file on one line). */
  unit: string;
  colon: string;
  comma: string;
}

/** How the file writes JSON: its indent unit and whether `:`/`,` are followed by a space. */
export function styleOf(text: string, unit: string): Style {
  return { unit, colon: /"\s*:\s/.test(text) ? ": " : ":", comma: /,[ \t]+["{[]/.test(text) ? ", " : "," };
}

function compact(v: unknown, s: Style): string {
  if (Array.isArray(v)) return "[" + v.map((x) => compact(x, s)).join(s.comma) + "]";
  if (v && typeof v === "object") {
    return (
      "{" +
      Object.entries(v as Record<string, unknown>)
        .map(([k, x]) => JSON.stringify(k) + s.colon + compact(x, s))
        .join(s.comma) +
      "}"
    );
  }
  return JSON.stringify(v);
}

/** A value printed as the file would print it at a line indented by `base`. */
function print(v: unknown, s: Style, multiline: boolean, base: string): string {
  if (!multiline || !s.unit) return compact(v, s);
  return JSON.stringify(v, null, s.unit).replace(/\n/g, "\n" + base);
}

/** The leading whitespace of the line holding offset `at`. */
function lineIndent(text: string, at: number): string {
  const lineStart = text.lastIndexOf("\n", at - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart))![0];
}

/**
 * The text with one entry added at the end of a container: an array item, or
 * an object member `"key": value`. A container laid out over lines gets the
 * entry on a line of its own, indented like its siblings; one on a single line
 * gets it inline.
 */
export function appendEntry(text: string, container: JsonNode, v: unknown, s: Style, key?: string): string {
  const entries = container.kind === "object" ? container.members.map((m) => ({ start: m.keyStart, end: m.value.end })) : container.items;
  const closeAt = container.end - 1;
  const outer = lineIndent(text, container.start);
  const label = key === undefined ? "" : JSON.stringify(key) + s.colon;
  if (entries.length === 0) {
    const multiline = s.unit !== "";
    const inner = outer + s.unit;
    const body = label + print(v, s, multiline, inner);
    const insert = multiline ? `\n${inner}${body}\n${outer}` : body;
    return text.slice(0, container.start + 1) + insert + text.slice(closeAt);
  }
  const last = entries[entries.length - 1];
  // the whitespace siblings stand after: between the opener and the first entry
  const lead = text.slice(container.start + 1, entries[0].start);
  const multiline = lead.includes("\n");
  const indent = multiline ? lead.slice(lead.lastIndexOf("\n") + 1) : "";
  const sep = multiline ? "\n" + indent : s.comma === ", " ? " " : "";
  return text.slice(0, last.end) + "," + sep + label + print(v, s, multiline, indent) + text.slice(last.end);
}

/** The text without entry `index` of a container (with its comma); a container left empty keeps its brackets. */
export function removeEntry(text: string, container: JsonNode, index: number): string {
  const entries = container.kind === "object" ? container.members.map((m) => ({ start: m.keyStart, end: m.value.end })) : container.items;
  if (entries.length === 1) return text.slice(0, container.start + 1) + text.slice(container.end - 1);
  if (index < entries.length - 1) return text.slice(0, entries[index].start) + text.slice(entries[index + 1].start);
  return text.slice(0, entries[index - 1].end) + text.slice(entries[index].end);
}
