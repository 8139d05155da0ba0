// The read buffers of the list's scan of pi and omp files (catalog-scan-file.ts
// for the catalog, summary.ts without it): 256 KB each, not the line reader's
// 1 MB. A read into a buffer larger than a core's L2 cache (512 KB on the
// bench machine) cost the kernel's copy about four times the system time: a
// cold `ls --all` of 2,000 files / 1 GB, ~0.45 s against ~0.11 s for the same
// bytes read 256 KB at a time (docs/performance.md); and the scan of each read
// then finds its bytes still in the cache. A line longer than the buffer grows
// the scan's own copy (read/lines.ts splitLines); the pooled buffer stays this
// size. Reused across files, one per concurrent scan, as the reader's pool.
import { envSlot } from "../../env.js";

export const LIST_READ_BYTES = 256 << 10;

const spare = envSlot((): Buffer[] => []);

/** A buffer for one scan, given back when the scan is done. */
export const takeListBuffer = (): Buffer => spare().pop() ?? Buffer.allocUnsafe(LIST_READ_BYTES);

export const giveListBuffer = (b: Buffer): void => {
  const s = spare();
  if (s.length < 16 && b.length === LIST_READ_BYTES) s.push(b);
};
