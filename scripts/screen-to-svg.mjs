#!/usr/bin/env node
// Turns a terminal capture (`tmux capture-pane -p -e`: text with SGR colour
// escapes) into an SVG that looks like the terminal: one monospace cell grid,
// colours, bold, inverse. Used to make the README screenshots in media/.
//   node scripts/screen-to-svg.mjs media/tree.txt media/tree.svg
import { readFileSync, writeFileSync } from "node:fs";

const CELL_W = 8.4;
const CELL_H = 18;
const FONT = 14;
const PAD = 12;
const BG = "#1e1f29";
const FG = "#e6e6e6";
const PALETTE = ["#2e3440", "#ff6e6e", "#69ff94", "#ffffa5", "#6ea8ff", "#ff92df", "#79e8ff", "#d8dee9", "#6b7089", "#ff8b8b", "#8affab", "#ffffc0", "#8fbcff", "#ffb3ea", "#a4ffff", "#ffffff"];

function xterm256(n) {
  if (n < 16) return PALETTE[n];
  if (n < 232) {
    const v = [0, 95, 135, 175, 215, 255];
    const i = n - 16;
    return `rgb(${v[Math.floor(i / 36)]},${v[Math.floor(i / 6) % 6]},${v[i % 6]})`;
  }
  const g = 8 + (n - 232) * 10;
  return `rgb(${g},${g},${g})`;
}

function wide(cp) {
  return (
    (cp >= 0x1100 && cp <= 0x115f) ||
    (cp >= 0x2e80 && cp <= 0xa4cf) ||
    (cp >= 0xac00 && cp <= 0xd7a3) ||
    (cp >= 0xf900 && cp <= 0xfaff) ||
    (cp >= 0xfe30 && cp <= 0xfe4f) ||
    (cp >= 0xff00 && cp <= 0xff60) ||
    (cp >= 0xffe0 && cp <= 0xffe6) ||
    (cp >= 0x1f300 && cp <= 0x1faff) ||
    (cp >= 0x20000 && cp <= 0x3fffd)
  );
}

const esc = (s) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

const PLAIN = { fg: null, bg: null, bold: false, dim: false, inverse: false };

