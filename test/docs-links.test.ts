// Every relative link in README.md and docs/*.md leads somewhere: the file
// exists, and a #fragment names a heading of that file (GitHub's anchors).
import { describe, expect, it } from "vitest";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";

const DOCS = [
  "README.md",
  ...readdirSync("docs")
    .filter((f) => f.endsWith(".md"))
    .map((f) => join("docs", f)),
];

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to dashes. */
function anchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

function anchors(file: string): Set<string> {
  const out = new Set<string>();
  let fenced = false;
  for (const line of readFileSync(file, "utf8").split("\n")) {
    if (line.startsWith("```")) fenced = !fenced;
    const m = !fenced && /^#{1,6}\s+(.*)$/.exec(line);
    if (m) out.add(anchor(m[1]!));
  }
  return out;
}

/** Markdown links and images outside code: [text](target) and ![alt](target). */
function links(text: string): string[] {
  const prose = text.replace(/```[\s\S]*?```/g, "").replace(/`[^`\n]*`/g, "");
  return [...prose.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((m) => m[1]!);
}

describe("the README and docs/", () => {
  it("the README stays the size of a tool's README", () => {
    const lines = readFileSync("README.md", "utf8").split("\n").length;
    expect(lines).toBeLessThan(330);
  });

  for (const doc of DOCS) {
    it(`${doc}: every relative link resolves`, () => {
      const bad: string[] = [];
      for (const link of links(readFileSync(doc, "utf8"))) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(link)) continue; // https:, mailto:
        const [path, frag] = link.split("#") as [string, string | undefined];
        const target = path === "" ? doc : join(dirname(doc), decodeURIComponent(path));
        if (!existsSync(target)) bad.push(`${link}: no file ${target}`);
        else if (frag && target.endsWith(".md") && !anchors(target).has(frag)) bad.push(`${link}: no heading #${frag} in ${target}`);
      }
      expect(bad).toEqual([]);
    });
  }
});
