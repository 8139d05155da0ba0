// The built binary with arguments: its exit code and output, never a throw.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { BIN } from "./fixtures.js";

export async function runBin(args: string[], opts: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(BIN, args, { maxBuffer: 1 << 26, ...opts });
    return { code: 0, stdout, stderr };
  } catch (e: unknown) {
    const x = e as { code: number; stdout: string; stderr: string };
    return { code: x.code, stdout: x.stdout, stderr: x.stderr };
  }
}
