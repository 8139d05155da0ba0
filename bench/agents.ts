// Listing other agents' sessions as fast as pi's: 2,000 Claude Code sessions
// and 2,000 pi sessions holding the same conversations (same turns, same
// text, same sizes within a few per cent), each listed with `ls --all --json`
// cold, then warm. Issue 15's target: the Claude Code warm listing within
// 1.2× of the pi one. The stores are written to a temp dir and removed.
// Run: `npx tsx bench/agents.ts` after a build, or from bench/run.ts.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { measure, type Measurement } from "./measure.js";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const SESSIONS = 2000;
const TURNS = 20;

export const uuid = (n: number, k: number) => `${n.toString(16).padStart(8, "0")}-0000-4000-8000-${k.toString(16).padStart(12, "0")}`;
export const at = (n: number, k: number) => new Date(Date.UTC(2026, 5, 1) + n * 3_600_000 + k * 2000).toISOString();
const prompt = (n: number, t: number) => `Session ${n} turn ${t}: look at src/module${t % 7}.ts and explain what parseTable does with the last row.`;
const reply = (n: number, t: number) => `In session ${n}, parseTable in module${t % 7} drops the last row because the loop stops one early. ${"The fix is to use <= instead of <. ".repeat(4)}`;

/** One Claude Code transcript: a user line and a streamed reply (two copies) per turn. */
export function claudeLines(n: number, cwd: string, turns = TURNS): string {
  const sid = uuid(n, 0);
  const base = { sessionId: sid, cwd, version: "2.1.12", userType: "external", isSidechain: false, gitBranch: "main" };
  let out = "";
  let parent: string | null = null;
  for (let t = 0; t < turns; t++) {
    const u = uuid(n, 3 * t + 1);
    out += JSON.stringify({ ...base, type: "user", uuid: u, parentUuid: parent, timestamp: at(n, 3 * t), message: { role: "user", content: prompt(n, t) } }) + "\n";
    const msg = { id: `msg_${n}_${t}`, type: "message", role: "assistant", model: "claude-sonnet-4-5-20250929" };
    const usage = (o: number) => ({ input_tokens: 12, cache_read_input_tokens: 9000, cache_creation_input_tokens: 300, output_tokens: o });
    const a1 = uuid(n, 3 * t + 2);
    const a2 = uuid(n, 3 * t + 3);
    out +=
      JSON.stringify({
        ...base,
        type: "assistant",
        uuid: a1,
        parentUuid: u,
        requestId: `req_${n}_${t}`,
        timestamp: at(n, 3 * t + 1),
        message: { ...msg, content: [{ type: "thinking", thinking: "Read the loop bounds.", signature: "sig" }], stop_reason: null, usage: usage(8) },
      }) + "\n";
    out +=
      JSON.stringify({
        ...base,
        type: "assistant",
        uuid: a2,
        parentUuid: a1,
        requestId: `req_${n}_${t}`,
        timestamp: at(n, 3 * t + 2),
        message: { ...msg, content: [{ type: "text", text: reply(n, t) }], stop_reason: "end_turn", usage: usage(80) },
      }) + "\n";
    parent = a2;
  }
  return out;
}

/** The same conversation as a pi session file. */
export function piLines(n: number, cwd: string): string {
  let out = JSON.stringify({ type: "session", version: 3, id: uuid(n, 0), timestamp: at(n, 0), cwd }) + "\n";
  let parent: string | null = null;
  for (let t = 0; t < TURNS; t++) {
    const u = uuid(n, 3 * t + 1);
    const a = uuid(n, 3 * t + 3);
    out += JSON.stringify({ type: "message", id: u, parentId: parent, timestamp: at(n, 3 * t), message: { role: "user", content: prompt(n, t), timestamp: Date.parse(at(n, 3 * t)) } }) + "\n";
    out +=
      JSON.stringify({
        type: "message",
        id: a,
        parentId: u,
        timestamp: at(n, 3 * t + 2),
        message: {
          role: "assistant",
          content: [
            { type: "thinking", thinking: "Read the loop bounds." },
            { type: "text", text: reply(n, t) },
          ],
          provider: "anthropic",
          model: "claude-sonnet-4-5-20250929",
          usage: { input: 12, output: 80, cacheRead: 9000, cacheWrite: 300, totalTokens: 9392 },
          stopReason: "stop",
          timestamp: Date.parse(at(n, 3 * t + 2)),
        },
      }) + "\n";
    parent = a;
  }
  return out;
}

const ms = (m: Measurement) => (m.ok ? `${Math.round(m.wallMs)} ms` : `failed (${m.stderr.split("\n")[0]})`);
const cpu = (m: Measurement) => (m.cpuMs === null ? "n/a" : `${Math.round(m.cpuMs)} ms`);
const median = (xs: Measurement[]) => xs.find((m) => !m.ok) ?? [...xs].sort((a, b) => a.wallMs - b.wallMs)[Math.floor(xs.length / 2)];

