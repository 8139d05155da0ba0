// Runs one bench section in a process of its own (bench/run.ts): a section's
// timings must not depend on what earlier sections left in the parent (a big
// heap collected in the background shares the same 2 cores with the commands
// being timed). Prints the section's result as JSON on stdout; its progress
// goes to stderr.
const [file, fn] = process.argv.slice(2);
if (!file || !fn || !/^[a-z-]+$/.test(file)) {
  process.stderr.write("usage: tsx bench/section.ts FILE FUNCTION\n");
  process.exit(2);
}
const spec = `./${file}.js`; // a variable keeps tsc from requiring the module to exist
const m = (await import(spec)) as Record<string, unknown>;
if (typeof m[fn] !== "function") {
  process.stderr.write(`bench/${file}.ts has no ${fn}\n`);
  process.exit(1);
}
const result = await (m[fn] as () => unknown)();
process.stdout.write(JSON.stringify(result));
// Done: leave without waiting for whatever handles a section left open.
process.exit(0);
