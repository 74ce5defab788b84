// Server-only: the sandbox worker pool — the process's pool, compiles, turns, replays, session checks and body
// parsing in its workers, and the pooled stand-ins (auto model, result validator, token count) a turn runs with.
export { compileInPool, peekCompiledModule } from './compile-in-pool';
export type { CompiledModuleAnswer } from './compile-in-pool';
export { createPooledAutoModel } from './create-pooled-auto-model';
export { createPooledMcpDescriber } from './create-pooled-mcp-describer';
export type { PooledMcpDescriber } from './create-pooled-mcp-describer';
export { createPooledResultValidator } from './create-pooled-result-validator';
export { resolveSentParametersInPool } from './resolve-sent-parameters-in-pool';
export { createPooledSessionChecker } from './create-pooled-session-checker';
export { createPooledTokenCount } from './create-pooled-token-count';
export { getSandboxPool } from './get-sandbox-pool';
export { startPooledSandboxTurn } from './open-pooled-sandbox-turn';
export type { PooledTurnError } from './open-pooled-sandbox-turn';
export { createPooledReplayOpener } from './open-replay-in-pool';
export { REQUEST_BODY_SCHEMAS } from './request-body-schemas';
export type { RequestBodies, RequestBodyName } from './request-body-schemas';
export type { SandboxPool } from './sandbox-pool';
export { convertTraceInPool } from './convert-trace-in-pool';
export { createPooledSessionTextRunner } from './use-session-in-pool';
