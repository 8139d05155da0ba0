// docs/keys.md carries the key table generated from src/ui/keymap.ts, so the
// docs can never drift from the bindings. `UPDATE_DOCS=1 npx vitest run test/ui/docs.test.ts` rewrites it.
import { describe, expect, it } from "vitest";
import { readFileSync, writeFileSync } from "node:fs";
import { keysMarkdown } from "../../src/ui/keys-markdown.js";
import { BINDINGS, keyLabel } from "../../src/ui/keymap.js";

const DOC = "docs/keys.md";
const START = "<!-- keys:start (generated from src/ui/keymap.ts) -->";
const END = "<!-- keys:end -->";

describe("docs/keys.md", () => {
  it("holds the key table exactly as the keymap defines it", () => {
    const doc = readFileSync(DOC, "utf8");
    const a = doc.indexOf(START);
    const b = doc.indexOf(END);
    expect(a).toBeGreaterThanOrEqual(0);
    expect(b).toBeGreaterThan(a);
    const want = `${START}\n\n${keysMarkdown()}\n${END}`;
    const have = doc.slice(a, b + END.length);
    if (process.env.UPDATE_DOCS && have !== want) writeFileSync(DOC, doc.slice(0, a) + want + doc.slice(b + END.length));
    else expect(have).toBe(want);
  });

  it("the generated table names every key and action", () => {
    const md = keysMarkdown();
    for (const b of BINDINGS) {
      expect(md).toContain(b.help);
      for (const k of b.keys) expect(md).toContain("`" + keyLabel(k));
    }
  });
});
