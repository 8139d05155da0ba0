// ls with the archive (keep): which rows are archived copies, and of which
// machine, for the HOST column, the --host filter and the JSON's
// `archived`/`host` fields. Nothing changes while nothing was ever archived.
import { viewInfo } from "../../core/keep/archived.js";
import { hostOf, keepConfigOrOff } from "../../core/keep/config.js";
import { keepStatus } from "../../core/keep/status.js";

export interface RowHost {
  host: string;
  archived: boolean;
}

/** null when no archive folder holds anything (then ls is as it always was). */
export function hostsInUse(env: NodeJS.ProcessEnv = process.env): { me: string; of(path: string): RowHost } | null {
  const config = keepConfigOrOff(env);
  if (config.sources.length === 0 && keepStatus(config, env).hosts.every((h) => h.files === 0)) return null;
  const me = hostOf(config);
  return {
    me,
    of(path) {
      const v = viewInfo(path, env);
      return v ? { host: v.host, archived: true } : { host: me, archived: false };
    },
  };
}
