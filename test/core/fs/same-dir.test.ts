// One project, one answer: a cwd recorded on Windows names its dir without
// regard to case, `/` against `\` or a trailing separator, in the scope of
// "this project" (ls, stats, the browser), in stats by project and in the
// browser's project sort. A POSIX cwd stays case-sensitive. The cwd shown is
// the one the agent recorded; a project's row in stats shows its most
// recently started session's spelling.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { inProject, projectKey, sameDir } from "../../../src/core/fs/same-dir.js";
import { isWindowsPath } from "../../../src/core/fs/windows-path.js";
import { report } from "../../../src/core/stats/report.js";
import { emptyFigure, type SessionFigures } from "../../../src/core/stats/figures.js";
import { listViewOf } from "../../../src/ui/state/session-list-view.js";
import { summaryRow } from "../../helpers/summary-row.js";
import { agentDirIn, sessionHeader, userLine } from "../../helpers/session-lines.js";
import { runCli } from "../../helpers/run-cli.js";

describe("a Windows cwd", () => {
  it("is told by its shape: a drive letter and a separator, or a share", () => {
    for (const p of ["C:\\Users\\dev\\app", "c:/Users/dev/app", "D:\\", "\\\\server\\share\\app"]) expect(isWindowsPath(p), p).toBe(true);
    for (const p of ["/home/dev/app", "C:", "relative\\dir", "", "\\\\server", "//server/share"]) expect(isWindowsPath(p), p).toBe(false);
  });

  it("names the same dir in any case, with either separator and with or without a trailing one", () => {
    const spellings = ["C:\\Users\\dev\\app", "c:\\Users\\dev\\app", "c:\\users\\dev\\app\\", "C:/Users/dev/app", "c:/users/dev/app/", "C:\\Users\\dev\\x\\..\\app"];
    for (const a of spellings) for (const b of spellings) expect(sameDir(a, b), `${a} ${b}`).toBe(true);
    expect(inProject("c:\\users\\dev\\app", "C:\\Users\\dev\\app")).toBe(true);
    expect(sameDir("C:\\Users\\dev\\app", "D:\\Users\\dev\\app")).toBe(false);
    expect(sameDir("C:\\Users\\dev\\app", "C:\\Users\\dev\\app2")).toBe(false);
    expect(sameDir("\\\\Server\\Share\\App", "\\\\server\\share\\app\\")).toBe(true);
  });

  it("while a POSIX cwd keeps its case (a trailing slash does not matter), and no cwd is no project", () => {
    expect(sameDir("/home/dev/App", "/home/dev/app")).toBe(false);
    expect(sameDir("/home/dev/app/", "/home/dev/app")).toBe(true);
    expect(inProject("", process.cwd())).toBe(false);
    expect(projectKey("")).toBe("");
  });
});

const figures = (file: string, cwd: string, created: string, cost: number): SessionFigures => ({
  file,
  id: file,
  cwd,
  agent: "pi",
  created,
  parentSession: null,
  subagent: false,
  models: ["m"],
  branches: [],
  total: { ...emptyFigure(), calls: 1, cost },
  modelTotals: [],
  buckets: [],
  calls: [],
  inherited: 0,
  duplicates: 0,
});

describe("stats by project", () => {
  it("counts a Windows project's spellings as one row, shown as its most recently started session wrote it", () => {
    const rows = report(
      [
        figures("a", "C:\\Users\\dev\\app", "2026-03-01T10:00:00.000Z", 1),
        figures("b", "c:\\users\\dev\\app", "2026-03-05T10:00:00.000Z", 2),
        figures("c", "c:\\Users\\dev\\app\\", "2026-03-02T10:00:00.000Z", 4),
        figures("d", "/home/dev/App", "2026-03-01T10:00:00.000Z", 8),
        figures("e", "/home/dev/app", "2026-03-01T10:00:00.000Z", 16),
      ],
      { by: "project" },
    );
    expect(rows.map((r) => [r.project, r.calls, r.cost])).toEqual([
      ["/home/dev/app", 1, 16],
      ["/home/dev/App", 1, 8],
      ["c:\\users\\dev\\app", 3, 7],
    ]);
  });
});

describe("the browser's project sort", () => {
  it("keeps a Windows project's sessions together, newest first, whatever the spelling", () => {
    const list = [
      summaryRow({ path: "/s/1.jsonl", cwd: "C:\\Users\\dev\\app", modified: "2026-03-01T10:00:00.000Z" }),
      summaryRow({ path: "/s/2.jsonl", cwd: "C:\\Users\\dev\\Bpp", modified: "2026-03-04T10:00:00.000Z" }),
      summaryRow({ path: "/s/3.jsonl", cwd: "c:\\users\\dev\\app", modified: "2026-03-03T10:00:00.000Z" }),
      summaryRow({ path: "/s/4.jsonl", cwd: "c:/Users/dev/app/", modified: "2026-03-02T10:00:00.000Z" }),
    ];
    expect(listViewOf(list, "", "project", "all", "/elsewhere").map((s) => s.path)).toEqual(["/s/3.jsonl", "/s/4.jsonl", "/s/1.jsonl", "/s/2.jsonl"]);
    expect(listViewOf(list, "", "recent", "project", "C:\\USERS\\DEV\\APP").map((s) => s.path)).toEqual(["/s/3.jsonl", "/s/4.jsonl", "/s/1.jsonl"]);
  });
});

describe("ls --cwd with a Windows path", () => {
  it("lists the project's sessions in every spelling, each with the cwd its agent recorded", async () => {
    const base = mkdtempSync(join(tmpdir(), "omp-windows-cwd-"));
    try {
      const { agent, dir } = agentDirIn(base);
      const cwds = ["C:\\Users\\dev\\app", "c:\\users\\dev\\app", "c:/Users/dev/app/", "C:\\Users\\dev\\other"];
      cwds.forEach((cwd, i) => writeFileSync(join(dir, `s${i}.jsonl`), sessionHeader(`id-${i}`, cwd) + userLine(`u${i}`, null, `hello ${i}`)));
      const r = await runCli(["ls", "--agent-dir", agent, "--cwd", "C:\\USERS\\dev\\app", "--json", "--no-cache"]);
      expect(r.code).toBe(0);
      const rows = JSON.parse(r.stdout) as { cwd: string }[];
      expect(rows.map((x) => x.cwd).sort()).toEqual(cwds.slice(0, 3).sort());
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  });
});
