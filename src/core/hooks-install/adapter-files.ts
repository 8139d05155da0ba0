// The files install-hooks writes for the harnesses without stdin hooks: an
// extension for omp and pi (the agent loads `extensions/*.ts`) and a plugin
// for OpenCode (it loads `plugins/*.js`). Each spawns the hook with one JSON
// event on stdin (capture-store §4.3) and feeds the rehydration context it
// prints back to the agent. The first line is the marker --uninstall looks
// for before it removes a file: a file without it is the user's.
import { TAG } from "./settings-merge.js";

export const FILE_MARKER = "omp-sessions:install-hooks";

const header = (what: string, harness: string): string =>
  [
    `// ${FILE_MARKER} — the omp-sessions capture ${what} for ${harness}.`,
    `// Written by \`omp-sessions install-hooks ${harness}\`; \`omp-sessions install-hooks ${harness} --uninstall\` removes it.`,
    "// Every event goes to `omp-sessions hook` (which always exits 0); capture is switched with `omp-sessions enable` / `disable`.",
  ].join("\n");

const argvLiteral = (base: string[], harness: string): string => JSON.stringify([...base, "hook", "--harness", harness, "--if-enabled", TAG]);

/** The omp / pi extension: the events of capture-store §4 "Adapter wiring". */
export function extensionFile(base: string[], harness: "omp" | "pi"): string {
  return `${header("extension", harness)}
import { spawnSync } from "node:child_process";

const COMMAND: string[] = ${argvLiteral(base, harness)};

export default function ompSessionsCapture(pi: any) {
  // Runs the hook with one event; returns the context it asks to inject, if any.
  const send = (hook_event_name: string, ctx: any, extra: Record<string, unknown> = {}): string | undefined => {
    try {
      const input = JSON.stringify({
        hook_event_name,
        session_id: ctx.sessionManager.getSessionId(),
        cwd: ctx.cwd,
        transcript_path: ctx.sessionManager.getSessionFile(),
        ...extra,
      });
      const r = spawnSync(COMMAND[0], COMMAND.slice(1), { input, encoding: "utf8", timeout: 5000 });
      const line = (r.stdout || "").trim();
      return line ? JSON.parse(line).hookSpecificOutput?.additionalContext : undefined;
    } catch {
      return undefined;
    }
  };
  pi.on("session_start", (_e: any, ctx: any) => void send("session_start", ctx));
  pi.on("before_agent_start", (e: any, ctx: any) => {
    const context = send("before_agent_start", ctx, { prompt: e.prompt });
    if (context) return { message: { customType: "session-context", content: context, display: false } };
  });
  pi.on("tool_result", (e: any, ctx: any) => void send("tool_result", ctx, { tool_name: e.toolName, tool_use_id: e.toolCallId }));
  pi.on("session_before_compact", (_e: any, ctx: any) => void send("session_before_compact", ctx));
  pi.on("session_compact", (_e: any, ctx: any) => void send("session_compact", ctx));
  pi.on("agent_end", (_e: any, ctx: any) => void send("agent_end", ctx));
  pi.on("session_shutdown", (_e: any, ctx: any) => void send("session_shutdown", ctx));
}
`;
}

/**
 * The OpenCode plugin (@opencode-ai/plugin's Hooks): session.created,
 * session.compacted and session.idle come through \`event\`; the user's words
 * through chat.message; tools through tool.execute.after; the context the hook
 * returns joins the system prompt of that session's next request.
 */
export function opencodePlugin(base: string[]): string {
  return `${header("plugin", "opencode")}
import { spawn } from "node:child_process";

const COMMAND = ${argvLiteral(base, "opencode")};
const pending = new Map();

// Runs the hook with one event; resolves to the context it asks to inject, if any. Never rejects.
function send(event, fields) {
  return new Promise((resolve) => {
    let out = "";
    let child;
    try {
      child = spawn(COMMAND[0], COMMAND.slice(1), { stdio: ["pipe", "pipe", "ignore"] });
    } catch {
      return resolve(undefined);
    }
    const timer = setTimeout(() => child.kill(), 5000);
    child.on("error", () => {
      clearTimeout(timer);
      resolve(undefined);
    });
    child.stdout.on("data", (d) => (out += d));
    child.on("close", () => {
      clearTimeout(timer);
      try {
        const line = out.trim();
        resolve(line ? JSON.parse(line).hookSpecificOutput?.additionalContext : undefined);
      } catch {
        resolve(undefined);
      }
    });
    child.stdin.on("error", () => {});
    child.stdin.end(JSON.stringify({ hook_event_name: event, ...fields }));
  });
}

export const OmpSessionsCapture = async ({ directory }) => {
  const remember = (sessionID, context) => {
    if (sessionID && context) pending.set(sessionID, context);
  };
  return {
    event: async ({ event }) => {
      const p = (event && event.properties) || {};
      const sessionID = p.sessionID || (p.info && p.info.id);
      if (event.type === "session.created") remember(sessionID, await send(event.type, { sessionID, directory }));
      else if (event.type === "session.compacted" || event.type === "session.idle") await send(event.type, { sessionID, directory });
    },
    "chat.message": async (input, output) => {
      const prompt = ((output && output.parts) || [])
        .filter((part) => part && part.type === "text" && typeof part.text === "string")
        .map((part) => part.text)
        .join("\\n");
      remember(input.sessionID, await send("chat.message", { sessionID: input.sessionID, directory, prompt }));
    },
    "tool.execute.after": async (input) => {
      await send("tool.execute.after", { sessionID: input.sessionID, directory, tool: input.tool, callID: input.callID });
    },
    "experimental.session.compacting": async (input) => {
      await send("experimental.session.compacting", { sessionID: input.sessionID, directory });
    },
    "experimental.chat.system.transform": async (input, output) => {
      const context = input.sessionID && pending.get(input.sessionID);
      if (!context) return;
      pending.delete(input.sessionID);
      output.system.push(context);
    },
  };
};
`;
}
