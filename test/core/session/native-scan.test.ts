// The native line scanner (native/scan.c through read/native-scan.ts) against
// JSON.parse, on made-up lines: it may say yes only to a line the parse
// accepts, and then its lean entry must hold exactly what the parse gives of
// the fields a tree --json preview reads. Escapes, surrogates, numbers,
// nesting, bad UTF-8, whitespace and trailing garbage, one by one and in
// seeded random mutations. Skipped, saying why, where the addon was not built.
import { describe, expect, it } from "vitest";
import { createEnv, useEnv } from "../../../src/core/env.js";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { leanEntry, nativeScanAvailable, nativeScanStatus } from "../../../src/core/session/read/native-scan.js";
import { PiLineScanner } from "../../../src/core/session/read/dialects/pi/scanner.js";
import { prng } from "../../helpers/mutants.js";

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const KEEP = 400;

/** What JSON.parse makes of the line's bytes decoded as the tree decodes them (null: it throws). */
function parsed(bytes: Buffer): { v: unknown } | null {
  try {
    return { v: JSON.parse(bytes.toString("utf8")) };
  } catch {
    return null;
  }
}

/** The lean entry the parse would give (the strings as the parse has them, not cut), or null when the line is not of that shape. */
function expectedLean(v: unknown): Obj | null {
  if (!isObj(v) || v.type !== "message" || !isObj(v.message)) return null;
  const m = v.message;
  if (m.role !== "user" && m.role !== "assistant" && m.role !== "toolResult") return null;
  const e: Obj = { type: "message" };
  for (const k of ["id", "parentId", "timestamp"]) if (typeof v[k] === "string" || v[k] === null) e[k] = v[k];
  const msg: Obj = { role: m.role };
  if (typeof m.content === "string") msg.content = m.content;
  else if (Array.isArray(m.content)) {
    msg.content = m.content
      .filter((b) => isObj(b) && (b.type === "text" || b.type === "image"))
      .map((b: Obj) => {
        const o: Obj = { type: b.type };
        if (typeof b.text === "string") o.text = b.text;
        if (typeof b.document === "string") o.document = b.document;
        return o;
      });
  }
  e.message = msg;
  return e;
}

/** A cut string: a prefix of the whole one with at least KEEP units of it (all of it when shorter). */
function sameCut(lean: unknown, full: unknown, path: string): string[] {
  if (typeof full === "string") {
    if (typeof lean !== "string") return [`${path}: ${JSON.stringify(lean)} for a string`];
    if (!full.startsWith(lean) || lean.length < Math.min(KEEP, full.length)) return [`${path}: cut wrongly: ${JSON.stringify(lean.slice(-30))} of ${JSON.stringify(full.slice(0, 600))}`];
    return [];
  }
  if (Array.isArray(full)) {
    if (!Array.isArray(lean) || lean.length !== full.length) return [`${path}: blocks differ`];
    return full.flatMap((b, k) => sameCut(lean[k], b, `${path}[${k}]`));
  }
  if (isObj(full)) {
    if (!isObj(lean)) return [`${path}: not an object`];
    const keys = new Set([...Object.keys(full), ...Object.keys(lean)]);
    return [...keys].flatMap((k) => sameCut(lean[k], full[k], `${path}.${k}`));
  }
  return lean === full ? [] : [`${path}: ${JSON.stringify(lean)} != ${JSON.stringify(full)}`];
}

/** What is wrong with the scanner's answer on one line ([] when nothing). */
function check(line: Buffer | string): string[] {
  const bytes = typeof line === "string" ? Buffer.from(line, "utf8") : line;
  // Somewhere inside a bigger buffer, as a read chunk holds it.
  const buf = Buffer.concat([Buffer.from('{"x":1}\n'), bytes, Buffer.from("\n{}")]);
  const lean = leanEntry(buf, 8, 8 + bytes.length, KEEP);
  if (lean === null) return [];
  const p = parsed(bytes);
  if (p === null) return [`yes to a line JSON.parse refuses: ${JSON.stringify(bytes.toString("latin1").slice(0, 200))}`];
  const want = expectedLean(p.v);
  if (want === null) return [`yes to a line of another shape: ${bytes.toString("utf8").slice(0, 200)}`];
  // Top-level strings are never cut.
  for (const k of ["id", "parentId", "timestamp"]) if (lean[k] !== want[k]) return [`${k}: ${JSON.stringify(lean[k])} != ${JSON.stringify(want[k])}`];
  return sameCut(lean.message, want.message, "message");
}

