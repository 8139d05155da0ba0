// JSON for a terminal: JSON.stringify escapes C0 controls (ESC is \u001b) but
// writes DEL, the C1 controls (U+009B is a CSI to some terminals) and the bidi
// overrides raw. Every command's JSON output and the exported session lines
// pass through here.

const UNSAFE = /[\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
const UNSAFE_ALL = /[\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** A JSON text with the characters a terminal may act on written as \u escapes: the same JSON value. */
export function jsonSafe(line: string): string {
  return UNSAFE.test(line) ? line.replace(UNSAFE_ALL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`) : line;
}
