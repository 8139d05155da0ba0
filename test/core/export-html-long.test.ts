// Issue 27: exporting a big session (22 MB) gives a page a browser opens
// quickly: long texts show their head, the rest is kept out of the layout
// until asked for, and the page says so. Nothing is lost.
import { beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadSession } from "../../src/core/session/tree/load.js";
import { htmlExport, LONG_TEXT } from "../../src/core/export/html.js";
import { collect } from "./export-helpers.js";

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "omps-export-long-"));
});

const unescape = (s: string): string =>
  s
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");

/** A pi session of `n` tool rounds, each output `size` characters (a line pattern with markup in it). */
function bigSession(n: number, size: number): string {
  const t = (k: number) => new Date(Date.UTC(2026, 1, 1, 11, 0, k)).toISOString();
  const out = (k: number) => `line ${k} <b>&amp;</b>\n`.repeat(Math.ceil(size / 10)).slice(0, size);
  const lines: object[] = [{ type: "session", version: 3, id: "big", timestamp: t(0), cwd: "/w" }];
  let parent: string | null = null;
  for (let k = 0; k < n; k++) {
    const a = `a${k}`;
    const r = `r${k}`;
    lines.push({
      type: "message",
      id: a,
      parentId: parent,
      timestamp: t(2 * k + 1),
      message: { role: "assistant", provider: "p", model: "m", stopReason: "toolUse", content: [{ type: "toolCall", id: `c${k}`, name: "bash", arguments: { command: "cat big.log" } }] },
    });
    lines.push({ type: "message", id: r, parentId: a, timestamp: t(2 * k + 2), message: { role: "toolResult", toolCallId: `c${k}`, toolName: "bash", content: [{ type: "text", text: out(k) }], isError: false } });
    parent = r;
  }
  const file = join(dir, `2026-02-01T11-00-00-000Z_big-${n}-${size}.jsonl`);
  writeFileSync(file, lines.map((l) => JSON.stringify(l) + "\n").join(""));
  return file;
}

describe("the HTML export of a big session (issue 27)", () => {
  it("a 22 MB session: long texts show their head, the rest waits in hidden text the layout skips; the page says so", async () => {
    const s = await loadSession(bigSession(32, 700_000));
    const html = await collect(htmlExport(s));
    const hidden = [...html.matchAll(/<textarea hidden readonly>([^<]*)<\/textarea>/g)];
    expect(hidden).toHaveLength(32);
    // what the browser lays out at once: well under a megabyte of the 22
    const laidOut = html.replace(/<textarea hidden readonly>[^<]*<\/textarea>/g, "").length;
    expect(html.length).toBeGreaterThan(22_000_000);
    expect(laidOut).toBeLessThan(1_000_000);
    expect(html).toContain('Texts over 16 KB show their first 2 KB; open "more characters" under one for the rest');

    expect(html).toContain(`${(700_000 - 2048).toLocaleString("en-US")} more characters (open to show them)`);
    // nothing is lost: head + rest is the whole output
    const first = /<div class="text">([^<]*)<\/div><details class="more" data-as="text"><summary>[^<]*<\/summary><textarea hidden readonly>([^<]*)<\/textarea>/.exec(html)!;
    expect(unescape(first[1]) + unescape(first[2])).toBe(`line 0 <b>&amp;</b>\n`.repeat(Math.ceil(700_000 / 10)).slice(0, 700_000));
  });

  it("texts up to the limit are shown whole, with no 'more'", async () => {
    const s = await loadSession(bigSession(2, LONG_TEXT));
    const html = await collect(htmlExport(s));
    expect(html).not.toContain("<textarea");
    expect(html).not.toContain('class="more"');
  });
});
