// The environment: everything the core keeps between calls (caches, read
// buffers, held locks, guarded trees, the dialects in use) belongs to one
// Env, made where the CLI or the app is made; a test makes its own, so no
// cache or registration leaks from one test into the next. This is the one
// module of src/core with state of its own (test/core/import-graph.test.ts).
//
// A module declares what it keeps as a slot, at its top level:
//   const memo = envSlot(() => new Map<string, string>());
// The slot is a fixed key, not state; `memo()` is the current env's Map,
// made on first use. A hot loop takes the value once per call or file,
// not once per line.
//
// One env is current at a time (useEnv). Without one, a default is made on
// first use, so the core works as a library without any set-up.
/**
 * What an env is made with. Modules that read an option declare it here
 * themselves (TypeScript's module augmentation), so this module imports
 * none of them: the dialects' `extraDialects` is in read/dialects/index.ts.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface EnvOptions {}

export interface Env {
  readonly options: EnvOptions;
  /** The slots' values, by slot number; made on first use. */
  readonly values: object[];
}

/** An environment with nothing kept yet. */
export function createEnv(options: EnvOptions = {}): Env {
  return { options, values: [] };
}

let current: Env | null = null;
let slots = 0;

/** The env in use: the one given to useEnv, else the default (made on first use). */
export function currentEnv(): Env {
  return (current ??= createEnv());
}

/**
 * Makes `env` the one in use, from here on (where the CLI or the app starts,
 * or a test's beforeEach). Returns a function that puts the previous one back.
 */
export function useEnv(env: Env): () => void {
  const previous = current;
  current = env;
  return () => {
    current = previous;
  };
}

/**
 * A slot of the environment: calling it gives the current env's value, made
 * by `init` (which may read the env's options) the first time that env is asked.
 */
export function envSlot<T extends object>(init: (env: Env) => T): () => T {
  const index = slots++;
  return () => {
    const env = current ?? currentEnv();
    const values = env.values;
    let v = values[index] as T | undefined;
    if (v === undefined) values[index] = v = init(env);
    return v;
  };
}
