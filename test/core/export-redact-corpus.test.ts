// Issue 27: `export --redact` in every format against the whole secret corpus
// and the innocent corpus, each string in every place an export draws text
// from (a prompt, a command, nested tool input, the cwd, the name, a label).
import { beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadSession } from "../../src/core/session/tree/load.js";
import { exportChunks, EXPORT_FORMATS } from "../../src/core/export/index.js";
import { INNOCENT, SECRET_CASES } from "../capture/secret-corpus.js";
import { collect } from "./export-helpers.js";

const NOW = new Date("2026-12-01T12:00:00.000Z");
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "omps-export-corpus-"));
});

/** One session per text: the text in the cwd, the name, user text, a command, nested tool input, tool output and a label. */
function sessionWith(text: string, i: number): string {
  const t = (k: number) => `2026-02-01T11:00:${String(k).padStart(2, "0")}.000Z`;
  const lines: object[] = [
    { type: "session", version: 3, id: `corpus-${i}`, timestamp: t(0), cwd: `/home/u/${text.replace(/\n/g, " ")}` },
    { type: "message", id: "u1", parentId: null, timestamp: t(1), message: { role: "user", content: text } },
    {
      type: "message",
      id: "a1",
      parentId: "u1",
      timestamp: t(2),
      message: {
        role: "assistant",
        provider: "p",
        model: "m",
        stopReason: "toolUse",
        content: [
          { type: "text", text: `running ${text}` },
          { type: "toolCall", id: "c1", name: "bash", arguments: { command: text, options: { nested: [{ deep: text }] } } },
        ],
      },
    },
    { type: "message", id: "r1", parentId: "a1", timestamp: t(3), message: { role: "toolResult", toolCallId: "c1", toolName: "bash", content: [{ type: "text", text }], isError: false } },
    { type: "label", id: "l1", parentId: "r1", timestamp: t(4), targetId: "u1", label: text.slice(0, 60) },
    { type: "session_info", id: "n1", parentId: "l1", timestamp: t(5), name: text.slice(0, 80) },
  ];
  const file = join(dir, `2026-02-01T11-00-00-000Z_corpus-${i}.jsonl`);
  writeFileSync(file, lines.map((l) => JSON.stringify(l) + "\n").join(""));
  return file;
}

const escapes = (s: string): string[] => [s, JSON.stringify(s).slice(1, -1), s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;")];

describe("export --redact with the corpora (issue 27)", () => {
  it("no secret of the corpus is left in md, html or jsonl, in any place", async () => {
    const leaks: string[] = [];
    for (let i = 0; i < SECRET_CASES.length; i++) {
      const c = SECRET_CASES[i];
      const s = await loadSession(sessionWith(c.text, i));
      for (const format of EXPORT_FORMATS) {
        const out = await collect(exportChunks(s, format, { now: NOW, redact: true }));
        if (escapes(c.secret).some((e) => out.includes(e))) leaks.push(`${c.name} in ${format}`);
      }
    }
    expect(leaks).toEqual([]);
  });

  it("innocent text comes out of --redact exactly as without it", async () => {
    const altered: string[] = [];
    for (let i = 0; i < INNOCENT.length; i++) {
      const s = await loadSession(sessionWith(INNOCENT[i], 1000 + i));
      for (const format of EXPORT_FORMATS) {
        const plain = await collect(exportChunks(s, format, { now: NOW }));
        const redacted = await collect(exportChunks(s, format, { now: NOW, redact: true }));
        // the page says once that secrets are replaced by [REDACTED]; any other mask altered the text
        if (redacted.replace("secrets replaced by [REDACTED]", "").includes("[REDACTED]")) altered.push(`${format}: ${INNOCENT[i]}`);
        else if (!escapes(INNOCENT[i]).some((e) => plain.includes(e))) altered.push(`${format} (plain lost it): ${INNOCENT[i]}`);
      }
    }
    expect(altered).toEqual([]);
  });
});
