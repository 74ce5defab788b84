'use client';

import dynamic from 'next/dynamic';
import { useState } from 'react';
import { describeModelConfig, selectActiveBranch, selectModelConfigs, type PlaygroundState } from '@/lib/client';
import { buildEvaluationRequest, isEvaluationActive } from '@/lib/client/evaluation';
import { planEvaluation } from '@/lib/evaluation';
import { fetchSession } from '@/lib/sessions';
import { EvaluatePanel } from './evaluate-panel';
import type { EvaluationSectionState } from './use-evaluation-section-state';

// The results (chart, cards, statistics) load when an evaluation first starts, not with the page.
const EvaluationSheet = dynamic(() => import('./evaluation-sheet').then((loaded) => loaded.EvaluationSheet));

export type EvaluationSectionProps = {
  state: PlaygroundState;
  /** A turn is running: an evaluation waits for it. */
  busy: boolean;
  /** Held by the page above its columns, so the evaluation outlives this section. */
  held: EvaluationSectionState;
};

/** The run panel's Run ×N: the panel, the evaluation it starts, and its results over the page. */
export function EvaluationSection({ state, busy, held }: EvaluationSectionProps) {
  const { runner, runs, setRuns, variantA, setVariantA, sheetOpen, setSheetOpen } = held;
  const [problem, setProblem] = useState<string | null>(null);
  const turnCount = selectActiveBranch(state.conversation).turns.length;
  const start = async () => {
    setProblem(null);
    const { readAssertions } = await import('@/lib/client/readers');
    const assertions = readAssertions(state.assertions);
    if (!assertions.ok) return setProblem(`The assertions do not read: ${assertions.error}`);
    const body = buildEvaluationRequest(state, { runs, variantA, withConversation: turnCount > 0, assertions: assertions.value });
    if (!body.ok) return setProblem(body.error);
    const plan = planEvaluation({ assertions: assertions.value, models: body.value.models, variants: body.value.variants });
    runner.start(body.value, plan);
    setSheetOpen(true);
  };
  const pinSession = async (sessionId: string) => {
    setProblem(null);
    const record = await fetchSession(sessionId);
    if (!record.ok) return setProblem(`That session cannot be read: ${record.error.message}`);
    setVariantA({ source: record.value.playground.source, label: `the module of session ${sessionId.slice(0, 8)}…` });
  };
  const progress = problem ? { ...runner.progress, error: problem } : runner.progress;
  return (
    <>
      <EvaluatePanel
        runs={runs}
        onRunsChange={setRuns}
        modelLabels={selectModelConfigs(state).map(describeModelConfig)}
        variantA={variantA}
        onPinEditor={() => setVariantA({ source: state.documents.tools, label: `the editor’s module as pinned at ${new Date().toLocaleTimeString()}` })}
        onPinSession={(sessionId) => void pinSession(sessionId)}
        onUnpin={() => setVariantA(null)}
        progress={progress}
        onStart={() => void start()}
        onStop={runner.stop}
        onShowResults={() => setSheetOpen(true)}
        busy={busy || isEvaluationActive(runner.state)}
        conversationTurns={turnCount}
      />
      {sheetOpen && (
        <EvaluationSheet
          evaluation={runner.state}
          progress={runner.progress}
          onStop={runner.stop}
          onRunAgain={runner.runAgain}
          onClose={() => setSheetOpen(false)}
        />
      )}
    </>
  );
}
