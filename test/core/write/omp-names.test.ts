// The two omp write cases of docs/session-format.md §7a: a fork carries the
// session's name into its header and title slot, and a rename of a file
// without a slot rewrites it whole with one added — never while it looks
// live, and never when the file changed between our read and the swap.
import { describe, expect, it } from "vitest";
import { appendFileSync, copyFileSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { FIXTURES } from "../../helpers/fixtures.js";
import { loadSession } from "../../../src/core/session/tree/load.js";
import { applyWrite, forkSession } from "../../../src/core/session/write/index.js";
import { WriteRefusedError } from "../../../src/core/errors.js";
import { age, tempDir, treeDiff } from "./helpers.js";

const LEGACY = join(FIXTURES, "sessions-rich", "omp", "legacy");
const AGENT_SESSIONS = join(FIXTURES, "sessions-rich", "omp", "agent", "sessions", "--home-dev-omp-rich--");

function copy(from: string, dir: string): string {
  const to = join(dir, "2026-04-02T10-00-00-000Z_copy.jsonl");
  copyFileSync(from, to);
  age(to);
  return to;
}

const lines = (b: Buffer) => b.toString("utf8").split("\n");
const SLOT = 256;

describe("rename of an omp file without a title slot", () => {
  for (const name of readdirSync(LEGACY).filter((f) => f.endsWith(".jsonl"))) {
    it(`${name}: one rewrite adds the slot, sets the header's title, keeps every other line byte for byte`, async () => {
      const { dir, done } = tempDir();
      try {
        const file = copy(join(LEGACY, name), dir);
        const before = readFileSync(file);
        const s = await loadSession(file);
        expect(s.titleSlot).toBeNull();
        const oldName = typeof s.header.title === "string" ? s.header.title : undefined;
        const r = await applyWrite(s, { op: "rename", name: "Renamed\tby  the\ntool " });
        expect(r.rewritten).toBe(true);
        const after = readFileSync(file);
        // The slot: exactly 256 bytes, the cleaned name, source user.
        expect(after.indexOf(0x0a)).toBe(SLOT - 1);
        const slot = JSON.parse(after.subarray(0, SLOT - 1).toString("utf8"));
        expect(slot).toMatchObject({ type: "title", v: 1, title: "Renamed by the tool", source: "user" });
        // The header: only title and titleSource differ.
        const oldLines = lines(before);
        const newLines = lines(after.subarray(SLOT));
        const oldHeader = JSON.parse(oldLines[0]);
        expect(JSON.parse(newLines[0])).toEqual({ ...oldHeader, title: "Renamed by the tool", titleSource: "user" });
        // Every other line as it was, then the title_change.
        expect(newLines.slice(1, oldLines.length - 1)).toEqual(oldLines.slice(1, -1));
        const tc = JSON.parse(newLines[oldLines.length - 1]);
        expect(tc).toMatchObject({ type: "title_change", title: "Renamed by the tool", source: "user", parentId: s.leafId });
        if (oldName) expect(tc.previousTitle).toBe(oldName);
        else expect(tc).not.toHaveProperty("previousTitle");
        expect(after[after.length - 1]).toBe(0x0a);
        const again = await loadSession(file);
        expect(again.name).toBe("Renamed by the tool");
        expect(again.titleSlot?.title).toBe("Renamed by the tool");
        expect(treeDiff(s, again, [String(tc.id)])).toEqual([]);
        // No temp file and no lock left behind.
        expect(readdirSync(dir).filter((f) => f.startsWith("."))).toEqual([]);
      } finally {
        done();
      }
    });
  }

  it("is refused, and nothing of ours is written, when the file changes between the read and the swap", async () => {
    const { dir, done } = tempDir();
    try {
      const file = copy(join(LEGACY, "omp-noslot-1-2.jsonl"), dir);
      const s = await loadSession(file);
      const agentLine = JSON.stringify({ type: "message", id: "ffff0001", parentId: s.leafId, timestamp: "2026-04-02T11:00:00.000Z", message: { role: "user", content: "meanwhile" } }) + "\n";
      let expected: Buffer | null = null;
      await expect(
        applyWrite(
          s,
          { op: "rename", name: "too late" },
          {
            beforeSwap: (f) => {
              appendFileSync(f, agentLine); // an agent appends while we copy
              expected = readFileSync(f);
            },
          },
        ),
      ).rejects.toThrow(/changed while it was being rewritten.*nothing changed/);
      expect(expected).not.toBeNull();
      expect(readFileSync(file).equals(expected!)).toBe(true);
      expect(readdirSync(dir).filter((f) => f.startsWith("."))).toEqual([]);
      expect((await loadSession(file)).titleSlot).toBeNull();
    } finally {
      done();
    }
  });

  it("is refused when the bytes change in place at the same size", async () => {
    const { dir, done } = tempDir();
    try {
      const file = copy(join(LEGACY, "omp-noslot-1-2.jsonl"), dir);
      const s = await loadSession(file);
      let expected: Buffer | null = null;
      await expect(
        applyWrite(
          s,
          { op: "rename", name: "too late" },
          {
            beforeSwap: (f) => {
              const b = readFileSync(f);
              const i = b.lastIndexOf(Buffer.from('"user"'));
              b.write('"usex"', i);
              writeFileSync(f, b);
              expected = b;
            },
          },
        ),
      ).rejects.toBeInstanceOf(WriteRefusedError);
      expect(readFileSync(file).equals(expected!)).toBe(true);
    } finally {
      done();
    }
  });

  it("is never done while the file looks live, --force or not", async () => {
    const { dir, done } = tempDir();
    try {
      const file = copy(join(LEGACY, "omp-noslot-1-3.jsonl"), dir);
      const s = await loadSession(file);
      const before = readFileSync(file);
      await expect(applyWrite(s, { op: "rename", name: "x" }, { force: true, live: { now: Date.now() - 3600_000 + 1000, procRoot: "" } })).rejects.toThrow(/looks live.*rewrites it whole/);
      expect(readFileSync(file).equals(before)).toBe(true);
    } finally {
      done();
    }
  });

  it("waits for no one: a lock held by a running process refuses, a dead holder's lock is broken", async () => {
    const { dir, done } = tempDir();
    try {
      const file = copy(join(LEGACY, "omp-noslot-1-3.jsonl"), dir);
      const lock = join(dir, ".2026-04-02T10-00-00-000Z_copy.jsonl.lock");
      writeFileSync(lock, `${process.pid}:${Date.now()}\n`);
      await expect(applyWrite(await loadSession(file), { op: "rename", name: "x" })).rejects.toThrow(/locked by another writer/);
      writeFileSync(lock, `999999999:${Date.now()}\n`);
      const r = await applyWrite(await loadSession(file), { op: "rename", name: "x" });
      expect(r.session.name).toBe("x");
      expect(readdirSync(dir).filter((f) => f.startsWith("."))).toEqual([]);
    } finally {
      done();
    }
  });

  it("an empty name (after omp's cleaning) is refused", async () => {
    const { dir, done } = tempDir();
    try {
      const file = copy(join(LEGACY, "omp-noslot-1-3.jsonl"), dir);
      await expect(applyWrite(await loadSession(file), { op: "rename", name: " \t\n" })).rejects.toThrow(/empty name/);
    } finally {
      done();
    }
  });
});

describe("fork of an omp session carries its name, as omp's fork does", () => {
  it("a named session with a slot: the header and the new slot hold the name and its source", async () => {
    const { dir, done } = tempDir();
    try {
      const named = readdirSync(AGENT_SESSIONS).find((f) => {
        if (!f.endsWith(".jsonl")) return false;
        const slot = JSON.parse(
          readFileSync(join(AGENT_SESSIONS, f))
            .subarray(0, SLOT - 1)
            .toString("utf8"),
        );
        return slot.title !== "" && slot.source;
      })!;
      const file = copy(join(AGENT_SESSIONS, named), dir);
      const s = await loadSession(file);
      const plan = await forkSession(s, s.leafId!, { now: new Date("2026-05-01T00:00:00.000Z") });
      const bytes = readFileSync(plan.file);
      const slot = JSON.parse(bytes.subarray(0, SLOT - 1).toString("utf8"));
      expect(bytes[SLOT - 1]).toBe(0x0a);
      expect(slot).toMatchObject({ type: "title", v: 1, source: s.titleSlot!.source, updatedAt: "2026-05-01T00:00:00.000Z" });
      expect(s.titleSlot!.title.startsWith(slot.title)).toBe(true);
      const header = JSON.parse(lines(bytes.subarray(SLOT))[0]);
      expect(header).toMatchObject({ type: "session", version: 3, title: s.titleSlot!.title, titleSource: s.titleSlot!.source, parentSession: file });
      const fork = await loadSession(plan.file);
      expect(fork.name).toBe(s.titleSlot!.title);
    } finally {
      done();
    }
  });

  it("a slot-less named session: the name comes from its header; an unnamed one gives an empty slot and no title", async () => {
    const { dir, done } = tempDir();
    try {
      const file = copy(join(LEGACY, "omp-noslot-1-2.jsonl"), dir);
      const s = await loadSession(file);
      const plan = await forkSession(s, s.leafId!);
      const bytes = readFileSync(plan.file);
      expect(JSON.parse(bytes.subarray(0, SLOT - 1).toString("utf8"))).toMatchObject({ title: s.header.title, source: s.header.titleSource });
      expect(JSON.parse(lines(bytes.subarray(SLOT))[0])).toMatchObject({ title: s.header.title, titleSource: s.header.titleSource });

      const bare = join(dir, "2026-04-02T10-00-00-000Z_bare.jsonl");
      writeFileSync(
        bare,
        readFileSync(file)
          .toString("utf8")
          .replace(/,"title":"[^"]*","titleSource":"[a-z]+"/, "") +
          JSON.stringify({ type: "mode_change", id: "eeee0001", parentId: s.leafId, timestamp: "2026-04-02T12:00:00.000Z", mode: "none" }) +
          "\n",
      );
      age(bare);
      const b = await loadSession(bare);
      expect(b.agent).toBe("omp");
      const p2 = await forkSession(b, b.leafId!);
      const bytes2 = readFileSync(p2.file);
      const slot2 = JSON.parse(bytes2.subarray(0, SLOT - 1).toString("utf8"));
      expect(slot2.title).toBe("");
      expect(slot2).not.toHaveProperty("source");
      expect(JSON.parse(lines(bytes2.subarray(SLOT))[0])).not.toHaveProperty("title");
    } finally {
      done();
    }
  });
});
