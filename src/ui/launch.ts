// Opens the interactive browser. Filled in by the browser work; until then `npm start` runs `ls`.
export async function launch(argv: string[]): Promise<number> {
  const { findCommand } = await import("../hooks-cli/registry.js");
  const ls = findCommand("ls");
  if (!ls) return 1;
  return ls.run(argv.filter((a) => a !== "--demo"));
}
