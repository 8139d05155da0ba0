// The write actions on agent sessions (docs/session-format.md §7), for the CLI and
// the browser: plan (pure preview of what would be appended) and apply.
export { planWrite, summaryFlagKey, type AppendPlan, type SlotRewrite, type SummaryChoice, type WriteRequest, type PlanOptions } from "./plan.js";
export { applyWrite, refuseIfLive, PlanChangedError, type ApplyOptions, type ApplyResult } from "./apply.js";
export { planFork, applyFork, forkSession, type ForkPlan, type ForkOptions } from "./fork.js";
export { checkLive, LIVE_WINDOW_MS, type LiveStatus, type LiveOptions } from "./live.js";
export { abandonedBranch, autoSummary, branchFacts, summaryText, type BranchFacts } from "./auto-summary.js";
