// A session that holds every secret of the redaction corpus in every place an
// export draws text from: the name, the cwd, user and assistant text,
// thinking, tool arguments (also under secret-named keys), tool output, a
// bash run, a label, a compaction summary.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { SECRETS, SECRET_PROMPT } from "../capture/redaction-corpus.js";

export const SECRET_EXTRA = `authorization: Basic ${SECRETS.authKey}\ngit remote add origin https://bob:${SECRETS.gitPass}@github.com/org/app.git`;
const ALL = `${SECRET_PROMPT}\n${SECRET_EXTRA}`;

export function writeSecretSession(dir: string): string {
  const t = (i: number) => `2026-02-01T11:00:${String(i).padStart(2, "0")}.000Z`;
  const lines: object[] = [
    { type: "session", version: 3, id: "secrets", timestamp: t(0), cwd: `/home/u/app?token=${SECRETS.ghp}` },
    { type: "message", id: "u1", parentId: null, timestamp: t(1), message: { role: "user", content: ALL } },
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
          { type: "thinking", thinking: `the user gave ${ALL}` },
          { type: "text", text: `I will use ${ALL}` },
          { type: "toolCall", id: "c1", name: "bash", arguments: { command: ALL, api_key: SECRETS.apiKey, env: { GITHUB_TOKEN: SECRETS.ghp, client_secret: SECRETS.clientSecret } } },
        ],
      },
    },
    { type: "message", id: "r1", parentId: "a1", timestamp: t(3), message: { role: "toolResult", toolCallId: "c1", toolName: "bash", content: [{ type: "text", text: ALL }], isError: false } },
    { type: "message", id: "x1", parentId: "r1", timestamp: t(4), message: { role: "bashExecution", command: ALL, output: ALL, exitCode: 0 } },
    { type: "label", id: "l1", parentId: "x1", timestamp: t(5), targetId: "u1", label: `key ${SECRETS.skProj}` },
    { type: "compaction", id: "c2", parentId: "l1", timestamp: t(6), summary: ALL, firstKeptEntryId: "x1", tokensBefore: 500 },
    { type: "session_info", id: "n1", parentId: "c2", timestamp: t(7), name: `deploy with ${SECRETS.skAnt}` },
    { type: "message", id: "u2", parentId: "n1", timestamp: t(8), message: { role: "user", content: [{ type: "text", text: ALL }] } },
  ];
  const file = join(dir, "2026-02-01T11-00-00-000Z_secrets.jsonl");
  writeFileSync(file, lines.map((l) => JSON.stringify(l) + "\n").join(""));
  return file;
}
