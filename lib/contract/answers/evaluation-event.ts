import { z } from 'zod';
import { evaluationRunOutcomeSchema } from './evaluation-outcome';

const count = z.number().int().nonnegative();

/** Why an evaluation ended before every run did. */
export const evaluationStopReasonSchema = z.enum([
  /** The client stopped it (Stop, or it closed the stream). */
  'stopped',
  /** It ran past `EVALUATION_LIMITS.wallMs`. */
  'wall-time',
  /** The visitor's storage quota was spent: further runs could not be kept. */
  'storage-quota',
]);

/**
 * The events `POST /api/evaluations` streams (SSE, one `data:` line each): `evaluation-start` first,
 * one `run-end` per run in the order runs finish (not the order they started), and
 * `evaluation-end` last. `finished` counts the runs ended so far, `totalRuns` all of them.
 */
export const evaluationEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('evaluation-start'),
    /** The stored evaluation: `GET /api/evaluations/{id}`, shared as `/e/<id>`. */
    evaluationId: z.string(),
    totalRuns: count,
    runs: count,
    models: count,
    variants: count,
    /** Runs that go at once. */
    concurrency: count,
  }),
  z.object({ type: z.literal('run-end'), outcome: evaluationRunOutcomeSchema, finished: count, totalRuns: count }),
  z.discriminatedUnion('status', [
    z.object({ type: z.literal('evaluation-end'), status: z.literal('finished'), finished: count, totalRuns: count }),
    z.object({ type: z.literal('evaluation-end'), status: z.literal('stopped'), reason: evaluationStopReasonSchema, finished: count, totalRuns: count }),
  ]),
]);

export type EvaluationEvent = z.infer<typeof evaluationEventSchema>;
export type EvaluationEventOf<T extends EvaluationEvent['type']> = Extract<EvaluationEvent, { type: T }>;
export type EvaluationStopReason = z.infer<typeof evaluationStopReasonSchema>;
