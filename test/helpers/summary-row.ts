// A session list row for tests that draw or filter the list without files.
import type { SessionSummary } from "../../src/core/session/list/summary.js";

export function summaryRow(p: Partial<SessionSummary> = {}): SessionSummary {
  return {
    path: "/s/x.jsonl",
    id: "id",
    cwd: "/p",
    name: null,
    firstMessage: "",
    messageCount: 1,
    entryCount: 1,
    branchCount: 1,
    labelCount: 0,
    created: "2026-01-01T00:00:00.000Z",
    modified: "2026-01-01T00:00:00.000Z",
    size: 10,
    parentSession: null,
    agent: "pi",
    valid: true,
    ...p,
  };
}
