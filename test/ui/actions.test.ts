// Key table actions are a typed union: the table, the dispatcher and the
// screens' handlers take an `Action`, so an unknown action does not compile.
import { describe, expect, it } from "vitest";
import { join } from "node:path";
import ts from "typescript";
import { ACTIONS, BINDINGS, type Action, type Binding } from "../../src/ui/keymap.js";
import type { runAction } from "../../src/ui/app.js";
import type { ScreenDef } from "../../src/ui/screens/screen.js";
import { ROOT } from "../helpers/fixtures.js";

/** Type-checks a snippet as if it sat next to the key table (nothing is written); returns the error messages. */
function typeErrors(code: string): string[] {
  const file = join(ROOT, "src/ui/__action-probe.ts");
  const options: ts.CompilerOptions = { strict: true, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, target: ts.ScriptTarget.ES2022, noEmit: true, skipLibCheck: true, types: [] };
  const host = ts.createCompilerHost(options);
  const read = host.readFile.bind(host);
  host.readFile = (f) => (f === file ? code : read(f));
  const exists = host.fileExists.bind(host);
  host.fileExists = (f) => f === file || exists(f);
  const getSource = host.getSourceFile.bind(host);
  host.getSourceFile = (f, v, ...rest) => (f === file ? ts.createSourceFile(f, code, v) : getSource(f, v, ...rest));
  const program = ts.createProgram([file], options, host);
  return ts.getPreEmitDiagnostics(program, program.getSourceFile(file)).map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
}

describe("the Action union", () => {
  it("every binding's action is one of ACTIONS, and every action has a binding", () => {
    const bound = new Set(BINDINGS.map((b) => b.action));
    expect(BINDINGS.filter((b) => !(ACTIONS as readonly string[]).includes(b.action))).toEqual([]);
    expect(ACTIONS.filter((a) => !bound.has(a))).toEqual([]);
    expect(new Set(ACTIONS).size).toBe(ACTIONS.length);
  });

  it("the compiler rejects an unknown action in the key table and accepts a known one", () => {
    const ok = typeErrors(`import type { Binding } from "./keymap.js";\nexport const b: Binding = { action: "cursor.down", keys: ["x"], help: "", scope: "list" };\n`);
    expect(ok).toEqual([]);
    const bad = typeErrors(`import type { Binding } from "./keymap.js";\nexport const b: Binding = { action: "cursor.sideways", keys: ["x"], help: "", scope: "list" };\n`);
    expect(bad.join("\n")).toMatch(/"cursor\.sideways"/);
    const switchOn = typeErrors(`import type { Action } from "./keymap.js";\nexport function f(a: Action): number {\n  switch (a) {\n    case "fold.sideways":\n      return 1;\n  }\n  return 0;\n}\n`);
    expect(switchOn.join("\n")).toMatch(/"fold\.sideways"/);
  });

  it("the dispatcher and the screens take Actions (checked by npm run typecheck)", () => {
    type Dispatched = Parameters<typeof runAction>[0];
    type Handled = Parameters<NonNullable<ScreenDef["onAction"]>>[0];
    // @ts-expect-error: not an action
    const notDispatched: Dispatched = "cursor.sideways";
    // @ts-expect-error: not an action
    const notHandled: Handled = "review.sideways";
    const fine: Dispatched & Handled & Action = "review.promote";
    const binding: Binding["action"] = fine;
    expect([notDispatched, notHandled, binding]).toEqual(["cursor.sideways", "review.sideways", "review.promote"]);
  });
});
