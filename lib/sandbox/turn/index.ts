// Server-only: a turn's sandbox (its QuickJS instance, files and log quota), as the pool's callers see it.
export type { SandboxTurn, SandboxTurnError, SandboxTurnOptions } from './create-sandbox-turn';