const says = (line: string | Buffer): boolean => {
  const b = typeof line === "string" ? Buffer.from(line, "utf8") : line;
  return leanEntry(b, 0, b.length, KEEP) !== null;
};

const base = (content: string, extra = ""): string => `{"type":"message","id":"a1","parentId":null,"timestamp":"2026-01-01T00:00:00.000Z","message":{"role":"user","content":${content}${extra}}}`;

/** Lines the parse accepts, of the common shape: the scanner must say yes to these. */
const GOOD = [
  base('"plain"'),
  base('"esc \\" \\\\ \\/ \\b \\f \\n \\r \\t \\u0041 \\u00e9"'),
  base('"lone \\ud800 and \\udc00 and pair \\ud83d\\ude00"'),
  base('"raw é 日本 😀 and DEL \u007f"'),
  base('[{"type":"text","text":"a"},{"type":"image","data":"x"},{"type":"thinking","thinking":"t"},7,"s",null,[1],{"type":"text","document":"d.pdf","text":"b"}]'),
  base('"x"', ',"n":[-0,0,1,-1,1.5,-1.5e10,1E+2,1e-2,0.0e0,123456789012345678901234567890,1e400]'),
  base('"x"', ',"l":[true,false,null,{},[],{"a":{"b":[[[{}]]]}}]'),
  base('"x"', `,"deep":${"[".repeat(50)}${"]".repeat(50)}`),
  ` \t\r${base('"ws"')} \t\r`,
  `{ "type" : "message" , "message" : { "role" : "assistant" , "content" : [ { "type" : "text" , "text" : "hi" } ] } }`,
  `{"type":"message","message":{"role":"toolResult","content":"${"long ".repeat(500)}"}}`,
  `{"type":"message","message":{"role":"user"}}`,
  base('"x"', ',"__proto__":{"a":1},"constructor":"c"'),
];

/** Lines the scanner must refuse: not JSON, or JSON of a shape it leaves to the parse. */
const BAD = [
  base('"raw \u0001 control"'),
  base('"bad \\x escape"'),
  base('"short \\u12 escape"'),
  base('"bad hex \\u12G4"'),
  base('"unclosed'),
  base('"x"', ',"n":01'),
  base('"x"', ',"n":1.'),
  base('"x"', ',"n":.5'),
  base('"x"', ',"n":+1'),
  base('"x"', ',"n":1e'),
  base('"x"', ',"n":1e+'),
  base('"x"', ',"n":-'),
  base('"x"', ',"n":tru'),
  base('"x"', ',"n":nul'),
  base('"x"', ",'s':1"),
  base('"x"', ',"a":[1,]'),
  base('"x"', ',"a":{"k":1,}'),
  base('"x"') + " x",
  base('"x"') + "}",
  base('"x"') + "\u0000",
  "\ufeff" + base('"bom"'),
  "\u000b" + base('"vertical tab"'),
  "\u00a0" + base('"nbsp"'),
  base('"x"', `,"deep":${"[".repeat(70)}${"]".repeat(70)}`),
  // The shapes left to the parse: a repeated field, a field or a type written with escapes, a role of another kind.
  base('"x"', ',"content":"y"'),
  `{"type":"message","type":"message","message":{"role":"user","content":"x"}}`,
  `{"\\u0074ype":"message","message":{"role":"user","content":"x"}}`,
  `{"type":"m\\u0065ssage","message":{"role":"user","content":"x"}}`,
  `{"type":"message","message":{"role":"us\\u0065r","content":"x"}}`,
  `{"type":"message","message":{"role":"user","content":[{"type":"t\\u0065xt","text":"x"}]}}`,
  `{"type":"message","message":{"role":"user","content":[{"type":"text","text":"x","text":"y"}]}}`,
  `{"type":"message","message":{"role":"custom","content":"x"}}`,
  `{"type":"compaction","message":{"role":"user","content":"x"}}`,
  `{"type":"message","id":7,"message":{"role":"user","content":"x"}}`,
  `{"type":"message","message":{"role":"user","content":{"text":"x"}}}`,
  `{"type":"message","message":{"role":"user","content":null}}`,
  `{"type":"message","message":"user"}`,
  `["type","message"]`,
];

