// The assertions' public face: what a session's assertions are, and checking them on a turn's events.
export type { AssertionVerdict } from './assertion-verdict';
export { checkAssertions } from './check-session-assertions';
export { firstLine } from './describe-call';
export { describeJsonValue } from '@/lib/contract';
export { ASSERTION_LIMITS, describeAssertion, formatCount, sessionAssertionSchema, sessionAssertionsSchema } from '@/lib/contract';
export type { SessionAssertion } from '@/lib/contract';
export { summarizeEvaluationRun } from './summarize-evaluation-run';
export type { EvaluationRunFacts } from './summarize-evaluation-run';
export { compareEvaluationRun } from './compare-evaluation-run';
export { measureToolSet } from './check-call-set-assertions';
