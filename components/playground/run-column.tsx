'use client';

import dynamic from 'next/dynamic';
import type { Dispatch } from 'react';
import type { RunState } from '@/lib/client';
import { selectActiveBranch } from '@/lib/client';
import { isRunActive, type PlaygroundAction, type PlaygroundPreset, type PlaygroundState } from '@/lib/client';
import type { SessionRecord } from '@/lib/sessions';
import type { RuntimeEvent } from '@/lib/runtime';
import { AssertionsPanelPlaceholder } from '@/components/assertions/assertions-panel-placeholder';
import { EvaluationSection } from '@/components/evaluation/evaluation-section';
import type { EvaluationSectionState } from '@/components/evaluation/use-evaluation-section-state';
import { RunPanel } from '@/components/run/run-panel';
import type { TimelineProps } from '@/components/timeline';
import type { SideBySideRunner } from '@/components/playground/turns';

// Rendered on the server as usual; their code (the event reducer, the assertion checker with its
// JSON Schema validator) loads beside the page's first load, not in it, and hydrates when it arrives.
const Timeline = dynamic(() => import('@/components/timeline').then((loaded) => loaded.Timeline), {
  loading: () => <p className="px-1 py-6 text-sm text-fg-muted">Loading the timeline…</p>,
});
const SideBySideColumns = dynamic(() => import('@/components/playground/side-by-side').then((loaded) => loaded.SideBySideColumns), {
  loading: () => <p className="px-1 py-6 text-sm text-fg-muted">Loading the columns…</p>,
});
const AssertionsPanel = dynamic(() => import('@/components/assertions/assertions-panel').then((loaded) => loaded.AssertionsPanel), {
  loading: () => <AssertionsPanelPlaceholder />,
});

export type RunColumnProps = {
  state: PlaygroundState;
  dispatch: Dispatch<PlaygroundAction>;
  presets: readonly PlaygroundPreset[];
  shared: SessionRecord | undefined;
  currentRun: RunState;
  /** Each turn's events on the active branch, as the assertions check them. */
  activeTurnEvents: RuntimeEvent[][];
  onRun: () => void;
  onStop: () => void;
  sideBySideRunner: SideBySideRunner;
  timelineActions: TimelineProps['actions'];
  turnControls: NonNullable<TimelineProps['turnControls']>;
  /** The Evaluate section's state, held by the page so a remounted column keeps its evaluation. */
  evaluation: EvaluationSectionState;
};

/** The run side: the loaded preset's summary, the run panel, the assertions and the timeline. */
export function RunColumn({ state, dispatch, presets, shared, currentRun, activeTurnEvents, onRun, onStop, sideBySideRunner, timelineActions, turnControls, evaluation }: RunColumnProps) {
  const turns = selectActiveBranch(state.conversation).turns;
  return (
    <>
      <PresetSummary presets={presets} presetId={state.presetId} source={state.documents.tools} />
      <RunPanel
        state={state}
        dispatch={dispatch}
        onRun={onRun}
        onStop={onStop}
        {...(shared ? { runLabel: 'Fork & run ▶' } : { sideBySide: true })}
        evaluate={shared ? undefined : <EvaluationSection state={state} busy={isRunActive(currentRun)} held={evaluation} />}
      />
      <div id="timeline" tabIndex={-1} data-testid="timeline-region" className="scroll-stable min-h-0 flex-1 space-y-2 overflow-y-auto px-3 py-2 focus:outline-none">
        <AssertionsPanel
          text={state.assertions}
          onChange={(assertions) => dispatch({ type: 'assertions-changed', assertions })}
          turns={activeTurnEvents}
          running={isRunActive(currentRun)}
          record={shared}
        />
        {(turns.length > 0 || !state.sideBySide) && (
          <Timeline
            turns={turns}
            running={isRunActive(currentRun)}
            actions={timelineActions}
            turnControls={turnControls}
            // A shared page has every turn's tape in its record; elsewhere the server answers by turn id.
            tapes={shared?.turns}
          />
        )}
        {state.sideBySide && <SideBySideColumns state={state} sideBySide={state.sideBySide} dispatch={dispatch} runner={sideBySideRunner} />}
      </div>
    </>
  );
}

type PresetSummaryProps = { presets: readonly PlaygroundPreset[]; presetId: string | null; source: string };

/** The loaded preset's title and what to look at, while its module is still in the editor. */
function PresetSummary({ presets, presetId, source }: PresetSummaryProps) {
  const loadedPreset = presets.find((candidate) => candidate.id === presetId);
  // The banner describes the preset's module; once none of its tools is left in the editor it is gone.
  const preset = loadedPreset && describesSource(loadedPreset.source, source) ? loadedPreset : undefined;
  if (!preset) return null;
  const presetEdited = preset.source !== source;
  return (
    <p data-testid="preset-summary" className="border-b border-border bg-panel-muted px-3 py-1.5 text-[11px] leading-snug text-fg-muted">
      <span className="font-semibold text-fg">
        {preset.title}
        {presetEdited ? ' (edited)' : ''}.
      </span>{' '}
      {preset.summary}
    </p>
  );
}

/** Whether `source` still holds one of the tools `presetSource` defines (by `name: '…'`). */
function describesSource(presetSource: string, source: string): boolean {
  const names = [...presetSource.matchAll(/name: '([^']+)'/g)].map((match) => match[1]);
  return names.length === 0 || names.some((name) => source.includes(`'${name}'`) || source.includes(`"${name}"`));
}
