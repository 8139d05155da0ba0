// The tree loader cuts long nested strings in the bytes before parsing
// (read/parse-line.ts). These check the cut is invisible to everything the tree keeps.
import { describe, expect, it } from "vitest";
import { parseLine, shortened } from "../../../src/core/session/read/parse-line.js";
import { describeEntry } from "../../../src/core/session/tree/describe.js";
import { PREVIEW_SOURCE_UNITS } from "../../../src/core/session/text/safe-text.js";

const line = (o: unknown) => Buffer.from(JSON.stringify(o));
const parse = (b: Buffer) => parseLine(b, 0, b.length) as Record<string, unknown>;
const long = (unit: string, n = 5000) => unit.repeat(n);

describe("cutting long strings before the parse", () => {
  it("cuts only strings nested in the entry, at or past the preview's reach", () => {
    const body = long("x");
    const b = line({ type: "message", id: "a", message: { role: "user", content: [{ type: "text", text: body }] } });
    const cut = shortened(b);
    expect(cut).not.toBeNull();
    expect(cut!.length).toBeLessThan(b.length / 3);
    const obj = parse(b) as { message: { content: { text: string }[] } };
    const text = obj.message.content[0].text;
    expect(text.length).toBeGreaterThanOrEqual(PREVIEW_SOURCE_UNITS);
    expect(body.startsWith(text)).toBe(true);
  });

  it("never cuts the entry's own fields: a long label, id or summary is parsed whole", () => {
    const label = long("é", 3000);
    const b = line({ type: "label", id: "l1", targetId: long("t", 3000), label, extra: { note: long("n") } });
    expect(shortened(b)).toBeNull();
    const obj = parse(b);
    expect(obj.label).toBe(label);
    expect(obj.targetId).toBe(long("t", 3000));
  });

  it("gives the same previews as a full parse for escapes, multi-byte text and surrogate pairs", () => {
    const samples = [long('a\\"b\n'), long('"quoted" '), long("\\"), long("é"), long("日本語"), long("😀"), long("\u0001\u001b["), "x".repeat(PREVIEW_SOURCE_UNITS - 1) + long("😀", 10), " ".repeat(3000) + "after the spaces"];
    for (const text of samples) {
      for (const entry of [
        {
          type: "message",
          id: "m",
          message: {
            role: "assistant",
            content: [
              { type: "text", text },
              { type: "toolCall", name: "bash", arguments: { command: text } },
            ],
          },
        },
        { type: "message", id: "m", message: { role: "toolResult", toolName: "read", content: [{ type: "text", text }] } },
        { type: "custom_message", id: "m", customType: "note", content: text },
      ]) {
        const b = line(entry);
        const exact = JSON.parse(b.toString("utf8")) as Record<string, unknown>;
        expect(describeEntry(parse(b))).toEqual(describeEntry(exact));
      }
    }
  });

  it("leaves a line it cannot read to JSON.parse, which rejects it", () => {
    const b = Buffer.from(`{"type":"message","id":"a","message":{"content":"${long("x")}`);
    expect(shortened(b)).toBeNull();
    expect(() => parse(b)).toThrow();
    const bad = Buffer.from(`{"type":"message","id":"a","message":{"content":"${long("x")}"}, nope}`);
    expect(() => parse(bad)).toThrow();
    // Damage in the part left out still fails the line, as a full parse would.
    for (const junk of ["\t", "\u0001", "\\q", "\\u12G4"]) {
      const b2 = Buffer.from(`{"type":"message","id":"a","message":{"content":"${long("x")}${junk}tail"}}`);
      expect(() => JSON.parse(b2.toString())).toThrow();
      expect(() => parse(b2)).toThrow();
    }
  });

  it("keeps a short line as it is", () => {
    const b = line({ type: "message", id: "a", message: { role: "user", content: "hi" } });
    expect(shortened(b)).toBeNull();
    expect(parse(b)).toEqual(JSON.parse(b.toString()));
  });
});
