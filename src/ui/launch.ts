// Entry of the interactive browser (src/cli.ts imports it for no subcommand).
// React picks its development or production build when first loaded, from
// NODE_ENV: set it before loading anything React, or every frame pays for
// development checks.
//
// Ink draws nothing until exit when it believes it runs in CI (it reads `CI`
// and `CONTINUOUS_INTEGRATION` once, when loaded). The browser only runs on a
// terminal (run.ts refuses otherwise), so a `CI=true` left in a user's shell,
// or set by a CI runner around a tmux test, must not blank the screen.
export async function launch(argv: string[]): Promise<number> {
  process.env.NODE_ENV ??= "production";
  if (process.stdin.isTTY && process.stdout.isTTY) {
    delete process.env.CI;
    delete process.env.CONTINUOUS_INTEGRATION;
  }
  const { run } = await import("./run.js");
  return run(argv);
}
