// Redaction end to end (§6) and the payload pipeline's limits.
import { beforeAll, describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { allFiles, cli, ensureBuilt, hook, payload, readJson, readLines, sandbox } from "./helpers.js";
import { payloadPreview, redactPayload, scrub, isSecretKey } from "../../src/core/capture/redact.js";
import { PEM, SECRETS, SECRET_PROMPT } from "./redaction-corpus.js";

beforeAll(ensureBuilt);

describe("redaction", () => {
  it("no secret from a UserPromptSubmit payload survives anywhere under ROOT or in promoted notes (9)", async () => {
    const sb = sandbox();
    const repo = join(sb.home, "app");
    mkdirSync(join(repo, ".git"), { recursive: true });
    writeFileSync(join(repo, ".git", "HEAD"), "ref: refs/heads/main\n");
    writeFileSync(join(repo, ".git", "config"), `[remote "origin"]\n\turl = https://bob:${SECRETS.gitPass}@github.com/org/app.git\n`);
    const pem = PEM;
    const prompt = SECRET_PROMPT;
    const ev = {
      session_id: "sec1",
      hook_event_name: "UserPromptSubmit",
      cwd: repo,
      prompt,
      tool_input: { command: `curl -H "Authorization: Bearer ${SECRETS.bearer}" https://alice:${SECRETS.urlPass}@host.example.com password=${SECRETS.cmdPass}` },
      authorization: `Basic ${SECRETS.authKey}`,
      api_key: SECRETS.apiKey,
      access_token: SECRETS.accessToken,
      client_secret: SECRETS.clientSecret,
      extra: { note: `${SECRETS.skProj} ${SECRETS.jwt} ${pem}` },
    };
    expect((await hook(["--harness", "claude"], payload(ev), sb.env)).code).toBe(0);
    expect(readLines(join(sb.root, "feedback", "candidates.jsonl"))).toHaveLength(1);
    await hook(["--harness", "claude"], payload({ session_id: "sec1", hook_event_name: "Stop", cwd: repo }), sb.env);
    const state = readJson(join(sb.root, "state", "claude", "sec1.json"));
    expect(state.git_remote).toBe("https://[REDACTED]@github.com/org/app.git");
    mkdirSync(join(sb.hub, "topics", "demo", "raw", "notes"), { recursive: true });
    expect((await cli(["promote", "claude:sec1", "--topic", "demo"])).code).toBe(0);
    const id = readLines(join(sb.root, "feedback", "candidates.jsonl"))[0].id;
    expect((await cli(["feedback", "promote", id, "--topic", "demo"])).code).toBe(0);
    const files = [...allFiles(sb.root), ...allFiles(join(sb.hub, "topics"))];
    expect(files.length).toBeGreaterThan(8);
    for (const f of files) for (const [name, secret] of Object.entries(SECRETS)) expect(f.text.includes(secret), `${name} in ${f.path}`).toBe(false);
  });

  it("token counters keep their numbers; secret-named keys are redacted (10)", () => {
    const prev = payloadPreview({ max_tokens: 100, input_tokens: 5, token_count: 7, apiKey: "k1", private_key: "k2", Cookie: "k3", refreshToken: "k4" });
    for (const kept of ['"max_tokens": 100', '"input_tokens": 5', '"token_count": 7']) expect(prev).toContain(kept);
    for (const red of ['"apiKey": "[REDACTED]"', '"private_key": "[REDACTED]"', '"Cookie": "[REDACTED]"', '"refreshToken": "[REDACTED]"']) expect(prev).toContain(red);
    for (const k of ["api_key", "x-api-key", "Authorization", "db_password", "token", "GITHUB_TOKEN", "client_secret", "set-cookie", "aws_secret_access_key", "credentials", "APIKey"]) expect(isSecretKey(k), k).toBe(true);
    for (const k of ["max_tokens", "output_tokens", "tokens", "tokenizer", "author", "auth_mode", "keyboard", "monkey"]) expect(isSecretKey(k), k).toBe(false);
  });

  it("content keys become [OMITTED len sha256] and their text is absent (11)", () => {
    const keys =
      "prompt user_prompt message messages content transcript tool_response tool_output response result stdout stderr last_assistant_message prompt_response old_string new_string old_str new_str file_text patch diff output text custom_instructions".split(
        " ",
      );
    const p: Record<string, unknown> = {};
    for (const k of keys) p[k] = `secret text of ${k}`;
    p.PROMPT_UPPER = "x";
    const out = redactPayload(p) as Record<string, string>;
    for (const k of keys) expect(out[k]).toMatch(/^\[OMITTED len=\d+ sha256=[0-9a-f]{12}\]$/);
    expect(payloadPreview(p)).not.toContain("secret text of");
    const golden = (redactPayload({ prompt: "hello" }) as Record<string, string>).prompt;
    const h = createHash("sha256").update('"hello"').digest("hex").slice(0, 12);
    expect(golden).toBe(`[OMITTED len=7 sha256=${h}]`);
  });

  it("long strings are cut to 1200 + …, arrays keep 20 items, the preview stays ≤ 1201 characters (12)", () => {
    const out = redactPayload({ v: "x".repeat(5000), a: Array.from({ length: 100 }, (_, i) => i) }) as { v: string; a: number[] };
    expect(out.v).toBe("x".repeat(1200) + "…");
    expect(out.a).toHaveLength(20);
    const prev = payloadPreview({ v: "y".repeat(5000), w: "z".repeat(5000) });
    expect(prev.length).toBeLessThanOrEqual(1201);
    expect(prev.endsWith("…")).toBe(true);
  });

  it("patterns apply to every string; a URL keeps its host", () => {
    expect(scrub("git clone https://u:p4ss@github.com/x.git")).toBe("git clone https://[REDACTED]@github.com/x.git");
    expect(scrub("export GITHUB_TOKEN=abc123 other=1")).toBe("export GITHUB_TOKEN=[REDACTED] other=1");
    expect(scrub("max_tokens=100")).toBe("max_tokens=100");
  });
});
