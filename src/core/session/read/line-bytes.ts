// Byte tests on one line of a JSONL file, before anything decodes it.

/** Whether the line [start, end) holds only spaces, tabs and CRs. */
export function isBlank(buf: Buffer, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const c = buf[i];
    if (c !== 0x20 && c !== 0x09 && c !== 0x0d) return false;
  }
  return true;
}
