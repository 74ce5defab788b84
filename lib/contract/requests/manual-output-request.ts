import { z } from 'zod';
import { SANDBOX_LIMITS } from '../limits/sandbox-limits';

/** Body of `POST /api/turns/<id>/outputs`: the output a person typed for a call waiting for one. */
export const manualOutputRequestSchema = z.object({
  callId: z.string().min(1).max(200),
  output: z.string().max(SANDBOX_LIMITS.outputBytes, `an output is limited to ${SANDBOX_LIMITS.outputBytes} characters.`),
});
