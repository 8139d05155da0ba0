// Small helpers for the export tests.

/** All chunks of an export as one string. */
export async function collect(chunks: AsyncIterable<string>): Promise<string> {
  let out = "";
  for await (const c of chunks) out += c;
  return out;
}
