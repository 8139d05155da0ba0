// The direction rule: core imports neither the UI, the CLI, React nor Ink;
// and no module in src reaches itself again through its imports.
import { describe, it, expect } from "vitest";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";
import { ROOT } from "../helpers/fixtures.js";

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? sources(p) : /\.tsx?$/.test(name) ? [p] : [];
  });
}

const importsOf = (file: string) => [...readFileSync(file, "utf8").matchAll(/(?:import|export)\s[^;]*?from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1] ?? m[2]);

describe("import direction", () => {
  const core = sources(join(ROOT, "src", "core"));

  it("finds the core sources", () => {
    expect(core.length).toBeGreaterThan(5);
  });

  it("core imports nothing from src/ui, src/hooks-cli, react, ink or zustand", () => {
    const bad: string[] = [];
    for (const f of core) {
      for (const spec of importsOf(f)) {
        if (/(^|\/)(ui|hooks-cli)\//.test(spec) || /^(react|ink|zustand)(\/|$)|^ink-/.test(spec)) bad.push(`${relative(ROOT, f)} → ${spec}`);
      }
    }
    expect(bad).toEqual([]);
  });

  // keep/ (the archive's copies, which the list shows and the write guard refuses) is allowed until its view paths move under session/list.
  it("core/session imports nothing from the rest of core (agents, stats, export … build on it; the agent registry is session/agents.ts)", () => {
    const session = resolve(ROOT, "src", "core", "session");
    const bad: string[] = [];
    for (const f of core.filter((f) => f.startsWith(session + "/"))) {
      for (const spec of importsOf(f)) {
        if (!spec.startsWith(".")) continue;
        const target = resolve(dirname(f), spec);
        if (target.startsWith(resolve(ROOT, "src", "core") + "/") && !target.startsWith(session + "/") && !/\/core\/(fs|errors|config-dir|cache-dir|map-limit|sqlite|keep|env|headless|memory-note)(\/|\.js$)/.test(target))
          bad.push(`${relative(ROOT, f)} → ${spec}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it("omp's title slot is recognised only in the pi dialect (read/dialects/pi/) and write/ (which makes slots)", () => {
    const allowed = (f: string) => f.includes(join("session", "read", "dialects", "pi") + "/") || f.includes(join("session", "write") + "/");
    const bad = sources(join(ROOT, "src"))
      .filter((f) => !allowed(f) && /\btype\)?\s*[!=]==?\s*"title"/.test(readFileSync(f, "utf8")))
      .map((f) => relative(ROOT, f));
    expect(bad).toEqual([]);
  });

  it("nothing outside core/session imports its files: only its public surface, core/session/index.ts", () => {
    const session = resolve(ROOT, "src", "core", "session");
    const index = join(session, "index.ts");
    const bad = sources(join(ROOT, "src"))
      .filter((f) => !f.startsWith(session + "/"))
      .flatMap((f) =>
        specifiersOf(f)
          .filter((spec) => {
            const target = resolveLocal(f, spec);
            return target !== undefined && target.startsWith(session + "/") && target !== index;
          })
          .map((spec) => `${relative(ROOT, f)} → ${spec}`),
      );
    expect(bad).toEqual([]);
  });

  it("hooks-cli imports nothing from src/ui", () => {
    const bad = sources(join(ROOT, "src", "hooks-cli")).flatMap((f) =>
      importsOf(f)
        .filter((s) => /(^|\/)ui\//.test(s))
        .map((s) => `${relative(ROOT, f)} → ${s}`),
    );
    expect(bad).toEqual([]);
  });
});

// What a module keeps between calls, found at its top level: a `let` or
// `var`; a class's static field that is not readonly; a `const` holding a
// collection (new Map, Set, WeakMap, WeakSet or Array, an array literal, an
// empty object) unless its declared type says read-only (Readonly…,
// `readonly T[]`, `as const`); and a `const` object literal some module of
// `texts` writes a property of. Such state lives in the environment object
// (core/env.ts) instead, made where the CLI or the app is made.
export function moduleState(file: string, text: string, texts: readonly string[] = [text]): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const out: string[] = [];
  const at = (node: ts.Node, what: string) => out.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1} ${what}`);
  const readOnly = (type: ts.TypeNode | undefined) => type !== undefined && /^(readonly\b|Readonly)/.test(type.getText(source));
  const written = (name: string) => {
    const write = new RegExp(`(?<![\\w.$])${name}(\\.[\\w$]+|\\[[^\\]]*\\])+\\s*([-+*/|&]?=(?!=)|\\+\\+|--)|Object\\.assign\\(\\s*${name}\\b`);
    return texts.some((t) => write.test(t));
  };
  for (const st of source.statements) {
    if (ts.isClassDeclaration(st)) {
      for (const m of st.members) {
        const mods = ts.canHaveModifiers(m) ? (ts.getModifiers(m) ?? []) : [];
        if (ts.isPropertyDeclaration(m) && mods.some((x) => x.kind === ts.SyntaxKind.StaticKeyword) && !mods.some((x) => x.kind === ts.SyntaxKind.ReadonlyKeyword)) at(m, `static ${m.name.getText(source)}`);
      }
    }
    if (!ts.isVariableStatement(st)) continue;
    const isConst = (st.declarationList.flags & ts.NodeFlags.Const) !== 0;
    for (const d of st.declarationList.declarations) {
      const name = d.name.getText(source);
      if (!isConst) {
        at(d, `let ${name}`);
        continue;
      }
      const init = d.initializer;
      if (!init || readOnly(d.type)) continue;
      if (ts.isAsExpression(init) && init.type.getText(source) === "const") continue;
      if (ts.isNewExpression(init) && /^(Map|Set|WeakMap|WeakSet|Array)$/.test(init.expression.getText(source))) at(d, `${name} = new ${init.expression.getText(source)}`);
      else if (ts.isArrayLiteralExpression(init)) at(d, `${name} = [${init.elements.length > 0 ? "…" : ""}]`);
      else if (ts.isObjectLiteralExpression(init) && init.properties.length === 0) at(d, `${name} = {}`);
      else if (ts.isObjectLiteralExpression(init) && ts.isIdentifier(d.name) && written(name)) at(d, `${name} = {…}, written`);
    }
  }
  return out;
}

describe("module-level state", () => {
  it("finds what a module keeps, and leaves read-only tables alone", () => {
    const text = [
      "let a = 1;",
      "export var b;",
      "const c = new Map<string, number>();",
      "const d: ReadonlyMap<string, number> = new Map([['x', 1]]);",
      "const e: string[] = [];",
      "const f: readonly string[] = ['x'];",
      "const g = ['x'] as const;",
      "const h = {};",
      "const i = { n: 0 };",
      "const j = { n: 0 };",
      "function bump() { i.n++; }",
      "class K { static count = 0; static readonly NAME = 'k'; }",
      "const l = new WeakMap<object, number>();",
      "const m = envSlot(() => new Map<string, string>());",
      "function f2() { let local = 0; return local; }",
    ].join("\n");
    expect(moduleState("x.ts", text).map((s) => s.replace(/^x\.ts:\d+ /, ""))).toEqual(["let a", "let b", "c = new Map", "e = []", "h = {}", "i = {…}, written", "static count", "l = new WeakMap"]);
  });

  it("src/core keeps no state at module level: caches, registries and buffers live in the environment (core/env.ts)", () => {
    const files = sources(join(ROOT, "src", "core"));
    const texts = files.map((f) => readFileSync(f, "utf8"));
    const env = join(ROOT, "src", "core", "env.ts");
    const found = files.flatMap((f, i) => (f === env ? [] : moduleState(relative(ROOT, f), texts[i], texts)));
    expect(found).toEqual([]);
  });
});

// Every module a file names: static imports and re-exports (type-only ones
// too), side-effect imports, dynamic import() calls and `typeof import("x")`
// types. Read with TypeScript's parser, so multi-line and commented imports
// count exactly as the compiler sees them.
export function specifiersOf(file: string, text = readFileSync(file, "utf8")): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const out: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) out.push(node.moduleSpecifier.text);
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference) && ts.isStringLiteral(node.moduleReference.expression)) out.push(node.moduleReference.expression.text);
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteralLike(node.arguments[0])) out.push(node.arguments[0].text);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) out.push(node.argument.literal.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

// A relative specifier to the source file it names (`./x.js` is `./x.ts` or
// `./x.tsx`, as NodeNext resolution maps it); packages and node: are leaves.
function resolveLocal(from: string, spec: string): string | undefined {
  if (!spec.startsWith(".")) return undefined;
  const base = resolve(dirname(from), spec);
  const stem = base.replace(/\.(m|c)?js$/, "");
  for (const candidate of [base, `${stem}.ts`, `${stem}.tsx`, join(base, "index.ts"), join(base, "index.tsx")]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

// The import circles in a graph: its strongly connected components of more
// than one module, or one module importing itself (Tarjan's algorithm), each
// shown as one concrete loop through it.
export function importCircles(graph: Map<string, string[]>): string[][] {
  return importComponents(graph).map((component) => loopThrough(graph, new Set(component)));
}

function importComponents(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const connect = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) components.push(component);
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) connect(v);
  return components;
}

// One shortest loop from a component's first module (by name) back to itself.
function loopThrough(graph: Map<string, string[]>, component: Set<string>): string[] {
  const start = [...component].sort()[0];
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const v = queue.shift()!;
    for (const w of graph.get(v) ?? []) {
      if (!component.has(w)) continue;
      if (w === start) {
        const path = [v];
        while (path[0] !== start) path.unshift(cameFrom.get(path[0])!);
        return [...path, start];
      }
      if (!cameFrom.has(w)) {
        cameFrom.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start, start];
}

function graphOf(files: string[], read: (file: string) => string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const f of files)
    graph.set(f, [
      ...new Set(
        read(f)
          .map((spec) => resolveLocal(f, spec))
          .filter((t): t is string => t !== undefined),
      ),
    ]);
  return graph;
}

describe("import circles", () => {
  const all = sources(join(ROOT, "src"));
  const show = (circle: string[]) => circle.map((f) => relative(join(ROOT, "src"), f)).join(" → ");

  it("reads every kind of import", () => {
    const text = [
      'import a from "./a.js";',
      'import type { B } from "./b.js";',
      'import {\n  c,\n  type C,\n} from "./c.js";',
      'export { d } from "./d.js";',
      'export type * from "./e.js";',
      'import "./f.js";',
      'const g = await import("./g.js");',
      'let h: typeof import("./h.js");',
      'let i: import("./i.js").I;',
      '// import z from "./z.js";',
    ].join("\n");
    expect(specifiersOf("x.ts", text)).toEqual(["./a.js", "./b.js", "./c.js", "./d.js", "./e.js", "./f.js", "./g.js", "./h.js", "./i.js"]);
  });

  it("finds a circle of any length, and none in a tree", () => {
    const g = (edges: Record<string, string[]>) => new Map(Object.entries(edges));
    expect(importCircles(g({ a: ["b"], b: ["c"], c: [] }))).toEqual([]);
    expect(importCircles(g({ a: ["b", "c"], b: ["c"], c: ["a"] }))).toEqual([["a", "c", "a"]]);
    expect(importCircles(g({ a: ["a"] }))).toEqual([["a", "a"]]);
    expect(
      importCircles(g({ a: ["b"], b: ["a"], c: ["d"], d: ["e"], e: ["c"] }))
        .map((c) => c.join(""))
        .sort(),
    ).toEqual(["aba", "cdec"]);
  });

  it("no module in src imports itself again, statically, type-only or dynamically", () => {
    expect(all.length).toBeGreaterThan(50);
    const graph = graphOf(all, (f) => specifiersOf(f));
    // Each circle as one loop, then every module caught in it.
    const found = importComponents(graph).map(
      (c) =>
        `${show(loopThrough(graph, new Set(c)))}  [${c.length} modules: ${c
          .map((f) => relative(join(ROOT, "src"), f))
          .sort()
          .join(", ")}]`,
    );
    expect(found).toEqual([]);
  });
});
