// Preloaded with `node --import` by the O(1) test: records every path the
// process opens, reads, stats or lists, and writes them to $FS_SPY_LOG at exit.
import fs from "node:fs";
import { syncBuiltinESMExports } from "node:module";

const seen = [];
const orig = { writeFileSync: fs.writeFileSync };
for (const name of ["openSync", "readFileSync", "statSync", "lstatSync", "existsSync", "readdirSync", "accessSync", "copyFileSync", "open", "readFile", "stat", "readdir"]) {
  const f = fs[name];
  if (typeof f !== "function") continue;
  fs[name] = function (p, ...rest) {
    if (typeof p === "string") seen.push(`${name} ${p}`);
    return f.call(this, p, ...rest);
  };
}
syncBuiltinESMExports();
process.on("exit", () => orig.writeFileSync(process.env.FS_SPY_LOG, seen.join("\n")));
