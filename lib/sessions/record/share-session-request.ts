import { z } from 'zod';
import { requestModelConfigSchema, SESSION_LIMITS } from '@/lib/contract';
import { ASSERTION_LIMITS } from '@/lib/assertions';
import { sessionIdSchema, sessionPlaygroundSchema } from './session-record';

/**
 * Body of `POST /api/sessions`: the playground as it is now and the finished turns to include.
 * Its assertions are only counted here: each is checked (schema, pattern) with the rest of the
 * record, in a sandbox worker.
 */
export const shareSessionRequestSchema = z.object({
  title: z.string().max(SESSION_LIMITS.titleChars).optional(),
  // The browser may still hold a typed key in its model form; it is accepted here and never stored.
  playground: sessionPlaygroundSchema.extend({ model: requestModelConfigSchema }),
  /** The finished turns of the conversation, in order: one session holds them all. */
  turnIds: z.array(z.string().min(1).max(200)).min(1, 'Share at least one finished turn.').max(SESSION_LIMITS.turnsPerSession),
  /** The session this playground forked: turns recorded there are taken from it (finished turns expire). */
  forkedFrom: sessionIdSchema.optional(),
  /** Expectations about the session's tool calls, stored with it. */
  assertions: z.array(z.unknown()).max(ASSERTION_LIMITS.perSession, `A session holds at most ${ASSERTION_LIMITS.perSession} assertions.`).optional(),
});

export type ShareSessionRequest = z.infer<typeof shareSessionRequestSchema>;
