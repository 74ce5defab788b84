import { z } from 'zod';

/** Risk class used by the permission gate; a tool without flags is treated as `write`. */
export const riskSchema = z.enum(['read', 'write', 'destructive']);

/** How a call may be scheduled relative to its neighbours in one model response. */
export const executionModeSchema = z.enum(['parallel', 'sequential']);

/** How the permission gate treats calls by default: run, ask, allow reads only, or refuse all. */
export const permissionModeSchema = z.enum(['auto', 'review', 'read-only', 'deny-all']);

/** A chat turn ends on the model's text; a task turn ends when the model submits its result. */
export const turnModeSchema = z.enum(['chat', 'task']);

export type Risk = z.infer<typeof riskSchema>;
export type ExecutionMode = z.infer<typeof executionModeSchema>;
export type PermissionMode = z.infer<typeof permissionModeSchema>;
export type TurnMode = z.infer<typeof turnModeSchema>;

/** A log line a tool wrote through `ctx.log`. */
export type ToolLogLevel = 'info' | 'warn' | 'error';
