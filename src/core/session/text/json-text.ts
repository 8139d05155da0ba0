// JSON.stringify for values read from session files. V8's stringify recurses,
// and a line nested a few thousand levels deep (which JSON.parse reads fine)
// makes it throw "Maximum call stack size exceeded": `show` and `context
// --json` must still print it. The native call is tried first; only when it
// runs out of stack does an iterative walk produce the same text.

type Frame = { obj: object; items: [string | null, unknown][]; next: number; array: boolean; pad: string; flat: boolean };

// Past this depth the fallback stops indenting (still valid JSON): 5,000 levels
// at two spaces each would be 25 MB of leading blanks per line.
const INDENT_DEPTH = 64;

function scalar(v: unknown): string | undefined {
  if (v === null) return "null";
  switch (typeof v) {
    case "string":
      return JSON.stringify(v);
    case "number":
      return Number.isFinite(v) ? String(v) : "null";
    case "boolean":
      return v ? "true" : "false";
    case "bigint":
      throw new TypeError("Do not know how to serialize a BigInt");
    case "object":
      return undefined;
    default:
      return undefined;
  }
}

/** Same output as JSON.stringify(value, null, indent) for plain data; iterative, so any depth works. */
export function jsonText(value: unknown, indent = 0): string {
  try {
    return JSON.stringify(value, null, indent);
  } catch (err) {
    if (!(err instanceof RangeError)) throw err;
  }
  const unit = " ".repeat(indent);
  const out: string[] = [];
  const stack: Frame[] = [];
  const seen = new Set<object>();
  // Writes a value: a scalar at once, an object or array by pushing a frame.
  const open = (v: unknown, pad: string, inArray: boolean, depth: number): void => {
    const obj = v as { toJSON?: () => unknown } | null;
    if (obj && typeof obj === "object" && typeof obj.toJSON === "function") v = obj.toJSON();
    const s = scalar(v);
    if (s !== undefined || v === null || typeof v !== "object") {
      // undefined and functions: "null" in arrays (objects skip them before calling open)
      out.push(s ?? (inArray ? "null" : ""));
      return;
    }
    if (seen.has(v)) throw new TypeError("Converting circular structure to JSON");
    seen.add(v);
    const array = Array.isArray(v);
    const items: [string | null, unknown][] = array
      ? (v as unknown[]).map((x) => [null, x])
      : Object.keys(v as object)
          .map((k): [string, unknown] => [k, (v as Record<string, unknown>)[k]])
          .filter(([, x]) => x !== undefined && typeof x !== "function" && typeof x !== "symbol");
    if (items.length === 0) {
      seen.delete(v);
      out.push(array ? "[]" : "{}");
      return;
    }
    out.push(array ? "[" : "{");
    stack.push({ obj: v, items, next: 0, array, pad, flat: indent === 0 || depth >= INDENT_DEPTH });
  };
  open(value, "", false, 0);
  while (stack.length > 0) {
    const f = stack[stack.length - 1];
    if (f.next === f.items.length) {
      stack.pop();
      seen.delete(f.obj);
      out.push((f.flat ? "" : "\n" + f.pad) + (f.array ? "]" : "}"));
      continue;
    }
    const [key, v] = f.items[f.next];
    const lead = f.flat ? "" : "\n" + f.pad + unit;
    out.push((f.next > 0 ? "," : "") + lead + (key === null ? "" : JSON.stringify(key) + (f.flat ? ":" : ": ")));
    f.next++;
    open(v, f.flat ? f.pad : f.pad + unit, f.array, stack.length);
  }
  return out.join("");
}
