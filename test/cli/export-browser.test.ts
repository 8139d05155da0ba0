// The HTML export in a real browser (Debian's headless Chromium, over the
// DevTools protocol): it loads with no console message, script error or
// network request; the path's entries are exactly the ones shown, in order;
// clicking a row of the side panel shows that entry's path; a hostile
// session's text runs nothing. Skips when no Chromium is installed.
// UPDATE_MEDIA=1 also saves the README's screenshots into media/.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { ensureBuilt, REPO, run } from "../capture/helpers.js";
import { CHROMIUM, openPage, type Page } from "../helpers/chromium.js";
import { fixtureFiles } from "../helpers/fixtures.js";
import { writeHostileSession } from "../helpers/hostile-session.js";
import { loadSession } from "../../src/core/session/tree/load.js";
import { pathTo } from "../../src/core/session/tree/path.js";
import type { Session } from "../../src/core/session/model.js";

const branchy = fixtureFiles("sessions").find((f) => f.name.startsWith("pi-2026-01-05T09"))!.file;
let dir: string;
let s: Session;
const pages: Page[] = [];

beforeAll(async () => {
  ensureBuilt();
  dir = mkdtempSync(join(tmpdir(), "omps-export-browser-"));
  s = await loadSession(branchy);
});
afterEach(async () => {
  for (const p of pages.splice(0)) await p.close();
});

async function exportHtml(file: string, args: string[] = []): Promise<string> {
  const out = join(dir, `${Math.random().toString(16).slice(2)}.html`);
  const r = await run(["export", file, "--format", "html", "-o", out, ...args], null, process.env);
  expect(r.code, r.stderr).toBe(0);
  return out;
}

async function open(file: string, o: Parameters<typeof openPage>[1] = {}, hash = ""): Promise<Page> {
  const p = await openPage(pathToFileURL(file).href + hash, o);
  pages.push(p);
  return p;
}

/** The ids of the entries the main column shows, top to bottom. */
const SHOWN = `[...document.querySelectorAll("#path .entry")].filter((e) => getComputedStyle(e).display !== "none").map((e) => e.querySelector(".id").textContent)`;

