import type { EvaluationRunOutcome } from '@/lib/contract';
import type { RunFacts } from './run-facts';
import type { EvaluationPlan } from './summarize-evaluation';

/** A run's id within its evaluation: model, variant and run number, stable across reads. */
export function formatRunId(outcome: Pick<EvaluationRunOutcome, 'model' | 'variant' | 'run'>): string {
  return `m${outcome.model}-v${outcome.variant}-r${outcome.run}`;
}

/**
 * An outcome as the statistics read it, labelled from the plan; `null` for a run that never ran to
 * an end (stopped, or refused for capacity), which would count as failing what it never tried.
 */
export function readRunFacts(outcome: EvaluationRunOutcome, plan: Pick<EvaluationPlan, 'models' | 'variants'>): RunFacts | null {
  if (outcome.status === 'errored' && (outcome.error.code === 'stopped' || outcome.error.code === 'refused')) return null;
  return {
    runId: formatRunId(outcome),
    model: plan.models[outcome.model] ?? `model ${outcome.model + 1}`,
    variant: plan.variants[outcome.variant] ?? `variant ${outcome.variant + 1}`,
    assertions: outcome.assertions.map((assertion) => assertion.pass),
    calls: outcome.calls.map((call) => ({ name: call.name, argumentKeys: call.argumentKeys, repairs: call.repairs ?? [] })),
    rejections: outcome.rejections,
    denials: outcome.denials,
    iterations: outcome.iterations,
    totalTokens: outcome.tokens,
    latencyMs: outcome.latencyMs,
  };
}
