import { z } from 'zod';

/** How one call ended, as the model and the timeline see it. */
export const toolOutputStatusSchema = z.enum([
  'success',
  'error',
  'timeout',
  'aborted',
  'denied',
  'rejected',
]);

/**
 * Why a model request failed, for `ModelError` and the `model-error` event alike. A request the
 * provider refuses (a strict schema it rejects, a bad key) is `request-failed` with its status.
 */
export const modelErrorCodeSchema = z.enum(['request-failed', 'response-malformed', 'aborted', 'tape-mismatch']);

export type ToolOutputStatus = z.infer<typeof toolOutputStatusSchema>;
export type ModelErrorCode = z.infer<typeof modelErrorCodeSchema>;
