/** Comparing two runs of a turn, call by call: what the Compare view and replays use. Pure and browser-safe. */
export { boundShownValue, MAX_SHOWN_VALUE_CHARS } from './diff/bound-shown-value';
export { compareRuns } from './compare-runs';
export {
  describeCallDifference, describeResponseDifference, describeTurnEndDifference, describeTurnStartDifference,
} from './describe-difference';
export type { ContentDiff } from './diff/diff-content';
export type { JsonChange } from './diff/diff-json';
export { formatJsonPath } from './diff/format-json-path';
export type { CallAlignment, IterationComparison, RunComparison, RunTotals, TurnComparison } from './run-comparison';
