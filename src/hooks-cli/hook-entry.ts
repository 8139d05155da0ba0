// Entry of dist/hook.js: `omp-sessions hook …`. Imports only what the hook
// needs. It never throws and always exits 0: a hook must never break an agent.
process.exitCode = 0;
