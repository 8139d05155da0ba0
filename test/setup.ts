// Runs before every test file: tests never touch the user's own capture store
// (~/wiki/.sessions). A test that needs the default clears the variable itself.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const root = mkdtempSync(join(tmpdir(), "omp-sessions-test-"));
process.env.OMP_SESSIONS_HUB ??= join(root, "hub");
// …nor the user's caches: the catalog and the figures cache (stats-v3.json) of this run only.
process.env.OMP_SESSIONS_CACHE_DIR ??= join(root, "cache");
// …nor the user's session archive (omp-sessions keep).
process.env.OMP_SESSIONS_DATA_DIR ??= join(root, "data");
// …nor how the agent running the suite was started: Claude Code gives the
// commands it runs CLAUDE_CODE_ENTRYPOINT, and under `claude -p` (sdk-cli) a
// Claude hook event would yield no feedback candidate (core/headless.ts).
delete process.env.CLAUDE_CODE_ENTRYPOINT;
