// A feedback candidate's text_preview holds no terminal controls: escape
// sequences go whole, other controls go, printable text stays; redaction runs
// first and again after (a control taken out can join a secret's halves). What
// reads the store back (feedback list/show, --json, digest) never writes a
// raw ESC or C1 control, even for a store an older version wrote.
import { describe, expect, it } from "vitest";
import { appendFileSync, mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { allFiles, cli, sandbox } from "./helpers.js";
import { send } from "./ingest-helper.js";
import { previewText, scrubCut } from "../../src/core/capture/redact.js";
import { withoutTerminalControls } from "../../src/core/capture/plain-text.js";
import { candidatesPath } from "../../src/core/capture/paths.js";
import { pyCompact, sha256Hex } from "../../src/core/capture/serialize.js";

const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;
const ESC = "\u001b";

describe("text_preview without terminal controls", () => {
  it("escape sequences (colour, title, alternate screen, C1 CSI) go whole; BEL, NUL, DEL, C1 go; the words stay; the id and hash are the text's", () => {
    const sb = sandbox();
    const prompt = `no, use the ${ESC}]0;pwned\u0007other ${ESC}[31mfile${ESC}[0m \u009b2J${ESC}[?1049h and\u0000 not\u007f this\u0085 one ${ESC}]52;c;ZXZpbA==${ESC}\\ — naïve 👍`;
    const c = send(sb.root, { session_id: "s1", hook_event_name: "UserPromptSubmit", cwd: "/w", turn_id: "t1", prompt }, "codex").candidate!;
    expect(c).toBeTruthy();
    expect(c.text_preview).toBe("no, use the other file and not this one — naïve 👍");
    expect(c.text_preview as string).not.toMatch(CONTROLS);
    // the hash (and so the id) is still the text's own: candidates of older versions keep theirs
    expect(c.text_sha256).toBe(sha256Hex(prompt.replace(/\s+/g, " ").trim()));
  });

  it("the lesson the detector makes follows the same rule: a title or clipboard sequence goes with its text, a vertical tab or form feed keeps words apart", () => {
    const sb = sandbox();
    const prompt = `no, use the ${ESC}]0;pwned\u0007other ${ESC}[31mfile${ESC}[0m and not\u000bthis\u000cone ${ESC}]52;c;ZXZpbA==${ESC}\\ please\u001a`;
    const c = send(sb.root, { session_id: "s4", hook_event_name: "UserPromptSubmit", cwd: "/w", turn_id: "t1", prompt }, "codex").candidate!;
    expect(c.distilled_lesson).toBe("User correction/redirection to remember: no, use the other file and not this one please");
    expect(c.text_preview).toBe("no, use the other file and not this one please");
    expect(withoutTerminalControls("a\u000bb\u000cc")).toBe("a b c");
  });

  it("a secret split by a control is redacted, not rejoined into the preview; no file under ROOT holds it", () => {
    const sb = sandbox();
    const head = "sk-proj-Xq7Lm2";
    const tail = "Pz9Rt4Vb8Nc3Kd5Wf";
    const c = send(sb.root, { session_id: "s2", hook_event_name: "UserPromptSubmit", cwd: "/w", turn_id: "t1", prompt: `no, the key is ${head}${ESC}[0m${tail} not that one` }, "codex").candidate!;
    expect(c.text_preview).toBe("no, the key is [REDACTED] not that one");
    for (const f of allFiles(sb.root)) {
      expect(f.text, f.path).not.toContain(head + tail);
      expect(f.text, f.path).not.toContain(tail);
    }
  });

  it("text without controls is previewed as before (scrubbed and cut); tabs and newlines are the caller's white space", () => {
    for (const t of ["plain words", "naïve café — 👍 ok", "x".repeat(1000), "password=hunter2hunter2 please", "a\tb\nc"]) expect(previewText(t, 360)).toBe(scrubCut(t, 360));
    expect(withoutTerminalControls("a\tb\r\nc")).toBe("a\tb\r\nc");
    expect(withoutTerminalControls(`${ESC}]unterminated title`)).toBe("unterminated title");
    expect(previewText(`a ${ESC}[1m ${ESC}[0m b`, 360)).toBe("a b");
    // cut after the controls are gone: 360 code points of text
    expect(previewText(`${ESC}[31m`.repeat(200) + "y".repeat(400), 360)).toBe("y".repeat(360) + "…");
  });

  it("feedback list, show, --json and digest print no raw ESC or C1 control for a candidate an older version stored", async () => {
    const sb = sandbox();
    send(sb.root, { session_id: "s3", hook_event_name: "Stop", cwd: "/w" }, "codex");
    const raw = `no, ${ESC}]0;pwned\u0007the ${ESC}[31mother\u009b2J file`;
    const line = {
      confidence: "high",
      cwd: "/w",
      distilled_lesson: `User correction/redirection to remember: ${raw}`,
      feedback_type: "correction",
      id: "fb-0123456789abcdef",
      llm_wiki_session_id: "codex:s3",
      native_session_id: "s3",
      schema_version: 1,
      scope_hint: "session",
      text_preview: raw,
      text_sha256: "0".repeat(64),
      ts: "2026-06-13T18:10:00Z",
    };
    mkdirSync(dirname(candidatesPath(sb.root)), { recursive: true });
    appendFileSync(candidatesPath(sb.root), pyCompact(line) + "\n");
    for (const args of [
      ["feedback", "list"],
      ["feedback", "list", "--json"],
      ["feedback", "show", "fb-0123456789abcdef"],
      ["feedback", "show", "fb-0123456789abcdef", "--json"],
      ["digest", "codex:s3"],
    ]) {
      const r = await cli(args);
      expect(r.code, `${args.join(" ")}: ${r.stderr}`).toBe(0);
      expect(r.stdout, args.join(" ")).not.toMatch(/[\u001b\u0007\u0080-\u009f]/);
    }
    const json = await cli(["feedback", "list", "--json"]);
    expect(JSON.parse(json.stdout).feedback_candidates[0].text_preview).toBe(raw);
  });
});
