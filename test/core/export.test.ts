// The Markdown and HTML exports as text: what a path shows, what the flags
// leave out, that a hostile session's text stays inert, and that --redact
// leaves no secret of the redaction corpus in any format.
import { beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadSession } from "../../src/core/session/tree/load.js";
import { pathTo } from "../../src/core/session/tree/path.js";
import { exportChunks, EXPORT_FORMATS } from "../../src/core/export/index.js";
import { markdownExport, fence, code } from "../../src/core/export/markdown.js";
import { htmlExport } from "../../src/core/export/html.js";
import { jsonlExport } from "../../src/core/export/jsonl.js";
import { EXPORT_CSP } from "../../src/core/export/html-assets.js";
import type { Session } from "../../src/core/session/model.js";
import { fixtureFiles } from "../helpers/fixtures.js";
import { writeHostileSession } from "../helpers/hostile-session.js";
import { writeSecretSession } from "../helpers/secret-session.js";
import { SECRETS } from "../capture/redaction-corpus.js";
import { collect } from "./export-helpers.js";
import { safeLines } from "../../src/core/export/safe.js";
import { safeText } from "../../src/core/session/text/safe-text.js";

const NOW = new Date("2026-12-01T12:00:00.000Z");
let dir: string;
let branchy: Session;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "omps-export-"));
  branchy = await loadSession(fixtureFiles("sessions").find((f) => f.name.startsWith("pi-2026-01-05T09"))!.file);
});

/** A raw control character a terminal would act on (newlines aside). */
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

describe("terminal safety", () => {
  it("safeLines gives exactly safeText(s, true) for every character (it only hands safeText the runs it maps)", () => {
    for (let c = 0; c < 0x10000; c++) {
      const s = `a${String.fromCharCode(c)}${String.fromCharCode(c)}b\n\t`;
      if (safeLines(s) !== safeText(s, true)) expect(safeLines(s), `U+${c.toString(16)}`).toBe(safeText(s, true));
    }
  });
});

