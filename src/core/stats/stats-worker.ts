// The worker of a cold `stats` (core/session's catalog-parallel.ts): claims
// other agents' sessions from the back of the list, loads each as the
// listing does (its row) and makes its figures, priced (the price table
// loads here too, while the first files are read) and encoded as the
// figures cache stores them (figures-cache.ts encodeFigures), posting both:
// the main thread only decodes the totals and stores the text
// (FiguresTaps.worker). A bundle of its own (dist/stats-worker.cjs).
import { parentPort, workerData } from "node:worker_threads";
import { serveClaims, summarizeSession, type ScanJobs } from "../session/index.js";
import { figurePartsOfSession, heldMayCarryUsage } from "./read-session.js";
import { encodeFigures, stampText, type EncodedFigures } from "./figures-cache.js";
import { figuresOf } from "./figures.js";
import { loadCalcPrice, makePricer } from "./prices.js";
import { loadPriceOverrides } from "./price-overrides.js";

/** What the worker posts for the tap: the stamp of the bytes read, the price stamp it priced under, and the figures as the cache's text. */
export interface WorkerFigures {
  stamp: string;
  priceStamp: string;
  figures: EncodedFigures;
}

if (parentPort && workerData) {
  // The table's bundle beside this one (dist/chunks/, from dist/stats-worker.cjs).
  const pricer = makePricer(loadPriceOverrides(), () => loadCalcPrice("./chunks/genai-prices.cjs"));
  // A table that cannot load: each take fails, and the main thread reads those files again.
  pricer.catch(() => undefined);
  void serveClaims(parentPort, workerData as ScanJobs, async (path, st) => {
    let extra: WorkerFigures | null = null;
    const summary = await summarizeSession(
      path,
      {
        holdObjects: heldMayCarryUsage,
        take: async (s, stamp) => {
          const parts = await figurePartsOfSession(s);
          const p = await pricer;
          extra = { stamp: stampText(stamp), priceStamp: p.stamp, figures: encodeFigures(figuresOf(parts, p)) };
        },
      },
      st,
    );
    return { summary, saved: null, bytes: 0, extra };
  });
}
