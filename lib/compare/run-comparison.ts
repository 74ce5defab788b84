import type {
  RepairRung,
  ResponseTiming,
  RuntimeEvent,
  RuntimeEventOf,
  SandboxErrorCode,
  ToolInputErrorCode,
  ToolOutputStatus,
  TurnEndReason,
  Usage,
} from '@/lib/runtime';
import type { ContentDiff } from './diff/diff-content';
import type { JsonDiff } from './diff/diff-json';

/**
 * A run to compare: each turn's events, in turn order. A whole session, one turn, or a replay
 * of a recording are all runs.
 */
export type RunEvents = readonly (readonly RuntimeEvent[])[];

/** What the two runs are called in sentences, e.g. `recorded` and `replayed`. */
export type RunLabels = { a: string; b: string };

export type CompareRunsOptions = {
  /** Default `A` and `B`. */
  labels?: Partial<RunLabels>;
  /** Changes one structural diff lists before it only counts them (`truncated`); default 200. */
  maxChanges?: number;
  /**
   * Cells of the LCS table one iteration's call alignment may use (calls in A × calls in B);
   * above it, equal names are paired in order instead. Default 500 × 500.
   */
  maxAlignmentCells?: number;
};

/** Which of the two runs has a turn, an iteration or a response. */
export type Presence = 'both' | 'a' | 'b';

/** A value in each run; a side is absent where that run has none. */
export type Sides<T> = { a?: T; b?: T };

export type PermissionDecision = RuntimeEventOf<'tool-permission'>['decision'];
export type ApprovalOutcome = { approved: boolean; decidedBy: RuntimeEventOf<'tool-approval-response'>['decidedBy'] };

/**
 * One call as one run made it. Its arguments, output and other texts are in that run's events,
 * found by `callId`; the comparison carries only what differs.
 */
export type CallSummary = {
  callId: string;
  /** Index in the model's proposal order within its response. */
  position: number;
  /** Absent when the call got no `tool-output` (the turn ended first). */
  status?: ToolOutputStatus;
};

/** A way two matched calls differ that counts as divergence, in the order the runtime decides them. */
export type CallDifference =
  | { field: 'arguments'; diff: ContentDiff }
  /** The call was proposed in another order, outside a parallel batch (where order does not matter). */
  | { field: 'order'; a: number; b: number }
  | { field: 'repairs'; a: RepairRung[]; b: RepairRung[] }
  | ({ field: 'input-error' } & Sides<ToolInputErrorCode>)
  | { field: 'search'; diff: JsonDiff }
  | ({ field: 'permission' } & Sides<PermissionDecision>)
  | ({ field: 'approval' } & Sides<ApprovalOutcome>)
  | ({ field: 'status' } & Sides<ToolOutputStatus>)
  | { field: 'output'; diff: ContentDiff }
  | { field: 'details'; diff: JsonDiff }
  | { field: 'logs'; diff: JsonDiff };

export type CallDifferenceField = CallDifference['field'];

/**
 * One row of an iteration: a call both runs made (same name; `moved` when the order differs),
 * or one only one run made. `durationMs` is present when the durations differ: reported, never
 * a divergence.
 */
export type CallAlignment =
  | { kind: 'matched'; name: string; a: CallSummary; b: CallSummary; moved: boolean; differences: CallDifference[]; durationMs?: Sides<number> }
  /** Only run A made this call. */
  | { kind: 'deleted'; name: string; a: CallSummary; b?: never; moved?: never; differences?: never; durationMs?: never }
  /** Only run B made this call. */
  | { kind: 'inserted'; name: string; b: CallSummary; a?: never; moved?: never; differences?: never; durationMs?: never };

/** How an iteration's request was answered: a model response, a direct call, a model error, or not at all (cut off). */
export type ResponseKind = 'model' | 'direct' | 'error' | 'unanswered';

export type ResponseSummary = {
  kind: ResponseKind;
  /** The `seq` of its `model-response`, `tool-call-direct` or `model-error` event, to find its texts. */
  seq?: number;
  callCount: number;
};