describe("Markdown export", () => {
  it("has one section per path entry, in path order, with the labels in force", async () => {
    const leaf = [...branchy.byId.values()].find((m) => m.type === "message" && m.role === "user" && (branchy.children.get(m.id)?.length ?? 0) === 0)!.id;
    const md = await collect(markdownExport(branchy, { leafId: leaf, now: NOW }));
    const path = pathTo(branchy, leaf);
    const ids = [...md.matchAll(/^(?:### \d+\. .*\n\n|\*\d+\. .*?\* · )`([^`]+)`/gm)].map((m) => m[1]);
    expect(ids).toEqual(path);
    expect(md).toContain(`root → ${leaf} · ${path.length} of ${branchy.entries.length} entries`);
    for (const id of path) {
      const label = branchy.labels.get(id);
      if (label) expect(md).toContain(`**[${label}]**`);
    }
    expect(md.startsWith("# session 13\n")).toBe(true);
  });

  it("puts tool arguments and output in fences no backtick run can close", () => {
    expect(fence("a ``` b")).toBe("````\na ``` b\n````\n");
    expect(code("x`y")).toBe("``x`y``");
    expect(code("`x")).toBe("`` `x ``");
  });

  it("--no-thinking and --no-tools leave those out", async () => {
    const all = await collect(markdownExport(branchy, { now: NOW }));
    expect(all).toContain("**thinking**");
    expect(all).toMatch(/\*\*→ \w+\*\*/);
    expect(all).toMatch(/### \d+\. \w+ result/);
    const bare = await collect(markdownExport(branchy, { now: NOW, noThinking: true, noTools: true }));
    expect(bare).not.toContain("**thinking**");
    expect(bare).not.toMatch(/\*\*→ /);
    expect(bare).not.toMatch(/### \d+\. \w+ (result|failed)/);
    expect(bare).toContain("- **left out:** thinking, tool calls and results");
  });

  it("is terminal-safe and opens no HTML tag from a hostile session", async () => {
    const s = await loadSession(writeHostileSession(dir));
    const md = await collect(markdownExport(s, { now: NOW }));
    expect(md).not.toMatch(CONTROL);
    expect(md).toContain("␛]0;evil title␇");
    // Outside fences and inline code no "<" is left raw.
    const prose = md.replace(/^(`{3,})[^\n]*\n[\s\S]*?^\1\n/gm, "").replace(/(`+)[^`]*?\1/g, "");
    expect(prose).not.toContain("<script");
    expect(prose).toContain("&lt;script>window.__pwned=4&lt;/script>");
  });
});

describe("archived sessions", () => {
  it("a .jsonl.gz session exports the same as the plain file, in every format", async () => {
    const { readFileSync, writeFileSync } = await import("node:fs");
    const { gzipSync } = await import("node:zlib");
    const gz = join(dir, "branchy.jsonl.gz");
    writeFileSync(gz, gzipSync(readFileSync(branchy.file)));
    const s = await loadSession(gz);
    const same = (t: string, file: string) => t.split(file).join("FILE");
    for (const format of EXPORT_FORMATS) {
      const a = same(await collect(exportChunks(branchy, format, { now: NOW })), branchy.file);
      const b = same(await collect(exportChunks(s, format, { now: NOW })), gz);
      if (format === "jsonl") expect(b.split("\n").map((l) => l && JSON.parse(l))).toEqual(a.split("\n").map((l) => l && JSON.parse(l)));
      else expect(b, format).toBe(a);
    }
  });
});

describe("HTML export", () => {
  it("marks the path, holds every entry of the tree and draws the side panel from the tree rows", async () => {
    const html = await collect(htmlExport(branchy, { now: NOW }));
    const path = new Set(pathTo(branchy, branchy.leafId!));
    const sections = [...html.matchAll(/<section class="entry ([^"]*)" id="e(\d+)">.*?<code class="id">([^<]*)<\/code>/g)];
    expect(sections).toHaveLength(branchy.entries.length);
    for (const [, cls, i, id] of sections) {
      expect(branchy.entries[Number(i)].id).toBe(id);
      expect(cls.split(" ").includes("on"), id).toBe(path.has(id));
    }
    expect(html).toContain('<nav id="tree">');
    expect(html.match(/<a class="row[^"]*\bcur\b/g)).toHaveLength(1);
    expect(html).toMatch(/class="entry k-compaction/);
    expect(html).toMatch(/class="entry k-branch/);
    expect(html).toMatch(/<details class="call">/);
    expect(html).toMatch(/<details class="think">/);
    expect(html).toMatch(/prefers-color-scheme:dark/);
    const parents = /data-p="([^"]*)"/.exec(html)![1].split(",").map(Number);
    expect(parents).toHaveLength(branchy.entries.length);
    branchy.entries.forEach((m, i) => expect(parents[i] === -1 ? null : branchy.entries[parents[i]].id).toBe(m.parentId !== null && branchy.byId.has(m.parentId) ? m.parentId : null));
  });

  it("loads nothing from the network: its policy allows only its own style and script", async () => {
    const html = await collect(htmlExport(branchy, { now: NOW }));
    expect(EXPORT_CSP).toMatch(/^default-src 'none'; img-src data:; style-src 'sha256-[^']+'; script-src 'sha256-[^']+'/);
    expect(html).toContain(`content="${EXPORT_CSP}"`);
    expect(html).not.toMatch(/\b(?:src|href)="(?!#|data:)/);
  });

  it("escapes every string of a hostile session: one script (its own), no tag or handler from the file", async () => {
    const s = await loadSession(writeHostileSession(dir));
    const html = await collect(htmlExport(s, { now: NOW }));
    expect(html.match(/<script/gi)).toHaveLength(1);
    expect(html.match(/<img /g)).toHaveLength(1); // the one well-formed PNG
    expect(html).not.toMatch(/<(svg|u|i|b)[\s>]|<style>body/i);
    expect(html).not.toMatch(/<[a-z][^>]*\son[a-z]+=/i);
    expect(html).not.toMatch(/<\/(title|style|main|section|pre)><(script|style)/i);
    expect(html).not.toMatch(CONTROL);
    expect(html).toContain("&lt;script&gt;window.__pwned=4&lt;/script&gt;");
    expect(html).toContain("[image image/svg+xml");
  });
});

describe("--redact", () => {
  it("leaves no secret of the redaction corpus in any format, and without it they are all there", async () => {
    const s = await loadSession(writeSecretSession(dir));
    for (const format of EXPORT_FORMATS) {
      const plain = await collect(exportChunks(s, format, { now: NOW }));
      const redacted = await collect(exportChunks(s, format, { now: NOW, redact: true }));
      for (const [name, secret] of Object.entries(SECRETS)) {
        expect(plain.includes(secret) || plain.includes(JSON.stringify(secret).slice(1, -1)), `${name} in the plain ${format}`).toBe(true);
        expect(redacted.includes(secret), `${name} in the redacted ${format}`).toBe(false);
      }
      expect(redacted).toContain("[REDACTED]");
    }
  });

  it("keeps the JSONL loadable with the same path", async () => {
    const s = await loadSession(writeSecretSession(dir));
    const file = join(dir, "redacted.jsonl");
    const { writeFileSync } = await import("node:fs");
    writeFileSync(file, await collect(jsonlExport(s, { redact: true })));
    const copy = await loadSession(file);
    expect(pathTo(copy, copy.leafId!)).toEqual(pathTo(s, s.leafId!));
    expect(copy.name).toBe("deploy with [REDACTED]");
  });
});
