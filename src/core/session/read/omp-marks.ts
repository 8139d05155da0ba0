import { join } from "node:path";

// Entry types only omp writes: one of them (or a title slot, or omp's
// `model_change {model}`) marks a file as omp's dialect.
export const OMP_ONLY_TYPES: ReadonlySet<string> = new Set(["title_change", "mode_change", "ttsr_injection", "model_usage", "service_tier_change", "credential_pin", "session_init", "reset_boundary"]);

/**
 * The marks of omp's dialect besides its entries (docs/session-format.md §6a): a
 * header `title`/`titleSource` (omp forks carry the name there, and a
 * slot-less fork may have no other mark), or a file in an omp agent dir —
 * one on a `.omp` path, or one holding omp's blob store (pi keeps none).
 */
export function ompByHeaderOrPlace(header: Record<string, unknown>, agentDir: string | null, isDir: (p: string) => boolean): boolean {
  if ("title" in header || "titleSource" in header) return true;
  if (!agentDir) return false;
  return agentDir.split(/[\\/]/).includes(".omp") || isDir(join(agentDir, "blobs"));
}
