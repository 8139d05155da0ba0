// The reader's rules (docs/session-format.md §2–6) on small hand-made files.
import { describe, it, expect, beforeAll } from "vitest";
import { mkdtempSync, writeFileSync, appendFileSync, readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadSession, refreshSession } from "../../src/core/session/tree/load.js";
import { buildContext } from "../../src/core/session/tree/context.js";
import { readEntry } from "../../src/core/session/read/entry.js";
import { pathTo } from "../../src/core/session/tree/path.js";

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "omps-reader-"));
});

const header = (extra: Record<string, unknown> = {}) => JSON.stringify({ type: "session", version: 3, id: "s1", timestamp: "2026-01-01T00:00:00.000Z", cwd: "/p", ...extra });
let n = 0;
const ts = (i: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString();
const msg = (id: string, parentId: string | null, role: string, text: string, i = ++n) =>
  JSON.stringify({ type: "message", id, parentId, timestamp: ts(i), message: role === "assistant" ? { role, content: [{ type: "text", text }], provider: "p", model: "m" } : { role, content: text } });
const write = (name: string, lines: string[], end = "\n") => {
  const f = join(dir, name);
  writeFileSync(f, lines.join("\n") + end);
  return f;
};

describe("reading lines", () => {
  it("reports malformed lines with their line numbers and keeps going", async () => {
    const f = write("bad.jsonl", [header(), msg("a1", null, "user", "hi"), "{nope", "", msg("b1", "a1", "assistant", "yo"), '{"type":"message","id":"c1"']);
    const s = await loadSession(f);
    expect(s.entries.map((e) => e.id)).toEqual(["a1", "b1"]);
    expect(s.warnings.map((w) => w.line)).toEqual([3, 6]);
    expect(s.warnings[1].message).toMatch(/not valid JSON/);
  });

  it("strips a BOM and accepts CRLF; byte offsets still point at the entry", async () => {
    const f = join(dir, "bom.jsonl");
    writeFileSync(f, "\ufeff" + [header(), msg("a1", null, "user", "crlf ✓")].join("\r\n") + "\r\n");
    const s = await loadSession(f);
    expect(s.entries).toHaveLength(1);
    expect(((await readEntry(s, "a1")).message as any).content).toBe("crlf ✓");
  });

  it("reads .jsonl.gz through gunzip with the same result", async () => {
    const lines = [header(), msg("a1", null, "user", "zip"), msg("b1", "a1", "assistant", "ped")];
    const plain = write("z.jsonl", lines);
    const gz = join(dir, "z.jsonl.gz");
    writeFileSync(gz, gzipSync(readFileSync(plain)));
    const [p, g] = [await loadSession(plain), await loadSession(gz)];
    expect(g.entries.map((e) => e.id)).toEqual(p.entries.map((e) => e.id));
    expect(await buildContext(g)).toEqual(await buildContext(p));
  });

  it("takes the omp title slot as the name, not as an entry", async () => {
    const slot = JSON.stringify({ type: "title", v: 1, title: "My title", updatedAt: ts(0), pad: "" });
    const padded = slot.slice(0, -2) + " ".repeat(255 - slot.length) + '"}';
    expect(Buffer.byteLength(padded + "\n")).toBe(256);
    const f = write("slot.jsonl", [padded, header(), msg("a1", null, "user", "x")]);
    const s = await loadSession(f);
    expect(s.titleSlot?.size).toBe(256);
    expect(s.name).toBe("My title");
    expect(s.agent).toBe("omp");
    expect(s.entries.map((e) => e.id)).toEqual(["a1"]);
  });

  it("refuses files without a header and empty files with exit status 3", async () => {
    await expect(loadSession(write("nohead.jsonl", [msg("a1", null, "user", "x")]))).rejects.toMatchObject({ exitCode: 3, message: expect.stringMatching(/not a session file/) });
    await expect(loadSession(write("empty.jsonl", [], ""))).rejects.toMatchObject({ exitCode: 3, message: expect.stringMatching(/empty/) });
    await expect(loadSession(join(dir, "missing.jsonl"))).rejects.toMatchObject({ exitCode: 3 });
  });

  it("reads a version it does not know as v3 with a notice", async () => {
    const s = await loadSession(write("v9.jsonl", [header({ version: 9 }), msg("a1", null, "user", "x")]));
    expect(s.version).toBe(9);
    expect(s.warnings[0].message).toMatch(/newer/);
    expect(s.entries).toHaveLength(1);
  });
});

describe("migration", () => {
  it("gives v1 entries stable ids, a linear chain, and maps firstKeptEntryIndex (header = 0)", async () => {
    const v1 = (type: string, extra: Record<string, unknown>) => JSON.stringify({ type, timestamp: ts(++n), ...extra });
    const f = write("v1.jsonl", [
      header({ version: undefined }),
      v1("message", { message: { role: "user", content: "one" } }),
      v1("message", { message: { role: "assistant", content: [{ type: "text", text: "two" }], provider: "p", model: "m" } }),
      v1("message", { message: { role: "user", content: "three" } }),
      v1("compaction", { summary: "sum", firstKeptEntryIndex: 3, tokensBefore: 10 }),
    ]);
    const a = await loadSession(f);
    const b = await loadSession(f);
    expect(a.entries.map((e) => e.id)).toEqual(b.entries.map((e) => e.id));
    expect(a.entries.every((e) => /^[0-9a-f]{8}$/.test(e.id))).toBe(true);
    expect(a.entries.map((e) => e.parentId)).toEqual([null, a.entries[0].id, a.entries[1].id, a.entries[2].id]);
    const comp = await readEntry(a, a.entries[3].id);
    expect(comp.firstKeptEntryId).toBe(a.entries[2].id);
    expect(comp).not.toHaveProperty("firstKeptEntryIndex");
    const ctx = await buildContext(a);
    expect(ctx.messages.map((m) => m.role)).toEqual(["compactionSummary", "user"]);
  });

  it("renames v2 hookMessage roles to custom", async () => {
    const f = write("v2.jsonl", [header({ version: 2 }), JSON.stringify({ type: "message", id: "h1", parentId: null, timestamp: ts(1), message: { role: "hookMessage", customType: "x", content: "c" } })]);
    const s = await loadSession(f);
    expect(s.entries[0].role).toBe("custom");
    expect(((await buildContext(s)).messages[0] as any).role).toBe("custom");
  });
});

describe("tree", () => {
  it("keeps the later of duplicate ids and warns", async () => {
    const s = await loadSession(write("dup.jsonl", [header(), msg("a1", null, "user", "first"), msg("a1", null, "user", "second")]));
    expect(s.entries).toHaveLength(1);
    expect(s.entries[0].preview).toBe("second");
    expect(s.warnings[0].message).toMatch(/duplicate id a1/);
  });

  it("breaks a three-entry loop at its first member in the file and never loops", async () => {
    const s = await loadSession(write("loop.jsonl", [header(), msg("x1", "z1", "user", "x"), msg("y1", "x1", "assistant", "y"), msg("z1", "y1", "user", "z")]));
    expect(s.roots).toEqual(["x1"]);
    expect(s.children.get("x1")).toEqual(["y1"]);
    expect(pathTo(s, "x1")).toEqual(["y1", "z1", "x1"]);
    expect((await buildContext(s, "z1")).messages).toHaveLength(3);
  });

  it("handles a 100,000-deep chain without recursion", async () => {
    const lines = [header()];
    for (let i = 0; i < 100_000; i++) lines.push(JSON.stringify({ type: "custom", id: `e${i}`, parentId: i ? `e${i - 1}` : null, timestamp: ts(1), customType: "t" }));
    const s = await loadSession(write("deep.jsonl", lines));
    expect(s.leafId).toBe("e99999");
    expect(pathTo(s, "e99999")).toHaveLength(100_000);
  });

  it("names the session by the latest session_info; an empty one clears it", async () => {
    const info = (id: string, p: string, name: string) => JSON.stringify({ type: "session_info", id, parentId: p, timestamp: ts(++n), name });
    const s1 = await loadSession(write("name1.jsonl", [header({ title: "from header" }), msg("a1", null, "user", "x"), info("i1", "a1", "first"), info("i2", "i1", "second")]));
    expect(s1.name).toBe("second");
    const s2 = await loadSession(write("name2.jsonl", [header({ title: "from header" }), msg("a1", null, "user", "x"), info("i1", "a1", "first"), info("i2", "i1", "")]));
    expect(s2.name).toBe("from header");
  });
});

describe("context", () => {
  it("converts only entries after the last reset_boundary when it follows the last compaction", async () => {
    const f = write("reset.jsonl", [
      header(),
      msg("a1", null, "user", "before"),
      JSON.stringify({ type: "compaction", id: "c1", parentId: "a1", timestamp: ts(++n), summary: "s", firstKeptEntryId: "a1", tokensBefore: 5 }),
      msg("b1", "c1", "assistant", "mid"),
      JSON.stringify({ type: "reset_boundary", id: "r1", parentId: "b1", timestamp: ts(++n) }),
      msg("d1", "r1", "user", "after"),
    ]);
    const s = await loadSession(f);
    expect((await buildContext(s)).messages.map((m: any) => m.content)).toEqual(["after"]);
    expect((await buildContext(s, "b1")).messages.map((m: any) => m.role)).toEqual(["compactionSummary", "user", "assistant"]);
  });

  it("reads model from omp's model_change and thinking null as off", async () => {
    const f = write("omp-model.jsonl", [
      header(),
      JSON.stringify({ type: "model_change", id: "m1", parentId: null, timestamp: ts(++n), model: "openai/gpt-5/mini" }),
      JSON.stringify({ type: "thinking_level_change", id: "t1", parentId: "m1", timestamp: ts(++n), thinkingLevel: null }),
    ]);
    const ctx = await buildContext(await loadSession(f));
    expect(ctx.model).toEqual({ provider: "openai", modelId: "gpt-5/mini" });
    expect(ctx.thinkingLevel).toBe("off");
    // An omp file: omp's empty context, with its fields.
    expect(await buildContext(await loadSession(f), null)).toEqual({ leafId: null, thinkingLevel: "off", model: null, messages: [], models: {}, mode: "none", injectedTtsrRules: [], rule: "omp" });
  });
});

describe("live files", () => {
  it("refresh reads only what was appended, including a line that was half-written before", async () => {
    const f = write("live.jsonl", [header(), msg("a1", null, "user", "one")]);
    const s1 = await loadSession(f);
    expect(await refreshSession(s1)).toBe(s1);
    const next = msg("b1", "a1", "assistant", "two");
    appendFileSync(f, next.slice(0, 20));
    const s2 = await refreshSession(s1);
    expect(s2.entries.map((e) => e.id)).toEqual(["a1"]);
    expect(s2.warnings.at(-1)?.message).toMatch(/truncated/);
    appendFileSync(f, next.slice(20) + "\n");
    const s3 = await refreshSession(s2);
    expect(s3.entries.map((e) => e.id)).toEqual(["a1", "b1"]);
    expect(s3.warnings).toEqual([]);
    expect(s3.leafId).toBe("b1");
    expect(s1.entries).toHaveLength(1);
  });
});

describe("previews", () => {
  it("keep non-ASCII text intact, raw or escaped, and cut long text on a character boundary", async () => {
    const raw = JSON.stringify({ type: "message", id: "u1", parentId: null, timestamp: ts(1), message: { role: "user", content: "日本語 ünïcödé 🚀 done" } });
    const escaped = raw.replace("日本語", "\\u65e5\\u672c\\u8a9e").replace("u1", "u2");
    const long = JSON.stringify({ type: "message", id: "u3", parentId: "u1", timestamp: ts(2), message: { role: "user", content: "語".repeat(5000) } });
    const s = await loadSession(write("utf8.jsonl", [header(), raw, escaped.replace('"parentId":null', '"parentId":"u1"'), long]));
    expect(s.byId.get("u1")!.preview).toBe("日本語 ünïcödé 🚀 done");
    expect(s.byId.get("u2")!.preview).toBe("日本語 ünïcödé 🚀 done");
    expect(s.byId.get("u3")!.preview).toMatch(/^語+…$/);
  });
});

describe("tree JSON", () => {
  it("the streamed form is byte-identical to JSON.stringify of the object form", async () => {
    const { treeJson, treeJsonBuffers } = await import("../../src/core/session/tree/tree-json.js");
    const lines = [header(), msg("a1", null, "user", 'quote " and \\ and 日本'), msg("b1", "a1", "assistant", "x")];
    lines.push(JSON.stringify({ type: "label", id: "l1", parentId: "b1", timestamp: ts(9), targetId: "a1", label: "keep" }));
    const s = await loadSession(write("json.jsonl", lines));
    expect(Buffer.concat(Array.from(treeJsonBuffers(s), (c) => Buffer.from(c))).toString("utf8")).toBe(JSON.stringify(treeJson(s)) + "\n");
  });

  it("stays byte-identical across many buffers, with branches and multi-byte previews", async () => {
    const { treeJson, treeJsonBuffers } = await import("../../src/core/session/tree/tree-json.js");
    const lines = [header()];
    for (let i = 0; i < 12_000; i++) {
      const parent = i === 0 ? null : `e${i % 7 === 0 ? Math.floor(i / 2) : i - 1}`;
      lines.push(msg(`e${i}`, parent, i % 2 ? "assistant" : "user", `${i} ${"日本語 ünïcödé 🚀 ".repeat(12)}`));
    }
    const s = await loadSession(write("many.jsonl", lines));
    // Each chunk copied before the next is asked for: they share one buffer.
    const chunks = Array.from(treeJsonBuffers(s), (c) => Buffer.from(c));
    expect(chunks.length).toBeGreaterThan(2);
    expect(Buffer.concat(chunks).toString("utf8")).toBe(JSON.stringify(treeJson(s)) + "\n");
  });
});

describe("oneLine", () => {
  it("collapses whitespace, shows controls, cuts with … and never splits a surrogate pair", async () => {
    const { oneLine } = await import("../../src/core/session/text/safe-text.js");
    expect(oneLine("  a \n\n b\t c  ", 50)).toBe("a b c");
    // a colour sequence is dropped whole, any other escape stays visible
    expect(oneLine("x\u001b[31my\u0007", 50)).toBe("xy␇");
    expect(oneLine("x\u001b[1;38;5;196mred\u001b[0m \u001b]0;title\u0007 \u001b[2J", 50)).toBe("xred ␛]0;title␇ ␛[2J");
    expect(oneLine("a \u001b[31m b", 50)).toBe("a b");
    // a sequence cut at the end of the units read stays visible on both reads (the tree's cut keeps those units)
    expect(oneLine("x".repeat(1021) + "\u001b[31m", 2000)).toBe("x".repeat(1021) + "␛[3");
    expect(oneLine("a".repeat(300), 10)).toBe("a".repeat(9) + "…");
    expect(oneLine("🚀".repeat(50), 10)).toBe("🚀".repeat(4) + "…");
    expect(oneLine("x".repeat(10_000_000), 20)).toHaveLength(20);
    expect(oneLine("\u202eevil", 50)).toBe("<U+202E>evil");
  });
});
