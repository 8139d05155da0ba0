// Entry of the interactive browser (src/cli.ts imports it for no subcommand).
// React picks its development or production build when first loaded, from
// NODE_ENV: set it before loading anything React, or every frame pays for
// development checks.
export async function launch(argv: string[]): Promise<number> {
  process.env.NODE_ENV ??= "production";
  const { run } = await import("./run.js");
  return run(argv);
}
