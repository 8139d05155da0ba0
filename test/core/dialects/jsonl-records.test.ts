import { join } from "node:path";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { describe, expect, it } from "vitest";
import { jsonlRecords } from "../../../src/core/session/read/dialects/jsonl-records.js";

describe("jsonlRecords", () => {
  it("streams lines across chunk ends with their offsets, skips blanks, strips a BOM and CRs, warns on a broken line", async () => {
    const f = join(mkdtempSync(join(tmpdir(), "jsonl-")), "s.jsonl");
    const long = "y".repeat(1_500_000);
    const text = `\uFEFF{"a":1}\r\n\n{"b":"${long}"}\n   \n{"c":"é"}\n{"broken":\n{"d":4}`;
    writeFileSync(f, text);
    const bytes = readFileSync(f);
    const got: unknown[] = [];
    for await (const r of jsonlRecords(f)) {
      if ("warning" in r) {
        got.push(["warning", r.origin.line]);
        continue;
      }
      const slice = bytes.toString("utf8", r.origin.offset, r.origin.offset + r.origin.length).replace(/\r$/, "");
      expect(JSON.parse(slice)).toEqual(r.value);
      got.push([r.origin.line, Object.keys(r.value as object)[0]]);
    }
    expect(got).toEqual([[1, "a"], [3, "b"], [5, "c"], ["warning", 6], [7, "d"]]);
  });
});
