// The dispatcher's list agrees with the commands it loads, and every command answers --help.
import { describe, it, expect } from "vitest";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { commands } from "../../src/hooks-cli/registry.js";
import { BIN } from "../helpers/fixtures.js";

describe("commands", () => {
  it("each entry's name and summary are the loaded command's", async () => {
    for (const entry of commands) {
      const cmd = await entry.load();
      expect({ name: cmd.name, summary: cmd.summary }).toEqual({ name: entry.name, summary: entry.summary });
    }
  });

  it("every command prints its usage for --help and exits 0", async () => {
    const run = promisify(execFile);
    await Promise.all(
      commands.map(async (c) => {
        const { stdout } = await run(BIN, [c.name, "--help"]);
        expect(stdout, c.name).toMatch(/usage/i);
      }),
    );
  });

  it("an unknown command is a usage error (exit 2), not the browser", async () => {
    await expect(promisify(execFile)(BIN, ["frobnicate"])).rejects.toMatchObject({ code: 2 });
  });
});
