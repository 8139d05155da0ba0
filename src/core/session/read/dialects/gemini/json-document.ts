// Gemini CLI's first chat format is one JSON document per session,
// `{sessionId, projectHash, startTime, lastUpdated, messages: [...], summary?}`
// (often pretty-printed). It is streamed, not read whole: a byte scanner
// follows strings and nesting, hands out each element of the top-level
// `messages` array as it completes (with its byte offset and length, so one
// message can be read again alone) and keeps the few other top-level fields,
// which it parses once as the session's metadata. The document's own fields
// come out as records too: the ones before `messages` first, the rest last.
// session files are opened as regular files only (a FIFO or a device in their place is refused, not waited on)
import { openRegular } from "../../../../fs/read-capped.js";
import type { Origin } from "../../dialect-api.js";

type Item = { value: unknown; origin: Origin } | { warning: string; origin: Origin };

const CHUNK = 1 << 20;
/** The document's fields besides `messages` are small; more than this is not a chat file. */
const MAX_HEAD = 1 << 20;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

export async function* jsonDocumentRecords(path: string): AsyncGenerator<Item> {
  const fh = await openRegular(path);
  try {
    const buf = Buffer.allocUnsafe(CHUNK);
    let pos = 0;
    let depth = 0;
    let inString = false;
    let escape = false;
    let keyStart = -1; // offset of a depth-1 key's first byte (inside the quotes)
    let keyBytes: Buffer[] = [];
    let lastKey = "";
    let expectKey = false;
    let inMessages = false;
    let elemStart = -1;
    let elemParts: Buffer[] = [];
    let ordinal = 0;
    let head: Buffer[] = []; // the document's bytes outside `messages`
    let headLen = 0;
    let started = false;
    let done = false;
    let headValue: Record<string, unknown> = {};
    const meta = (bytes: Buffer[], wrap: (s: string) => string, at: number): Item => {
      const text = wrap(Buffer.concat(bytes).toString("utf8"));
      try {
        // The fields after `messages` come with the ones before, as one metadata record.
        const value = { ...headValue, ...(JSON.parse(text) as Record<string, unknown>) };
        delete value.messages;
        headValue = value;
        return { value, origin: { line: 0, offset: at, length: 0 } };
      } catch {
        return { warning: "the chat document's fields are not valid JSON", origin: { line: 0, offset: at, length: 0 } };
      }
    };
    for (;;) {
      const { bytesRead } = await fh.read(buf, 0, CHUNK, pos);
      if (bytesRead === 0) break;
      let outStart = 0; // start in buf of bytes still to copy into head/element
      for (let i = 0; i < bytesRead; i++) {
        const c = buf[i];
        const at = pos + i;
        if (!started) {
          if (c === 0xef || c === 0xbb || c === 0xbf || c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) continue;
          if (c !== 0x7b) {
            yield { warning: "not a chat document (it does not start with an object)", origin: { line: 1, offset: 0, length: 0 } };
            return;
          }
          started = true;
          outStart = i;
        }
        if (inString) {
          if (escape) escape = false;
          else if (c === BACKSLASH) escape = true;
          else if (c === QUOTE) {
            inString = false;
            if (keyStart >= 0) {
              keyBytes.push(buf.subarray(Math.max(keyStart - pos, 0), i));
              lastKey = Buffer.concat(keyBytes).toString("utf8");
              keyBytes = [];
              keyStart = -1;
            }
          }
          continue;
        }
        if (c === QUOTE) {
          inString = true;
          if (depth === 1 && expectKey) {
            keyStart = at + 1;
            expectKey = false;
          }
          continue;
        }
        if (c === 0x7b || c === 0x5b) {
          if (depth === 1 && c === 0x5b && lastKey === "messages" && !inMessages && elemStart < 0) {
            // Entering the messages array: the fields so far are the session's head.
            head.push(buf.subarray(outStart, i));
            yield meta(head, (s) => `${s}[]}`, at);
            headLen = 0;
            head = [];
            inMessages = true;
            outStart = i + 1;
          } else if (inMessages && depth === 2 && c === 0x7b) {
            elemStart = at;
            elemParts = [];
            outStart = i;
          }
          depth++;
          if (depth === 1) expectKey = true;
          continue;
        }
        if (c === 0x7d || c === 0x5d) {
          depth--;
          if (inMessages && depth === 2 && elemStart >= 0 && c === 0x7d) {
            elemParts.push(buf.subarray(outStart, i + 1));
            const bytes = Buffer.concat(elemParts);
            ordinal++;
            const origin = { line: ordinal, offset: elemStart, length: at + 1 - elemStart };
            try {
              yield { value: JSON.parse(bytes.toString("utf8")) as unknown, origin };
            } catch {
              yield { warning: `message ${ordinal}: not valid JSON (skipped)`, origin };
            }
            elemStart = -1;
            elemParts = [];
            outStart = i + 1;
          } else if (inMessages && depth === 1 && c === 0x5d) {
            inMessages = false;
            outStart = i; // the head resumes with the array's "]"
            head.push(Buffer.from('{"messages":['));
          }
          if (depth === 0) {
            done = true;
            head.push(buf.subarray(outStart, i + 1));
            outStart = i + 1;
            break;
          }
          continue;
        }
        if (depth === 1 && c === 0x2c) expectKey = true;
      }
      if (done) break;
      // Carry the unfinished piece over to the next chunk.
      if (elemStart >= 0) elemParts.push(Buffer.from(buf.subarray(outStart, bytesRead)));
      else if (started && !inMessages) {
        const piece = Buffer.from(buf.subarray(outStart, bytesRead));
        headLen += piece.length;
        if (headLen > MAX_HEAD) {
          yield { warning: "not a chat document (no messages array within its first MB)", origin: { line: 0, offset: pos, length: 0 } };
          return;
        }
        head.push(piece);
      }
      if (keyStart >= 0) {
        keyBytes.push(Buffer.from(buf.subarray(Math.max(keyStart - pos, 0), bytesRead)));
        keyStart = pos + bytesRead;
      }
      pos += bytesRead;
    }
    if (!started) {
      yield { warning: "empty chat file", origin: { line: 1, offset: 0, length: 0 } };
      return;
    }
    if (!done) {
      yield { warning: `the chat document is cut short after ${ordinal} message(s) (an unfinished write?)`, origin: { line: ordinal + 1, offset: pos, length: 0 } };
      return;
    }
    // The fields after `messages` (or the whole document when it had none).
    yield meta(head, (s) => s, pos);
  } finally {
    await fh.close();
  }
}