describe.skipIf(!CHROMIUM)("the HTML export in headless Chromium", () => {
  it("opens with no console message or error and shows every entry of the path, in order", async () => {
    const page = await open(await exportHtml(branchy));
    expect(await page.evaluate<string[]>(SHOWN)).toEqual(pathTo(s, s.leafId!));
    expect(page.problems).toEqual([]);
    expect(page.requests.filter((u) => !u.startsWith("file:") && !u.startsWith("data:"))).toEqual([]);
    // The header says which path it is.
    expect(await page.evaluate(`document.getElementById("where").textContent`)).toBe(`path root → ${s.leafId}: ${pathTo(s, s.leafId!).length} entries shown`);
    if (process.env.UPDATE_MEDIA) {
      // The README's shot: the path around its first compaction.
      await page.evaluate(`(() => { const on = [...document.querySelectorAll("#path .entry.on")]; const i = on.findIndex((e) => e.classList.contains("k-compaction")); on[Math.max(0, i - 1)].scrollIntoView(); })()`);
      writeFileSync(join(REPO, "media", "export.png"), await page.screenshot());
    }
  });

  it("--leaf on another branch: that path; a click on a side-panel row shows the clicked entry's path", async () => {
    const ids = s.entries.map((m) => m.id);
    const leaves = s.entries.filter((m) => m.type === "message" && (s.children.get(m.id)?.length ?? 0) === 0 && m.id !== s.leafId);
    const [first, second] = [leaves[0].id, leaves[leaves.length - 1].id];
    const page = await open(await exportHtml(branchy, ["--leaf", first]), { dark: true });
    expect(await page.evaluate<string[]>(SHOWN)).toEqual(pathTo(s, first));
    await page.evaluate(`document.querySelector('#tree a[data-i="${ids.indexOf(second)}"]').click()`);
    expect(await page.evaluate<string[]>(SHOWN)).toEqual(pathTo(s, second));
    expect(await page.evaluate(`location.hash`)).toBe(`#e${ids.indexOf(second)}`);
    // The side panel marks the same path and the clicked row.
    const marked = await page.evaluate<string[]>(`[...document.querySelectorAll("#tree a.row.on")].map((a) => a.getAttribute("data-i"))`);
    expect(marked.every((i) => pathTo(s, second).includes(ids[Number(i)]))).toBe(true);
    expect(await page.evaluate(`document.querySelector("#tree a.cur").getAttribute("data-i")`)).toBe(String(ids.indexOf(second)));
    if (process.env.UPDATE_MEDIA) writeFileSync(join(REPO, "media", "export-dark.png"), await page.screenshot());
    // Unfolding opens every tool call and thinking block of the path.
    await page.evaluate(`document.getElementById("fold").click()`);
    expect(await page.evaluate(`[...document.querySelectorAll("#path .entry.on details")].every((d) => d.open)`)).toBe(true);
    expect(page.problems).toEqual([]);
  });

  it("a link to an entry (#eN) opens on that entry's path", async () => {
    const target = s.entries.find((m) => m.type === "compaction")!;
    const page = await open(await exportHtml(branchy), {}, `#e${s.entries.indexOf(target)}`);
    expect(await page.evaluate<string[]>(SHOWN)).toEqual(pathTo(s, target.id));
    expect(page.problems).toEqual([]);
  });

  it("a hostile session runs nothing: its text shows as text", async () => {
    const file = writeHostileSession(mkdtempSync(join(dir, "hostile-")));
    const page = await open(await exportHtml(file));
    expect(page.problems).toEqual([]);
    expect(await page.evaluate(`typeof window.__pwned`)).toBe("undefined");
    expect(await page.evaluate(`document.scripts.length`)).toBe(1);
    expect(await page.evaluate(`document.querySelectorAll("svg, u, i, b, img[onerror], style").length`)).toBe(1); // our own <style>
    expect(await page.evaluate(`document.title`)).toMatch(/^<\/title><script>window.__pwned=2<\/script>/);
    const text = await page.evaluate<string>(`document.getElementById("path").innerText`);
    for (const n of [4, 9, 13, 14, 15, 17]) expect(text).toContain(`<script>window.__pwned=${n}</script>`);
    expect(await page.evaluate<string[]>(SHOWN)).toHaveLength(11); // every entry: the path is the whole session
  });

  it("a long text shows its head; opening its 'more' shows the rest, whole (issue 27)", async () => {
    const long = "0123456789<&>\n".repeat(5000);
    const file = join(dir, "2026-02-01T11-00-00-000Z_long.jsonl");
    const lines = [
      { type: "session", version: 3, id: "long", timestamp: "2026-02-01T11:00:00.000Z", cwd: "/w" },
      { type: "message", id: "u1", parentId: null, timestamp: "2026-02-01T11:00:01.000Z", message: { role: "user", content: long } },
    ];
    writeFileSync(file, lines.map((l) => JSON.stringify(l) + "\n").join(""));
    const page = await open(await exportHtml(file));
    expect(page.problems).toEqual([]);
    const body = `document.querySelector("#path .entry.on .body")`;
    expect(await page.evaluate<number>(`${body}.querySelector(".text").textContent.length`)).toBe(2048);
    await page.evaluate(`(() => { const d = ${body}.querySelector("details.more"); d.open = true; return new Promise((r) => setTimeout(r, 0)); })()`);
    expect(await page.evaluate<string>(`[...${body}.querySelectorAll(".text")].map((e) => e.textContent).join("")`)).toBe(long);
    expect(page.problems).toEqual([]);
  });

  it("the test can see a failure: a page that logs and throws is reported", async () => {
    const bad = join(dir, "bad.html");
    writeFileSync(bad, `<!doctype html><p>x</p><script>console.error("seen"); nope();</script>`);
    const page = await open(bad);
    expect(page.problems.join("\n")).toMatch(/console.error: seen[\s\S]*nope is not defined/);
  });
});
