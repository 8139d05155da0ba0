// Where a browser key's time goes, logged from inside the process while
// bench/ui-tmux.ts times it from outside: `BENCH_TMUX_NODE_OPTIONS="--require
// $PWD/bench/ui-keylog.cjs"` (a tmux pane shows what --trace-gc prints, so the
// log goes to a file: KEYLOG_OUT, else /tmp/omp-keylog-PID.log). One line per
// event, times in ms since the process started (performance.now()) and the
// process's CPU (user + system, all threads) at that moment:
//   gc KIND at T dur MS          V8's collections (minor, major, incremental, weakcb)
//   key at T cpu C               stdin became readable (a key arrived)
//   write at T cpu C len N       a write to the terminal (a frame or part of one)
// A key's cost is then from its `key` line to the next `write` (wall and CPU),
// with the collections in between. Only for measuring: nothing in the product
// reads it.
"use strict";
const { PerformanceObserver } = require("node:perf_hooks");
const fs = require("node:fs");

const out = process.env.KEYLOG_OUT || `/tmp/omp-keylog-${process.pid}.log`;
const fd = fs.openSync(out, "a");
const KINDS = { 1: "minor", 2: "major", 4: "incremental", 8: "weakcb" };
const cpu = () => {
  const c = process.cpuUsage();
  return ((c.user + c.system) / 1000).toFixed(1);
};
fs.writeSync(fd, `start pid ${process.pid} ${process.argv.slice(1).join(" ")}\n`);

new PerformanceObserver((list) => {
  for (const e of list.getEntries()) fs.writeSync(fd, `gc ${KINDS[e.detail?.kind] ?? e.detail?.kind} at ${e.startTime.toFixed(1)} dur ${e.duration.toFixed(2)}\n`);
}).observe({ entryTypes: ["gc"] });

// Ink reads stdin on 'readable' (not 'data'): one event per key sent through tmux.
const emit = process.stdin.emit;
process.stdin.emit = function (event, ...args) {
  if (event === "readable") fs.writeSync(fd, `key at ${performance.now().toFixed(1)} cpu ${cpu()}\n`);
  return emit.call(this, event, ...args);
};
const write = process.stdout.write;
process.stdout.write = function (chunk, ...args) {
  fs.writeSync(fd, `write at ${performance.now().toFixed(1)} cpu ${cpu()} len ${chunk.length}\n`);
  return write.call(this, chunk, ...args);
};
