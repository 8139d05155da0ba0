// Ink measures the width of every text node's string on every frame (its
// renderer calls string-width directly, outside the per-frame caches that
// ink-caches.ts shares). A tree row holds "›", "•" or guide characters, so
// string-width never takes its ASCII fast path: it segments the row into
// graphemes and runs emoji regexes on each, about a third of a keypress's
// drawing. The build (scripts/build.mjs) hands Ink this function in place of
// string-width: the same function, remembered per string. Widths depend only
// on the string (calls with options go straight through); the memory is
// bounded and cleared when full. Tests run Ink from node_modules unchanged.
import stringWidth from "string-width";

const MAX = 20000;
const known = new Map<string, number>();

export default function rememberedStringWidth(text: string, options?: Parameters<typeof stringWidth>[1]): number {
  if (options !== undefined || typeof text !== "string") return stringWidth(text, options);
  let w = known.get(text);
  if (w === undefined) {
    w = stringWidth(text);
    if (known.size >= MAX) known.clear();
    known.set(text, w);
  }
  return w;
}
