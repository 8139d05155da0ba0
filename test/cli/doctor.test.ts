// `doctor` on a home holding sessions with shapes no reader knows: it names
// each shape with its agent, version and file, exits 0, and says so when all
// is recognised.
import { describe, it, expect } from "vitest";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCli } from "../helpers/run-cli.js";

function home(): { dir: string; env: NodeJS.ProcessEnv } {
  const dir = mkdtempSync(join(tmpdir(), "omps-doctor-"));
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: dir, OMP_SESSIONS_CACHE_DIR: join(dir, "cache"), XDG_CONFIG_HOME: join(dir, "config"), XDG_DATA_HOME: join(dir, "data") };
  delete env.CLAUDE_CONFIG_DIR;
  delete env.CODEX_HOME;
  delete env.GEMINI_CLI_HOME;
  delete env.PI_CODING_AGENT_DIR;
  delete env.OMP_CODING_AGENT_DIR;
  return { dir, env };
}

const SID = "d0c70d0c-0000-4000-8000-000000000000";
const line = (o: Record<string, unknown>): string => JSON.stringify({ sessionId: SID, cwd: "/home/dev/demo", version: "2.9.999", ...o });
const firstPrompt = line({ type: "user", uuid: "u1", parentUuid: null, timestamp: "2026-12-01T10:00:00.000Z", message: { role: "user", content: "hi" } });

/** A home holding one Claude Code transcript of `lines` (joined as given): the file and the env to run in. */
function homeWith(lines: string[], end = "\n"): { file: string; env: NodeJS.ProcessEnv } {
  const { dir, env } = home();
  const project = join(dir, ".claude", "projects", "-home-dev-demo");
  mkdirSync(project, { recursive: true });
  const file = join(project, `${SID}.jsonl`);
  writeFileSync(file, lines.join("\n") + end);
  return { file, env };
}

describe("omp-sessions doctor", () => {
  it("names an invented record type with its agent, version and file, and exits 0", async () => {
    const { file, env } = homeWith([firstPrompt, line({ type: "hologram-snapshot", uuid: "h1", parentUuid: "u1", timestamp: "2026-12-01T10:00:01.000Z", frames: 3 }), line({ type: "mood-ring", color: "teal" })]);
    const r = await runCli(["doctor"], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain("Claude Code 2.9.999");
    expect(r.stdout).toContain('record type "hologram-snapshot"');
    expect(r.stdout).toContain('record type "mood-ring"');
    expect(r.stdout).toContain(file);

    const j = await runCli(["doctor", "--json"], { env });
    expect(j.code).toBe(0);
    const report = JSON.parse(j.stdout);
    expect(report.groups).toEqual([
      {
        agent: "claude",
        version: "2.9.999",
        shapes: [
          { shape: 'record type "hologram-snapshot"', files: [file] },
          { shape: 'record type "mood-ring"', files: [file] },
        ],
      },
    ]);

    // The records are kept, marked unknown in the tree.
    const t = await runCli(["tree", file, "--json"], { env });
    const entries = JSON.parse(t.stdout).entries as { type: string }[];
    expect(entries.map((e) => e.type)).toEqual(["message", "claude_hologram_snapshot", "claude_mood_ring"]);
    const text = await runCli(["tree", file], { env });
    expect(text.stdout).toContain("unknown: claude_hologram_snapshot");
  });

  it("says every record was recognised when none is new", async () => {
    const { env } = homeWith([firstPrompt]);
    const r = await runCli(["doctor"], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain("Every record of every session was recognised.");
    expect(r.stdout).toContain("Claude Code 1");
  });

  it("names the sessions read with damaged lines left out, with the lines (they list as valid)", async () => {
    const { file, env } = homeWith(
      [
        firstPrompt,
        '{"type":"assistant","retryInMs":[REDACTED]312349}',
        line({ type: "user", uuid: "u2", parentUuid: "u1", timestamp: "2026-12-01T10:00:02.000Z", message: { role: "user", content: "again" } }),
        '{"type":"user","uuid":"u3","mess',
      ],
      "",
    );
    const r = await runCli(["doctor"], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`Sessions read with lines left out`);
    expect(r.stdout).toContain(`  Claude Code  ${file}\n    not valid JSON, skipped — line 2\n    truncated last line (not valid JSON), skipped — line 4\n`);
    const report = JSON.parse((await runCli(["doctor", "--json"], { env })).stdout);
    expect(report.skipped).toEqual([
      {
        agent: "claude",
        file,
        warnings: [
          { line: 2, message: "not valid JSON, skipped" },
          { line: 4, message: "truncated last line (not valid JSON), skipped" },
        ],
      },
    ]);
  });
});
