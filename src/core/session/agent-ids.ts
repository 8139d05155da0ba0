// The ids of the agents whose sessions are read, in the order the list's
// filter cycles them: the one list every table of agents is checked against
// (the registry in agents.ts has an entry for each, the capture harnesses are
// these). A leaf with no imports, so the hook's bundle may name the type
// without loading any reader.
export const AGENT_IDS = ["pi", "omp", "claude", "codex", "gemini", "opencode"] as const;

/** An agent whose sessions we read. */
export type AgentId = (typeof AGENT_IDS)[number];
