import { z } from 'zod';

/** Details asked for at once; opening rows asks for one or a few, an export for every tool in batches. */
export const TOOL_DETAILS_PER_REQUEST = 250;

/** Body of `POST /api/tools/compile/details`: which tools of a compiled module to describe in full. */
export const toolDetailsRequestSchema = z.object({
  moduleKey: z.string().regex(/^[0-9a-f]{64}$/, 'moduleKey is the moduleKey of a compile answer (64 hex digits).'),
  indexes: z
    .array(z.number().int().min(0))
    .min(1, 'indexes names at least one tool.')
    .max(TOOL_DETAILS_PER_REQUEST, `indexes names at most ${TOOL_DETAILS_PER_REQUEST} tools per request.`),
});
