import type { RepairRung, ToolInputErrorCode } from '@/lib/runtime';

/** One call a run's model proposed, in the order proposed. */
export type CallFacts = {
  name: string;
  /** The top-level keys of its arguments. */
  argumentKeys: readonly string[];
  /** The repair rungs that changed its arguments, in the order applied (empty when none did). */
  repairs: readonly RepairRung[];
};

/** The facts of one finished run of an evaluation that its statistics read. */
export type RunFacts = {
  runId: string;
  /** The model configuration's label: runs are grouped by model × variant. */
  model: string;
  /** The module variant's label (`A`, `B`). */
  variant: string;
  /** Per assertion, in the evaluation's order: whether it held in this run. */
  assertions: readonly boolean[];
  calls: readonly CallFacts[];
  /** Calls rejected before the gate, by code. */
  rejections: Partial<Record<ToolInputErrorCode, number>>;
  /** Calls denied by the permission gate or a person. */
  denials: number;
  iterations: number;
  totalTokens: number;
  /** Wall time of the run, start to end. */
  latencyMs: number;
};
