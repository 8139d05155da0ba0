// Files and commands from every agent's tool calls, as their dialects hand them over (pi's toolCall shape).
import { describe, expect, it } from "vitest";
import { toolEffects } from "../../../src/core/session/tree/tool-effects.js";

const patch = "*** Begin Patch\n*** Update File: src/a.ts\n@@\n-x\n+y\n*** Add File: src/b.ts\n+z\n*** Delete File: old.ts\n*** End Patch";

describe("tool effects", () => {
  it("pi/omp and OpenCode: read/edit/write by path or filePath, bash by command", () => {
    expect(toolEffects("read", { path: "a.ts" })).toEqual({ read: ["a.ts"], changed: [], commands: [] });
    expect(toolEffects("edit", { filePath: "b.ts" }).changed).toEqual(["b.ts"]);
    expect(toolEffects("bash", { command: "ls" }).commands).toEqual(["ls"]);
  });

  it("Claude Code: Read/Edit/Write/MultiEdit/NotebookEdit by file_path or notebook_path", () => {
    expect(toolEffects("Read", { file_path: "/x" }).read).toEqual(["/x"]);
    for (const n of ["Edit", "Write", "MultiEdit"]) expect(toolEffects(n, { file_path: "/y" }).changed).toEqual(["/y"]);
    expect(toolEffects("NotebookEdit", { notebook_path: "/n.ipynb" }).changed).toEqual(["/n.ipynb"]);
    expect(toolEffects("Bash", { command: "npm test", description: "t" }).commands).toEqual(["npm test"]);
  });

  it("Codex: apply_patch's files, a shell argv (bash -lc gives the script), a patch through the shell", () => {
    expect(toolEffects("apply_patch", { input: patch }).changed).toEqual(["src/a.ts", "src/b.ts", "old.ts"]);
    expect(toolEffects("shell", { command: ["bash", "-lc", "cargo test"] }).commands).toEqual(["cargo test"]);
    expect(toolEffects("shell", { command: ["rg", "-n", "foo"] }).commands).toEqual(["rg -n foo"]);
    expect(toolEffects("shell", { command: ["apply_patch", patch] })).toEqual({ read: [], changed: ["src/a.ts", "src/b.ts", "old.ts"], commands: [] });
    expect(toolEffects("exec_command", { cmd: "make" }).commands).toEqual(["make"]);
  });

  it("Gemini: read_file/read_many_files/write_file/replace/run_shell_command", () => {
    expect(toolEffects("read_file", { absolute_path: "/g" }).read).toEqual(["/g"]);
    expect(toolEffects("read_many_files", { paths: ["a", "b"] }).read).toEqual(["a", "b"]);
    expect(toolEffects("replace", { file_path: "/r" }).changed).toEqual(["/r"]);
    expect(toolEffects("write_file", { file_path: "/w" }).changed).toEqual(["/w"]);
    expect(toolEffects("run_shell_command", { command: "go test" }).commands).toEqual(["go test"]);
  });

  it("other tools touch nothing", () => {
    expect(toolEffects("grep", { pattern: "x", path: "src" })).toEqual({ read: [], changed: [], commands: [] });
  });
});
