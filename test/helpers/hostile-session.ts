// A session whose every string tries to break out: HTML that would run script
// if it were not escaped (each attempt sets window.__pwned), terminal escape
// sequences, C1 controls and bidi overrides, hostile ids, labels, tool names
// and image types. The export tests render it and look for any of it alive.
import { writeFileSync } from "node:fs";
import { join } from "node:path";

const ESC = "\u001b";
/** Terminal sequences: set the title, clear the screen, CSI by its C1 byte, a bidi override. */
export const TERMINAL_NASTIES = `${ESC}]0;evil title\u0007${ESC}[2J\u009b31m\u202eevil`;

// A 1×1 transparent PNG.
const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

const pwn = (n: number) => `<script>window.__pwned=${n}</script>`;

export function hostileLines(): object[] {
  const t = (i: number) => `2026-02-01T10:00:${String(i).padStart(2, "0")}.000Z`;
  return [
    { type: "session", version: 3, id: "hostile", timestamp: t(0), cwd: `/tmp/"><script>window.__pwned=0</script>` },
    { type: "message", id: "u1", parentId: null, timestamp: t(1), message: { role: "user", content: `hello <img src=x onerror="window.__pwned=3"> ${TERMINAL_NASTIES}` } },
    {
      type: "message",
      id: `"><i>x</i>`,
      parentId: "u1",
      timestamp: t(2),
      message: {
        role: "assistant",
        provider: "<u>p</u>",
        model: `"><b>m</b>`,
        content: [
          { type: "thinking", thinking: `<svg onload="window.__pwned=5"></svg>` },
          { type: "text", text: `</div></section></main>${pwn(4)}` },
          { type: "toolCall", id: `c1"><b>`, name: `<b onmouseover="window.__pwned=11">bash</b>`, arguments: { command: `</pre>${pwn(6)}` } },
          { type: "image", mimeType: "image/svg+xml", data: `"><script>window.__pwned=7</script>` },
          { type: "image", mimeType: `image/png" onerror="window.__pwned=8`, data: PNG },
          { type: "image", mimeType: "image/png", data: PNG },
        ],
        stopReason: "toolUse",
      },
    },
    {
      type: "message",
      id: "r1",
      parentId: `"><i>x</i>`,
      timestamp: t(3),
      message: { role: "toolResult", toolCallId: `c1"><b>`, toolName: `"><script>window.__pwned=12</script>`, content: [{ type: "text", text: `]]><!--${pwn(13)}--> ${TERMINAL_NASTIES}` }], isError: false },
    },
    { type: "label", id: "l1", parentId: "r1", timestamp: t(4), targetId: "u1", label: pwn(9) },
    { type: "compaction", id: "c2", parentId: "l1", timestamp: t(5), summary: `</style><style>body{display:none}</style>${pwn(14)}`, firstKeptEntryId: "r1", tokensBefore: 1000 },
    { type: "branch_summary", id: "b1", parentId: "c2", timestamp: t(6), fromId: `<!--`, summary: `<!-- ${pwn(15)}` },
    { type: "model_change", id: "m1", parentId: "b1", timestamp: t(7), provider: "<u>x</u>", modelId: pwn(16) },
    { type: "custom_message", id: "cm1", parentId: "m1", timestamp: t(8), customType: `"><b>ext</b>`, content: pwn(17), display: true },
    { type: `weird"><script>window.__pwned=18</script>`, id: "w1", parentId: "cm1", timestamp: t(9), field: `</script>${pwn(10)}` },
    { type: "session_info", id: "n1", parentId: "w1", timestamp: t(10), name: `</title>${pwn(2)} ${TERMINAL_NASTIES}` },
    { type: "message", id: "u2", parentId: "n1", timestamp: t(11), message: { role: "user", content: "the end" } },
  ];
}

/** Writes the hostile session into dir; returns its path. */
export function writeHostileSession(dir: string): string {
  const file = join(dir, "2026-02-01T10-00-00-000Z_hostile.jsonl");
  writeFileSync(
    file,
    hostileLines()
      .map((l) => JSON.stringify(l) + "\n")
      .join(""),
  );
  return file;
}
