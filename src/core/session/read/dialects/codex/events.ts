// Codex events that say something happened (a goal changed, a subagent was
// spawned or waited for, the guardian judged an action, an image was saved):
// kept as custom entries whose `data.content` is a readable line for the tree.
// They are no part of the context: the response items hold what the model saw.
import { isObj, str, type Obj } from "./items.js";

const cut = (s: string, n = 200): string => {
  const one = s.replace(/\s+/g, " ").trim();
  return one.length > n ? `${one.slice(0, n - 1)}…` : one;
};

/** An agent's status as Codex serializes it: `"running"`, or `{"completed": "its last message"}`, `{"errored": "why"}`. */
function statusText(v: unknown): string {
  if (typeof v === "string") return v;
  if (!isObj(v)) return "";
  const [key] = Object.keys(v);
  if (!key) return "";
  const detail = v[key];
  return typeof detail === "string" && detail ? `${key}: ${cut(detail, 80)}` : key;
}

/** An agent named by its nickname or role, else its thread id. */
const agentName = (nickname: unknown, role: unknown, id: unknown): string => str(nickname) || str(role) || str(id) || "agent";

const withStatus = (text: string, status: unknown): string => {
  const s = statusText(status);
  return s ? `${text} [${s}]` : text;
};

function goalText(p: Obj): string {
  const g = isObj(p.goal) ? p.goal : {};
  const objective = cut(str(g.objective));
  return `goal ${str(g.status) || "updated"}${objective ? `: ${objective}` : ""}`;
}

function imageText(p: Obj): string {
  const status = str(p.status);
  const head = !status || status === "completed" || status === "generating" ? "image generated" : `image generation ${status}`;
  const prompt = cut(str(p.revised_prompt));
  const saved = str(p.saved_path);
  return `${head}${prompt ? `: ${prompt}` : ""}${saved ? ` (saved to ${saved})` : ""}`;
}

function waitingText(p: Obj): string {
  const parts: string[] = [];
  if (Array.isArray(p.agent_statuses) && p.agent_statuses.length) {
    for (const a of p.agent_statuses) if (isObj(a)) parts.push(`${agentName(a.agent_nickname, a.agent_role, a.thread_id)}: ${statusText(a.status) || "?"}`);
  } else if (isObj(p.statuses)) {
    for (const [id, s] of Object.entries(p.statuses)) parts.push(`${id}: ${statusText(s) || "?"}`);
  }
  return `waited for ${parts.length === 1 ? "agent" : "agents"}${parts.length ? ` — ${parts.join("; ")}` : ""}`;
}

function planItemText(item: Obj): string | null {
  if (item.type === "Plan") return `plan: ${cut(str(item.text), 400)}`;
  if (item.type === "Sleep") {
    const ms = typeof item.duration_ms === "number" ? item.duration_ms : typeof item.durationMs === "number" ? item.durationMs : null;
    return ms === null ? "slept" : `slept ${ms >= 1000 ? `${Math.round(ms / 100) / 10}s` : `${ms}ms`}`;
  }
  return null;
}

type Note = (p: Obj) => string;

const NOTES: Record<string, Note> = {
  thread_goal_updated: goalText,
  image_generation_end: imageText,
  sub_agent_activity: (p) => `subagent ${str(p.agent_path) || str(p.agent_thread_id) || "?"} ${str(p.kind) || "active"}`,
  collab_agent_spawn_end: (p) => {
    const prompt = cut(str(p.prompt));
    const who = str(p.new_thread_id) ? `spawned ${agentName(p.new_agent_nickname, p.new_agent_role, p.new_thread_id)} (${str(p.new_thread_id)})` : "spawn failed";
    return withStatus(`${who}${prompt ? `: ${prompt}` : ""}`, p.status);
  },
  collab_agent_interaction_end: (p) => {
    const prompt = cut(str(p.prompt));
    return withStatus(`sent to ${agentName(p.receiver_agent_nickname, p.receiver_agent_role, p.receiver_thread_id)}${prompt ? `: ${prompt}` : ""}`, p.status);
  },
  collab_waiting_end: waitingText,
  collab_close_end: (p) => withStatus(`closed ${agentName(p.receiver_agent_nickname, p.receiver_agent_role, p.receiver_thread_id)}`, p.status),
  collab_resume_end: (p) => withStatus(`resumed ${agentName(p.receiver_agent_nickname, p.receiver_agent_role, p.receiver_thread_id)}`, p.status),
  guardian_assessment: (p) => {
    const risk = str(p.risk_level);
    const why = cut(str(p.rationale));
    return `guardian ${str(p.status) || "assessment"}${risk ? ` (risk: ${risk})` : ""}${why ? `: ${why}` : ""}`;
  },
  model_reroute: (p) => `model rerouted: ${str(p.from_model) || "?"} → ${str(p.to_model) || "?"}${str(p.reason) ? ` (${str(p.reason)})` : ""}`,
};

/** Event types kept with a readable line (see NOTES); `item_completed` only for the Plan and Sleep items Codex persists. */
export const NOTED_EVENTS: ReadonlySet<string> = new Set(Object.keys(NOTES));

/**
 * The custom entry's data for a noted event: the payload with its line as
 * `content` (an image's base64 result left out: the image is on its
 * `image_generation_call`). Null for an `item_completed` of another item (a UI echo).
 */
export function notedEvent(type: string, p: Obj): Obj | null {
  if (type === "item_completed") {
    const text = isObj(p.item) ? planItemText(p.item) : null;
    return text === null ? null : { ...p, content: text };
  }
  const note = NOTES[type];
  if (!note) return null;
  const data: Obj = { ...p, content: note(p) };
  if (type === "image_generation_end") delete data.result;
  return data;
}
