import { z } from 'zod';
import { sessionAssertionsSchema } from '../assertions/session-assertion';
import { requestModelConfigSchema } from './model-config';
import { turnRequestSchema } from './turn-request';

/** Bounds on one evaluation; anything past them is a 400 naming the limit. */
export const EVALUATION_LIMITS = {
  /** Runs of each model × variant. */
  runs: 100,
  models: 4,
  variants: 2,
  /** Every run of one evaluation: runs × models × variants. */
  totalRuns: 800,
  labelChars: 80,
  titleChars: 200,
  /**
   * A variant's module. Each run is stored as a session holding its module, so this is smaller
   * than a turn's (a 100-run evaluation of two variants stores the text 200 times).
   */
  sourceChars: 200_000,
  /** The request's body: two modules, the conversation and the assertions, JSON-escaped. */
  bodyBytes: 3_000_000,
  /** Runs of one evaluation in flight at once; each also takes one of the visitor's turn slots. */
  concurrency: 4,
  /** Evaluations one client address may have running at once. */
  runningPerClient: 1,
  /** Evaluations running at once on one instance, from everyone. */
  runningTotal: 4,
  /** How long one evaluation may run in all; past it the runs still going are stopped. */
  wallMs: 900_000,
} as const;

/**
 * The turn every run plays: a turn request without its module (each variant brings one), its model
 * (each configuration is one), its seed (set per run), what only a fork sets, and tools answered by
 * hand (no person sits at a run). `messages` is the current message (or every message so far);
 * `conversation` the items of the turns before it.
 */
export const evaluationTurnSchema = turnRequestSchema.omit({ source: true, model: true, seed: true, forkOf: true, overrideOutputs: true, answerByHand: true });

/**
 * One version of the tool module. A shared session's module is read by the page
 * (`GET /api/sessions/{id}`) and sent here as its text, so the stored request alone replays.
 */
export const evaluationVariantSchema = z.object({
  label: z.string().trim().min(1, 'Give each variant a label.').max(EVALUATION_LIMITS.labelChars, `A variant's label is limited to ${EVALUATION_LIMITS.labelChars} characters.`),
  source: z.string().max(EVALUATION_LIMITS.sourceChars, `A variant's module is limited to ${EVALUATION_LIMITS.sourceChars} characters in an evaluation.`),
});

/**
 * `POST /api/evaluations`: the same turn run `runs` times on every model configuration with every
 * variant (A and, when given, B). Run `r` of every model and variant uses seed `seed + r`, so A and
 * B meet the embedded models in the same moods; real providers run as configured (the seed is kept
 * on the record only).
 */
export const evaluationRequestSchema = z
  .object({
    title: z.string().max(EVALUATION_LIMITS.titleChars).optional(),
    turn: evaluationTurnSchema,
    runs: z.number().int().min(1, 'runs is at least 1.').max(EVALUATION_LIMITS.runs, `runs is at most ${EVALUATION_LIMITS.runs}.`),
    models: z.array(requestModelConfigSchema).min(1, 'Choose at least one model.').max(EVALUATION_LIMITS.models, `At most ${EVALUATION_LIMITS.models} model configurations.`),
    variants: z.array(evaluationVariantSchema).min(1, 'Give the module to evaluate.').max(EVALUATION_LIMITS.variants, `At most ${EVALUATION_LIMITS.variants} variants (A and B).`),
    assertions: sessionAssertionsSchema,
    /** How every approval a run asks for is answered, since no person sits at a run (default `approve`); recorded like a person's answer. */
    approvals: z.enum(['approve', 'deny']).optional(),
    /** The first run's seed (default 1). */
    seed: z.number().int().min(0).max(2 ** 31 - 1 - EVALUATION_LIMITS.runs).optional(),
    /** Runs in flight at once (default and most: `EVALUATION_LIMITS.concurrency`), also bounded by the visitor's free turn slots. */
    concurrency: z.number().int().min(1).max(EVALUATION_LIMITS.concurrency, `concurrency is at most ${EVALUATION_LIMITS.concurrency}.`).optional(),
  })
  .refine((request) => request.runs * request.models.length * request.variants.length <= EVALUATION_LIMITS.totalRuns, {
    message: `An evaluation makes at most ${EVALUATION_LIMITS.totalRuns} runs (runs × models × variants).`,
    path: ['runs'],
  });

/** The request as the server keeps it (defaults not applied; API keys removed before storing). */
export type EvaluationRequest = z.infer<typeof evaluationRequestSchema>;
/** The body as a client writes it. */
export type EvaluationRequestBody = z.input<typeof evaluationRequestSchema>;
export type EvaluationTurn = z.infer<typeof evaluationTurnSchema>;
export type EvaluationVariant = z.infer<typeof evaluationVariantSchema>;

/** The seed of run `run` (0-based) of an evaluation whose first seed is `seed`. */
export function evaluationRunSeed(request: Pick<EvaluationRequest, 'seed'>, run: number): number {
  return (request.seed ?? 1) + run;
}

