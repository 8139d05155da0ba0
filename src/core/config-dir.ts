// Where the user's own settings live (keybindings.json, prices.json). In core
// so that the headless commands find it without importing the UI.
import { homedir } from "node:os";
import { join } from "node:path";

/** `$OMP_SESSIONS_CONFIG_DIR`, else `$XDG_CONFIG_HOME/omp-sessions`, else `~/.config/omp-sessions`. */
export function configDir(env: NodeJS.ProcessEnv = process.env): string {
  const own = env.OMP_SESSIONS_CONFIG_DIR?.trim();
  if (own) return own;
  const xdg = env.XDG_CONFIG_HOME?.trim();
  return join(xdg || join(homedir(), ".config"), "omp-sessions");
}
