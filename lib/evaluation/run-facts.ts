import type { RepairRung, ToolInputErrorCode } from '@/lib/runtime';

/** What became of one call a run's model proposed, as the statistics count it. */
export type CallFacts = {
  name: string;
  /** The top-level keys of the arguments as the model sent them; `null` when they were not a JSON object. */
  argumentKeys: readonly string[] | null;
  /** The repair ladder's rungs that changed the arguments, in order (empty: sent as valid JSON). */
  repairs: readonly RepairRung[];
  outcome: CallOutcome;
};

/** Ran (whatever its status), rejected before the gate (by code) or denied by it. */
export type CallOutcome = { kind: 'ran' } | { kind: 'rejected'; code: ToolInputErrorCode } | { kind: 'denied' };

/** The facts of one finished run of an evaluation that its statistics read. */
export type RunFacts = {
  runId: string;
  /** The model configuration's label: runs are grouped by model × variant. */
  model: string;
  variant: EvaluationVariant;
  /** Per assertion, in the evaluation's order: whether it held in this run. */
  assertions: readonly boolean[];
  calls: readonly CallFacts[];
  iterations: number;
  totalTokens: number;
  /** Wall time of the run, first event to last. */
  latencyMs: number;
};

/** The tool module a run used: `A` the pinned earlier text, `B` the editor's. */
export type EvaluationVariant = 'A' | 'B';
