/** Writes pieces to stdout, waiting for the pipe to drain so memory stays flat. */
export async function writeChunks(chunks: Iterable<string>): Promise<void> {
  let pending = "";
  for (const c of chunks) {
    pending += c;
    if (pending.length < 1 << 20) continue;
    if (!process.stdout.write(pending)) await new Promise((r) => process.stdout.once("drain", r));
    pending = "";
  }
  if (pending) await new Promise<void>((r) => process.stdout.write(pending, () => r()));
}
