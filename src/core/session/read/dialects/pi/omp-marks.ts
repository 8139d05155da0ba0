import { join } from "node:path";
import { isDir as isDirSync } from "../../../../fs/home-dir.js";
import { agentDirOf } from "../../blobs.js";

// Entry types only omp writes: one of them (or a title slot, or omp's
// `model_change {model}`) marks a file as omp's dialect.
export const OMP_ONLY_TYPES: ReadonlySet<string> = new Set(["title_change", "mode_change", "ttsr_injection", "model_usage", "service_tier_change", "credential_pin", "session_init", "reset_boundary"]);

/**
 * Whether a line is omp's title slot: a `{"type":"title"}` object as the
 * file's first line. The one place a reader recognises it (the write side,
 * write/title-slot.ts, makes and parses slots).
 */
export function isTitleSlot(obj: unknown, lineNo: number): boolean {
  return lineNo === 1 && typeof obj === "object" && obj !== null && (obj as Record<string, unknown>).type === "title";
}

/** omp's header marks: a `title`/`titleSource` (omp forks carry the name there, and a slot-less fork may have no other mark). */
export const ompByHeader = (header: Record<string, unknown>): boolean => "title" in header || "titleSource" in header;

/** A `.omp` segment on a path (split at / and \\): one test, no array per path (a cold listing asks for thousands). */
const OMP_SEGMENT = /(?:^|[\\/])\.omp(?:[\\/]|$)/;

/**
 * The marks of omp's dialect besides its entries (docs/session-format.md §6a): a
 * header `title`/`titleSource`, or a file in an omp agent dir — one on a
 * `.omp` path, or one holding omp's blob store (pi keeps none).
 */
export function ompByHeaderOrPlace(header: Record<string, unknown>, agentDir: string | null, isDir: (p: string) => boolean = isDirSync): boolean {
  if (ompByHeader(header)) return true;
  if (!agentDir) return false;
  return OMP_SEGMENT.test(agentDir) || isDir(join(agentDir, "blobs"));
}

/**
 * Whether a pi-or-omp file is omp's: the one rule the tree, the list row
 * (cold and warm), the figures and resume share. `marked`: the file holds a
 * title slot, an omp-only entry, omp's `model_change {model}` or a header
 * `title`/`titleSource` (ompByHeader); else its place decides.
 */
export function isOmpFile(file: string, marked: boolean, isDir: (p: string) => boolean = isDirSync): boolean {
  // A `.omp` segment anywhere on the path counts (as capture-store §11.1 and the agent of an unreadable file have it).
  return marked || OMP_SEGMENT.test(file) || ompByHeaderOrPlace({}, agentDirOf(file), isDir);
}