export async function benchAgents(): Promise<string> {
  const work = mkdtempSync(join(tmpdir(), "bench-agents-"));
  try {
    const home = join(work, "home");
    const claudeDir = join(home, ".claude");
    const piAgent = join(work, "pi-agent");
    let claudeBytes = 0;
    let piBytes = 0;
    for (let n = 0; n < SESSIONS; n++) {
      const cwd = `/home/dev/project-${n % 40}`;
      const proj = cwd.replace(/[/.]/g, "-");
      mkdirSync(join(claudeDir, "projects", proj), { recursive: true });
      const c = claudeLines(n, cwd);
      writeFileSync(join(claudeDir, "projects", proj, `${uuid(n, 0)}.jsonl`), c);
      claudeBytes += Buffer.byteLength(c);
      const piDir = join(piAgent, "sessions", `--${cwd.slice(1).replace(/\//g, "-")}--`);
      mkdirSync(piDir, { recursive: true });
      const p = piLines(n, cwd);
      writeFileSync(join(piDir, `${at(n, 0).replace(/[:.]/g, "-")}_${uuid(n, 0)}.jsonl`), p);
      piBytes += Buffer.byteLength(p);
    }
    const bin = join(ROOT, "bin", "omp-sessions");
    // Both listings are the command a user types, `ls --all --json` with every
    // agent's default places: HOME is the temp home, pi's agent dir is the pi
    // store for one and an empty dir for the other, and no other agent's env
    // override leaks in.
    const none = join(home, "none");
    const base = { HOME: home, NO_COLOR: "1", CODEX_HOME: none, XDG_DATA_HOME: none, XDG_CONFIG_HOME: none, GEMINI_CLI_HOME: none, OMP_CODING_AGENT_DIR: none };
    const claudeEnv = { ...base, CLAUDE_CONFIG_DIR: claudeDir, PI_CODING_AGENT_DIR: none, OMP_SESSIONS_CACHE_DIR: join(work, "cache-claude") };
    const piEnv = { ...base, CLAUDE_CONFIG_DIR: none, PI_CODING_AGENT_DIR: piAgent, OMP_SESSIONS_CACHE_DIR: join(work, "cache-pi") };
    const claude = () => measure({ cmd: bin, args: ["ls", "--all", "--json"], env: claudeEnv, isNode: true, captureStdout: true });
    const pi = () => measure({ cmd: bin, args: ["ls", "--all", "--json"], env: piEnv, isNode: true, captureStdout: true });
    const claudeCold = await claude();
    const piCold = await pi();
    // Warm: alternate the two, nine runs each, and take each one's median.
    const cw: Measurement[] = [];
    const pw: Measurement[] = [];
    for (let i = 0; i < 9; i++) {
      pw.push(await pi());
      cw.push(await claude());
    }
    const c = median(cw);
    const p = median(pw);
    const rows = (m: Measurement) => (m.ok && m.stdout ? (m.stdout.match(/\{"path":/g) ?? []).length : 0);
    const ratio = c.ok && p.ok ? c.wallMs / p.wallMs : NaN;
    const ratioCpu = c.cpuMs !== null && p.cpuMs !== null ? c.cpuMs / p.cpuMs : NaN;
    const MB = 1024 * 1024;
    return [
      `### Other agents: ${SESSIONS} Claude Code sessions vs ${SESSIONS} pi sessions (the same conversations)`,
      "",
      "| run | Claude Code wall | Claude Code CPU | pi wall | pi CPU | Claude/pi wall | Claude/pi CPU | target |",
      "|---|---:|---:|---:|---:|---:|---:|---|",
      `| \`ls --all --json\`, cold cache | ${ms(claudeCold)} | ${cpu(claudeCold)} | ${ms(piCold)} | ${cpu(piCold)} | ${(claudeCold.wallMs / piCold.wallMs).toFixed(2)}× | – | – |`,
      `| \`ls --all --json\`, warm (median of 9) | ${ms(c)} | ${cpu(c)} | ${ms(p)} | ${cpu(p)} | ${ratio.toFixed(2)}× | ${ratioCpu.toFixed(2)}× | ≤ 1.2× ${ratio <= 1.2 ? "PASS" : "FAIL"} |`,
      "",
      `Rows listed: Claude Code ${rows(c)}, pi ${rows(p)}. Data: Claude Code ${(claudeBytes / MB).toFixed(0)} MB, pi ${(piBytes / MB).toFixed(0)} MB, ${TURNS} turns per session (a Claude Code reply streamed as two lines).`,
    ].join("\n");
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  benchAgents().then((s) => process.stdout.write(s + "\n"));
}
