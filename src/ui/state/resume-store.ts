// The request to leave the browser for an agent (`r`): set by resume.ts, read
// by run.ts, which unmounts Ink and starts the agent once the terminal is back.
import { createStore, type StoreApi } from "zustand/vanilla";
import type { ResumeCommand } from "../../core/agents/resume-command.js";

export interface ResumeRequest {
  cmd: ResumeCommand;
  /** Why it cannot start (with the command to run by hand), or null. */
  problem: string | null;
}

export interface ResumeState {
  /** Set once the browser should give way to this command. */
  request: ResumeRequest | null;
}

export type ResumeStore = StoreApi<ResumeState>;

export function createResumeStore(): ResumeStore {
  return createStore<ResumeState>()(() => ({ request: null }));
}
