// registry.jsonl (§3.6): append-only lifecycle lines.
import { isoTs } from "./clock.js";
import { appendRecord } from "./jsonfile.js";
import { registryPath } from "./paths.js";

export function logRegistry(root: string, event: string, fields: Record<string, unknown>, ts = isoTs()): void {
  appendRecord(registryPath(root), { ...fields, event, schema_version: 1, ts });
}
