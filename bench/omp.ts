// oh-my-pi's own published session manager, installed on demand into
// bench/.data/omp (never a dependency of the project) and run under the `bun`
// package from npm: omp is written for Bun (its package.json asks for
// bun ≥ 1.3 and ships TypeScript sources).
//
// The version: the registry holds @oh-my-pi/pi-coding-agent 18.3.4 and
// 18.2.9, but not the releases of the sibling packages they pin
// (@oh-my-pi/omp-stats, omptype, pi-catalog, …: none at 18.3.4, and 18.2.9's
// omp-stats is missing), so `npm install` of either fails (ETARGET), and with
// the siblings overridden to 18.2.x 18.3.4 does not start (it imports modules
// those do not have). 18.2.3 is the newest release whose whole set installs
// (checked 2026-12-04 with `npm view`); bun 1.4.5 is bun's newest.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { installedVersion } from "./pi.js";

export const OMP_PACKAGE = "@oh-my-pi/pi-coding-agent";
export const OMP_VERSION = "18.2.3";
export const BUN_VERSION = "1.4.5";
/** Why not a newer omp (printed by verify:agents). */
export const OMP_NEWER_NOTE = "omp 18.2.9 and 18.3.4 are published without the sibling packages they pin: 18.2.3 is the newest that installs";

export interface OmpInstall {
  version: string;
  bun: string;
  bunVersion: string;
  script: string;
  env: NodeJS.ProcessEnv;
}

// The child: what omp's SessionManager sees in a file, and omp's own fork and
// rename (on copies) to compare ours with. Labels are read per entry through
// getLabel, the leaf through getLeafId, the name through getSessionName.
const CHILD = `const [mode, file, arg] = process.argv.slice(2);
const { SessionManager } = await import(process.env.OMP_SM);
const sm = await SessionManager.open(file, undefined, undefined, { suppressBreadcrumb: true });
const view = (m) => {
  const labels = {};
  for (const e of m.getEntries()) { const l = m.getLabel(e.id); if (l) labels[e.id] = l; }
  return { name: m.getSessionName() ?? null, leaf: m.getLeafId(), header: m.getHeader(), labels,
    ids: m.getEntries().map((e) => e.id), types: m.getEntries().map((e) => e.type), branch: m.getBranch().map((e) => e.id) };
};
let out;
if (mode === "view") out = view(sm);
else if (mode === "fork") { out = { file: sm.createBranchedSession(arg) }; await sm.flush(); }
else if (mode === "contexts") {
  // omp's own context rule at each leaf (the entries as its loader gave them: migrated, blobs resolved).
  const { buildSessionContext } = await import(process.env.OMP_SM.replace(/session-manager\\.ts$/, "session-context.ts"));
  const entries = sm.getEntries();
  out = arg.split(",").map((leaf) => {
    const c = buildSessionContext(entries, leaf);
    return { leaf, messages: c.messages, thinkingLevel: c.thinkingLevel, models: c.models, mode: c.mode, modeData: c.modeData, injectedTtsrRules: c.injectedTtsrRules };
  });
}
else if (mode === "rename") { out = { ok: await sm.setSessionName(arg, "user") }; await sm.flush(); }
else { console.error("usage: omp-child view FILE | fork FILE ID | rename FILE NAME | contexts FILE ID,…"); process.exit(2); }
// Exit only once the output is flushed: a pipe takes big outputs in several writes.
process.stdout.write(JSON.stringify(out) + "\\n", () => process.exit(0));
`;

/** Installs omp and bun into `prefix` (once) and writes the child script beside them. */
export function ensureOmp(prefix: string, log: (s: string) => void = () => {}): OmpInstall {
  mkdirSync(prefix, { recursive: true });
  if (installedVersion(prefix, OMP_PACKAGE) !== OMP_VERSION || installedVersion(prefix, "bun") !== BUN_VERSION) {
    log(`installing ${OMP_PACKAGE}@${OMP_VERSION} and bun@${BUN_VERSION} into ${prefix} …`);
    if (!existsSync(join(prefix, "package.json"))) writeFileSync(join(prefix, "package.json"), '{ "name": "omp-verify-cache", "private": true }\n');
    const r = spawnSync("npm", ["install", "--prefix", prefix, "--no-save", "--no-audit", "--no-fund", "--loglevel=error", `${OMP_PACKAGE}@${OMP_VERSION}`, `bun@${BUN_VERSION}`], {
      stdio: ["ignore", "inherit", "inherit"],
    });
    if (r.status !== 0 || installedVersion(prefix, OMP_PACKAGE) !== OMP_VERSION) throw new Error(`npm install of ${OMP_PACKAGE}@${OMP_VERSION} failed`);
  }
  const script = join(prefix, "omp-child.ts");
  if (!existsSync(script) || readFileSync(script, "utf8") !== CHILD) writeFileSync(script, CHILD);
  return {
    version: OMP_VERSION,
    bun: join(prefix, "node_modules", ".bin", "bun"),
    bunVersion: installedVersion(prefix, "bun") ?? "?",
    script,
    env: { OMP_SM: join(prefix, "node_modules", OMP_PACKAGE, "src", "session", "session-manager.ts") },
  };
}
