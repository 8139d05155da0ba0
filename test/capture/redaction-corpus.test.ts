// Issue 14 item 3: the secret corpus in every payload field of every harness's
// hook events, in hook flags and in session files for import-session: no
// secret reaches disk (every file and file name under the hub is scanned);
// the innocent corpus comes back unaltered.
import { beforeAll, describe, expect, it } from "vitest";
import { mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { rules } from "@secretlint/secretlint-rule-preset-recommend";
import { cli, ensureBuilt, hook, payload, readLines, REPO, sandbox } from "./helpers.js";
import { send } from "./ingest-helper.js";
import { payloadPreview, redactId, scrub } from "../../src/core/capture/redact.js";
import { contextRules } from "../../src/core/capture/secret-context.js";
import { INNOCENT, SECRET_CASES, type SecretCase } from "./secret-corpus.js";

beforeAll(ensureBuilt);

/** Every path (relative, so file names count too) and every file's bytes under dir. */
function diskText(dir: string): { where: string; text: string }[] {
  const out: { where: string; text: string }[] = [];
  const walk = (d: string): void => {
    for (const n of readdirSync(d)) {
      const p = join(d, n);
      out.push({ where: `name ${relative(dir, p)}`, text: relative(dir, p) });
      if (statSync(p).isDirectory()) walk(p);
      else out.push({ where: relative(dir, p), text: readFileSync(p, "latin1") + "\n" + readFileSync(p, "utf8") });
    }
  };
  walk(dir);
  return out;
}

function leaks(dir: string, cases: SecretCase[]): string[] {
  const files = diskText(dir);
  const found: string[] = [];
  for (const c of cases) {
    for (const f of files) {
      const at = f.text.indexOf(c.secret);
      if (at >= 0) found.push(`${c.name} in ${f.where}: ${JSON.stringify(f.text.slice(Math.max(0, at - 60), at + c.secret.length + 10))}`);
    }
  }
  return found;
}

const HARNESSES = ["claude", "codex", "gemini", "opencode", "omp", "pi"] as const;
type Harness = (typeof HARNESSES)[number];

// Event names per harness: a user prompt (yields a feedback candidate), a tool event, a compaction and a stop (digests).
const EVENTS: Record<Harness, [string, string, string, string]> = {
  claude: ["UserPromptSubmit", "PostToolUse", "PostCompact", "Stop"],
  codex: ["UserPromptSubmit", "PostToolUse", "PostCompact", "Stop"],
  gemini: ["BeforeAgent", "AfterTool", "PreCompress", "AfterAgent"],
  opencode: ["chat.message", "tool.execute.after", "session.compacted", "session.idle"],
  omp: ["input", "tool_result", "session_compact", "agent_end"],
  pi: ["input", "tool_result", "session_compact", "agent_end"],
};

/** One hook payload with a secret case in every field; `k` picks which case goes where, so every case meets every field. */
function eventPayload(h: Harness, name: string, at: (field: number) => SecretCase): Record<string, unknown> {
  let f = 0;
  const t = (): string => at(f++).text;
  const p: Record<string, unknown> = {
    hook_event_name: name,
    session_id: t(),
    cwd: `/home/dev/${t()}`,
    transcript_path: `/home/dev/.${h}/sessions/${t()}.jsonl`,
    model: t(),
    tool_name: t(),
    tool_use_id: t(),
    turn_id: t(),
    prompt: `no, actually ${t()}`,
    tool_input: { command: t(), options: { nested: [{ deep: { args: [t(), "--flag", t()] } }] }, description: t() },
    [t()]: "an unknown key that is itself a secret",
    unknown_field: t(),
    extra: { note: t(), list: [t(), 1, true, null] },
  };
  if (h === "opencode") Object.assign(p, { sessionID: t(), directory: `/srv/${t()}`, model: { providerID: t(), modelID: t() }, callID: t(), tool: t() });
  if (h === "gemini") p.timestamp = "2026-06-13T18:00:00Z";
  return p;
}

/** What the maintained secretlint preset (every rule but its comment filter) reports in a text. */
const flagged = (text: string): string[] => {
  const out: string[] = [];
  const context = { createTranslator: () => (id: string) => id, report: (d: { range: [number, number] }) => out.push(text.slice(d.range[0], d.range[1])), ignore() {} };
  const source = { content: text, filePath: undefined, ext: "", contentType: "text", indexToPosition: () => ({ line: 1, column: 0 }), locationToRange: () => [0, 0] };
  for (const rule of rules as any[]) {
    if (String(rule.meta.id).endsWith("filter-comments")) continue;
    rule.create(context, {}).file?.(source);
  }
  return out;
};

describe("the secret corpus never reaches disk (issue 14, item 3)", () => {
  it("the corpus covers the issue's formats", () => {
    expect(SECRET_CASES.length).toBeGreaterThanOrEqual(83);
    for (const c of SECRET_CASES) expect(c.text, c.name).toContain(c.secret);
  });

  it("scrub masks every case on its own, and masking is idempotent", () => {
    for (const c of SECRET_CASES) {
      const once = scrub(c.text);
      expect(once, c.name).not.toContain(c.secret);
      expect(scrub(once), c.name).toBe(once);
    }
  });

  it('the context rules change no text without whitespace, ":", "=" or "@" (scrubContext skips such text)', () => {
    const pieces = [...SECRET_CASES.map((c) => c.text), ...INNOCENT].flatMap((t) => t.split(/[\s:=@]+/)).filter(Boolean);
    expect(pieces.length).toBeGreaterThan(500);
    for (const piece of pieces) expect(contextRules(piece), piece).toBe(piece);
  });

  it("whatever the maintained secretlint preset flags in the corpus is gone after scrub", () => {
    let seen = 0;
    for (const c of SECRET_CASES) {
      const after = scrub(c.text);
      for (const hit of flagged(c.text)) {
        seen++;
        // a linter's range may include the name (`aws_secret_access_key = …`): the secret part must be gone
        const secretPart = hit.includes(c.secret) ? c.secret : hit;
        expect(after.includes(secretPart), `${c.name}: secretlint flags ${hit}`).toBe(false);
      }
      expect(flagged(after), c.name).toEqual([]);
    }
    expect(seen).toBeGreaterThan(5);
  });

  it.each(HARNESSES)(
    "%s: every case in every payload field of four event kinds, digests and candidates included",
    (h) => {
      const sb = sandbox();
      const n = SECRET_CASES.length;
      for (let i = 0; i < n; i++) {
        const at = (field: number): SecretCase => SECRET_CASES[(i + field * 7) % n];
        for (const name of EVENTS[h]) send(sb.root, eventPayload(h, name, at), h);
        // the same case as the session id of a clean event too: the id alone holds the secret
        send(sb.root, { session_id: SECRET_CASES[i].text, hook_event_name: EVENTS[h][3], cwd: "/home/dev/app" }, h);
      }
      const found = leaks(sb.hub, SECRET_CASES);
      expect(found.slice(0, 20)).toEqual([]);
      // and the maintained scanner finds nothing on disk either
      expect(diskText(sb.hub).flatMap((f) => flagged(f.text).map((hit) => `${f.where}: ${hit}`))).toEqual([]);
      // the store was really written: candidates, digests, states
      expect(readLines(join(sb.root, "feedback", "candidates.jsonl")).length).toBeGreaterThan(0);
      expect(readdirSync(join(sb.root, "digests"), { recursive: true }).some((f) => String(f).endsWith(".md"))).toBe(true);
      // (a safety net, not a measure: 14-23 s on a quiet machine, over 80 s under a load of 30)
    },
    300_000,
  );

  it("the real hook binary with secrets in its flags, stdin and every field, then promote: nothing on disk", async () => {
    const sb = sandbox();
    mkdirSync(join(sb.hub, "topics", "demo", "raw", "notes"), { recursive: true });
    const picks = SECRET_CASES.filter((_, i) => i % 6 === 0);
    for (let i = 0; i < picks.length; i++) {
      const c = picks[i];
      const p = eventPayload("claude", i % 2 ? "UserPromptSubmit" : "Stop", (f) => SECRET_CASES[(i * 5 + f) % SECRET_CASES.length]);
      const r = await hook(["--harness", "claude", "--session-id", c.text, "--cwd", `/tmp/${c.text}`, "--topic", c.text, "--summary", c.text, "--trigger", c.text], payload(p), sb.env);
      expect(r.code).toBe(0);
    }
    const sid = `claude:${redactId(picks[0].text)}`;
    expect((await cli(["promote", sid, "--topic", "demo"])).code).toBe(0);
    expect(leaks(sb.hub, SECRET_CASES).slice(0, 20)).toEqual([]);
  });

  it("capture, feedback capture, feedback edit and dismiss with secrets in every option: nothing on disk", async () => {
    const sb = sandbox();
    const picks = SECRET_CASES.filter((_, i) => i % 3 === 0);
    for (const c of picks) {
      const cap = await cli(["capture", "--session-id", c.text, "--summary", c.text, "--harness", "codex", "--cwd", `/tmp/${c.text}`, "--transcript-path", `/tmp/${c.text}.jsonl`, "--model", c.text, "--topic", c.text]);
      expect(cap.code, cap.stderr).toBe(0);
      const fb = await cli(["feedback", "capture", "--text", `no, actually ${c.text}`, "--session-id", c.text, "--cwd", `/tmp/${c.text}`]);
      expect(fb.code, fb.stderr).toBe(0);
    }
    const ids = readLines(join(sb.root, "feedback", "candidates.jsonl")).map((x) => x.id as string);
    expect(ids.length).toBe(picks.length);
    for (let i = 0; i < ids.length; i++) {
      expect((await cli(["feedback", "edit", ids[i], "--lesson", picks[i].text])).code).toBe(0);
      expect((await cli(["feedback", "dismiss", ids[i], "--reason", picks[(i + 1) % picks.length].text])).code).toBe(0);
    }
    expect(leaks(sb.hub, SECRET_CASES).slice(0, 20)).toEqual([]);
  });

  it("import-session: secrets in the header, names, ids, messages, tool names, models and the file's own path", async () => {
    const sb = sandbox();
    const cases = SECRET_CASES;
    const dirs: string[] = [];
    for (let k = 0; k < cases.length; k++) {
      const at = (f: number): string => cases[(k + f * 11) % cases.length].text;
      // the file path holds a secret too (a folder named after one; "/" cannot be in a name)
      const dir = join(sb.home, "sessions", /[/\n]/.test(cases[k].text) ? `case-${k}` : cases[k].text);
      mkdirSync(dir, { recursive: true });
      dirs.push(dir);
      const ts = (m: number): string => new Date(Date.UTC(2026, 0, 5, 9, m)).toISOString();
      const ids = [at(0).slice(0, 60), at(1).slice(0, 60), at(2).slice(0, 60), at(3).slice(0, 60)];
      const lines = [
        { type: "session", version: 3, id: at(4), timestamp: ts(0), cwd: `/home/dev/${at(5)}` },
        { type: "session_info", id: ids[0], parentId: null, timestamp: ts(1), name: at(6) },
        { type: "model_change", id: ids[1], parentId: ids[0], timestamp: ts(2), provider: at(7), modelId: at(8) },
        { type: "message", id: ids[2], parentId: ids[1], timestamp: ts(3), message: { role: "user", content: [{ type: "text", text: `no, actually ${at(9)}` }], timestamp: 1 } },
        { type: "message", id: ids[3], parentId: ids[2], timestamp: ts(4), message: { role: "toolResult", toolCallId: at(10), toolName: at(11), content: [{ type: "text", text: at(12) }], isError: false, timestamp: 2 } },
        { type: "message", id: `e-${k}`, parentId: ids[3], timestamp: ts(5), message: { role: "assistant", content: [{ type: "text", text: at(13) }], provider: at(14), model: at(15), stopReason: "stop", timestamp: 3 } },
      ];
      writeFileSync(join(dir, "s.jsonl"), lines.map((l) => JSON.stringify(l)).join("\n") + "\n");
    }
    for (const dir of dirs) {
      const r = await cli(["import-session", join(dir, "s.jsonl"), "--harness", "pi", "--json"]);
      expect(r.code, r.stderr).toBe(0);
    }
    expect(readLines(join(sb.root, "feedback", "candidates.jsonl")).length).toBeGreaterThan(0);
    // scan the store only: the session files themselves are the user's, outside the hub
    expect(leaks(sb.hub, SECRET_CASES).slice(0, 20)).toEqual([]);
  });
});

describe("the innocent corpus is not altered", () => {
  it("scrub returns every innocent string byte for byte", () => {
    const altered = INNOCENT.filter((t) => scrub(t) !== t).map((t) => `${t} → ${scrub(t)}`);
    expect(altered).toEqual([]);
  });

  it("the fixtures and the demo sessions: not one string altered", () => {
    const files = [join(REPO, "test", "fixtures", "sessions"), join(REPO, "test", "fixtures", "sessions-edge"), join(REPO, "demo", "sessions")].flatMap((d) =>
      (readdirSync(d, { recursive: true }) as string[]).filter((f) => f.endsWith(".jsonl")).map((f) => join(d, f)),
    );
    expect(files.length).toBeGreaterThan(10);
    const altered: string[] = [];
    const walk = (v: unknown): void => {
      if (typeof v === "string") {
        if (scrub(v) !== v) altered.push(v.slice(0, 120));
      } else if (v && typeof v === "object") for (const x of Object.values(v)) walk(x);
    };
    for (const f of files) {
      for (const l of readFileSync(f, "utf8").split("\n")) {
        try {
          walk(JSON.parse(l));
        } catch {
          // not JSON (the edge fixtures hold such lines on purpose)
        }
      }
    }
    expect(altered).toEqual([]);
  });

  it("long adversarial strings (no separators, a=a=…, a:a:…) are scrubbed in one pass each", () => {
    // each rule's runs are bounded, so this is linear; a quadratic rule would not return within the test's time
    for (const s of ["A1b2C3d4".repeat(25_000), "a.".repeat(100_000), "a=".repeat(100_000), "a:".repeat(100_000), "a-".repeat(100_000), "x:/a:".repeat(40_000)]) {
      expect(scrub(s).length).toBeGreaterThan(0);
    }
  });

  it("a secret-named key keeps a value that is plainly none: a sentence, a boolean, null (issue 27)", () => {
    const p = {
      Authorization: "required for all admin endpoints",
      password_required: true,
      cookie: null,
      token: "refreshed on every request by the client",
      apiKey: "k1",
      password: "correct horse battery staple",
      passphrase: "the cat is on the mat for all to see",
      Cookie: "k3",
    };
    const out = JSON.parse(payloadPreview(p, 5000));
    expect(out.Authorization).toBe(p.Authorization);
    expect(out.password_required).toBe(true);
    expect(out.cookie).toBe(null);
    expect(out.token).toBe(p.token);
    // anything else under such a key is still masked, a passphrase of words too
    for (const k of ["apiKey", "password", "passphrase", "Cookie"]) expect(out[k], k).toBe("[REDACTED]");
  });

  it("innocent text survives the payload pipeline and the candidate preview", () => {
    const sb = sandbox();
    for (const t of INNOCENT) {
      const preview = JSON.parse(payloadPreview({ note: t, tool_input: { command: t } }, 5000));
      expect(preview.note).toBe(t);
      expect(preview.tool_input.command).toBe(t);
    }
    INNOCENT.forEach((t, i) => send(sb.root, { session_id: `inn-${i}`, hook_event_name: "UserPromptSubmit", cwd: "/home/dev/app", prompt: `no, actually ${t}` }, "claude"));
    const previews = readLines(join(sb.root, "feedback", "candidates.jsonl")).map((c) => c.text_preview);
    for (const t of INNOCENT) expect(previews).toContain(`no, actually ${t}`.replace(/\s+/g, " ").trim());
  });

  it("innocent text as a cwd and in nested tool input is stored unaltered (issue 27)", () => {
    const sb = sandbox();
    const altered: string[] = [];
    INNOCENT.forEach((t, i) => {
      const cwd = `/home/dev/${t.replace(/\n/g, " ")}`;
      const preview = JSON.parse(payloadPreview({ tool_input: { options: { nested: [{ deep: { args: [t] } }] } } }, 5000));
      if (preview.tool_input.options.nested[0].deep.args[0] !== t) altered.push(`nested: ${t}`);
      send(sb.root, { session_id: `cwd-${i}`, hook_event_name: "Stop", cwd }, "claude");
      const state = JSON.parse(readFileSync(join(sb.root, "state", "claude", `cwd-${i}.json`), "utf8"));
      // a cwd is normalised as a path (// becomes /); anything else changed is the redactor's
      if (!String(state.cwd).endsWith(t.replace(/\n/g, " ").replace(/\/+/g, "/").replace(/\/$/, ""))) altered.push(`cwd: ${t} → ${state.cwd}`);
    });
    expect(altered).toEqual([]);
  });
});