/** Parses one line into cells {ch, fg, bg, bold, col, w}; `carry` holds the style across lines (tmux -e does not repeat it). */
function parseLine(line, carry) {
  const cells = [];
  let st = carry.st;
  let col = 0;
  for (let i = 0; i < line.length;) {
    if (line[i] === "\u001b" && line[i + 1] === "[") {
      const m = /^\u001b\[([0-9;:]*)([A-Za-z])/.exec(line.slice(i));
      if (!m) {
        i++;
        continue;
      }
      i += m[0].length;
      if (m[2] !== "m") continue;
      const codes = m[1] === "" ? [0] : m[1].split(/[;:]/).map(Number);
      for (let k = 0; k < codes.length; k++) {
        const c = codes[k];
        if (c === 0) st = PLAIN;
        else if (c === 1) st = { ...st, bold: true };
        else if (c === 2) st = { ...st, dim: true };
        else if (c === 22) st = { ...st, bold: false, dim: false };
        else if (c === 7) st = { ...st, inverse: true };
        else if (c === 27) st = { ...st, inverse: false };
        else if (c >= 30 && c <= 37) st = { ...st, fg: PALETTE[c - 30] };
        else if (c >= 90 && c <= 97) st = { ...st, fg: PALETTE[c - 90 + 8] };
        else if (c === 39) st = { ...st, fg: null };
        else if (c >= 40 && c <= 47) st = { ...st, bg: PALETTE[c - 40] };
        else if (c >= 100 && c <= 107) st = { ...st, bg: PALETTE[c - 100 + 8] };
        else if (c === 49) st = { ...st, bg: null };
        else if ((c === 38 || c === 48) && codes[k + 1] === 5) {
          const col5 = xterm256(codes[k + 2]);
          st = c === 38 ? { ...st, fg: col5 } : { ...st, bg: col5 };
          k += 2;
        } else if ((c === 38 || c === 48) && codes[k + 1] === 2) {
          const rgb = `rgb(${codes[k + 2]},${codes[k + 3]},${codes[k + 4]})`;
          st = c === 38 ? { ...st, fg: rgb } : { ...st, bg: rgb };
          k += 4;
        }
      }
      continue;
    }
    const cp = line.codePointAt(i);
    const ch = String.fromCodePoint(cp);
    i += ch.length;
    if (cp < 0x20) continue;
    const w = wide(cp) ? 2 : 1;
    let fg = st.fg ?? FG;
    let bg = st.bg;
    if (st.inverse) [fg, bg] = [bg ?? BG, fg];
    cells.push({ ch, fg, bg, bold: st.bold, dim: st.dim, col, w });
    col += w;
  }
  carry.st = st;
  return cells;
}

export function screenToSvg(text, title = "") {
  const lines = text.replace(/\n$/, "").split("\n");
  const carry = { st: PLAIN };
  const parsed = lines.map((l) => parseLine(l, carry));
  const cols = Math.max(80, ...parsed.map((c) => (c.length ? c[c.length - 1].col + c[c.length - 1].w : 0)));
  const width = Math.ceil(cols * CELL_W + PAD * 2);
  const height = Math.ceil(lines.length * CELL_H + PAD * 2 + 24);
  const out = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<rect width="100%" height="100%" rx="8" fill="${BG}"/>`,
    `<circle cx="18" cy="14" r="5" fill="#ff5f57"/><circle cx="36" cy="14" r="5" fill="#febc2e"/><circle cx="54" cy="14" r="5" fill="#28c840"/>`,
    title ? `<text x="${width / 2}" y="18" fill="#9aa0b4" font-family="DejaVu Sans, sans-serif" font-size="12" text-anchor="middle">${esc(title)}</text>` : "",
    `<g font-family="DejaVu Sans Mono, Noto Sans Mono CJK SC, monospace" font-size="${FONT}" xml:space="preserve">`,
  ];
  parsed.forEach((cells, row) => {
    const y = PAD + 24 + row * CELL_H;
    // Backgrounds first, then text runs of one style; wide and non-ASCII glyphs placed one by one on their cell.
    for (const c of cells) {
      if (c.bg) out.push(`<rect x="${(PAD + c.col * CELL_W).toFixed(1)}" y="${y}" width="${(c.w * CELL_W).toFixed(1)}" height="${CELL_H}" fill="${c.bg}"/>`);
    }
    let run = null;
    const flush = () => {
      if (!run || run.text.trim() === "") {
        run = null;
        return;
      }
      const x = (PAD + run.col * CELL_W).toFixed(1);
      const attrs = `x="${x}" y="${y + CELL_H - 5}" fill="${run.fg}"${run.bold ? ' font-weight="bold"' : ""}${run.dim ? ' opacity="0.6"' : ""}`;
      const len = run.ascii ? ` textLength="${(run.cols * CELL_W).toFixed(1)}" lengthAdjust="spacingAndGlyphs"` : "";
      out.push(`<text ${attrs}${len}>${esc(run.text)}</text>`);
      run = null;
    };
    for (const c of cells) {
      const ascii = c.ch.charCodeAt(0) < 0x80;
      if (run && ascii && run.ascii && run.fg === c.fg && run.bold === c.bold && run.dim === c.dim) {
        run.text += c.ch;
        run.cols += c.w;
        continue;
      }
      flush();
      run = { text: c.ch, col: c.col, cols: c.w, fg: c.fg, bold: c.bold, dim: c.dim, ascii };
      if (!ascii) flush();
    }
    flush();
  });
  out.push("</g></svg>");
  return out.filter(Boolean).join("\n");
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split("/").pop())) {
  const [input, output, title] = process.argv.slice(2);
  if (!input || !output) {
    process.stderr.write("usage: node scripts/screen-to-svg.mjs CAPTURE.txt OUT.svg [TITLE]\n");
    process.exit(2);
  }
  writeFileSync(output, screenToSvg(readFileSync(input, "utf8"), title ?? ""));
}