/** Bytes a mutation puts in: JSON's structure, escapes, digits, whitespace JSON has and has not, controls, bad UTF-8. */
const ALPHABET = [...'"\\{}[],:-+.eE0123456789utfnrlsabx /'].map((c) => c.charCodeAt(0)).concat([0x00, 0x01, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x1f, 0x7f, 0x80, 0xa0, 0xbf, 0xc0, 0xc3, 0xe2, 0xed, 0xef, 0xf0, 0xf4, 0xf8, 0xff]);

function mutate(line: Buffer, r: () => number): Buffer {
  const b = [...line];
  const n = 1 + Math.floor(r() * 3);
  for (let k = 0; k < n; k++) {
    const at = Math.floor(r() * (b.length + 1));
    const byte = ALPHABET[Math.floor(r() * ALPHABET.length)];
    const op = r();
    if (op < 0.4 && at < b.length) b[at] = byte;
    else if (op < 0.7) b.splice(at, 0, byte);
    else if (at < b.length) b.splice(at, 1);
    else b.push(byte);
  }
  return Buffer.from(b);
}

const why = nativeScanAvailable() ? "" : " (skipped: the native scanner was not built here: build/Release/omp_sessions_scan.node)";

describe.skipIf(!nativeScanAvailable())(`the native line scanner against JSON.parse${why}`, () => {
  it("says yes to the common shape in every form JSON allows", () => {
    for (const line of GOOD) {
      expect(parsed(Buffer.from(line)), line).not.toBeNull();
      expect(says(line), line).toBe(true);
      expect(check(line), line).toEqual([]);
    }
  });

  it("says no to what JSON.parse refuses and to the shapes it leaves to the parse", () => {
    for (const line of BAD) {
      expect(says(line), line).toBe(false);
      expect(check(line), line).toEqual([]);
    }
  });

  it("bad UTF-8 is a character inside a string, an error outside one", () => {
    const inside = Buffer.concat([Buffer.from(base('"a').slice(0, -3)), Buffer.from([0xff, 0xc3, 0x28, 0xed, 0xa0, 0x80, 0xf0, 0x9f]), Buffer.from('b"}}')]);
    expect(parsed(inside)).not.toBeNull();
    expect(says(inside)).toBe(true);
    expect(check(inside)).toEqual([]);
    const lean = leanEntry(inside, 0, inside.length, KEEP)!;
    expect((lean.message as Obj).content).toBe((expectedLean(parsed(inside)!.v)!.message as Obj).content);
    const outside = Buffer.concat([Buffer.from(base('"a"').slice(0, -2)), Buffer.from([0xc3, 0xa9]), Buffer.from("}}")]);
    expect(parsed(outside)).toBeNull();
    expect(says(outside)).toBe(false);
  });

  it("cuts long content at a character boundary after enough units, never a top-level field", () => {
    const texts = ["x".repeat(5000), "é".repeat(3000), "😀".repeat(2000), "\\n".repeat(3000), "\\ud83d\\ude00".repeat(1000), "a" + "\\ud800".repeat(900)];
    for (const t of texts) {
      const id = "i".repeat(5000);
      for (const line of [`{"type":"message","id":"${id}","message":{"role":"user","content":"${t}"}}`, `{"type":"message","id":"${id}","message":{"role":"assistant","content":[{"type":"text","text":"${t}","document":"${t}"}]}}`]) {
        expect(says(line), t.slice(0, 20)).toBe(true);
        expect(check(line), t.slice(0, 20)).toEqual([]);
        expect(leanEntry(Buffer.from(line), 0, Buffer.byteLength(line), KEEP)!.id).toBe(id);
      }
    }
  });

  it("holds on 20,000 seeded random mutations of such lines", () => {
    const r = prng(25); // seeded, so a failure is found again
    const seeds = GOOD.map((l) => Buffer.from(l));
    let yes = 0;
    const wrong: string[] = [];
    for (let k = 0; k < 20_000; k++) {
      const m = mutate(seeds[k % seeds.length], r);
      const w = check(m);
      if (w.length) wrong.push(...w);
      if (says(m)) yes++;
    }
    expect(wrong.slice(0, 5)).toEqual([]);
    // Some mutants stay valid (a digit for a digit, a letter inside a string): the yes side is exercised too.
    expect(yes).toBeGreaterThan(1000);
  });

  it("is what the tree's scanner takes for message lines, and nothing with the scanner off", () => {
    const lines = [`{"type":"session","version":3,"id":"s","timestamp":"t","cwd":"/"}`, ...GOOD];
    const count = (): number => {
      let n = 0;
      const sc = new PiLineScanner({ entry: (_e, s) => void (n += s.lean ? 1 : 0) }, { parseAll: true, cut: true, v1Ids: true, lean: KEEP });
      lines.forEach((l, k) => {
        const b = Buffer.from(l);
        sc.line(b, 0, b.length, 0, k + 1);
      });
      return n;
    };
    // (a line without an id is left out of a version 3 tree)
    expect(count()).toBe(GOOD.filter((l) => l.includes('"id":')).length);
    const restore = useEnv(createEnv({ nativeScan: false }));
    try {
      expect(count()).toBe(0);
    } finally {
      restore();
    }
  });
});

