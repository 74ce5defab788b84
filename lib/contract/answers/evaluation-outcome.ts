import { z } from 'zod';
import { repairRungSchema, toolInputErrorCodeSchema, toolOutputStatusSchema } from '@/lib/runtime';

const count = z.number().int().nonnegative();

/** Why a proposed call did not run: rejected before the gate (by its code, when it has one), or denied. */
export const evaluationCallRefusalSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('rejected'), code: toolInputErrorCodeSchema.optional() }),
  z.object({ kind: z.literal('denied') }),
]);

/** One call a run's model proposed, in the order proposed: what a call signature is made of, and what the runtime did with it. */
export const evaluationCallSchema = z.object({
  name: z.string(),
  /** Top-level keys of the arguments as validated (repaired when they needed it), else as sent when they parse to an object; sorted. */
  argumentKeys: z.array(z.string()),
  /** How the call ended; absent when the run ended before it did. */
  status: toolOutputStatusSchema.optional(),
  /** The model request (1-based) whose response proposed it. */
  iteration: count,
  /** The repair rungs that changed its arguments, in the order applied; absent when none did. */
  repairs: z.array(repairRungSchema).min(1).optional(),
  /** Absent when the call went through validation and the gate. */
  refusal: evaluationCallRefusalSchema.optional(),
});

/** One assertion of the request, checked on the run's events: whether it held, and the sentence that says why. */
export const evaluationAssertionResultSchema = z.object({ pass: z.boolean(), message: z.string() });

/** Why a run has no ordinary ending. */
export const evaluationRunErrorCodeSchema = z.enum([
  /** The turn ended with an error (the model request failed, the event budget ran out). */
  'turn-error',
  /** The variant's module did not compile or a tool source could not be opened; the message names why. */
  'module-error',
  /** The visitor's turn limits or the server's capacity refused the run. */
  'refused',
  /** Stopped (Stop, the evaluation's wall time) before it ended. */
  'stopped',
  /** The run ended but could not be stored as a session (the visitor's storage quota is spent). */
  'not-stored',
]);

const runFacts = {
  /** Index into the request's `variants` (0: A, 1: B). */
  variant: count,
  /** Index into the request's `models`. */
  model: count,
  /** 0-based run of this model × variant. */
  run: count,
  /** The seed this run's embedded model drew from (`seed + run`); kept for real providers too. */
  seed: z.number().int(),
  /** The stored session holding this run (`/s/<id>` opens it as a timeline); null when it could not be stored. */
  sessionId: z.string().nullable(),
  /** One per request assertion, in order. */
  assertions: z.array(evaluationAssertionResultSchema),
  calls: z.array(evaluationCallSchema),
  /** How often each repair rung changed a call's arguments. */
  repairs: z.partialRecord(repairRungSchema, count),
  /** Calls rejected before the gate, by code. */
  rejections: z.partialRecord(toolInputErrorCodeSchema, count),
  /** Calls denied (by the permission gate, or unanswered approvals). */
  denials: count,
  /** Model requests made (`turn-end.iterations`). */
  iterations: count,
  /** `usage.totalTokens` summed over the run's responses (0 when the model reports none). */
  tokens: count,
  /** From starting the turn to its end. */
  latencyMs: z.number().nonnegative(),
};

/**
 * What one run yields: `completed` when its turn ended on its own (`ending` is `turn-end.reason`),
 * `errored` with a code and message otherwise. The facts are what was recorded either way.
 */
export const evaluationRunOutcomeSchema = z.discriminatedUnion('status', [
  z.object({ ...runFacts, status: z.literal('completed'), ending: z.enum(['completed', 'tool-ended', 'max-iterations']) }),
  z.object({ ...runFacts, status: z.literal('errored'), error: z.object({ code: evaluationRunErrorCodeSchema, message: z.string() }) }),
]);

export type EvaluationCall = z.infer<typeof evaluationCallSchema>;
export type EvaluationCallRefusal = z.infer<typeof evaluationCallRefusalSchema>;
export type EvaluationAssertionResult = z.infer<typeof evaluationAssertionResultSchema>;
export type EvaluationRunErrorCode = z.infer<typeof evaluationRunErrorCodeSchema>;
export type EvaluationRunOutcome = z.infer<typeof evaluationRunOutcomeSchema>;
