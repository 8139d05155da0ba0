// Codex's older shell tool handed the model its output wrapped in JSON, as one
// string: {"output":"…","metadata":{"exit_code":1,"duration_seconds":2.4}}.
// The context keeps that string (it is what the model saw); the tree's preview
// and the entry's detail show the output itself, and the exit code apart.

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

const OPEN = '{"output":"';

export interface ShellOutput {
  output: string;
  exitCode: number | null;
  seconds: number | null;
}

/** The wrapper read whole (the detail view): null unless text is exactly {output, metadata} with a string output. */
export function unwrapShellOutput(text: string): ShellOutput | null {
  if (!text.startsWith(OPEN)) return null;
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isObj(v) || typeof v.output !== "string" || !isObj(v.metadata) || Object.keys(v).some((k) => k !== "output" && k !== "metadata")) return null;
  const num = (x: unknown): number | null => (typeof x === "number" && Number.isFinite(x) ? x : null);
  return { output: v.output, exitCode: num(v.metadata.exit_code), seconds: num(v.metadata.duration_seconds) };
}

const ESCAPES: Record<string, string> = { '"': '"', "\\": "\\", "/": "/", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" };

/**
 * The output's beginning decoded from text as far as it goes (a preview): the
 * JSON string after `{"output":"` up to its closing quote or the end of text,
 * so a text cut short (the tree's parse cuts long strings) gives the same
 * beginning. null when text does not open the wrapper.
 */
export function shellOutputHead(text: string): string | null {
  if (!text.startsWith(OPEN)) return null;
  let out = "";
  let i = OPEN.length;
  while (i < text.length) {
    const q = text.indexOf('"', i);
    const b = text.indexOf("\\", i);
    const stop = q < 0 ? b : b < 0 ? q : Math.min(q, b);
    if (stop < 0) return out + text.slice(i);
    out += text.slice(i, stop);
    if (stop === q) return out;
    const e = text[stop + 1];
    if (e === "u") {
      const hex = text.slice(stop + 2, stop + 6);
      if (!/^[0-9a-fA-F]{4}$/.test(hex)) return out;
      out += String.fromCharCode(parseInt(hex, 16));
      i = stop + 6;
    } else if (e !== undefined && ESCAPES[e] !== undefined) {
      out += ESCAPES[e];
      i = stop + 2;
    } else return out;
  }
  return out;
}
