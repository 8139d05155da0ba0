// Entry types only omp writes: one of them (or a title slot, or omp's
// `model_change {model}`) marks a file as omp's dialect.
export const OMP_ONLY_TYPES: ReadonlySet<string> = new Set([
  "title_change",
  "mode_change",
  "ttsr_injection",
  "model_usage",
  "service_tier_change",
  "credential_pin",
  "session_init",
  "reset_boundary",
]);