/** A way two iterations' responses differ that counts as divergence. */
export type ResponseDifference =
  | { field: 'offered-tools'; added: string[]; removed: string[] }
  | { field: 'kind'; a: ResponseKind; b: ResponseKind }
  | { field: 'error'; a?: string; b?: string }
  | { field: 'text'; diff: ContentDiff }
  /** Searches the provider ran itself (`tool_search_call`), in order. */
  | { field: 'searches'; diff: JsonDiff };

export type ResponseComparison = {
  a?: ResponseSummary;
  b?: ResponseSummary;
  differences: ResponseDifference[];
  /** Present when the token counts differ: reported, never a divergence. */
  usage?: Sides<Usage>;
  /** Present when the timings differ: reported, never a divergence. */
  timing?: Sides<ResponseTiming>;
};

/** One model request and what followed it: the response, then its calls lined up. */
export type IterationComparison = {
  iteration: number;
  presence: Presence;
  response: ResponseComparison;
  calls: CallAlignment[];
  diverges: boolean;
};

/** Settings compared at the start of a turn: `mode`, `permissionMode`, `maxIterations`, `instructions`, `modelSettings`. */
export type TurnStartDifference =
  | { field: 'user-message'; diff: ContentDiff }
  | { field: 'settings'; diff: JsonDiff }
  /** `a`/`b` absent: that run's sandbox opened. */
  | ({ field: 'sandbox' } & Sides<SandboxErrorCode>)
  | { field: 'tools'; added: string[]; removed: string[] };

export type TurnEndDifference =
  | ({ field: 'reason' } & Sides<TurnEndReason>)
  | { field: 'final-text'; diff: ContentDiff }
  | { field: 'result'; diff: JsonDiff }
  | { field: 'error'; diff: ContentDiff }
  /** The virtual files as the turn's tools left them (`turn-end.state.files`). */
  | { field: 'files'; diff: JsonDiff }
  | { field: 'iterations'; a: number; b: number };

export type TurnSummary = {
  turnId?: string;
  /** The model label of `turn-start`; a replay's is `tape`, so it is shown, not compared. */
  model?: string;
  reason?: TurnEndReason;
  iterations: number;
};

export type TurnComparison = {
  /** Index of the turn in both runs, from 0. */
  turnIndex: number;
  presence: Presence;
  a?: TurnSummary;
  b?: TurnSummary;
  start: TurnStartDifference[];
  iterations: IterationComparison[];
  end: TurnEndDifference[];
  diverges: boolean;
};

/** Sums over a run; reported side by side, never a divergence. */
export type RunTotals = {
  turns: number;
  iterations: number;
  calls: number;
  inputTokens: number;
  outputTokens: number;
  totalTokens: number;
  /** Sum of the responses' `timing.durationMs`. */
  modelMs: number;
  /** Sum of the calls' `tool-output` `durationMs`. */
  toolMs: number;
};

/** The first aligned point where the runs differ in anything but timings, tokens and ids. */
export type Divergence = {
  turnIndex: number;
  /** The iteration's number as its events carry it (from 1), when the divergence is inside one. */
  iteration?: number;
  /** Index into that iteration's `calls`, when the divergence is in a call. */
  callIndex?: number;
  /** What differs, as a path: `arguments.city`, `status`, `response.text`, `end.reason`, `turn`. */
  field: string;
  /** `Turn 1, iteration 2: call 1 \`get_weather\` arguments differ at city: "Paris" → "Osaka"`. */
  sentence: string;
};

/** Two runs lined up turn by turn, iteration by iteration, call by call. Plain JSON. */
export type RunComparison = {
  labels: RunLabels;
  turnCount: { a: number; b: number };
  turns: TurnComparison[];
  totals: { a: RunTotals; b: RunTotals };
  /** Null when the runs agree in everything compared. */
  firstDivergence: Divergence | null;
};
