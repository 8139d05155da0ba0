// A pretend agent for the resume tests: a shell script named like the agent
// that records its arguments (one a line), its cwd and the terminal's mode
// (`stty -a`: "icanon" and "echo" back on means the browser gave the
// terminal back), then exits with a chosen status. And a fixture session
// copied with its header's cwd pointed at a folder that exists.
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { FIXTURES } from "./fixtures.js";
import { age } from "../core/write/helpers.js";

export interface Stub {
  bin: string;
  record: string;
}

export function agentStub(dir: string, name: string, status = 0): Stub {
  const bin = join(dir, "bin");
  mkdirSync(bin, { recursive: true });
  const record = join(dir, `${name}.record`);
  const script = [
    "#!/bin/sh",
    `out=${JSON.stringify(record)}`,
    `for a in "$@"; do printf 'arg:%s\\n' "$a"; done > "$out"`,
    `printf 'cwd:%s\\n' "$(pwd)" >> "$out"`,
    `if [ -t 0 ]; then stty -a < /dev/tty | tr ' ;' '\\n\\n' | grep -x -e '-\\{0,1\\}icanon' -e '-\\{0,1\\}echo' | sed 's/^/tty:/' >> "$out"; fi`,
    `echo "stub ${name} ran"`,
    `exit ${status}`,
    "",
  ].join("\n");
  writeFileSync(join(bin, name), script);
  chmodSync(join(bin, name), 0o755);
  return { bin, record };
}

export interface Recorded {
  args: string[];
  cwd: string;
  tty: string[];
}

export function readRecord(stub: Stub): Recorded | null {
  if (!existsSync(stub.record)) return null;
  const lines = readFileSync(stub.record, "utf8").split("\n");
  const pick = (p: string) => lines.filter((l) => l.startsWith(p)).map((l) => l.slice(p.length));
  return { args: pick("arg:"), cwd: pick("cwd:")[0] ?? "", tty: pick("tty:") };
}

/** A copy of a sessions fixture whose header's cwd is `cwd` (made); aged, so it does not look live. */
export function sessionIn(fixture: string, file: string, cwd: string): string {
  mkdirSync(cwd, { recursive: true });
  // The header is the first line, or the second after omp's title slot.
  const lines = readFileSync(join(FIXTURES, "sessions", fixture), "utf8").split("\n");
  const i = lines.findIndex((l) => l.includes('"type":"session"'));
  const header = JSON.parse(lines[i]) as Record<string, unknown>;
  header.cwd = cwd;
  lines[i] = JSON.stringify(header);
  writeFileSync(file, lines.join("\n"));
  age(file);
  return file;
}
