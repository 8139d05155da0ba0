// The HTML export's only style sheet and script, inlined into the page. The
// page's Content-Security-Policy allows exactly these two (by their sha256)
// and data: images: nothing loads from the network, and a script smuggled
// into the page by a session's text would not run even if escaping failed.
import { createHash } from "node:crypto";

export const EXPORT_CSS = `
:root{color-scheme:light dark;--bg:#fbfbfa;--fg:#1d1f21;--muted:#6a6f76;--line:#dcdde0;--panel:#f1f2f4;--accent:#1f6feb;
--user:#0b7a3e;--assistant:#6f42c1;--tool:#9a6700;--error:#cf222e;--label:#b35900;--band:#e8eefc;--code:#f3f4f6}
@media (prefers-color-scheme:dark){:root{--bg:#16181c;--fg:#e4e6ea;--muted:#9aa0a8;--line:#30343b;--panel:#1d2026;--accent:#58a6ff;
--user:#56d364;--assistant:#c297ff;--tool:#e3b341;--error:#ff7b72;--label:#ffa657;--band:#1c2740;--code:#22262d}}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--fg);font:15px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;
display:grid;grid-template-columns:minmax(18rem,30rem) minmax(0,1fr);grid-template-areas:"nav top" "nav main"}
.top{grid-area:top;padding:1rem 1.5rem;border-bottom:1px solid var(--line)}
.top h1{margin:0 0 .4rem;font-size:1.35rem}
.top dl{display:grid;grid-template-columns:auto 1fr;gap:.1rem .8rem;margin:0;font-size:.85rem;color:var(--muted)}
.top dt{font-weight:600}.top dd{margin:0;overflow-wrap:anywhere}
.top .tools{margin-top:.6rem;display:flex;gap:.5rem;align-items:center;font-size:.85rem}
button{font:inherit;font-size:.8rem;color:var(--fg);background:var(--panel);border:1px solid var(--line);border-radius:4px;padding:.15rem .6rem;cursor:pointer}
main{grid-area:main;padding:1rem 1.5rem 4rem;counter-reset:step;min-width:0}
nav{grid-area:nav;position:sticky;top:0;align-self:start;height:100vh;overflow:auto;background:var(--panel);border-right:1px solid var(--line);padding:.6rem 0}
nav h2{font-size:.95rem;margin:0 .8rem .4rem}nav h2 small{font-weight:400;color:var(--muted)}
.rows{font:12.5px/1.55 ui-monospace,"SF Mono",Menlo,Consolas,monospace}
.row{display:block;white-space:pre;overflow:hidden;text-overflow:ellipsis;padding:0 .8rem;color:var(--muted);text-decoration:none}
.row:hover{background:var(--line)}
.row .d{color:transparent}.row.on{color:var(--fg)}.row.on .d{color:var(--accent)}
.row.cur{background:var(--band);font-weight:600}
.row .g{color:var(--muted);opacity:.55}.row .lb,.lbl{color:var(--label)}
.row.leaf::after{content:"  ← leaf";color:var(--muted)}
.row .k-user{color:var(--user)}.row.on .k-user{font-weight:600}.row .k-tool{color:var(--tool)}.row .k-err{color:var(--error)}
.entry{display:none;margin:0 0 .9rem;border:1px solid var(--line);border-radius:6px;background:var(--bg);scroll-margin-top:1rem}
.entry.on{display:block;counter-increment:step}
.entry>header{display:flex;flex-wrap:wrap;gap:.2rem .6rem;align-items:baseline;padding:.35rem .8rem;border-bottom:1px solid var(--line);background:var(--panel);border-radius:6px 6px 0 0;font-size:.85rem}
.entry .n::before{content:counter(step);color:var(--muted);font-variant-numeric:tabular-nums}
.entry .who{font-weight:600}.entry .id,.entry time{color:var(--muted);font-size:.8rem}
.entry .facts{margin:.3rem .8rem 0;font-size:.8rem;color:var(--muted)}
.entry .body{padding:.5rem .8rem}
.k-user .who{color:var(--user)}.k-assistant .who{color:var(--assistant)}.k-tool .who{color:var(--tool)}.err .who{color:var(--error)}
.entry.k-user{border-left:3px solid var(--user)}.entry.err{border-left:3px solid var(--error)}
.entry.k-setting,.entry.k-label{border-style:dashed;background:transparent}
.entry.k-setting>header,.entry.k-label>header{border:0;background:transparent}
.entry.k-compaction,.entry.k-branch{border:2px dashed var(--accent);background:var(--band)}
.entry.k-compaction>header,.entry.k-branch>header{background:transparent}
.entry.k-compaction .who::before{content:"▤ "}.entry.k-branch .who::before{content:"⎇ "}
.text{white-space:pre-wrap;overflow-wrap:anywhere;margin:.25rem 0}
pre{white-space:pre-wrap;overflow-wrap:anywhere;background:var(--code);border-radius:4px;padding:.4rem .6rem;margin:.3rem 0;font:12.5px/1.45 ui-monospace,"SF Mono",Menlo,Consolas,monospace}
details{margin:.3rem 0;border-left:2px solid var(--line);padding-left:.6rem}
summary{cursor:pointer;color:var(--muted);font-size:.85rem}
details.call .fn{color:var(--tool);font-weight:600}details.think .text{color:var(--muted);font-style:italic}
summary code{font-size:.8rem}
img{max-width:100%;border:1px solid var(--line);border-radius:4px}
.ph{color:var(--muted);font-style:italic}
.top .note{margin:.4rem 0 0;font-size:.8rem;color:var(--muted)}
details.more{border-left:0;padding-left:0}
.empty{color:var(--muted)}
@media (max-width:800px){body{grid-template-columns:1fr;grid-template-areas:"top" "main" "nav"}nav{position:static;height:auto;max-height:60vh}}
`;