describe("the native line scanner's absence", () => {
  it(`leaves every line to the parse${why}`, () => {
    const restore = useEnv(createEnv({ nativeScan: false }));
    try {
      expect(nativeScanAvailable()).toBe(false);
      expect(leanEntry(Buffer.from(GOOD[0]), 0, Buffer.byteLength(GOOD[0]), KEEP)).toBeNull();
    } finally {
      restore();
    }
  });
});

describe("the native line scanner's status (doctor says it)", () => {
  const inEnv = <T>(opts: Parameters<typeof createEnv>[0], f: () => T): T => {
    const restore = useEnv(createEnv(opts));
    try {
      return f();
    } finally {
      restore();
    }
  };

  it("is in use when loaded, else not built, naming the install step", () => {
    const s = inEnv({}, () => nativeScanStatus());
    if (nativeScanAvailable()) expect(s).toEqual({ state: "in use", file: join(process.cwd(), "build", "Release", "omp_sessions_scan.node") });
    else expect(s).toEqual({ state: "not built", install: join(process.cwd(), "native", "install.mjs") });
  });

  it("is not built when the addon's file is not there", () => {
    const dir = mkdtempSync(join(tmpdir(), "omps-native-"));
    expect(inEnv({ nativeScanAddon: join(dir, "omp_sessions_scan.node") }, () => [nativeScanStatus(), nativeScanAvailable()])).toEqual([{ state: "not built", install: null }, false]);
  });

  it("failed to load, with the loader's first line, when the file is no addon for this Node (a Node upgrade, a damaged build)", () => {
    const dir = mkdtempSync(join(tmpdir(), "omps-native-"));
    const file = join(dir, "omp_sessions_scan.node");
    writeFileSync(file, "not an ELF or Mach-O file\nsecond line\n");
    const [s, available] = inEnv({ nativeScanAddon: file }, () => [nativeScanStatus(), nativeScanAvailable()] as const);
    expect(available).toBe(false);
    expect(s.state).toBe("failed to load");
    if (s.state !== "failed to load") return;
    expect(s.file).toBe(file);
    expect(s.error.length).toBeGreaterThan(0);
    expect(s.error).not.toContain("\n");
  });

  it("is turned off by OMP_SESSIONS_NATIVE=0 or the env's option, before any file is looked at", () => {
    expect(inEnv({ nativeScan: false, nativeScanAddon: "/nonexistent" }, () => nativeScanStatus())).toEqual({ state: "turned off", by: "nativeScan: false" });
    const saved = process.env.OMP_SESSIONS_NATIVE;
    process.env.OMP_SESSIONS_NATIVE = "0";
    try {
      expect(inEnv({}, () => [nativeScanStatus(), nativeScanAvailable()])).toEqual([{ state: "turned off", by: "OMP_SESSIONS_NATIVE=0" }, false]);
    } finally {
      if (saved === undefined) delete process.env.OMP_SESSIONS_NATIVE;
      else process.env.OMP_SESSIONS_NATIVE = saved;
    }
  });
});
