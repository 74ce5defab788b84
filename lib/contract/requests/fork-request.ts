import { z } from 'zod';
import { permissionModeSchema } from '@/lib/runtime';
import { requestModelConfigSchema } from './model-config';
import { turnRequestSchema } from './turn-request';
import { mcpServersSchema } from './mcp-server-ref';

/**
 * Body of `POST /api/sessions/<id>/fork`: which recorded turn to run again, and what to change.
 * Everything not named is the recorded turn's own (its messages and conversation always are).
 */
export const forkRequestSchema = z.object({
  turn: z.number().int().nonnegative(),
  /** Outputs that replace the recorded ones of these calls. */
  outputs: turnRequestSchema.shape.overrideOutputs,
  source: turnRequestSchema.shape.source.optional(),
  /** Another model (an API key included, when it needs one); the recorded turn's when absent. */
  model: requestModelConfigSchema.optional(),
  permissionMode: permissionModeSchema.optional(),
  maxIterations: turnRequestSchema.shape.maxIterations,
  instructions: turnRequestSchema.shape.instructions,
  /**
   * The tab's MCP servers (its Sources), headers included: the fork connects to the recorded
   * servers again, each with the headers of the tab's server of the same name and address (a
   * recorded server the tab does not have is connected without headers). Never stored, and not
   * a change by itself.
   */
  mcpServers: mcpServersSchema.optional(),
});

export type ForkRequest = z.infer<typeof forkRequestSchema>;
/** The body as a client writes it. */
export type ForkRequestBody = z.input<typeof forkRequestSchema>;
