import { z } from 'zod';
import { TURN_LIMITS } from './turn-request';

/** Body of `POST /api/tools/compile`: one tool module's TypeScript source. */
export const compileRequestSchema = z.object({
  source: z.string().max(TURN_LIMITS.sourceChars, `source is limited to ${TURN_LIMITS.sourceChars} characters.`),
});
