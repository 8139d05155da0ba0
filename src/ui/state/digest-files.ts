// The digest files the digests screen draws (each row's trigger comes from its
// frontmatter, the pane shows the one under the cursor), read off the render
// path: the screen asks for the files on screen in an effect, they are read
// asynchronously, and the screen draws a loading line until they are in.
import { readFile } from "node:fs/promises";
import { createStore, type StoreApi } from "zustand/vanilla";

export interface DigestFilesState {
  /** A digest file's text by path; null: it could not be read. Absent: not read yet. */
  texts: ReadonlyMap<string, string | null>;
  /** Reads in flight. */
  pending: number;
  /**
   * Reads the paths not yet read in this generation (the screen passes the list
   * it drew them from: a new list, a reload, reads them again). Earlier texts
   * stay on screen until the new ones are in.
   */
  want(paths: readonly string[], generation: object): void;
}

export type DigestFilesStore = StoreApi<DigestFilesState>;

export function createDigestFiles(read: (path: string) => Promise<string> = (p) => readFile(p, "utf8")): DigestFilesStore {
  let generation: object | null = null;
  let asked = new Set<string>();
  return createStore<DigestFilesState>()((set, get) => ({
    texts: new Map(),
    pending: 0,
    want: (paths, gen) => {
      if (gen !== generation) {
        generation = gen;
        asked = new Set();
      }
      const todo = [...new Set(paths)].filter((p) => p && !asked.has(p));
      if (todo.length === 0) return;
      for (const p of todo) asked.add(p);
      const mine = generation;
      set({ pending: get().pending + 1 });
      // One batch, one update: the rows and the pane fill in together.
      void Promise.all(
        todo.map((p) =>
          read(p).then(
            (t): string | null => t,
            () => null,
          ),
        ),
      ).then((read) => {
        const texts = new Map(get().texts);
        // A newer generation's read of the same path wins over this one.
        todo.forEach((p, i) => {
          if (mine === generation || !texts.has(p)) texts.set(p, read[i]);
        });
        set({ texts, pending: get().pending - 1 });
      });
    },
  }));
}
