// Saved scan states (catalog-scan.ts), kept apart from the catalog so a warm
// `ls` never parses them: they are read only for a file that grew. They are
// spread over a few shard files by a hash of the path, so a first run writes a
// few dozen files rather than one per session, and updating one session's
// state rewrites only its shard. Concurrent writers: each shard is replaced
// atomically and the last one wins; a state that does not match its catalog
// row (size, mtime) is ignored, which costs one full scan of that file.
import { quickHash } from "../../fs/hash.js";
import { join } from "node:path";
import type { SavedScan } from "./catalog-scan.js";
import { writeCacheFile } from "./cache-file.js";
import { promises as fsp } from "node:fs";

/** 2: shards picked by quickHash, header hashes made by it (catalog-scan.ts headerHashOf). */
export const STATES_SCHEMA = 2;
const SHARDS = 32;

export interface SavedFile {
  size: number;
  mtimeMs: number;
  scan: SavedScan;
}

type Shard = Record<string, SavedFile>;

const shardOf = (path: string): number => parseInt(quickHash(path).slice(0, 8), 16) % SHARDS;

async function readShard(file: string): Promise<Shard> {
  try {
    const parsed = JSON.parse(await fsp.readFile(file, "utf8")) as { schema?: number; states?: unknown };
    if (parsed?.schema !== STATES_SCHEMA || typeof parsed.states !== "object" || parsed.states === null) return {};
    return parsed.states as Shard;
  } catch {
    return {};
  }
}

export class StateShards {
  private readonly loaded = new Map<number, Promise<Shard>>();
  private readonly pending = new Map<number, Map<string, SavedFile | null>>();

  constructor(private readonly dir: string) {}

  private file(n: number): string {
    return join(this.dir, `${String(n).padStart(2, "0")}.json`);
  }

  async get(path: string): Promise<SavedFile | null> {
    const n = shardOf(path);
    const p = this.pending.get(n)?.get(path);
    if (p !== undefined) return p;
    let shard = this.loaded.get(n);
    if (!shard) this.loaded.set(n, (shard = readShard(this.file(n))));
    const f = (await shard)[path];
    return f && typeof f === "object" ? f : null;
  }

  /** Records a state (null: forget it); written by flush(). */
  set(path: string, f: SavedFile | null): void {
    const n = shardOf(path);
    let m = this.pending.get(n);
    if (!m) this.pending.set(n, (m = new Map()));
    m.set(path, f);
  }

  /** Writes every changed shard, keeping only states of paths `keep` accepts. */
  async flush(keep: (path: string) => boolean): Promise<void> {
    if (this.pending.size === 0) return;
    await fsp.mkdir(this.dir, { recursive: true, mode: 0o700 });
    await Promise.all(
      [...this.pending].map(async ([n, changes]) => {
        // Re-read: another run may have written this shard since.
        const shard = await readShard(this.file(n));
        for (const [path, f] of changes) {
          if (f === null) delete shard[path];
          else shard[path] = f;
        }
        for (const path of Object.keys(shard)) if (!keep(path)) delete shard[path];
        await writeCacheFile(this.file(n), JSON.stringify({ schema: STATES_SCHEMA, states: shard }));
      }),
    );
    this.pending.clear();
  }
}
