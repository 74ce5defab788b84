import { countCallShares, type CallShares } from './call-shares';
import { countCallSignatures, type CallSignatures } from './call-signatures';
import { compareProportions, type ProportionComparison } from './compare-proportions';
import { describeVariantDifference } from './describe-variant-difference';
import { passAtK, passHatKCurve } from './pass-k';
import { spreadOf, type Spread } from './percentile';
import type { RunFacts } from './run-facts';

/** How often one expectation held over a group's runs. */
export type PassRate = {
  passed: number;
  runs: number;
  /** The share of runs that passed: pass@1 and pass^1 alike. */
  passAt1: number;
  /** pass^k for k = 1…runs (index 0 is k = 1): the chance that all k tries pass. */
  passHatK: number[];
  /** pass@k for k = 1…runs: the chance that at least one of k tries passes. */
  passAtK: number[];
};

/** The statistics of the runs of one model configuration with one module variant. */
export type GroupSummary = {
  model: string;
  variant: string;
  runIds: string[];
  /** Runs where some assertion failed, in run order. */
  failingRunIds: string[];
  /** A run passes when every assertion holds; `null` when the evaluation has no assertions. */
  allAssertions: PassRate | null;
  /** One per assertion, in the evaluation's order. */
  assertions: PassRate[];
  signatures: CallSignatures;
  calls: CallShares;
  iterations: Spread;
  totalTokens: Spread;
  latencyMs: Spread;
};

/** Where a model's two variants were both run: how B (the second) compares with A (the first) on one expectation. */
export type VariantDifference = {
  model: string;
  /** The assertion's index, or `all` for every assertion holding. */
  assertion: number | 'all';
  comparison: ProportionComparison;
  sentence: string;
};

export type EvaluationSummary = { groups: GroupSummary[]; differences: VariantDifference[] };

/** What an evaluation compares: its assertions' labels, its models' and its variants' (A first), in request order. */
export type EvaluationPlan = { assertionLabels: readonly string[]; models: readonly string[]; variants: readonly string[] };

/**
 * The statistics of an evaluation's finished runs, per model × variant (groups in the plan's order,
 * those without a finished run left out), and, where a model ran two variants, the sentence on
 * every assertion holding and on each assertion whose pass rate moved.
 */
export function summarizeEvaluation(runs: readonly RunFacts[], plan: EvaluationPlan): EvaluationSummary {
  const grouped = new Map<string, RunFacts[]>();
  for (const run of runs) {
    const key = JSON.stringify([run.model, run.variant]);
    const members = grouped.get(key);
    if (members) members.push(run);
    else grouped.set(key, [run]);
  }
  const groups = plan.models.flatMap((model) =>
    plan.variants.flatMap((variant) => {
      const members = grouped.get(JSON.stringify([model, variant]));
      return members ? [summarizeGroup(members, plan.assertionLabels.length)] : [];
    }),
  );
  return { groups, differences: findVariantDifferences(groups, plan) };
}

function summarizeGroup(runs: RunFacts[], assertionCount: number): GroupSummary {
  const [first] = runs;
  if (!first) throw new RangeError('A group has at least one run.');
  const passesAll = (run: RunFacts) => Array.from({ length: assertionCount }, (_, index) => run.assertions[index] === true).every(Boolean);
  return {
    model: first.model,
    variant: first.variant,
    runIds: runs.map((run) => run.runId),
    failingRunIds: assertionCount === 0 ? [] : runs.filter((run) => !passesAll(run)).map((run) => run.runId),
    allAssertions: assertionCount === 0 ? null : rateOf(runs.filter(passesAll).length, runs.length),
    assertions: Array.from({ length: assertionCount }, (_, index) => rateOf(runs.filter((run) => run.assertions[index] === true).length, runs.length)),
    signatures: countCallSignatures(runs),
    calls: countCallShares(runs),
    iterations: spreadOf(runs.map((run) => run.iterations)),
    totalTokens: spreadOf(runs.map((run) => run.totalTokens)),
    latencyMs: spreadOf(runs.map((run) => run.latencyMs)),
  };
}

function rateOf(passed: number, runs: number): PassRate {
  return {
    passed,
    runs,
    passAt1: passed / runs,
    passHatK: passHatKCurve(runs, passed),
    passAtK: Array.from({ length: runs }, (_, index) => passAtK({ runs, passed, k: index + 1 })),
  };
}

function findVariantDifferences(groups: GroupSummary[], plan: EvaluationPlan): VariantDifference[] {
  const [nameA, nameB] = plan.variants;
  if (nameA === undefined || nameB === undefined) return [];
  const labels = plan.assertionLabels;
  const differences: VariantDifference[] = [];
  for (const b of groups.filter((group) => group.variant === nameB)) {
    const a = groups.find((group) => group.variant === nameA && group.model === b.model);
    if (!a || !a.allAssertions || !b.allAssertions) continue;
    const pairs: Array<[number | 'all', PassRate, PassRate, string]> = [
      ['all', a.allAssertions, b.allAssertions, labels.length === 1 ? (labels[0] ?? '') : 'every assertion'],
      ...labels.map((label, index): [number, PassRate, PassRate, string] => [index, a.assertions[index] as PassRate, b.assertions[index] as PassRate, label]),
    ];
    for (const [assertion, rateA, rateB, what] of pairs) {
      const differs = rateA.passAt1 !== rateB.passAt1;
      // The every-assertion line is always said (even "no difference"); single assertions only when they moved, and not twice for a lone assertion.
      if (assertion !== 'all' && (!differs || labels.length === 1)) continue;
      const a1 = { passed: rateA.passed, runs: rateA.runs };
      const b1 = { passed: rateB.passed, runs: rateB.runs };
      differences.push({ model: b.model, assertion, comparison: compareProportions(a1, b1), sentence: describeVariantDifference({ what, a: a1, b: b1, labels: { a: nameA, b: nameB } }) });
    }
  }
  return differences;
}
