// The statistics of an evaluation (N runs across models and module variants), pure and browser-safe.
export type { CallShares, Share } from './call-shares';
export { countCallShares } from './call-shares';
export type { CallSignatures, SignatureCount } from './call-signatures';
export { countCallSignatures, describeCallSignature } from './call-signatures';
export type { Proportion, ProportionComparison, ProportionTest } from './compare-proportions';
export { compareProportions } from './compare-proportions';
export { describeVariantDifference, formatPercent, formatProportion } from './describe-variant-difference';
export type { VariantDifferenceInput } from './describe-variant-difference';
export { passAtK, passHatK, passHatKCurve } from './pass-k';
export type { Spread } from './percentile';
export { percentile, spreadOf } from './percentile';
export type { CallFacts, RunFacts } from './run-facts';
export type { EvaluationPlan, EvaluationSummary, GroupSummary, PassRate, VariantDifference } from './summarize-evaluation';
export { summarizeEvaluation } from './summarize-evaluation';
export { formatRunId, readRunFacts } from './read-run-facts';
export { describeEvaluationModel, planEvaluation } from './plan-evaluation';