export const EXPORT_JS = `"use strict";
(function () {
  var main = document.getElementById("path");
  var data = document.getElementById("parents");
  if (!main || !data) return;
  var parent = data.getAttribute("data-p") ? data.getAttribute("data-p").split(",").map(Number) : [];
  var rows = {};
  document.querySelectorAll("#tree a[data-i]").forEach(function (a) { rows[a.getAttribute("data-i")] = a; });
  var where = document.getElementById("where");
  // What the page was written with: the exported path, marked in both columns.
  var shown = [], target = Number(main.getAttribute("data-target"));
  document.querySelectorAll("#path .entry.on, #tree a.row.on").forEach(function (el) {
    shown.push(el.id ? Number(el.id.slice(1)) : Number(el.getAttribute("data-i")));
  });
  function pathOf(i) {
    var out = [], seen = {};
    for (var j = i; j >= 0 && j < parent.length && !seen[j]; j = parent[j]) { seen[j] = true; out.push(j); }
    return out.reverse();
  }
  function mark(i, cls, on) {
    var s = document.getElementById("e" + i);
    if (s && cls === "on") s.classList.toggle("on", on);
    if (rows[i]) rows[i].classList.toggle(cls, on);
    return s;
  }
  function show(i) {
    shown.forEach(function (j) { mark(j, "on", false); });
    if (target >= 0) mark(target, "cur", false);
    shown = pathOf(i);
    target = i;
    var n = 0;
    shown.forEach(function (j) {
      var s = mark(j, "on", true);
      if (s) { main.appendChild(s); n++; }
    });
    mark(i, "cur", true);
    // The side panel scrolls on its own: bring the entry's row into its middle.
    var nav = document.getElementById("tree"), row = rows[i];
    if (nav && row && (row.offsetTop < nav.scrollTop || row.offsetTop > nav.scrollTop + nav.clientHeight - 20)) nav.scrollTop = row.offsetTop - nav.clientHeight / 2;
    var s = document.getElementById("e" + i), id = s && s.querySelector(".id");
    if (where) where.textContent = shown.length ? "path root → " + (id ? id.textContent : "#" + i) + ": " + n + " entries shown" : "no entries";
  }
  document.getElementById("tree").addEventListener("click", function (ev) {
    var a = ev.target instanceof Element ? ev.target.closest("a[data-i]") : null;
    if (!a) return;
    ev.preventDefault();
    var i = Number(a.getAttribute("data-i"));
    show(i);
    history.replaceState(null, "", "#e" + i);
    var s = document.getElementById("e" + i);
    if (s) s.scrollIntoView({ block: "start" });
  });
  // A long text's rest (html.ts): laid out only once its "more" is opened. toggle does not bubble: caught on the way down.
  main.addEventListener("toggle", function (ev) {
    var d = ev.target;
    if (!(d instanceof HTMLDetailsElement) || !d.open || !d.classList.contains("more")) return;
    var t = d.querySelector(":scope > textarea");
    if (!t) return;
    var el = document.createElement(d.getAttribute("data-as") === "pre" ? "pre" : "div");
    if (el.tagName === "DIV") el.className = "text";
    el.textContent = t.value;
    t.replaceWith(el);
  }, true);
  var open = false, toggle = document.getElementById("fold");
  if (toggle) toggle.addEventListener("click", function () {
    open = !open;
    // not the long texts' "more": unfolding everything must not lay out megabytes
    main.querySelectorAll("details:not(.more)").forEach(function (d) { d.open = open; });
    toggle.textContent = open ? "fold tool calls and thinking" : "unfold tool calls and thinking";
  });
  var hash = /^#e(\\d+)$/.exec(location.hash);
  show(hash ? Number(hash[1]) : target);
  if (hash) { var h = document.getElementById("e" + hash[1]); if (h) h.scrollIntoView({ block: "start" }); }
})();
`;

const sha = (s: string): string => `'sha256-${createHash("sha256").update(s, "utf8").digest("base64")}'`;

/** The page's policy: its own style and script (by hash), data: images, nothing else. */
export const EXPORT_CSP = `default-src 'none'; img-src data:; style-src ${sha(EXPORT_CSS)}; script-src ${sha(EXPORT_JS)}; base-uri 'none'; form-action 'none'`;
