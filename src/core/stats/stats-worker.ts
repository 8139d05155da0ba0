// The worker of a cold `stats` (core/session's catalog-parallel.ts): claims
// other agents' sessions from the back of the list, loads each as the
// listing does (its row) and makes its figures but for the pricing
// (figures.ts unpricedFigures), posting both; the main thread prices them
// (FiguresTaps.worker). A bundle of its own
// (dist/stats-worker.cjs), without the price table, so it starts fast.
import { parentPort, workerData } from "node:worker_threads";
import { serveClaims, summarizeSession, type ScanJobs } from "../session/index.js";
import { figurePartsOfSession, heldMayCarryUsage } from "./read-session.js";
import { stampText } from "./figures-cache.js";
import { unpricedFigures, type UnpricedFigures } from "./figures.js";

/** What the worker posts for the tap: the stamp of the bytes read and the figures, unpriced. */
export interface WorkerFigures {
  stamp: string;
  figures: UnpricedFigures;
}

if (parentPort && workerData) {
  void serveClaims(parentPort, workerData as ScanJobs, async (path) => {
    let extra: WorkerFigures | null = null;
    const summary = await summarizeSession(path, {
      holdObjects: heldMayCarryUsage,
      take: async (s, stamp) => {
        extra = { stamp: stampText(stamp), figures: unpricedFigures(await figurePartsOfSession(s)) };
      },
    });
    return { summary, saved: null, bytes: 0, extra };
  });
}
