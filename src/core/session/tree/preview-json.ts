// Previews kept as the bytes `tree --json` writes for them, outside V8's heap.
// A load for that one output (LoadOptions.previewJson) keeps each entry's
// preview here instead of as a string on its meta: on a big session the
// previews are most of what the tree keeps, and as strings the garbage
// collector copies them once or twice and marks them again and again while
// the rest is read; as bytes in a few large buffers it does not see them, and
// writing them out is a copy, not an encoding.
import type { PreviewBytes } from "../model.js";

/** Bytes per buffer (a longer preview gets one of its own); a preview never spans two. */
const CHUNK = 1 << 20;
/** A start is its buffer's number times this plus its offset in that buffer. */
const SPAN = 2 ** 32;

export class PreviewJson implements PreviewBytes {
  private readonly chunks: Buffer[] = [];
  private chunk: Buffer = Buffer.alloc(0);
  private used = 0;
  /** Where preview k's text starts (buffer * SPAN + offset) and how many bytes it has. */
  private readonly starts: number[] = [];
  private readonly lengths: number[] = [];

  /** Keeps `preview` as JSON.stringify(preview) in UTF-8, the bytes Buffer.write gives; returns its number. */
  add(preview: string): number {
    const text = JSON.stringify(preview);
    // At most 3 bytes per UTF-16 unit (a surrogate pair: 4 bytes for 2 units).
    if (this.used + text.length * 3 > this.chunk.length) {
      this.chunk = Buffer.allocUnsafe(Math.max(CHUNK, text.length * 3));
      this.chunks.push(this.chunk);
      this.used = 0;
    }
    const n = this.chunk.write(text, this.used);
    this.starts.push((this.chunks.length - 1) * SPAN + this.used);
    this.lengths.push(n);
    this.used += n;
    return this.starts.length - 1;
  }

  /** Bytes of preview k's JSON text. */
  length(k: number): number {
    return this.lengths[k];
  }

  /** Copies preview k's JSON text into `into` at `at`; returns the bytes copied. */
  copy(k: number, into: Buffer, at: number): number {
    const start = this.starts[k];
    const c = Math.floor(start / SPAN);
    const from = start - c * SPAN;
    return this.chunks[c].copy(into, at, from, from + this.lengths[k]);
  }

  /** Preview k as a string again (the object form of the tree's JSON). */
  text(k: number): string {
    const b = Buffer.allocUnsafe(this.lengths[k]);
    this.copy(k, b, 0);
    return JSON.parse(b.toString("utf8")) as string;
  }
}
