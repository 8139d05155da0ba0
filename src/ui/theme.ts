// Semantic colour tokens. Components ask for a role ("muted", "error"), never a
// colour; with NO_COLOR / --no-color every token is undefined and the screen
// stays readable from its symbols (›, •, [label], ▸, ✗).

export interface Theme {
  color: boolean;
  text: { primary?: string; muted?: string; accent?: string };
  role: { user?: string; assistant?: string; tool?: string; meta?: string };
  status: { error?: string; warning?: string; ok?: string };
  label?: string;
  activePath?: string;
  guide?: string;
  /** Background of the cursor row (colour only; no-colour relies on "›"). */
  selection?: string;
  tab: { active?: string; inactive?: string };
}

const COLORS: Theme = {
  color: true,
  text: { primary: undefined, muted: "gray", accent: "cyan" },
  role: { user: "green", assistant: undefined, tool: "yellow", meta: "magenta" },
  status: { error: "red", warning: "yellow", ok: "green" },
  label: "yellow",
  activePath: "cyan",
  guide: "gray",
  selection: "blue",
  tab: { active: "cyan", inactive: "gray" },
};

const PLAIN: Theme = {
  color: false,
  text: {},
  role: {},
  status: {},
  tab: {},
};

export function makeTheme(color: boolean): Theme {
  return color ? COLORS : PLAIN;
}

/** NO_COLOR (any non-empty value, per no-color.org) or --no-color turns colours off. */
export function colorWanted(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): boolean {
  if (argv.includes("--no-color")) return false;
  return !(env.NO_COLOR !== undefined && env.NO_COLOR !== "");
}
